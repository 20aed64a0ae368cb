import { useEffect } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { formatDate, formatVnd } from "../../../../core/dates";
import { langOfPath } from "../../../../core/languages";
import { refusal } from "../../../../core/refusal";
import { isStaffRole } from "../../../../core/roles";
import {
  VAT_REQUEST_STATES,
  vatIssueSchema,
  type VatRequestState,
} from "../../../../core/vat-invoice";
import type { FormResult } from "../../../components/form/schema-form";
import { ConfirmButton } from "../../../features/back-office/confirm";
import { FlashMessage } from "../../../features/back-office/flash";
import { actorOf, redirectWithNotice, refused } from "../../../features/back-office/form.server";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { PAYMENT_TONES } from "../../../features/payments-admin/tones";
import "../../../features/payments-admin/payments-admin.css";
import { invalidForm } from "../../../lib/forms.server";
import { focusRefusedField } from "../../../lib/use-server-form";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import type { Route } from "./+types/vat";
import { keepFormWhenUnanswered } from "../../../lib/unanswered-form";

export const meta: Route.MetaFunction = backOfficeMeta("paymentAdmin.vat.title");

function vatQuery(params: URLSearchParams) {
  const state = params.get("state");
  return {
    state: (VAT_REQUEST_STATES as readonly string[]).includes(state ?? "")
      ? (state as VatRequestState)
      : undefined,
    q: (params.get("q") ?? "").slice(0, 100) || undefined,
  };
}

/** `/quan-tri/thanh-toan/hoa-don-vat`: the companies' VAT invoice requests, waiting ones first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  const url = new URL(request.url);
  const query = vatQuery(url.searchParams);
  return {
    lang: langOfPath(url.pathname),
    query,
    requests: await context.services.payments.vatRequests(query),
  };
}

/** Mark one issued: authorize → the core schema → the operation (it audits). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context, "payments");
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) {
    return refused(refusal(400, "adminPlatform.errors.badRequest"), form);
  }
  const parsed = vatIssueSchema.safeParse({ invoiceNumber: form.get("invoiceNumber") ?? "" });
  if (!parsed.success) return refused(invalidForm(parsed.error), form, { formKey: `vat-${id}` });
  const outcome = await context.services.payments.issueVat(
    { ...actorOf(user, context), role: user.role, name: user.name },
    id,
    parsed.data,
  );
  if (!outcome.ok) return refused(outcome, form, { formKey: `vat-${id}` });
  return redirectWithNotice(request, "/quan-tri/thanh-toan/hoa-don-vat", "paymentAdmin.vat.issued");
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

export default function AdminVat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const result = useActionData<typeof action>() as FormResult | undefined;
  const { lang, query, requests } = loaderData;
  // A refused invoice number takes the keyboard back to its field (its message read with it),
  // unless an error summary took it; a refusal about something else (the payment refunded
  // meanwhile, the invoice issued by someone else) takes it to that message, since retyping
  // the number would not help. The button was disabled while the form was sent.
  const refusedId =
    result && !result.ok && result.formKey?.startsWith("vat-") ? result.formKey : undefined;
  useEffect(() => {
    const form = refusedId ? document.getElementById(`${refusedId}-form`) : null;
    if (!form || !result || result.ok) return;
    if (result.fieldErrors?.invoiceNumber) focusRefusedField(["invoiceNumber"], form);
    else form.querySelector<HTMLElement>(".vat-refusal")?.focus();
  }, [result, refusedId]);
  const exportHref = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams(location.search);
    params.set("format", format);
    return `${to("/quan-tri/thanh-toan/hoa-don-vat/xuat")}?${params.toString()}`;
  };
  return (
    <AdminPage
      title={t("paymentAdmin.vat.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("paymentAdmin.title"), to: "/quan-tri/thanh-toan" },
        { label: t("paymentAdmin.vat.title") },
      ]}
      lead={t("paymentAdmin.vat.lead")}
      actions={
        <>
          <a className="button button--secondary button--small" href={exportHref("csv")}>
            {t("paymentAdmin.export.csv")}
          </a>{" "}
          <a className="button button--secondary button--small" href={exportHref("xlsx")}>
            {t("paymentAdmin.export.xlsx")}
          </a>
        </>
      }
    >
      <FlashMessage />
      <Form method="get" action={location.pathname} className="payment-filters" role="search">
        <label>
          {t("paymentAdmin.filters.state")}
          <select className="field__input" name="state" defaultValue={query.state ?? ""}>
            <option value="">{t("paymentAdmin.filters.all")}</option>
            {VAT_REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`paymentAdmin.vat.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("paymentAdmin.filters.q")}
          <input
            className="field__input"
            type="search"
            name="q"
            maxLength={100}
            defaultValue={query.q ?? ""}
          />
        </label>
        <button type="submit" className="button button--primary">
          {t("paymentAdmin.filters.apply")}
        </button>
        <Link to={location.pathname}>{t("paymentAdmin.filters.clear")}</Link>
      </Form>
      {requests.length === 0 ? (
        <p className="empty-state" role="status">
          {t("paymentAdmin.vat.empty")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("paymentAdmin.vat.columns.reference")}</th>
                <th scope="col">{t("paymentAdmin.vat.columns.company")}</th>
                <th scope="col">{t("paymentAdmin.vat.columns.taxCode")}</th>
                <th scope="col">{t("paymentAdmin.vat.columns.email")}</th>
                <th scope="col" className="payment-amount">
                  {t("paymentAdmin.vat.columns.amount")}
                </th>
                <th scope="col">{t("paymentAdmin.vat.columns.requested")}</th>
                <th scope="col">{t("paymentAdmin.vat.columns.payment")}</th>
                <th scope="col">{t("paymentAdmin.vat.columns.state")}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => {
                const refusedHere =
                  result && !result.ok && result.formKey === `vat-${r.id}` ? result : undefined;
                return (
                  <tr key={r.id}>
                    <th scope="row">
                      <Link to={to(`/quan-tri/thanh-toan/${r.paymentId}`)}>{r.reference}</Link>
                    </th>
                    <td>
                      {r.companyName}
                      <br />
                      <small>{r.address}</small>
                    </td>
                    <td>{r.taxCode}</td>
                    <td>{r.email}</td>
                    <td className="payment-amount">
                      {formatVnd(r.amountVnd, lang)}
                      {r.receivedVnd !== r.amountVnd ? (
                        <>
                          <br />
                          <small>
                            {t("paymentAdmin.detail.receivedShort", {
                              amount: formatVnd(r.receivedVnd, lang),
                            })}
                          </small>
                        </>
                      ) : null}
                    </td>
                    <td>{formatDate(r.createdAt, lang)}</td>
                    {/* The payment's state beside the invoice's: a refunded payment's invoice
                        needs adjusting or cancelling, a refunded request no invoice at all. */}
                    <td data-testid="vat-payment-state">
                      <StatusBadge tone={PAYMENT_TONES[r.paymentState]}>
                        {t(`paymentAdmin.state.${r.paymentState}`)}
                      </StatusBadge>
                      {r.paymentState === "refunded" ? (
                        <small className="payment-next-step">
                          {t(
                            r.state === "issued"
                              ? "paymentAdmin.vat.refundedIssued"
                              : "paymentAdmin.vat.refundedRequested",
                          )}
                        </small>
                      ) : null}
                    </td>
                    <td>
                      {r.state === "issued" ? (
                        <StatusBadge tone="success">
                          {t("paymentAdmin.vat.state.issued")} · {r.invoiceNumber}
                        </StatusBadge>
                      ) : r.paymentState !== "paid" ? (
                        // A refunded payment gets no invoice: the server refuses one too.
                        <StatusBadge tone="neutral">
                          {t("paymentAdmin.vat.state.requested")}
                        </StatusBadge>
                      ) : (
                        <Form method="post" noValidate id={`vat-${r.id}-form`}>
                          <input type="hidden" name="id" value={r.id} />
                          <label className="visually-hidden" htmlFor={`invoice-${r.id}`}>
                            {t("paymentAdmin.vat.invoiceNumber")}
                          </label>
                          <input
                            id={`invoice-${r.id}`}
                            className="field__input"
                            name="invoiceNumber"
                            maxLength={50}
                            placeholder={t("paymentAdmin.vat.invoiceNumber")}
                            aria-invalid={
                              refusedHere?.fieldErrors?.invoiceNumber ? true : undefined
                            }
                            aria-describedby={
                              [
                                refusedHere?.fieldErrors?.invoiceNumber
                                  ? `invoice-${r.id}-error`
                                  : "",
                                refusedHere?.formError ? `invoice-${r.id}-refusal` : "",
                              ]
                                .filter(Boolean)
                                .join(" ") || undefined
                            }
                            defaultValue={refusedHere?.values?.invoiceNumber ?? ""}
                          />
                          {refusedHere?.fieldErrors?.invoiceNumber ? (
                            <p id={`invoice-${r.id}-error`} className="field__error">
                              {t(refusedHere.fieldErrors.invoiceNumber)}
                            </p>
                          ) : null}
                          {refusedHere?.formError ? (
                            <p
                              id={`invoice-${r.id}-refusal`}
                              className="field__error vat-refusal"
                              tabIndex={-1}
                            >
                              {t(refusedHere.formError)}
                            </p>
                          ) : null}
                          <ConfirmButton
                            className="button button--primary button--small"
                            disabled={busy}
                            message={t("paymentAdmin.vat.issueAsk", { reference: r.reference })}
                          >
                            {t("paymentAdmin.vat.issue")}
                          </ConfirmButton>
                        </Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
