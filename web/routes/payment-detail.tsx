import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { vatRequestSchema } from "../../core/vat-invoice";
import { ConfirmSubmitButton } from "../components/confirm-dialog";
import { FormAlert } from "../components/form/field";
import { refusalResponse } from "../lib/forms.server";
import { formatDate, formatVnd, formatVietnamDateTime } from "../../core/dates";
import { pickLang } from "../../core/languages";
import { SectionHeading } from "../components/section-heading";
import { CopyButton } from "../features/payments/copy-button";
import { PaymentStateBadge } from "../features/payments/payment-state-badge";
import "../features/payments/payments.css";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/payment-detail";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";
import { focusFirstInvalid, focusRefusedField } from "../lib/use-server-form";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "payment.title" }),
  { name: "robots", content: "noindex" },
];

/** `/nop-bai-du-thi/thanh-toan/:reference`: one of the entrant's own payments (404 otherwise). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const { lang } = requestMeta(request, context);
  const payment = await context.services.payments.getForEntrant(user.id, params.reference);
  if (!payment) throw new Response("Not found", { status: 404 });
  const vat = await context.services.payments.vatForEntrant(user.id, payment.id);
  return {
    lang,
    vat,
    payment: {
      ...payment,
      // The history as the entrant may read it: each move, when and by which side. Staff's
      // names, their reasons and finance's own notes (a move from a state to itself) stay in
      // the back office; a refund's reason reaches the entrant in its email.
      events: payment.events
        .filter((event) => event.from !== event.to)
        .map(({ at, from, to, actorRole }) => ({ at, from, to, actorRole })),
      entries: payment.entries.map((e) => ({
        ...e,
        category: e.categoryName ? pickLang(e.categoryName, lang) : null,
      })),
    },
  };
}

/**
 * The VAT invoice request: authorize (own payment) → the core schema (in the operation) → save;
 * or (`intent=cancel`) the entrant's cancelling of their own transfer not yet paid.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const form = await request.formData();
  if (form.get("intent") === "cancel") {
    const cancelled = await context.services.payments.cancelForEntrant(
      { id: user.id, name: user.name },
      params.reference,
    );
    if (!cancelled.ok) return refusalResponse(cancelled, {}, { formKey: "cancel" });
    return { ok: true as const, formKey: "cancel", notice: "payment.cancel.done" };
  }
  const input = Object.fromEntries(
    ["companyName", "taxCode", "address", "email"].map((f) => [f, String(form.get(f) ?? "")]),
  );
  const outcome = await context.services.payments.requestVat(user.id, params.reference, input);
  if (!outcome.ok) return refusalResponse(outcome, input, { formKey: "vat" });
  return { ok: true as const, formKey: "vat", notice: "payment.vat.sent" };
}

const VAT_FIELDS = ["companyName", "taxCode", "address", "email"] as const;

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function PaymentDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const answer = useActionData<typeof action>();
  const { lang, payment, vat } = loaderData;
  // Two forms answer here: the transfer's cancelling, and the VAT invoice request.
  const cancelled = answer?.formKey === "cancel" ? answer : undefined;
  const result = answer?.formKey === "vat" ? answer : undefined;
  const vatRefused = result && !result.ok ? result : undefined;
  const [vatErrors, setVatErrors] = useState<Record<string, string>>({});
  const vatError = (name: string) => vatErrors[name] ?? vatRefused?.fieldErrors?.[name];
  const vatForm = useRef<HTMLFormElement>(null);
  // A request the server refused (sent before the page's script ran): its first wrong field.
  useEffect(() => {
    const names = Object.keys(vatRefused?.fieldErrors ?? {});
    if (vatForm.current) focusRefusedField(names, vatForm.current);
  }, [vatRefused]);
  const transfer = payment.transfer;
  const amount = formatVnd(payment.amountVnd, lang);
  const copyRow = (label: string, value: string, shown = value) => (
    <>
      <dt>{label}</dt>
      <dd className="pay-copy-row">
        <strong>{shown}</strong>
        <CopyButton value={value} label={label} />
      </dd>
    </>
  );
  return (
    <div className="container page">
      <SectionHeading
        level={1}
        title={t("payment.detailTitle", { reference: payment.reference })}
      />
      <p>
        <PaymentStateBadge state={payment.state} />
      </p>
      <FormAlert
        message={
          cancelled && !cancelled.ok && cancelled.formError ? t(cancelled.formError) : undefined
        }
      />
      {cancelled?.ok && payment.state === "cancelled" ? (
        <div className="panel" role="status">
          <p>{t(cancelled.notice)}</p>
          <Link className="button" to={to("/nop-bai-du-thi/thanh-toan")}>
            {t("payment.cancel.payAgain")}
          </Link>
        </div>
      ) : null}
      {/* A payment that ended says what happened and, unless refunded, where its entries can be
          paid again (the checkout lists those not paid since). */}
      {payment.state !== "pending" && payment.state !== "paid" && !cancelled?.ok ? (
        <div className="panel" role="status" data-testid="payment-ended">
          <p>{t(`payment.endedNote.${payment.state}`)}</p>
          {payment.state !== "refunded" ? (
            <Link className="button" to={to("/nop-bai-du-thi/thanh-toan")}>
              {t("payment.cancel.payAgain")}
            </Link>
          ) : null}
        </div>
      ) : null}
      {payment.state === "paid" ? (
        <div className="panel" role="status">
          <p>{t("payment.paidNote")}</p>
          {payment.shortfallVnd > 0 ? (
            <p>
              {t("payment.paidShortNote", {
                received: formatVnd(payment.receivedVnd, lang),
                amount,
                shortfall: formatVnd(payment.shortfallVnd, lang),
              })}
            </p>
          ) : null}
          <a
            className="button"
            href={to(`/nop-bai-du-thi/thanh-toan/${payment.reference}/bien-nhan`)}
            download
          >
            {t("payment.receipt")}
          </a>
        </div>
      ) : null}
      {transfer ? (
        <section className="panel" aria-labelledby="transfer-heading">
          <h2 id="transfer-heading">{t("payment.transferTitle")}</h2>
          <p>{t("payment.transferLead")}</p>
          <div className="pay-transfer">
            <div
              className="pay-qr"
              role="img"
              aria-label={t("payment.qrAlt", {
                amount,
                account: transfer.accountNumber,
                memo: payment.memo,
              })}
              // The SVG is drawn on the server by the QR library from our own payload.
              dangerouslySetInnerHTML={{ __html: transfer.qrSvg }}
            />
            <dl className="facts">
              <dt>{t("payment.bank")}</dt>
              <dd>{transfer.bankName}</dd>
              <dt>{t("payment.accountHolder")}</dt>
              <dd>{transfer.accountHolder}</dd>
              {copyRow(t("payment.accountNumber"), transfer.accountNumber)}
              {copyRow(t("payment.amount"), String(payment.amountVnd), amount)}
              {copyRow(t("payment.memo"), payment.memo)}
            </dl>
          </div>
          <p>
            {/* Once nothing could replace it (the season takes no more payments), no new one
                can be made after it expires either. */}
            {t(payment.cancellable ? "payment.expiresNote" : "payment.expiresNoteFinal", {
              date: formatVietnamDateTime(payment.expiresAt),
            })}
          </p>
          {payment.cancellable ? (
            <Form method="post" className="pay-cancel">
              <input type="hidden" name="intent" value="cancel" />
              <p>{t("payment.cancel.lead")}</p>
              {/* Asked in the page's own dialog. Without JavaScript the form simply posts (the
                  server checks everything anyway). */}
              <ConfirmSubmitButton
                className="button button--secondary"
                disabled={busy}
                message={t("payment.cancel.confirm", { reference: payment.reference })}
                cancelLabel={t("payment.cancel.keep")}
              >
                {t("payment.cancel.submit")}
              </ConfirmSubmitButton>
            </Form>
          ) : payment.state === "pending" ? (
            // A transfer made out before the last deadline, once it has passed: nothing could
            // replace it, so it is the way to pay, and says so.
            <p className="form-alert" role="status">
              {t("payment.cancel.closed")}
            </p>
          ) : null}
        </section>
      ) : null}
      {payment.method === "vnpay" && payment.state === "pending" ? (
        <div role="status">
          <p>{t("payment.pendingVnpay")}</p>
          <p>
            {t("payment.pendingVnpayUntil", { date: formatVietnamDateTime(payment.expiresAt) })}
          </p>
        </div>
      ) : null}
      <section className="panel" aria-labelledby="payment-facts-heading">
        <h2 id="payment-facts-heading">{t("payment.entries")}</h2>
        <dl className="facts">
          <dt>{t("payment.reference")}</dt>
          <dd>{payment.reference}</dd>
          <dt>{t("payment.method")}</dt>
          <dd>{t(`payment.methods.${payment.method}`)}</dd>
          <dt>{t("payment.createdAt")}</dt>
          <dd>{formatDate(payment.createdAt, lang)}</dd>
          {payment.paidAt ? (
            <>
              <dt>{t("payment.paidAt")}</dt>
              <dd>{formatDate(payment.paidAt, lang)}</dd>
            </>
          ) : null}
          {/* A transfer staff accepted for another amount: what came in, and what is still owed,
              as the staff page, the receipt and the confirmation email say. */}
          {payment.receivedVnd !== payment.amountVnd ? (
            <>
              <dt>{t("payment.received")}</dt>
              <dd data-testid="payment-received">{formatVnd(payment.receivedVnd, lang)}</dd>
            </>
          ) : null}
          {payment.shortfallVnd > 0 ? (
            <>
              <dt>{t("payment.shortfall")}</dt>
              <dd data-testid="payment-shortfall">{formatVnd(payment.shortfallVnd, lang)}</dd>
            </>
          ) : null}
        </dl>
        <div className="table-scroll">
          <table className="pay-table">
            <thead>
              <tr>
                <th scope="col" className="pay-code">
                  {t("payment.columns.code")}
                </th>
                <th scope="col">{t("payment.columns.title")}</th>
                <th scope="col">{t("payment.columns.category")}</th>
                <th scope="col">{t("payment.columns.tier")}</th>
                <th scope="col" className="pay-amount">
                  {t("payment.columns.fee")}
                </th>
              </tr>
            </thead>
            <tbody>
              {payment.entries.map((e) => (
                <tr key={e.entryId}>
                  <td className="pay-code">{e.code}</td>
                  <td>{e.title}</td>
                  <td>{e.category ?? ""}</td>
                  <td>{t(`payment.tier.${e.tier}`)}</td>
                  <td className="pay-amount">{formatVnd(e.feeVnd, lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t("payment.total")}
                </th>
                <td className="pay-amount">
                  <strong>{amount}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      {vat.allowed && payment.state === "paid" ? (
        <section className="panel" aria-labelledby="vat-heading">
          <h2 id="vat-heading">{t("payment.vat.title")}</h2>
          {result && result.ok ? <FormAlert tone="success" message={t(result.notice)} /> : null}
          {vat.request?.state === "issued" ? (
            <p role="status">
              {t("payment.vat.issued", {
                number: vat.request.invoiceNumber,
                date: formatDate(vat.request.issuedAt ?? vat.request.createdAt, lang),
              })}
            </p>
          ) : (
            <>
              <p>
                {vat.request
                  ? t("payment.vat.requested", {
                      date: formatDate(vat.request.createdAt, lang),
                      email: vat.request.email,
                    })
                  : t("payment.vat.lead")}
              </p>
              <Form
                ref={vatForm}
                method="post"
                noValidate
                onSubmit={(event) => {
                  const parsed = vatRequestSchema.safeParse(
                    Object.fromEntries(new FormData(event.currentTarget)),
                  );
                  if (parsed.success) return setVatErrors({});
                  event.preventDefault();
                  const found: Record<string, string> = {};
                  for (const issue of parsed.error.issues)
                    found[String(issue.path[0])] ??= issue.message;
                  setVatErrors(found);
                  focusFirstInvalid(Object.keys(found), event.currentTarget);
                }}
              >
                <FormAlert message={vatRefused?.formError ? t(vatRefused.formError) : undefined} />
                {VAT_FIELDS.map((name) => (
                  <div key={name} className={`field${vatError(name) ? " field--invalid" : ""}`}>
                    <label className="field__label" htmlFor={`vat-${name}`}>
                      {t(`payment.vat.${name}`)}
                    </label>
                    <input
                      id={`vat-${name}`}
                      className="field__input"
                      name={name}
                      type={name === "email" ? "email" : "text"}
                      required
                      aria-invalid={vatError(name) ? true : undefined}
                      aria-describedby={vatError(name) ? `vat-${name}-error` : undefined}
                      defaultValue={
                        vatRefused?.values?.[name] ?? vat.request?.[name] ?? vat.prefill[name]
                      }
                    />
                    {vatError(name) ? (
                      <p className="field__error" id={`vat-${name}-error`}>
                        {t(vatError(name)!)}
                      </p>
                    ) : null}
                  </div>
                ))}
                <button type="submit" className="button" disabled={busy}>
                  {vat.request ? t("payment.vat.update") : t("payment.vat.submit")}
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}
      <section className="panel" aria-labelledby="payment-events-heading">
        <h2 id="payment-events-heading">{t("payment.eventsTitle")}</h2>
        <ol>
          {payment.events.map((event, i) => (
            <li key={i}>
              {formatVietnamDateTime(event.at)} · {t(`payment.state.${event.to}`)} ·{" "}
              {t(`payment.actor.${event.actorRole}`, { defaultValue: t("payment.actor.finance") })}
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to={to("/nop-bai-du-thi/thanh-toan")}>{t("payment.backToCheckout")}</Link>
      </p>
    </div>
  );
}
