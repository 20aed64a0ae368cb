import { useTranslation } from "../i18n/use-translation";
import { Link, redirect, redirectDocument, useActionData } from "react-router";
import { localizePath } from "../../core/languages";
import { isEmailLinkNext, signInSchema } from "../../core/registration";
import { SectionHeading } from "../components/section-heading";
import { SchemaForm } from "../components/form/schema-form";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { currentUser, requestMeta, safeNext } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/sign-in";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";

/** `/dang-nhap` (entrants) and `/quan-tri/dang-nhap` (staff): the same form, separate audiences. */
const isStaffPath = (url: URL) => url.pathname.replace(/^\/en/, "").startsWith("/quan-tri");

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "account.signIn" }),
  { name: "robots", content: "noindex" },
];

/**
 * Where signing in leads: `?next=` when it is a path on this site, else the person's home. The
 * browser loads a `?next=` as a document: it may be no page of the app but a download (a
 * receipt PDF linked from an email, an export) or an emailed link to open again (a change of
 * email), which a client-side navigation would leave as an empty page.
 */
function goNext(url: URL, home: string, init?: ResponseInit) {
  const next = safeNext(url.searchParams.get("next"), home);
  return next === home ? redirect(next, init) : redirectDocument(next, init);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const meta = requestMeta(request, context);
  const user = await currentUser(request, context);
  if (user) {
    const home = user.role === "entrant" ? "/tai-khoan" : "/quan-tri";
    throw goNext(url, localizePath(home, meta.lang));
  }
  return {
    staff: isStaffPath(url),
    finishesEmailChange: isEmailLinkNext(safeNext(url.searchParams.get("next"), "/")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const meta = requestMeta(request, context);
  const form = await request.formData();
  const values = formValues(form, ["password"]);
  const parsed = signInSchema.safeParse({ ...values, password: form.get("password") ?? "" });
  const secret = { secret: ["password"] };
  if (!parsed.success) return refusalResponse(invalidForm(parsed.error), form, secret);
  const staff = isStaffPath(url);
  const outcome = await context.services.identity.signIn(
    parsed.data,
    meta,
    staff ? "staff" : "entrant",
  );
  if (!outcome.ok) return refusalResponse(outcome, form, secret);
  const home = localizePath(staff ? "/quan-tri" : "/tai-khoan", meta.lang);
  throw goNext(url, home, { headers: outcome.headers });
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>();
  return (
    <div className="container page auth-card">
      <SectionHeading
        level={1}
        title={loaderData.staff ? t("admin.signInTitle") : t("account.signIn")}
      />
      {loaderData.finishesEmailChange ? (
        <p className="form-alert form-alert--info" role="status">
          {t("account.signInToFinishEmailChange")}
        </p>
      ) : null}
      <SchemaForm
        schema={signInSchema}
        result={result}
        submitLabel={t("account.signIn")}
        fields={[
          {
            name: "email",
            label: t("registration.fields.email.label"),
            kind: "email",
            required: true,
            autoComplete: "username",
          },
          {
            name: "password",
            label: t("registration.fields.password.label"),
            kind: "password",
            required: true,
            autoComplete: "current-password",
          },
        ]}
      />
      <p>
        <Link to={to("/quen-mat-khau")}>{t("account.forgotPassword")}</Link>
      </p>
      {loaderData.staff ? null : (
        <p>
          {t("account.noAccount")} <Link to={to("/dang-ky-du-thi")}>{t("account.register")}</Link>
        </p>
      )}
    </div>
  );
}
