import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formatDate, formatVietnamDateTime, formatVnd } from "../../../../core/dates";
import { langOfPath, pickLang } from "../../../../core/languages";
import { confirmPaymentSchema, refundPaymentSchema } from "../../../../core/payments";
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
  return {
    lang,
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
  const { lang, payment } = loaderData;
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
                maxLength={500}
                defaultValue={confirmRefused?.values?.reason ?? ""}
              />
            </label>
            <ConfirmButton
              className="button"
              disabled={busy}
              message={t("paymentAdmin.confirm.ask", { reference: payment.reference, amount })}
            >
              {t("paymentAdmin.confirm.submit")}
            </ConfirmButton>
          </Form>
        ) : null}
        {payment.state === "paid" ? (
          <Form
            method="post"
            className="panel"
            noValidate
            onSubmit={(event) => {
              const data = Object.fromEntries(new FormData(event.currentTarget));
              if (!refundPaymentSchema.safeParse(data).success) {
                event.preventDefault();
                const input = event.currentTarget.elements.namedItem("reason");
                if (input instanceof HTMLInputElement) {
                  input.setCustomValidity(t("paymentCore.validation.reasonRequired"));
                  input.reportValidity();
                  input.setCustomValidity("");
                }
              }
            }}
          >
            <h2>{t("paymentAdmin.refund.title")}</h2>
            <p>{t("paymentAdmin.refund.lead")}</p>
            <FormAlert
              message={refundRefused?.formError ? t(refundRefused.formError) : undefined}
            />
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="stateVersion" value={payment.stateVersion} />
            <label className="field">
              <span className="field__label">{t("paymentAdmin.refund.reason")}</span>
              <input
                className="field__input"
                name="reason"
                required
                maxLength={500}
                aria-invalid={refundRefused?.fieldErrors?.reason ? true : undefined}
                aria-describedby={
                  refundRefused?.fieldErrors?.reason ? "refund-reason-error" : undefined
                }
                defaultValue={refundRefused?.values?.reason ?? ""}
              />
              {refundRefused?.fieldErrors?.reason ? (
                <p className="field__error" id="refund-reason-error">
                  {t(refundRefused.fieldErrors.reason)}
                </p>
              ) : null}
            </label>
            <ConfirmButton
              className="button button--secondary"
              disabled={busy}
              message={t("paymentAdmin.refund.ask", { reference: payment.reference })}
            >
              {t("paymentAdmin.refund.submit")}
            </ConfirmButton>
          </Form>
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
              who:
                event.actorName ||
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
