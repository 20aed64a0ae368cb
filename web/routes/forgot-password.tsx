import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { passwordResetRequestSchema } from "../../core/registration";
import { SectionHeading } from "../components/section-heading";
import { SimpleForm } from "../components/simple-form";
import { fieldErrorsOf, formValues, refuse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requestMeta } from "../lib/session.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "account.forgotPassword" });

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = passwordResetRequestSchema.safeParse(values);
  if (!parsed.success) return refuse(400, { values, fieldErrors: fieldErrorsOf(parsed.error) });
  const outcome = await context.services.identity.requestPasswordReset(
    parsed.data.email,
    requestMeta(request, context),
  );
  if (!outcome.ok) {
    return refuse(429, {
      values,
      fieldErrors: {},
      formError: outcome.formError,
      retryAfterMinutes: Math.ceil((outcome.retryAfterSeconds ?? 60) / 60),
    });
  }
  return { ok: true, notice: "account.resetSent" };
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="container page auth-card">
      <SectionHeading level={1} title={t("account.forgotPassword")} />
      <p>{t("account.forgotLead")}</p>
      <SimpleForm
        schema={passwordResetRequestSchema}
        result={useActionData<typeof action>()}
        submitLabel={t("account.sendResetLink")}
        fields={[
          {
            name: "email",
            label: t("registration.fields.email.label"),
            type: "email",
            autoComplete: "email",
          },
        ]}
      />
    </div>
  );
}
