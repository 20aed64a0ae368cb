import { useTranslation } from "react-i18next";
import { Link } from "react-router";
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

export default function PaymentDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { lang, payment } = loaderData;
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
      {payment.state === "paid" ? (
        <div className="panel" role="status">
          <p>{t("payment.paidNote")}</p>
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
          <p>{t("payment.expiresNote", { date: formatVietnamDateTime(payment.expiresAt) })}</p>
        </section>
      ) : null}
      {payment.method === "vnpay" && payment.state === "pending" ? (
        <p role="status">{t("payment.pendingVnpay")}</p>
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
        </dl>
        <table className="pay-table">
          <thead>
            <tr>
              <th scope="col">{t("payment.columns.code")}</th>
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
                <td>{e.code}</td>
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
      </section>
      <section className="panel" aria-labelledby="payment-events-heading">
        <h2 id="payment-events-heading">{t("payment.eventsTitle")}</h2>
        <ol>
          {payment.events.map((event, i) => (
            <li key={i}>
              {formatVietnamDateTime(event.at)} · {t(`payment.state.${event.to}`)} ·{" "}
              {t(`payment.actor.${event.actorRole}`, { defaultValue: event.actorName })}
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
