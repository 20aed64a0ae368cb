import { useTranslation } from "../i18n/use-translation";
import { Link, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { formatDate, formatVnd } from "../../core/dates";
import { pickLang } from "../../core/languages";
import { SectionHeading } from "../components/section-heading";
import { CheckoutForm, type PayableEntry } from "../features/payments/checkout-form";
import { PaymentStateBadge } from "../features/payments/payment-state-badge";
import "../features/payments/payments.css";
import { refusalResponse } from "../lib/forms.server";
import { pageMeta } from "../lib/meta";
import { requestMeta, requireEntrant } from "../lib/session.server";
import { useLocalizedPath } from "../lib/site";
import type { Route } from "./+types/payment";
import { keepFormWhenUnanswered } from "../lib/unanswered-form";
import { personalPageHeaders } from "../lib/personal-page";

export const headers: Route.HeadersFunction = personalPageHeaders;

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "payment.title" }),
  { name: "robots", content: "noindex" },
];

/** `/nop-bai-du-thi/thanh-toan`: the entrant's payable entries with today's fees, and their payments. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const { lang } = requestMeta(request, context);
  const view = await context.services.payments.checkout(user.id);
  const payable: PayableEntry[] = view.payable.map((entry) => ({
    entryId: entry.entryId,
    code: entry.code,
    title: entry.title,
    category: entry.categoryName ? pickLang(entry.categoryName, lang) : null,
    fee: entry.fee,
  }));
  return {
    lang,
    payable,
    methods: view.methods,
    payments: view.payments.map((p) => ({
      reference: p.reference,
      state: p.state,
      method: p.method,
      amountVnd: p.amountVnd,
      createdAt: p.createdAt,
      codes: p.entries.map((e) => e.code ?? ""),
    })),
  };
}

/** Authorize → the core schema (inside `create`) → create; VNPay goes on to the gateway. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireEntrant(request, context);
  const meta = requestMeta(request, context);
  const form = await request.formData();
  const input = {
    entryIds: form.getAll("entryIds").map(String),
    method: String(form.get("method") ?? ""),
    quotes: form.getAll("quotes").map(String),
  };
  const outcome = await context.services.payments.create(user.id, input, {
    ip: meta.ip,
    lang: meta.lang,
  });
  if (!outcome.ok) {
    return refusalResponse(outcome, { method: input.method, entryIds: input.entryIds.join(",") });
  }
  if (outcome.redirectUrl) return redirect(outcome.redirectUrl);
  const prefix = meta.lang === "en" ? "/en" : "";
  return redirect(`${prefix}/nop-bai-du-thi/thanh-toan/${outcome.payment.reference}`);
}

/** A form of this page that goes unanswered leaves the page as it was, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepFormWhenUnanswered(args);

/** Refusals that mean the fees on the page are out of date. */
const STALE_FEES = new Set(["paymentCore.problems.feesChanged", "paymentCore.problems.feesClosed"]);

/**
 * A refusal usually leaves the page as it was; one saying the fees moved (a deadline passed
 * while the page was open) loads them again, so the entrant sees what they would now pay.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const formError = (actionResult as { formError?: unknown } | undefined)?.formError;
  if (typeof formError === "string" && STALE_FEES.has(formError)) return true;
  return defaultShouldRevalidate;
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const result = useActionData<typeof action>();
  const { lang, payable: listed, methods, payments } = loaderData;
  const refused = result && !result.ok ? result : undefined;
  // An entry without a fee today is one the season no longer takes payment for (its last
  // deadline has passed): it is named, not offered at 0 ₫.
  const payable = listed.filter((entry) => entry.fee !== null);
  const closed = listed.filter((entry) => entry.fee === null);
  return (
    <div className="container page">
      <SectionHeading level={1} title={t("payment.title")} />
      <section className="panel" aria-labelledby="payable-heading">
        <h2 id="payable-heading">{t("payment.payable")}</h2>
        {closed.length > 0 ? (
          <div className="form-alert" role="status" data-testid="fees-closed">
            {t("payment.feesClosed", {
              codes: closed.map((entry) => entry.code ?? entry.title).join(", "),
              count: closed.length,
            })}
          </div>
        ) : null}
        {payable.length === 0 && closed.length > 0 ? null : payable.length === 0 ? (
          <div role="status">
            <p>
              <strong>{t("payment.emptyTitle")}</strong>
            </p>
            <p>{t("payment.emptyText")}</p>
            <Link className="button button--secondary" to={to("/nop-bai-du-thi")}>
              {t("payment.toEntries")}
            </Link>
          </div>
        ) : (
          <>
            <p>{t("payment.lead")}</p>
            <CheckoutForm
              entries={payable}
              methods={methods}
              lang={lang}
              errors={refused?.fieldErrors ?? {}}
              formError={refused?.formError}
              chosen={{
                entryIds: refused?.values?.entryIds ? refused.values.entryIds.split(",") : [],
                method: refused?.values?.method ?? "",
              }}
            />
          </>
        )}
      </section>
      <section className="panel" aria-labelledby="payments-heading">
        <h2 id="payments-heading">{t("payment.history")}</h2>
        {payments.length === 0 ? (
          <p>{t("payment.noHistory")}</p>
        ) : (
          <div className="table-scroll">
            <table className="pay-table">
              <thead>
                <tr>
                  <th scope="col">{t("payment.reference")}</th>
                  <th scope="col">{t("payment.entries")}</th>
                  <th scope="col">{t("payment.createdAt")}</th>
                  <th scope="col">{t("payment.method")}</th>
                  <th scope="col" className="pay-amount">
                    {t("payment.amount")}
                  </th>
                  <th scope="col">{t("payment.stateLabel")}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.reference}>
                    <td>
                      <Link to={to(`/nop-bai-du-thi/thanh-toan/${p.reference}`)}>
                        {p.reference}
                      </Link>
                    </td>
                    <td>{p.codes.join(", ")}</td>
                    <td>{formatDate(p.createdAt, lang)}</td>
                    <td>{t(`payment.methods.${p.method}`)}</td>
                    <td className="pay-amount">{formatVnd(p.amountVnd, lang)}</td>
                    <td>
                      <PaymentStateBadge state={p.state} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
