import { useTranslation } from "../../../i18n/use-translation";
import { Link, useLocation, useNavigation } from "react-router";
import { formatDate, formatVnd } from "../../../../core/dates";
import { langOfPath } from "../../../../core/languages";
import { parsePaymentListQuery } from "../../../../core/payments";
import { backOfficeMeta } from "../../../features/back-office/meta";
import { AdminPage } from "../../../features/back-office/page";
import { StatusBadge } from "../../../features/back-office/status-badge";
import { PAYMENT_TONES } from "../../../features/payments-admin/tones";
import { Pager } from "../../../features/back-office/table";
import { PaymentFilters } from "../../../features/payments-admin/payment-filters";
import "../../../features/payments-admin/payments-admin.css";
import { requireStaff } from "../../../lib/session.server";
import { useLocalizedPath } from "../../../lib/site";
import { useShowResults } from "../../../lib/to-results";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = backOfficeMeta("paymentAdmin.title");

/** `/quan-tri/thanh-toan`: the season's payments, filtered from the URL, with the season's totals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, "payments");
  const url = new URL(request.url);
  const query = parsePaymentListQuery(url.searchParams);
  const result = await context.services.payments.list(query);
  return { lang: langOfPath(url.pathname), query, result };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const location = useLocation();
  const navigation = useNavigation();
  const { lang, query, result } = loaderData;
  const loading =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const pageCount = Math.max(1, Math.ceil(result.total / result.pageSize));
  // Another page from the pager below opens at the table, with the focus on the new rows.
  const { results } = useShowResults<HTMLTableElement>();
  const exportHref = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.set("format", format);
    return `${to("/quan-tri/thanh-toan/xuat")}?${params.toString()}`;
  };
  // The season's payments whose money finance must still handle, whatever else is filtered.
  const attentionHref = `${location.pathname}?${new URLSearchParams({
    ...(query.season ? { season: String(query.season) } : {}),
    attention: "open",
  }).toString()}`;
  return (
    <AdminPage
      title={t("paymentAdmin.title")}
      breadcrumbs={[
        { label: t("admin.title"), to: "/quan-tri" },
        { label: t("paymentAdmin.title") },
      ]}
      lead={t("paymentAdmin.lead")}
      actions={
        <>
          <Link
            className="button button--primary button--small"
            to={to("/quan-tri/thanh-toan/sao-ke")}
          >
            {t("paymentAdmin.links.statements")}
          </Link>{" "}
          <Link
            className="button button--secondary button--small"
            to={to("/quan-tri/thanh-toan/hoa-don-vat")}
          >
            {t("paymentAdmin.links.vat")}
          </Link>{" "}
          <Link
            className="button button--secondary button--small"
            to={to("/quan-tri/thanh-toan/le-phi")}
          >
            {t("paymentAdmin.links.fees")}
          </Link>{" "}
          <a className="button button--secondary button--small" href={exportHref("csv")}>
            {t("paymentAdmin.export.csv")}
          </a>{" "}
          <a className="button button--secondary button--small" href={exportHref("xlsx")}>
            {t("paymentAdmin.export.xlsx")}
          </a>
        </>
      }
    >
      {result.seasonYear !== null ? (
        <section aria-labelledby="payment-totals-heading">
          <h2 id="payment-totals-heading">
            {t("paymentAdmin.totals.title", { year: result.seasonYear })}
          </h2>
          <dl className="payment-totals">
            <div>
              <dt>{t("paymentAdmin.totals.collected")}</dt>
              <dd data-testid="total-collected">{formatVnd(result.totals.collectedVnd, lang)}</dd>
            </div>
            <div>
              <dt>{t("paymentAdmin.totals.pending")}</dt>
              <dd>{formatVnd(result.totals.pendingVnd, lang)}</dd>
            </div>
            <div>
              <dt>{t("paymentAdmin.totals.due")}</dt>
              <dd>{formatVnd(result.totals.dueVnd, lang)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {result.attentionCount > 0 && query.attention !== "open" ? (
        <p className="form-alert payment-warning" role="note" data-testid="payments-attention">
          <Link to={attentionHref}>
            {t("paymentAdmin.attention.link", { count: result.attentionCount })}
          </Link>
        </p>
      ) : null}
      <PaymentFilters
        query={query}
        seasonYear={result.seasonYear}
        seasonYears={result.seasonYears}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? t("paymentAdmin.loading") : ""}
      </p>
      {result.seasonYear === null && query.season !== undefined ? (
        <p className="empty-state" role="status">
          {t("paymentAdmin.filters.seasonMissing", { year: query.season })}
        </p>
      ) : result.rows.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{t("paymentAdmin.empty")}</p>
          <Link to={location.pathname}>{t("paymentAdmin.filters.clear")}</Link>
        </div>
      ) : (
        <>
          <p>{t("paymentAdmin.range", { total: result.total, count: result.total })}</p>
          <div className="table-scroll">
            <table ref={results} className="table" tabIndex={-1} aria-busy={loading}>
              <caption className="visually-hidden">
                {t("paymentAdmin.caption", { year: result.seasonYear })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("paymentAdmin.columns.reference")}</th>
                  <th scope="col">{t("paymentAdmin.columns.entrant")}</th>
                  <th scope="col">{t("paymentAdmin.columns.entries")}</th>
                  <th scope="col" className="payment-amount">
                    {t("paymentAdmin.columns.amount")}
                  </th>
                  <th scope="col">{t("paymentAdmin.columns.method")}</th>
                  <th scope="col">{t("paymentAdmin.columns.state")}</th>
                  <th scope="col">{t("paymentAdmin.columns.created")}</th>
                  <th scope="col">{t("paymentAdmin.columns.paid")}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to={to(`/quan-tri/thanh-toan/${row.id}`)}>{row.reference}</Link>
                    </th>
                    <td>
                      {row.owner.companyName ? (
                        <>
                          {row.owner.companyName}
                          <br />
                        </>
                      ) : null}
                      {row.owner.name}
                      <br />
                      <small>{row.owner.email}</small>
                    </td>
                    <td>{row.entryCodes.join(", ")}</td>
                    <td className="payment-amount">
                      {formatVnd(row.amountVnd, lang)}
                      {row.receivedVnd !== row.amountVnd ? (
                        <>
                          <br />
                          <small>
                            {t("paymentAdmin.detail.receivedShort", {
                              amount: formatVnd(row.receivedVnd, lang),
                            })}
                          </small>
                        </>
                      ) : null}
                    </td>
                    <td>{t(`paymentAdmin.method.${row.method}`)}</td>
                    <td>
                      <StatusBadge tone={PAYMENT_TONES[row.state]}>
                        {t(`paymentAdmin.state.${row.state}`)}
                      </StatusBadge>
                      {row.needsAttention ? (
                        <>
                          {" "}
                          <StatusBadge tone="danger">
                            {t("paymentAdmin.attention.badge")}
                          </StatusBadge>
                        </>
                      ) : null}
                    </td>
                    <td>{formatDate(row.createdAt, lang)}</td>
                    <td>{row.paidAt ? formatDate(row.paidAt, lang) : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager result={{ page: result.page, pageCount, total: result.total }} />
    </AdminPage>
  );
}
