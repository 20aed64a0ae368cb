import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useLocation } from "react-router";
import { PAYMENT_METHODS, PAYMENT_STATES } from "../../../core/payment-state";
import { formatDay } from "../../../core/dates";
import { paymentListDateErrors, type PaymentListQuery } from "../../../core/payments";
import { DateField } from "../../components/form/date-field";

/**
 * The payments list's filters: a GET form, so the URL keeps the state (links, back button).
 * Days are typed DD/MM/YYYY; links with ISO days (`?from=2026-11-01`) keep working.
 */
export function PaymentFilters({
  query,
  seasonYear,
  seasonYears,
}: {
  query: PaymentListQuery;
  /** The season listed (the one asked for, else the current one); null when there is none. */
  seasonYear: number | null;
  /** Every season's year, newest first: the seasons the filter offers. */
  seasonYears: number[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const dateErrors = paymentListDateErrors(params);
  return (
    // The page says what is wrong with a filter (in its language), not the browser.
    <Form
      method="get"
      action={location.pathname}
      className="payment-filters"
      role="search"
      noValidate
    >
      <label>
        {t("paymentAdmin.filters.season")}
        {/* The seasons that exist, as on the other back-office pages; the server reads the
            choice with the list's schema (paymentListQuerySchema). Keyed by the season shown,
            so that back and forward show theirs. */}
        <select
          key={seasonYear ?? query.season ?? ""}
          className="field__input"
          name="season"
          defaultValue={String(seasonYear ?? query.season ?? "")}
        >
          {seasonYears.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("paymentAdmin.filters.state")}
        <select className="field__input" name="state" defaultValue={query.state ?? ""}>
          <option value="">{t("paymentAdmin.filters.all")}</option>
          {PAYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`paymentAdmin.state.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("paymentAdmin.filters.method")}
        <select className="field__input" name="method" defaultValue={query.method ?? ""}>
          <option value="">{t("paymentAdmin.filters.all")}</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`paymentAdmin.method.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {(["from", "to"] as const).map((name) => (
        <DateField
          key={name}
          label={t(`paymentAdmin.filters.${name}`)}
          name={name}
          // A day the list could not read is shown as typed, with why; one it read, as DD/MM/YYYY.
          defaultValue={dateErrors[name] ? (params.get(name) ?? "") : formatDay(query[name])}
          error={dateErrors[name]}
        />
      ))}
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
      <label>
        {/* Keyed by the URL's choice: a link to the flagged payments (the list's count) ticks
            it without the page being loaded anew. */}
        <input
          key={query.attention ?? "all"}
          type="checkbox"
          name="attention"
          value="open"
          defaultChecked={query.attention === "open"}
        />{" "}
        {t("paymentAdmin.filters.attention")}
      </label>
      <button type="submit" className="button button--primary">
        {t("paymentAdmin.filters.apply")}
      </button>
      <Link to={location.pathname}>{t("paymentAdmin.filters.clear")}</Link>
    </Form>
  );
}
