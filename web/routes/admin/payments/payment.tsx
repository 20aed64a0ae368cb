import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../../core/dates";
import { langOfPath, pickLang } from "../../../../core/languages";
import {
  confirmPaymentSchema,
  PAYMENT_REASON_MAX,
  refundPaymentSchema,
} from "../../../../core/payments";
import { firstIssueByField, refusal } from "../../../../core/refusal";
import { isStaffRole } from "../../../../core/roles";
import { Field, FormAlert } from "../../../components/form/field";
import type { FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import {
  actorOf,
  loadOr404,
  redirectWithNotice,
  refused,
} from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { PAYMENT_TONES } from "../../../features/payments-admin/tones";
import "../../../features/payments-admin/payments-admin.css";
import { invalidForm } from "../../../lib/forms.server";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/payment";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("paymentAdmin.title");

/** `/quan-tri/thanh-toan/:id`: one payment, its entries and events, and the moves its state allows. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  const payment = await loadOr404(context.services.payments.getForStaff(params.id));
  const lang = langOfPath(new URL(request.url).pathname);
  const vat = await context.services.payments.vatForPayment(payment.id);
  return {
    lang,
    // What refunding it means for the company's VAT invoice (requested, or already issued).
    vat: vat
      ? {
          state: vat.state,
          invoiceNumber: vat.invoiceNumber,
          issuedAt: vat.issuedAt,
        }
      : null,
    payment: {
      ...payment,
      entries: payment.entries.map((e) => ({
        ...e,
        category: e.categoryName ? pickLang(e.categoryName, lang) : null,
      })),
    },
  };
}

/** Confirm or refund: authorize, parse with the core schema, call the operation (it audits). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "payments");
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  const actor = { ...actorOf(user, context), role: user.role, name: user.name };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries(
    [...form].filter(([, v]) => typeof v === "string") as [string, string][],
  );
  const path = `/quan-tri/thanh-toan/${params.id}`;
  if (intent === "confirm") {
    const parsed = confirmPaymentSchema.safeParse(values);
    if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: intent });
    const outcome = await context.services.payments.confirm(actor, params.id, parsed.data);
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    return redirectWithNotice(request, path, "paymentAdmin.confirm.done");
  }
  if (intent === "refund") {
    const parsed = refundPaymentSchema.safeParse(values);
    if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: intent });
    const outcome = await context.services.payments.refund(actor, params.id, parsed.data);
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    return redirectWithNotice(request, path, "paymentAdmin.refund.done");
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminPayment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { lang, payment, vat } = loaderData;
  const refusedFor = (key: string) =>
    result && !result.ok && result.formKey === key ? result : undefined;
  const amount = formatVnd(payment.amountVnd, lang);
  const confirmRefused = refusedFor("confirm");
  const refundRefused = refusedFor("refund");
  const state = (s: string | null) => (s ? t(`paymentAdmin.state.${s}`) : "—");
  return (
    <AdminPage
      title={t("paymentAdmin.detail.title", { reference: payment.reference })}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("paymentAdmin.title"), to: "/quan-tri/thanh-toan" },
        { label: payment.reference },
      ]}
    >
      <FlashMessage />
      <p>
        <StatusBadge tone={PAYMENT_TONES[payment.state]}>{state(payment.state)}</StatusBadge>
      </p>
      {payment.attention ? (
        <section
          className="form-alert payment-warning"
          role="alert"
          data-testid="payment-attention"
          aria-labelledby="payment-attention-title"
        >
          <h2 id="payment-attention-title">
            {t(`paymentAdmin.attention.${payment.attention.kind}.title`)}
          </h2>
          <p>
            {t(`paymentAdmin.attention.${payment.attention.kind}.body`, {
              amount,
              transaction:
                payment.attention.transactionNo ?? t("paymentAdmin.attention.unknownTransaction"),
              at: formatVietnamDateTime(payment.attention.at),
              codes: payment.attention.blockedEntryCodes.join(", "),
            })}
          </p>
        </section>
      ) : null}
      <dl className="facts">
        <dt>{t("paymentAdmin.detail.entrant")}</dt>
        <dd>
          {payment.owner.name} · {payment.owner.email}
        </dd>
        {payment.owner.companyName ? (
          <>
            <dt>{t("paymentAdmin.detail.company")}</dt>
            <dd>{payment.owner.companyName}</dd>
          </>
        ) : null}
        <dt>{t("paymentAdmin.columns.amount")}</dt>
        <dd>{amount}</dd>
        {payment.receivedVnd !== payment.amountVnd ? (
          <>
            <dt>{t("paymentAdmin.detail.received")}</dt>
            <dd data-testid="payment-received">{formatVnd(payment.receivedVnd, lang)}</dd>
          </>
        ) : null}
        {payment.shortfallVnd > 0 ? (
          <>
            <dt>{t("paymentAdmin.detail.shortfall")}</dt>
            <dd data-testid="payment-shortfall">{formatVnd(payment.shortfallVnd, lang)}</dd>
          </>
        ) : null}
        <dt>{t("paymentAdmin.columns.method")}</dt>
        <dd>{t(`paymentAdmin.method.${payment.method}`)}</dd>
        <dt>{t("paymentAdmin.detail.memo")}</dt>
        <dd>{payment.memo}</dd>
        {payment.gatewayTransaction ? (
          <>
            <dt>{t("paymentAdmin.detail.transaction")}</dt>
            <dd>{payment.gatewayTransaction}</dd>
          </>
        ) : null}
        <dt>{t("paymentAdmin.columns.created")}</dt>
        <dd>{formatVietnamDateTime(payment.createdAt)}</dd>
        <dt>{t("paymentAdmin.detail.expires")}</dt>
        <dd>{formatVietnamDateTime(payment.expiresAt)}</dd>
        {payment.paidAt ? (
          <>
            <dt>{t("paymentAdmin.columns.paid")}</dt>
            <dd>{formatDate(payment.paidAt, lang)}</dd>
          </>
        ) : null}
      </dl>
      <h2>{t("paymentAdmin.detail.entries")}</h2>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("payment.columns.code")}</th>
              <th scope="col">{t("payment.columns.title")}</th>
              <th scope="col">{t("payment.columns.category")}</th>
              <th scope="col">{t("payment.columns.tier")}</th>
              <th scope="col" className="payment-amount">
                {t("payment.columns.fee")}
              </th>
            </tr>
          </thead>
          <tbody>
            {payment.entries.map((e) => (
              <tr key={e.entryId}>
                <th scope="row">
                  <Link to={to(`/quan-tri/bai-du-thi/${e.entryId}`)}>{e.code}</Link>
                </th>
                <td>{e.title}</td>
                <td>{e.category ?? ""}</td>
                <td>{t(`payment.tier.${e.tier}`)}</td>
                <td className="payment-amount">{formatVnd(e.feeVnd, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="payment-actions">
        {payment.state === "pending" ? (
          <Form method="post" className="panel" noValidate>
            <h2>{t("paymentAdmin.confirm.title")}</h2>
            <p>{t("paymentAdmin.confirm.lead")}</p>
            <FormAlert
              message={confirmRefused?.formError ? t(confirmRefused.formError) : undefined}
            />
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="stateVersion" value={payment.stateVersion} />
            <label className="field">
              <span className="field__label">{t("paymentAdmin.confirm.note")}</span>
              <input
                className="field__input"
                name="reason"
                maxLength={PAYMENT_REASON_MAX}
                defaultValue={confirmRefused?.values?.reason ?? ""}
              />
            </label>
            <ConfirmButton
              className="button button--primary"
              disabled={busy}
              message={t("paymentAdmin.confirm.ask", { reference: payment.reference, amount })}
            >
              {t("paymentAdmin.confirm.submit")}
            </ConfirmButton>
          </Form>
        ) : null}
        {payment.state === "paid" ? (
          <RefundForm
            key={refundRefused ? JSON.stringify(refundRefused) : "refund"}
            stateVersion={payment.stateVersion}
            reference={payment.reference}
            refused={refundRefused}
            busy={busy}
            vatWarning={
              vat?.state === "issued"
                ? t("paymentAdmin.refund.vatIssued", {
                    number: vat.invoiceNumber ?? "",
                    date: vat.issuedAt ? formatDate(vat.issuedAt, lang) : "",
                  })
                : vat
                  ? t("paymentAdmin.refund.vatRequested")
                  : undefined
            }
          />
        ) : null}
      </div>
      <h2>{t("paymentAdmin.detail.events")}</h2>
      <ol className="payment-events">
        {payment.events.map((event, i) => (
          <li key={i}>
            {t("paymentAdmin.detail.eventLine", {
              at: formatVietnamDateTime(event.at),
              from: state(event.from),
              to: state(event.to),
              // A statement line's match is the bank's word, brought in by the one who imported it.
              who:
                event.actorRole === "statement"
                  ? t("paymentAdmin.detail.statementActor", {
                      source: t("paymentAdmin.actor.statement"),
                      name: event.actorName,
                    })
                  : event.actorName ||
                    t(`paymentAdmin.actor.${event.actorRole}`, { defaultValue: event.actorRole }),
            })}
            {event.reason ? ` — ${t("paymentAdmin.detail.reason")}: ${event.reason}` : ""}
          </li>
        ))}
      </ol>
      <p>
        <Link to={to("/quan-tri/thanh-toan")}>{t("paymentAdmin.detail.back")}</Link>
      </p>
    </AdminPage>
  );
}

/**
 * Refunding a paid payment: the reason is checked in the browser with the server's schema
 * before the confirmation is asked, and a refusal of either shows at the field, in the page's
 * language, with what was typed kept; the server's refusal (also of a form sent before the
 * page's script ran) focuses the field too.
 */
function RefundForm({
  stateVersion,
  reference,
  refused,
  busy,
  vatWarning,
}: {
  stateVersion: number;
  reference: string;
  refused: FormResult | undefined;
  busy: boolean;
  /** What refunding means for the payment's VAT invoice, when one was asked for or issued. */
  vatWarning?: string | undefined;
}) {
  const { t } = useTranslation();
  const failed = refused && !refused.ok ? refused : undefined;
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const errors = checked ?? failed?.fieldErrors ?? {};
  const reasonId = useId();
  const check = (button: HTMLButtonElement) => {
    if (!button.form) return true;
    const parsed = refundPaymentSchema.safeParse(Object.fromEntries(new FormData(button.form)));
    const found = parsed.success ? {} : firstIssueByField(parsed.error.issues);
    setChecked(parsed.success ? null : found);
    if (found.reason) document.getElementById(reasonId)?.focus();
    return parsed.success;
  };
  // Once per refusal: the form is keyed by the answer, so a new refusal mounts it anew.
  useEffect(() => {
    if (failed?.fieldErrors?.reason) document.getElementById(reasonId)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form method="post" className="panel" noValidate>
      <h2>{t("paymentAdmin.refund.title")}</h2>
      <p>{t("paymentAdmin.refund.lead")}</p>
      {vatWarning ? (
        <p className="form-alert payment-warning" role="note" data-testid="refund-vat-warning">
          {vatWarning}
        </p>
      ) : null}
      <FormAlert
        message={
          failed?.formError && !Object.values(failed.fieldErrors ?? {}).includes(failed.formError)
            ? t(failed.formError)
            : undefined
        }
      />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="stateVersion" value={stateVersion} />
      <Field label={t("paymentAdmin.refund.reason")} error={errors.reason} id={reasonId} required>
        {(control) => (
          <input
            {...control}
            name="reason"
            maxLength={PAYMENT_REASON_MAX}
            defaultValue={failed?.values?.reason ?? ""}
          />
        )}
      </Field>
      <ConfirmButton
        className="button button--secondary"
        disabled={busy}
        check={check}
        message={
          vatWarning
            ? `${t("paymentAdmin.refund.ask", { reference })}\n\n${vatWarning}`
            : t("paymentAdmin.refund.ask", { reference })
        }
      >
        {t("paymentAdmin.refund.submit")}
      </ConfirmButton>
    </Form>
  );
}
