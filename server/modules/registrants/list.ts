import type { ListPage } from "../../../core/list-query";
import type { RegistrantListQuery } from "../../../core/registrants-admin";
import type { RegistrantType } from "../../../core/registration";
import { listPage } from "../admin/list-query";
import type { RegistrantsContext } from "./context";
import {
  entriesCount,
  filteredRegistrants,
  REGISTRANT_SORT_COLUMNS,
  REGISTRANT_TEXT_SORTS,
} from "./queries";

/** One row of the registrants table. */
export interface RegistrantRow {
  /** The account's id (the registrant page's address). */
  id: string;
  type: RegistrantType;
  /** The individual, or the enterprise's representative. */
  fullName: string;
  companyName: string | null;
  email: string;
  phone: string;
  taxCode: string | null;
  entriesCount: number;
  registeredAt: string;
}

/** A page of registrants: filtered by type and season, searched, sorted, with the total. */
export async function listRegistrants(
  ctx: RegistrantsContext,
  query: RegistrantListQuery,
): Promise<ListPage<RegistrantRow>> {
  const page = await listPage(filteredRegistrants(ctx.db, query), query, {
    sortColumns: REGISTRANT_SORT_COLUMNS,
    textSorts: REGISTRANT_TEXT_SORTS,
    tieBreaker: "r.user_id",
    select: (qb) =>
      qb.select([
        "r.user_id as id",
        "r.type",
        "r.full_name",
        "r.company_name",
        "u.email",
        "r.phone",
        "r.tax_code",
        "r.created_at",
        entriesCount(query.season).as("entries_count"),
      ]),
  });
  return { ...page, items: page.items.map(rowOf) };
}

export function rowOf(row: {
  id: string;
  type: RegistrantType;
  full_name: string;
  company_name: string | null;
  email: string;
  phone: string;
  tax_code: string | null;
  created_at: string;
  entries_count: number | string;
}): RegistrantRow {
  return {
    id: row.id,
    type: row.type,
    fullName: row.full_name,
    companyName: row.company_name,
    email: row.email,
    phone: row.phone,
    taxCode: row.tax_code,
    entriesCount: Number(row.entries_count),
    registeredAt: row.created_at,
  };
}
