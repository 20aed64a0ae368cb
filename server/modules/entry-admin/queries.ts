import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { PAYMENT_STATES, PAYMENT_STATE_OF_STATUS } from "../../../core/entry-admin-list";
import { ENTRY_IMAGES_MIN } from "../../../core/entry-limits";
import { ENTRY_STATUSES } from "../../../core/entry-status";
import type { Lang } from "../../../core/languages";
import { foldedLikePattern } from "../../../core/search-text";
import type { Database } from "../../db/schema";
import { entryRefunds } from "../payments/entry-refund";

type Q = Kysely<Database>;

const IDEA_FIELDS = ["ideaArticleVi", "ideaArticleEn", "slidesVi", "slidesEn"];

/** Files of every entry counted by the fields submitting asks for, one row per entry. */
function fileCounts(db: Q) {
  const count = (fields: string[]) =>
    sql<number>`sum(case when ${sql.ref("field")} in (${sql.join(fields)}) then 1 else 0 end)`;
  return db
    .selectFrom("entry_files")
    .select([
      "entry_id",
      count(["images"]).as("images"),
      count(["video"]).as("video"),
      count(IDEA_FIELDS).as("ideas"),
      count(["legalCommitment"]).as("legal"),
      count(["copyrightCommitment"]).as("copyright"),
    ])
    .groupBy("entry_id");
}

/** Entries that were ever marked paid (a move to `paid` in their history), with the last time. */
function everPaid(db: Q) {
  return db
    .selectFrom("entry_status_history")
    .select(["entry_id", (eb) => eb.fn.max("created_at").as("at")])
    .where("to_status", "=", "paid")
    .groupBy("entry_id");
}

const flag = (condition: ReturnType<typeof sql>) => sql`(case when ${condition} then 1 else 0 end)`;
const blank = (column: string) => sql`trim(coalesce(${sql.ref(column)}, '')) = ''`;

/**
 * How many items submitting still asks for, computed in SQL so the table can sort on it; the
 * same requirements as core/entry.ts `missingItems` (queries.test.ts compares the two).
 */
const MISSING_COUNT = sql<number>`(${sql.join(
  [
    flag(sql`e.track_id is null`),
    flag(sql`e.category_id is null`),
    flag(blank("e.brand_name")),
    flag(blank("e.campaign_name")),
    flag(blank("e.description_vi")),
    flag(blank("e.description_en")),
    flag(sql`e.start_month is null`),
    flag(sql`e.start_year is null`),
    flag(sql`coalesce(f.images, 0) < ${sql.lit(ENTRY_IMAGES_MIN)}`),
    flag(
      sql`coalesce(c.video_required, 1) = 1 and coalesce(f.video, 0) = 0 and ${blank("e.video_link")}`,
    ),
    flag(sql`coalesce(f.ideas, 0) = 0`),
    flag(sql`coalesce(f.legal, 0) = 0`),
    flag(sql`coalesce(f.copyright, 0) = 0`),
  ],
  sql` + `,
)})`;

/**
 * core/entry-admin-list.ts `paymentStateOf` (with `refundedSincePaid`) as a SQL expression over
 * the status, the last move to paid and the last refund.
 */
const PAYMENT_STATE = sql<string>`(case when e.status <> 'draft' and rf.entry_id is not null and (p.entry_id is null or p.at <= rf.at) then 'refunded' ${sql.join(
  ENTRY_STATUSES.map(
    (status) =>
      sql`when e.status = ${sql.lit(status)} and p.entry_id is not null then ${sql.lit(
        PAYMENT_STATE_OF_STATUS[status].everPaid,
      )} when e.status = ${sql.lit(status)} then ${sql.lit(PAYMENT_STATE_OF_STATUS[status].neverPaid)}`,
  ),
  sql` `,
)} else 'not_due' end)`;

/** A rank that sorts in an order people read (the lifecycle's, not the alphabet's). */
function rankOf(values: readonly string[], column: Expression<unknown>) {
  return sql<number>`(case ${sql.join(
    values.map((value, i) => sql`when ${column} = ${sql.lit(value)} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(values.length)} end)`;
}

/**
 * Every entry of a season as one flat row of the table: catalogue names in `lang`, the
 * registrant, payment state and completeness. One statement: the caller filters, sorts and
 * pages it as a subquery (`selectFrom(entryRows(…).as("x"))`).
 */
export function entryRows(db: Q, seasonId: number, lang: Lang) {
  const name = (table: "t" | "g" | "c") => sql.ref(`${table}.name_${lang}`);
  return db
    .selectFrom("entries as e")
    .innerJoin("user as u", "u.id", "e.owner_user_id")
    .leftJoin("registrants as r", "r.user_id", "e.owner_user_id")
    .leftJoin("tracks as t", "t.id", "e.track_id")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("category_groups as g", "g.id", "c.group_id")
    .leftJoin(fileCounts(db).as("f"), "f.entry_id", "e.id")
    .leftJoin(everPaid(db).as("p"), "p.entry_id", "e.id")
    .leftJoin(entryRefunds(db).as("rf"), "rf.entry_id", "e.id")
    .where("e.season_id", "=", seasonId)
    .select([
      "e.id",
      "e.code",
      "e.status",
      "e.status_version",
      "e.campaign_name",
      "e.brand_name",
      "e.description_vi",
      "e.description_en",
      "e.submitted_at",
      "e.updated_at",
      "e.changes_due_at",
      "e.track_id",
      "t.slug as track_slug",
      "g.id as group_id",
      "g.slug as group_slug",
      "e.category_id",
      "c.slug as category_slug",
      "c.code as category_code",
      "u.email",
      "r.type as registrant_type",
      "r.full_name",
      "r.company_name",
      "r.phone",
      "r.tax_code",
      sql<string | null>`${name("t")}`.as("track_name"),
      sql<string | null>`${name("g")}`.as("group_name"),
      sql<string | null>`${name("c")}`.as("category_name"),
      sql<string>`(case when r.type = 'enterprise' and coalesce(r.company_name, '') <> '' then r.company_name else coalesce(r.full_name, u.name) end)`.as(
        "registrant_name",
      ),
      // Sort keys without nulls, so both databases put the empty ones first.
      sql<string>`coalesce(e.code, '')`.as("code_key"),
      sql<string>`coalesce(e.submitted_at, '')`.as("submitted_key"),
      sql<string>`coalesce(${name("t")}, '')`.as("track_key"),
      sql<string>`coalesce(${name("g")}, '')`.as("group_key"),
      sql<string>`coalesce(${name("c")}, '')`.as("category_key"),
      sql<string>`coalesce(r.type, '')`.as("type_key"),
      rankOf(ENTRY_STATUSES, sql.ref("e.status")).as("status_rank"),
      PAYMENT_STATE.as("payment_state"),
      rankOf(PAYMENT_STATES, PAYMENT_STATE).as("payment_rank"),
      MISSING_COUNT.as("missing_count"),
    ]);
}

/** The columns the table's search looks in, through `vx_fold` so marks don't matter. */
export const SEARCH_COLUMNS = [
  "x.code",
  "x.campaign_name",
  "x.brand_name",
  "x.full_name",
  "x.company_name",
  "x.email",
  "x.tax_code",
] as const;

/** `vx_fold(col) like '%…%'` over every search column (either side may carry marks). */
export function searchCondition(q: string): Expression<SqlBool> {
  const pattern = foldedLikePattern(q);
  return sql<SqlBool>`(${sql.join(
    SEARCH_COLUMNS.map((column) => sql`vx_fold(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

export function findSeasonByYear(db: Q, year: number) {
  return db
    .selectFrom("seasons")
    .select(["id", "year", "submission_opens_at", "submission_closes_at", "late_deadline"])
    .where("year", "=", year)
    .executeTakeFirst();
}
