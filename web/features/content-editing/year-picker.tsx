import { useId } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useLocation } from "react-router";
// Its layout (`.content-admin-filter`) comes with it, whichever page shows it.
import "./content-editing.css";

/**
 * The year a back-office content list shows: a GET form (works without JavaScript) that
 * keeps the list's other parameters out, so a new year starts from page 1 with no filter.
 */
export function YearPicker({
  years,
  year,
  children,
}: {
  years: number[];
  year: number;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  return (
    <Form method="get" action={location.pathname} className="content-admin-filter">
      <div className="list-toolbar__field">
        <label htmlFor={`${id}-year`}>{t("adminContent.common.year")}</label>
        <select
          id={`${id}-year`}
          name="year"
          className="field__input"
          defaultValue={String(year)}
          key={year}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {children}
      <div className="list-toolbar__actions">
        <button type="submit" className="button button--primary">
          {t("adminContent.common.apply")}
        </button>
      </div>
    </Form>
  );
}
