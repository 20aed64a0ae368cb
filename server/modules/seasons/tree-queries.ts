import type { Kysely, Transaction } from "kysely";
import { qualifiedCategoryName } from "../../../core/category-tree";
import type { CategoryInput, TreeNodeKind } from "../../../core/season-admin";
import { refusal, type Outcome, type Refusal } from "../../../core/refusal";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit/service";

/**
 * What the seasons back-office operations share: their dependencies and the queries about a
 * node of the category tree (whose season it is, what clashes with it, where it goes).
 */
export interface SeasonsAdminDeps {
  db: Db;
  audit: AuditService;
  /** The public pages show the tree and the header button follows the submission window. */
  onChange: () => void;
  clock: () => Date;
}

/** A write to the tree: the node's id and its season (where the page goes back to). */
export type TreeWrite = Outcome<{ id: number; seasonYear: number }>;

export const notFound: Refusal = refusal(404, "adminPlatform.errors.notFound");

export const PARENT: Record<
  TreeNodeKind,
  { table: "tracks" | "category_groups" | "categories"; parent: string }
> = {
  track: { table: "tracks", parent: "season_id" },
  group: { table: "category_groups", parent: "track_id" },
  category: { table: "categories", parent: "group_id" },
};

/** The season a node belongs to (its year), or null when the node does not exist. */
export async function seasonOf(
  q: Kysely<Database>,
  kind: TreeNodeKind,
  id: number,
): Promise<{ seasonId: number; year: number } | null> {
  let query;
  if (kind === "track") {
    query = q
      .selectFrom("tracks as t")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .where("t.id", "=", id);
  } else if (kind === "group") {
    query = q
      .selectFrom("category_groups as g")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .where("g.id", "=", id);
  } else {
    query = q
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .where("c.id", "=", id);
  }
  const row = await query.select(["s.id as seasonId", "s.year as year"]).executeTakeFirst();
  return row ?? null;
}

/**
 * What the audit log names a node by, as it is now: a track or category by its code and name
 * ("TVC · Chiến dịch"), a group after its track's code ("VX · Truyền hình"); null once gone.
 */
export async function nodeName(
  q: Kysely<Database>,
  kind: TreeNodeKind,
  id: number,
): Promise<string | null> {
  let row: { code: string; name: string } | undefined;
  if (kind === "group") {
    row = await q
      .selectFrom("category_groups as g")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .select(["t.code as code", "g.name_vi as name"])
      .where("g.id", "=", id)
      .executeTakeFirst();
  } else {
    row = await q
      .selectFrom(kind === "track" ? "tracks" : "categories")
      .select(["code", "name_vi as name"])
      .where("id", "=", id)
      .executeTakeFirst();
  }
  return row ? qualifiedCategoryName(row.code, { vi: row.name, en: "" }).vi : null;
}

/** Field errors for the categories of the group with this slug, or of the season with this code (other than `exceptId`). */
export async function categoryClash(
  q: Kysely<Database>,
  seasonId: number,
  groupId: number,
  input: { slug: string; code: string },
  exceptId: number | null,
): Promise<Record<string, string> | null> {
  // A code names the category in entry codes across the season; a slug is a name within its
  // group ("campaigns" under television and under online are two categories).
  let query = q
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .where("t.season_id", "=", seasonId)
    .where((eb) =>
      eb.or([
        eb.and([eb("c.slug", "=", input.slug), eb("c.group_id", "=", groupId)]),
        eb("c.code", "=", input.code),
      ]),
    )
    .select(["c.id", "c.slug", "c.code", "c.group_id"]);
  if (exceptId !== null) query = query.where("c.id", "<>", exceptId);
  // A row of another group is here for its code only: its slug is no clash.
  const rows = await query.execute();
  return clashErrors(
    rows.map((r) => ({ code: r.code, slug: r.group_id === groupId ? r.slug : "" })),
    input,
  );
}

/** Whether another group of the season already uses the slug. */
export async function groupClash(
  q: Kysely<Database>,
  seasonId: number,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = q
    .selectFrom("category_groups as g")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .where("t.season_id", "=", seasonId)
    .where("g.slug", "=", slug)
    .select("g.id");
  if (exceptId !== null) query = query.where("g.id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Field errors for the tracks of a season with this slug or code (other than `exceptId`). */
export async function trackClash(
  q: Kysely<Database>,
  seasonId: number,
  input: { slug: string; code: string },
  exceptId: number | null,
): Promise<Record<string, string> | null> {
  let query = q
    .selectFrom("tracks")
    .where("season_id", "=", seasonId)
    .where((eb) => eb.or([eb("slug", "=", input.slug), eb("code", "=", input.code)]))
    .select(["id", "slug", "code"]);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return clashErrors(await query.execute(), input);
}

/** The place after the last sibling. */
export async function nextOrder(
  q: Transaction<Database>,
  kind: TreeNodeKind,
  parentId: number,
): Promise<number> {
  const { table, parent } = PARENT[kind];
  const row = await q
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>("sort_order").as("top"))
    .where(parent as never, "=", parentId as never)
    .executeTakeFirst();
  return Number(row?.top ?? -1) + 1;
}

/**
 * Rows of `table` that name a category beneath a node: entries (deleting it would lose their
 * category), winners (they would lose it silently) and judges' assignments by category (the
 * database refuses to drop a category they name).
 */
export async function usesBeneath(
  q: Kysely<Database>,
  table: "entries" | "winners" | "judge_assignments",
  kind: TreeNodeKind,
  id: number,
): Promise<number> {
  let query = q
    .selectFrom(`${table} as u` as "entries as u")
    .innerJoin("categories as c", "c.id", "u.category_id");
  if (kind === "category") query = query.where("c.id", "=", id);
  else if (kind === "group") query = query.where("c.group_id", "=", id);
  else
    query = query
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .where("g.track_id", "=", id);
  const row = await query
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A category's columns from the core schema's output. */
export function categoryValues(input: CategoryInput) {
  return {
    slug: input.slug,
    code: input.code,
    name_vi: input.nameVi,
    name_en: input.nameEn,
    description_vi: input.descriptionVi,
    description_en: input.descriptionEn,
    fee_vnd: input.feeVnd ?? 0,
    early_bird_fee_vnd: input.earlyBirdFeeVnd,
    late_fee_vnd: input.lateFeeVnd,
    video_required: input.videoRequired ? 1 : 0,
    allow_individual: input.allowIndividual ? 1 : 0,
    allow_enterprise: input.allowEnterprise ? 1 : 0,
  };
}

/** Marks the season changed (any write to its tree). */
export async function touchSeason(q: Kysely<Database>, seasonId: number, now: Date) {
  await q
    .updateTable("seasons")
    .set({ updated_at: now.toISOString() })
    .where("id", "=", seasonId)
    .execute();
}

/** Field errors for the rows of a season that already use the slug or the code; null if none. */
function clashErrors(
  rows: readonly { slug: string; code: string }[],
  input: { slug: string; code: string },
): Record<string, string> | null {
  if (rows.length === 0) return null;
  const errors: Record<string, string> = {};
  if (rows.some((r) => r.slug === input.slug)) errors.slug = "adminPlatform.validation.slugTaken";
  if (rows.some((r) => r.code === input.code)) errors.code = "adminPlatform.validation.codeTaken";
  return errors;
}
