import { useTranslation } from "../i18n/use-translation";
import { categoryInGroup } from "../../core/category-tree";
import { Form, Link, useActionData } from "react-router";
import { PASSWORD_PROBLEM_MESSAGES, passwordProblem } from "../../core/password";
import { formatDate, formatVnd } from "../../core/dates";
import { formatPhoneForDisplay } from "../../core/phone";
import {
  EMAIL_TAKEN_ERROR,
  emailChangeSchema,
  emailLanguageSchema,
  licenceReplacementSchema,
  passwordChangeSchema,
} from "../../core/registration";
import { LICENCE_FILE_RULES, MEBIBYTE } from "../../core/upload-rules";
import { licenceUpload, readLicenceForm } from "../lib/licence-form.server";
import { FormAlert } from "../components/form/field";
import { SectionHeading } from "../components/section-heading";
import { SchemaForm } from "../components/form/schema-form";
import { currentPasswordField, newPasswordFields } from "../features/account/password-fields";
import {
  LicenceReplaceForm,
  type LicenceReplaceResult,
} from "../features/account/licence-replace-form";
import { EntriesList, type EntryListItem } from "../features/entry-form/entries-list";
import { VerifyEmailNotice, type ResendResult } from "../features/entry-form/verify-email-notice";
import "../features/entry-form/entry-form.css";
import { pickLang } from "../../core/languages";
import { fieldRefusal, refusal } from "../../core/refusal";
import { formValues, invalidForm, refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/account";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "account.dashboardTitle" }),
  { name: "robots", content: "noindex" },
];

/** How long the link to the entrant's own licence works (the page is private, never cached). */
const LICENCE_LINK_SECONDS = 15 * 60;

/** Room for the other fields around the licence (and a small form's whole body). */
const FORM_FIELDS_BYTES = 64 * 1024;

/** `/tai-khoan`: the entrant's dashboard — profile, my entries, account security. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const url = new URL(request.url);
  const { lang } = requestMeta(request, context);
  // Today's fee of each unpaid entry, with its tier and until when it holds (core/fees.ts).
  const [checkout, registrant] = await Promise.all([
    context.services.payments.checkout(user.id),
    context.services.identity.registrantProfile(user.id),
  ]);
  // A company's licence on file, as a short-lived private link for its owner.
  const licenceFile =
    registrant?.type === "enterprise" && registrant.licenceFileId
      ? await context.services.files.find(registrant.licenceFileId)
      : undefined;
  const licence = licenceFile
    ? {
        id: licenceFile.id,
        url: context.services.storage.signedUrl(
          context.services.files.objectKey(licenceFile.storage_key),
          {
            ttlSeconds: LICENCE_LINK_SECONDS,
            disposition: "inline",
            contentType: licenceFile.mime,
          },
        ),
      }
    : null;
  const feeOf = new Map(checkout.payable.map((p) => [p.entryId, p.fee]));
  // An entry held by a payment still waiting for the money: the way to that payment, not "Pay".
  const pendingOf = new Map(
    checkout.payments
      .filter((p) => p.state === "pending")
      .flatMap((p) =>
        p.entries.map((e) => [
          e.entryId,
          { reference: p.reference, method: p.method, expiresAt: p.expiresAt },
        ]),
      ),
  );
  const entries: EntryListItem[] = (await context.services.entries.listForEntrant(user.id)).map(
    (entry) => ({
      // A draft is not payable yet: today's price and its tier still tell when to submit.
      fee: feeOf.get(entry.id) ?? (entry.status === "draft" ? entry.fee : null),
      pendingPayment: pendingOf.get(entry.id) ?? null,
      // A refunded fee is due again: the entrant is told when it went back.
      refundedAt: checkout.refundedAt[entry.id] ?? null,
      id: entry.id,
      code: entry.code,
      title: entry.title,
      brandName: entry.brandName,
      category: entry.category
        ? pickLang(categoryInGroup(entry.category.groupName, entry.category.name), lang)
        : null,
      status: entry.status,
      missing: entry.missing,
      feeDueVnd: entry.feeDueVnd,
      editable: entry.editable,
      changesRequested: entry.changesRequested,
      updatedAt: entry.updatedAt,
    }),
  );
  return {
    lang,
    entries,
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      emailLang: user.lang,
    },
    receipts: checkout.payments
      .filter((p) => p.state === "paid")
      .map((p) => ({ reference: p.reference, amountVnd: p.amountVnd, paidAt: p.paidAt })),
    registrant,
    licence,
    welcome: url.searchParams.has("welcome"),
    // The confirmation link comes back here with `verified`, and with `error` when its token
    // had expired or was not valid: then nothing was confirmed.
    verified:
      url.searchParams.has("verified") && !url.searchParams.has("error") && user.emailVerified,
    verifyLinkFailed: url.searchParams.has("error") && !user.emailVerified,
    // The link sent to the new address comes back with `emailChanged=1`; when it could not be
    // used (expired, or opened without this account's session) better-auth adds an error,
    // after a second "?" for some errors, so the value is then not exactly "1".
    emailChanged:
      url.searchParams.get("emailChanged") === "1" &&
      !url.searchParams.has("error") &&
      user.emailVerified,
    emailChangeFailed:
      url.searchParams.has("emailChanged") &&
      (url.searchParams.get("emailChanged") !== "1" || url.searchParams.has("error")) &&
      url.searchParams.get("error") !== EMAIL_TAKEN_ERROR &&
      user.emailVerified,
    // The new address became another account's before the link was opened: nothing changed.
    emailChangeTaken:
      url.searchParams.has("emailChanged") &&
      url.searchParams.get("error") === EMAIL_TAKEN_ERROR &&
      user.emailVerified,
    draftDeleted: url.searchParams.has("draftDeleted"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const meta = requestMeta(request, context);
  const { identity } = context.services;
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/");
  let received: Awaited<ReturnType<typeof readLicenceForm>>;
  try {
    received = await readLicenceForm(request, {
      maxTotalSize: multipart
        ? LICENCE_FILE_RULES.maxBytes + MEBIBYTE + FORM_FIELDS_BYTES
        : FORM_FIELDS_BYTES,
    });
  } catch {
    return refusalResponse(fieldRefusal({ licence: "validation.licenceTooLarge" }, 413), {
      intent: "replaceLicence",
    });
  }
  const { form, licence } = received;
  const intent = form.get("intent");
  const secretFields = ["currentPassword", "newPassword", "confirmPassword"];
  const values = formValues(form, secretFields);
  const withSecrets = {
    ...values,
    ...Object.fromEntries(secretFields.map((f) => [f, form.get(f) ?? ""])),
  };
  // What was typed goes back with the refusal (with `intent`: which form it was), never a password.
  const failure = (outcome: Parameters<typeof refusalResponse>[0]) =>
    refusalResponse(outcome, { ...values, intent: String(intent) });

  if (intent === "resendVerification") {
    const outcome = await identity.resendVerification(user, meta.lang);
    return outcome.ok ? { ok: true, intent, notice: "account.verificationSent" } : failure(outcome);
  }
  if (intent === "changePassword") {
    const parsed = passwordChangeSchema.safeParse(withSecrets);
    if (!parsed.success) return failure(invalidForm(parsed.error));
    // The schema cannot know the account's email: the new password must not be it.
    const problem = passwordProblem(parsed.data.newPassword, { email: user.email });
    if (problem) {
      return failure(fieldRefusal({ newPassword: PASSWORD_PROBLEM_MESSAGES[problem] }));
    }
    const outcome = await identity.changePassword(request.headers, parsed.data);
    return outcome.ok ? { ok: true, intent, notice: "account.passwordChanged" } : failure(outcome);
  }
  if (intent === "changeEmail") {
    const parsed = emailChangeSchema.safeParse(withSecrets);
    if (!parsed.success) return failure(invalidForm(parsed.error));
    const outcome = await identity.changeEmail(user, request.headers, parsed.data, meta.lang);
    if (!outcome.ok) return failure(outcome);
    return {
      ok: true,
      intent,
      notice: outcome.immediate ? "account.emailReplaced" : "account.emailChangeSent",
    };
  }
  if (intent === "replaceLicence") {
    const facts = licence ? { name: licence.name, size: licence.size, type: licence.type } : null;
    const parsed = licenceReplacementSchema.safeParse({ licence: facts ?? undefined });
    if (!parsed.success || !licence?.bytes) {
      const key = parsed.success ? "validation.licenceTooLarge" : parsed.error.issues[0]!.message;
      return failure(
        fieldRefusal({ licence: key }, key === "validation.licenceTooLarge" ? 413 : 400),
      );
    }
    const outcome = await identity.replaceLicence(
      { id: user.id, email: user.email, ip: meta.ip },
      licenceUpload(licence.bytes),
    );
    return outcome.ok ? { ok: true, intent, notice: "account.licence.replaced" } : failure(outcome);
  }
  if (intent === "changeEmailLanguage") {
    const parsed = emailLanguageSchema.safeParse(values);
    if (!parsed.success) return failure(invalidForm(parsed.error));
    await identity.setEmailLanguage(user.id, parsed.data.emailLang);
    return { ok: true, intent, notice: "account.emailLanguageSaved" };
  }
  return refusalResponse(refusal(400, "auth.requestFailed"), {});
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>();
  const { user, registrant } = loaderData;
  const resultFor = (intent: string) =>
    result && ("intent" in result ? result.intent : result.values?.intent) === intent
      ? result
      : undefined;

  return (
    <div className="container page">
      <SectionHeading level={1} title={t("account.dashboardTitle")} />
      <FormAlert
        tone="success"
        message={loaderData.welcome ? t("account.welcome", { name: user.name }) : undefined}
      />
      <FormAlert
        tone="success"
        message={loaderData.verified ? t("account.emailVerified") : undefined}
      />
      <FormAlert
        message={loaderData.verifyLinkFailed ? t("account.verifyLinkFailed") : undefined}
      />
      <FormAlert
        tone="success"
        message={
          loaderData.emailChanged ? t("account.emailChanged", { email: user.email }) : undefined
        }
      />
      <FormAlert
        message={
          loaderData.emailChangeFailed
            ? t("account.emailChangeLinkFailed", { email: user.email })
            : undefined
        }
      />
      <FormAlert
        message={
          loaderData.emailChangeTaken
            ? t("account.emailChangeTaken", { email: user.email })
            : undefined
        }
      />
      <FormAlert
        tone="success"
        message={loaderData.draftDeleted ? t("account.draftDeleted") : undefined}
      />
      {!user.emailVerified ? (
        <VerifyEmailNotice
          message={t("account.verifyPrompt", { email: user.email })}
          result={resultFor("resendVerification") as ResendResult | undefined}
        />
      ) : null}

      <div className="account-grid">
        <section className="panel" aria-labelledby="profile-heading">
          <h2 id="profile-heading">{t("account.profile")}</h2>
          {registrant ? (
            <dl className="facts">
              <dt>{t("registration.fields.type.label")}</dt>
              <dd>{t(`registration.fields.type.${registrant.type}`)}</dd>
              {registrant.companyName ? (
                <>
                  <dt>{t("registration.fields.companyName.label")}</dt>
                  <dd>{registrant.companyName}</dd>
                  <dt>{t("registration.fields.businessRegistrationNumber.label")}</dt>
                  <dd>{registrant.businessRegistrationNumber || "—"}</dd>
                  <dt>{t("registration.fields.taxCode.label")}</dt>
                  <dd>{registrant.taxCode}</dd>
                </>
              ) : null}
              {registrant.type === "enterprise" ? (
                <>
                  <dt>{t("account.licence.title")}</dt>
                  <dd>
                    {loaderData.licence ? (
                      <a
                        href={loaderData.licence.url}
                        target="_blank"
                        rel="noreferrer"
                        data-licence-id={loaderData.licence.id}
                      >
                        {t("account.licence.view")}
                      </a>
                    ) : (
                      t("account.licence.none")
                    )}
                  </dd>
                </>
              ) : null}
              <dt>
                {registrant.type === "enterprise"
                  ? t("registration.fields.representativeName.label")
                  : t("registration.fields.fullName.label")}
              </dt>
              <dd>{registrant.fullName}</dd>
              <dt>{t("registration.fields.email.label")}</dt>
              <dd>{user.email}</dd>
              <dt>{t("registration.fields.phone.label")}</dt>
              <dd>{formatPhoneForDisplay(registrant.phone)}</dd>
              <dt>{t("registration.fields.address.label")}</dt>
              <dd>{registrant.address}</dd>
            </dl>
          ) : null}
          <p>
            <Link to={to("/tai-khoan/ho-so")} className="button button--secondary">
              {t("account.editProfile")}
            </Link>
          </p>
          {registrant?.type === "enterprise" ? (
            <LicenceReplaceForm
              result={resultFor("replaceLicence") as LicenceReplaceResult | undefined}
            />
          ) : null}
        </section>
        <section className="panel" aria-labelledby="entries-heading">
          <h2 id="entries-heading">{t("account.myEntries")}</h2>
          {loaderData.entries.length > 0 ? (
            <EntriesList entries={loaderData.entries} lang={loaderData.lang} />
          ) : (
            <div className="empty-state">
              <p>{t("account.noEntries")}</p>
              <Link to={to("/nop-bai-du-thi")} className="button button--primary">
                {t("account.submitFirstEntry")}
              </Link>
            </div>
          )}
          {loaderData.receipts.length > 0 ? (
            <>
              <h3>{t("payment.receipts")}</h3>
              <ul>
                {loaderData.receipts.map((r) => (
                  <li key={r.reference}>
                    <a href={to(`/nop-bai-du-thi/thanh-toan/${r.reference}/bien-nhan`)} download>
                      {r.reference}
                    </a>{" "}
                    · {formatVnd(r.amountVnd, loaderData.lang)}
                    {r.paidAt ? ` · ${formatDate(r.paidAt, loaderData.lang)}` : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>

      <div className="account-grid" style={{ marginTop: 24 }}>
        <section className="panel" aria-labelledby="password-heading">
          <h2 id="password-heading">{t("account.changePassword")}</h2>
          <SchemaForm
            schema={passwordChangeSchema}
            result={resultFor("changePassword")}
            intent="changePassword"
            submitLabel={t("account.changePassword")}
            fields={[currentPasswordField(t), ...newPasswordFields(t)]}
          />
        </section>
        <section className="panel" aria-labelledby="email-heading">
          <h2 id="email-heading">{t("account.changeEmail")}</h2>
          <SchemaForm
            schema={emailChangeSchema}
            result={resultFor("changeEmail")}
            intent="changeEmail"
            submitLabel={t("account.changeEmail")}
            fields={[
              {
                name: "newEmail",
                label: t("account.newEmail"),
                kind: "email",
                required: true,
                autoComplete: "email",
              },
              currentPasswordField(t),
            ]}
          />
        </section>
      </div>

      <section className="panel" style={{ marginTop: 24 }} aria-labelledby="email-language-heading">
        <h2 id="email-language-heading">{t("account.emailLanguage")}</h2>
        <p className="field__hint">{t("account.emailLanguageHint")}</p>
        <SchemaForm
          schema={emailLanguageSchema}
          result={resultFor("changeEmailLanguage")}
          intent="changeEmailLanguage"
          submitLabel={t("account.saveEmailLanguage")}
          defaults={{ emailLang: user.emailLang }}
          fields={[
            {
              name: "emailLang",
              label: t("account.emailLanguage"),
              kind: "select",
              required: true,
              options: [
                { value: "vi", label: "Tiếng Việt" },
                { value: "en", label: "English" },
              ],
            },
          ]}
        />
      </section>

      <section className="panel" style={{ marginTop: 24 }} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">{t("account.sessions")}</h2>
        <Form method="post" action={to("/dang-xuat")} className="form">
          <p>
            <button type="submit" className="button button--secondary">
              {t("account.signOut")}
            </button>
          </p>
        </Form>
        <Form method="post" action={to("/dang-xuat")} className="form">
          <input type="hidden" name="everywhere" value="1" />
          <p>
            <button type="submit" className="button button--secondary">
              {t("account.signOutEverywhere")}
            </button>
          </p>
        </Form>
      </section>
    </div>
  );
}
