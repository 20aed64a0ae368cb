import { useTranslation } from "../i18n/use-translation";
import { useActionData } from "react-router";
import { passwordResetRequestSchema } from "../../core/registration";
import { SectionHeading } from "../components/section-heading";
import { SchemaForm } from "../components/form/schema-form";
import { refusal } from "../../core/refusal";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requestMeta } from "../lib/session.server";
import type { Route } from "./+types/forgot-password";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { titleKey: "account.forgotPassword" });

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = passwordResetRequestSchema.safeParse(values);
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), values);
  const outcome = await context.services.identity.requestPasswordReset(
    parsed.data.email,
    requestMeta(request, context),
  );
  if (!outcome.ok) {
    return refusalResponse(
      {
        ...refusal(429, outcome.formError),
        retryAfterMinutes: Math.ceil((outcome.retryAfterSeconds ?? 60) / 60),
      },
      values,
    );
  }
  return { ok: true, notice: "account.resetSent" };
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <div className="container page auth-card">
      <SectionHeading level={1} title={t("account.forgotPassword")} />
      <p>{t("account.forgotLead")}</p>
      <SchemaForm
        schema={passwordResetRequestSchema}
        result={useActionData<typeof action>()}
        submitLabel={t("account.sendResetLink")}
        fields={[
          {
            name: "email",
            label: t("registration.fields.email.label"),
            kind: "email",
            required: true,
            autoComplete: "email",
          },
        ]}
      />
    </div>
  );
}
