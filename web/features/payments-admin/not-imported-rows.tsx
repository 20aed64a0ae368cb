import { useTranslation } from "../../i18n/use-translation";
import { formatVnd } from "../../../core/dates";
import type { Lang } from "../../../core/languages";
import type { CreditRowNotImported } from "../../../core/statement";

/**
 * The file's rows that were not imported (their date or their direction could not be read), as
 * the file has them: the money they carry is matched by no one until finance fixes the file or
 * settles it by hand.
 */
export function NotImportedRows({
  rows,
  lang,
}: {
  rows: readonly CreditRowNotImported[];
  lang: Lang;
}) {
  const { t } = useTranslation();
  // Rows left out for their date only keep the title and help that speak of dates.
  const kind = rows.every((row) => row.reason.startsWith("date")) ? "" : "Any";
  return (
    <section
      className="form-alert payment-warning"
      role="alert"
      aria-labelledby="statement-not-imported-title"
      data-testid="statement-not-imported"
    >
      <h2 id="statement-not-imported-title">
        {t(`paymentAdmin.statements.notImported.title${kind}`, { count: rows.length })}
      </h2>
      <p>{t(`paymentAdmin.statements.notImported.help${kind}`)}</p>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("paymentAdmin.statements.notImported.row")}</th>
              <th scope="col">{t("paymentAdmin.statements.notImported.dateText")}</th>
              <th scope="col" className="payment-amount">
                {t("paymentAdmin.statements.amount")}
              </th>
              <th scope="col">{t("paymentAdmin.statements.memo")}</th>
              <th scope="col">{t("paymentAdmin.statements.notImported.reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{row.dateText || "—"}</td>
                <td className="payment-amount">{formatVnd(row.amountVnd, lang)}</td>
                <td>{row.memo}</td>
                <td>
                  {t(`paymentAdmin.statements.notImported.reasons.${row.reason}`, {
                    value: row.directionText ?? "",
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
