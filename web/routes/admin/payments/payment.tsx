import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../../core/dates";
import { langOfPath, pickLang } from "../../../../core/languages";
import { entryStatusLabelKey, staysInAfterRefund } from "../../../../core/entry-status";
import { attentionActionOf, type PaymentAttention } from "../../../../core/payment-state";
import {
  confirmPaymentSchema,
  markAttentionHandledSchema,
  PAYMENT_REASON_MAX,
  refundPaymentSchema,
  releaseHeldPaymentSchema,
} from "../../../../core/payments";
import { refusal } from "../../../../core/refusal";
import { isStaffRole } from "../../../../core/roles";
import { FormAlert } from "../../../components/form/field";
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
import { ReasonMoveForm } from "../../../features/payments-admin/reason-move-form";
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

/** Confirm, refund, release or mark handled: authorize, parse with the core schema, call the operation (it audits). */
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
  const { payments } = context.services;
  // Each staff move: its core schema, its operation and the notice once done.
  const moves = {
    confirm: [confirmPaymentSchema, payments.confirm, "paymentAdmin.confirm.done"],
    refund: [refundPaymentSchema, payments.refund, "paymentAdmin.refund.done"],
    release: [releaseHeldPaymentSchema, payments.release, "paymentAdmin.attention.release.done"],
    handled: [
      markAttentionHandledSchema,
      payments.markHandled,
      "paymentAdmin.attention.handle.done",
    ],
  } as const;
  if (Object.hasOwn(moves, intent)) {
    const [schema, move, done] = moves[intent as keyof typeof moves];
    const parsed = schema.safeParse(values);
    if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: intent });
    const outcome = await move(actor, params.id, parsed.data);
    if (!outcome.ok) return refused(outcome, form, { formKey: intent });
    return redirectWithNotice(request, path, done);
  }
  return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

/**
 * The notice's text: a payment VNPay holds for review while it is still pending keeps its
 * entries until finance confirms or releases it; one that had already ended holds nothing, and
 * finance settles the money outside the platform, then records it.
 */
function attentionBodyKey(kind: PaymentAttention, action: "release" | "markHandled" | null) {
  return kind === "heldForReview" && action === "markHandled"
    ? "paymentAdmin.attention.heldForReview.bodyEnded"
    : `paymentAdmin.attention.${kind}.body`;
}

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
  const releaseRefused = refusedFor("release");
  const handledRefused = refusedFor("handled");
  // What finance may do about the money the notice is about: release or mark it handled.
  const attentionAction = payment.attention ? attentionActionOf(payment.state) : null;
  const state = (s: string | null) => (s ? t(`paymentAdmin.state.${s}`) : "—");
  // What refunding it means for the company's VAT invoice (requested, or already issued).
  const refundVatWarning =
    vat?.state === "issued"
      ? t("paymentAdmin.refund.vatIssued", {
          number: vat.invoiceNumber ?? "",
          date: vat.issuedAt ? formatDate(vat.issuedAt, lang) : "",
        })
      : vat
        ? t("paymentAdmin.refund.vatRequested")
        : undefined;
  // A refund does not take screened-in entries out of the competition: finance is told which.
  const staying = payment.entries.filter((e) => staysInAfterRefund(e.status));
  const refundEntriesWarning =
    staying.length > 0
      ? t("paymentAdmin.refund.entriesStay", {
          codes: staying.map((e) => e.code ?? e.title).join(", "),
          count: staying.length,
        })
      : undefined;
  const refundWarnings = [refundEntriesWarning, refundVatWarning].filter(
    (w): w is string => w !== undefined,
  );
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
            {t(attentionBodyKey(payment.attention.kind, attentionAction), {
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
              <th scope="col">{t("paymentAdmin.detail.entryStatus")}</th>
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
                <td>{t(entryStatusLabelKey(e.status))}</td>
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
        {attentionAction === "release" ? (
          <ReasonMoveForm
            key={releaseRefused ? JSON.stringify(releaseRefused) : "release"}
            intent="release"
            schema={releaseHeldPaymentSchema}
            stateVersion={payment.stateVersion}
            refused={releaseRefused}
            busy={busy}
            title={t("paymentAdmin.attention.release.title")}
            lead={t("paymentAdmin.attention.release.lead")}
            reasonLabel={t("paymentAdmin.attention.release.reason")}
            submit={t("paymentAdmin.attention.release.submit")}
            ask={t("paymentAdmin.attention.release.ask", { reference: payment.reference })}
            testId="payment-release"
          />
        ) : null}
        {attentionAction === "markHandled" ? (
          <ReasonMoveForm
            key={handledRefused ? JSON.stringify(handledRefused) : "handled"}
            intent="handled"
            schema={markAttentionHandledSchema}
            stateVersion={payment.stateVersion}
            refused={handledRefused}
            busy={busy}
            title={t("paymentAdmin.attention.handle.title")}
            lead={t("paymentAdmin.attention.handle.lead")}
            reasonLabel={t("paymentAdmin.attention.handle.reason")}
            reasonHint={t("paymentAdmin.attention.handle.hint")}
            submit={t("paymentAdmin.attention.handle.submit")}
            ask={t("paymentAdmin.attention.handle.ask", { reference: payment.reference, amount })}
            testId="payment-handled"
          />
        ) : null}
        {payment.state === "paid" ? (
          <ReasonMoveForm
            key={refundRefused ? JSON.stringify(refundRefused) : "refund"}
            intent="refund"
            schema={refundPaymentSchema}
            stateVersion={payment.stateVersion}
            refused={refundRefused}
            busy={busy}
            title={t("paymentAdmin.refund.title")}
            lead={t("paymentAdmin.refund.lead")}
            notice={
              refundWarnings.length > 0 ? (
                <>
                  {refundEntriesWarning ? (
                    <p
                      className="form-alert payment-warning"
                      role="note"
                      data-testid="refund-entries-warning"
                    >
                      {refundEntriesWarning}
                    </p>
                  ) : null}
                  {refundVatWarning ? (
                    <p
                      className="form-alert payment-warning"
                      role="note"
                      data-testid="refund-vat-warning"
                    >
                      {refundVatWarning}
                    </p>
                  ) : null}
                </>
              ) : null
            }
            reasonLabel={t("paymentAdmin.refund.reason")}
            submit={t("paymentAdmin.refund.submit")}
            ask={[
              t("paymentAdmin.refund.ask", { reference: payment.reference }),
              ...refundWarnings,
            ].join("\n\n")}
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
                  ? event.actorName
                    ? t("paymentAdmin.detail.statementActor", {
                        source: t("paymentAdmin.actor.statement"),
                        name: event.actorName,
                      })
                    : t("paymentAdmin.actor.statement")
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
