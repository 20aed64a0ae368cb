import { useTranslation } from "../i18n/use-translation";
import { Link, useActionData } from "react-router";
import { passwordResetSchema } from "../../core/registration";
import { SectionHeading } from "../components/section-heading";
import { SchemaForm } from "../components/form/schema-form";
import { newPasswordFields } from "../features/account/password-fields";
import { refusal } from "../../core/refusal";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/reset-password";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";

/** A staff invitation's link asks for a first password: the tab says so, as the heading does. */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    titleKey: args.loaderData?.firstPassword ? "account.invitationTitle" : "account.resetTitle",
  });

/**
 * The reset link (via /api/auth) lands here with `?token=`, or `?error=` when it expired. A
 * staff invitation's link lands here too: its account has no password yet (`firstPassword`),
 * so the page asks for a first password and, once set, says the account is ready.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const purpose = await context.services.identity.passwordLinkPurpose(token);
  return {
    token,
    invalid: url.searchParams.has("error"),
    firstPassword: purpose === "firstPassword",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, ["newPassword", "confirmPassword"]);
  const parsed = passwordResetSchema.safeParse({
    ...values,
    newPassword: form.get("newPassword") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), values);
  const outcome = await context.services.identity.resetPassword(
    parsed.data.token,
    parsed.data.newPassword,
  );
  if (!outcome.ok) return refusalResponse(refusal(400, outcome.formError), values);
  return {
    ok: true,
    firstPassword: outcome.firstPassword,
    notice: outcome.firstPassword ? "account.invitationDone" : "account.resetDone",
  };
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>();
  const invited = result?.ok ? result.firstPassword : loaderData.firstPassword;
  return (
    <div className="container page auth-card">
      <SectionHeading
        level={1}
        title={t(invited ? "account.invitationTitle" : "account.resetTitle")}
      />
      {loaderData.invalid || !loaderData.token ? (
        <p role="alert" className="form-alert form-alert--error">
          {t("auth.resetLinkInvalid")}{" "}
          <Link to={to("/quen-mat-khau")}>{t("account.sendResetLink")}</Link>
        </p>
      ) : result?.ok && result.firstPassword ? (
        <p role="status" className="form-alert form-alert--success">
          {t("account.invitationDone")}{" "}
          <Link to={to("/quan-tri/dang-nhap")}>{t("account.invitationSignIn")}</Link>
        </p>
      ) : result?.ok ? (
        <p role="status" className="form-alert form-alert--success">
          {t("account.resetDone")} <Link to={to("/dang-nhap")}>{t("account.signIn")}</Link>
        </p>
      ) : (
        <SchemaForm
          schema={passwordResetSchema}
          result={result}
          submitLabel={t("account.saveNewPassword")}
          defaults={{ token: loaderData.token }}
          fields={[{ name: "token", label: "", kind: "hidden" }, ...newPasswordFields(t)]}
        />
      )}
    </div>
  );
}
