import { sql, type Expression, type SqlBool } from "kysely";
import { phoneSearchText, type RegistrantListQuery } from "../../../core/registrants-admin";
import { foldedLikePattern } from "../../../core/search-text";
import type { RegistrantType } from "../../../core/registration";
import type { Db } from "../../db/database";

/**
 * The registrants table's rows: each registrant profile with its account, filtered by the
 * list's type, season and search. The search ignores Vietnamese marks on both sides
 * (`vx_fold`), so "tran thi anh" finds "Trần Thị Ánh".
 */
export function filteredRegistrants(db: Db, query: RegistrantListQuery) {
  let base = db.kysely.selectFrom("registrants as r").innerJoin("user as u", "u.id", "r.user_id");
  const type = query.filters.type;
  if (type) base = base.where("r.type", "=", type as RegistrantType);
  if (query.season !== null) {
    const year = query.season;
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("entries as e")
          .innerJoin("seasons as s", "s.id", "e.season_id")
          .select("e.id")
          .whereRef("e.owner_user_id", "=", "r.user_id")
          .where("s.year", "=", year),
      ),
    );
  }
  const q = query.q.trim();
  if (q) {
    const pattern = foldedLikePattern(q);
    const phone = phoneSearchText(q);
    const folded = (column: string) =>
      sql<SqlBool>`vx_fold(${sql.ref(column)}) like ${pattern} escape '\\'` as Expression<SqlBool>;
    base = base.where(({ or }) =>
      or([
        folded("r.full_name"),
        folded("r.company_name"),
        folded("u.email"),
        folded("r.phone"),
        folded("r.tax_code"),
        folded("r.business_registration_number"),
        ...(phone
          ? [sql<SqlBool>`r.phone like ${`%${phone}%`} escape '\\'` as Expression<SqlBool>]
          : []),
      ]),
    );
  }
  return base;
}

/** The table's sort keys as columns (`entries_count` is the select's alias). */
/** The sorts on names, in Vietnamese alphabetical order. */
export const REGISTRANT_TEXT_SORTS: readonly RegistrantListQuery["sort"][] = ["name", "company"];

export const REGISTRANT_SORT_COLUMNS: Record<RegistrantListQuery["sort"], string> = {
  registered: "r.created_at",
  name: "r.full_name",
  type: "r.type",
  company: "r.company_name",
  email: "u.email",
  entries: "entries_count",
};

/** How many entries (drafts included) each registrant has: in the filtered season, else in all. */
export function entriesCount(season: number | null) {
  return season === null
    ? sql<number | string>`(select count(*) from entries e where e.owner_user_id = r.user_id)`
    : sql<
        number | string
      >`(select count(*) from entries e inner join seasons s on s.id = e.season_id
        where e.owner_user_id = r.user_id and s.year = ${season})`;
}
