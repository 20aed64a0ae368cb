import { useTranslation } from "../../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { formatDate } from "../../../core/dates";
import { formatPhoneForDisplay } from "../../../core/phone";
import { formatExportRows, REGISTRANT_EXPORT_MAX_ROWS } from "../../../core/registrants-admin";
import type { RegistrantType } from "../../../core/registration";
import type { DataColumn, ToolbarFilter } from "../back-office/table";
import { useLang, useLocalizedPath } from "../../lib/site";

/** One row of the registrants table, as the loader sends it. */
export interface RegistrantListRow {
  id: string;
  type: RegistrantType;
  fullName: string;
  companyName: string | null;
  email: string;
  phone: string;
  taxCode: string | null;
  entriesCount: number;
  registeredAt: string;
}

/** The registrants table's columns; the name links to the registrant's page. */
export function useRegistrantColumns(): DataColumn<RegistrantListRow>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalizedPath();
  return [
    {
      key: "name",
      header: t("registrantsAdmin.columns.name"),
      sortable: true,
      rowHeader: true,
      cell: (row) => <Link to={to(`/quan-tri/thi-sinh/${row.id}`)}>{row.fullName}</Link>,
    },
    {
      key: "type",
      header: t("registrantsAdmin.columns.type"),
      sortable: true,
      cell: (row) => t(`registration.fields.type.${row.type}`),
    },
    {
      key: "company",
      header: t("registrantsAdmin.columns.company"),
      sortable: true,
      cell: (row) => row.companyName ?? "—",
    },
    {
      key: "email",
      header: t("registrantsAdmin.columns.email"),
      sortable: true,
      cell: (row) => row.email,
    },
    {
      key: "phone",
      header: t("registrantsAdmin.columns.phone"),
      cell: (row) => formatPhoneForDisplay(row.phone),
    },
    {
      key: "taxCode",
      header: t("registrantsAdmin.columns.taxCode"),
      cell: (row) => row.taxCode ?? "—",
    },
    {
      key: "entries",
      header: t("registrantsAdmin.columns.entries"),
      sortable: true,
      cell: (row) => row.entriesCount,
    },
    {
      key: "registered",
      header: t("registrantsAdmin.columns.registered"),
      sortable: true,
      cell: (row) => formatDate(row.registeredAt, lang),
    },
  ];
}

/** The toolbar's filters: registrant type, and the seasons a registrant has entries in. */
export function useRegistrantFilters(years: readonly number[]): ToolbarFilter[] {
  const { t } = useTranslation();
  return [
    {
      name: "type",
      label: t("registrantsAdmin.filters.type"),
      options: (["individual", "enterprise"] as const).map((type) => ({
        value: type,
        label: t(`registration.fields.type.${type}`),
      })),
    },
    {
      name: "season",
      label: t("registrantsAdmin.filters.season"),
      options: years.map((year) => ({
        value: String(year),
        label: t("registrantsAdmin.seasonOption", { year }),
      })),
    },
  ];
}

/**
 * Download links for the list as it is filtered and sorted now (every page): plain links, so
 * the browser downloads the file instead of the router navigating to it. When more registrants
 * match than one file holds (`tooMany`), no link: a note asks for a narrower filter, as a file
 * of the first rows only would pass for the whole list.
 */
export function ExportLinks({ tooMany = false }: { tooMany?: boolean }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const lang = useLang();
  const location = useLocation();
  if (tooMany) {
    return (
      <p className="admin-links" role="note" data-testid="registrants-export-too-many">
        {t("registrantsAdmin.export.tooMany", {
          max: formatExportRows(REGISTRANT_EXPORT_MAX_ROWS, lang),
        })}
      </p>
    );
  }
  const hrefOf = (format: "csv" | "xlsx") => {
    const params = new URLSearchParams(location.search);
    for (const name of ["page", "notice"]) params.delete(name);
    params.set("format", format);
    return `${to("/quan-tri/thi-sinh/xuat")}?${params.toString()}`;
  };
  return (
    <p className="admin-links" role="group" aria-label={t("registrantsAdmin.export.label")}>
      <span>{t("registrantsAdmin.export.label")}:</span>{" "}
      <a className="button button--secondary button--small" href={hrefOf("csv")} download>
        {t("registrantsAdmin.export.csv")}
      </a>{" "}
      <a className="button button--secondary button--small" href={hrefOf("xlsx")} download>
        {t("registrantsAdmin.export.xlsx")}
      </a>
    </p>
  );
}
