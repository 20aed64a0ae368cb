import { refusal } from "../../../core/refusal";
import type { TreeNodeKind } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import { qualifiedCategoryName } from "../../../core/category-tree";
import {
  nodeName,
  notFound,
  PARENT,
  seasonOf,
  touchSeason,
  type SeasonsAdminDeps,
  type TreeWrite,
  usesBeneath,
} from "./tree-queries";

/**
 * Deletes a node and everything beneath it; refused while entries, winners or judges'
 * assignments name a category beneath it (said of "this category" for a category, of "the
 * categories inside it" for a group or track). The audit entry names the node, its season's
 * year and the groups and categories deleted with it.
 */
export async function deleteTreeNode(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  id: number,
  actor?: Actor,
): Promise<TreeWrite> {
  const k = deps.db.kysely;
  const owner = await seasonOf(k, kind, id);
  if (!owner) return notFound;
  const inside = kind === "category" ? "" : "Inside";
  // The entries would lose their category.
  if ((await usesBeneath(k, "entries", kind, id)) > 0) {
    return refusal(409, `adminPlatform.errors.hasEntries${inside}`);
  }
  // A winner would lose its category without a word; an assignment would make the delete fail.
  if ((await usesBeneath(k, "winners", kind, id)) > 0) {
    return refusal(409, `adminPlatform.errors.hasWinners${inside}`);
  }
  if ((await usesBeneath(k, "judge_assignments", kind, id)) > 0) {
    return refusal(409, `adminPlatform.errors.hasAssignments${inside}`);
  }
  // Named in the audit entry: once deleted, its id alone says nothing about what it was.
  const { table } = PARENT[kind];
  const named = await k
    .selectFrom(table)
    .select(["slug", "name_vi"])
    .where("id", "=", id)
    .executeTakeFirst();
  const name = (await nodeName(k, kind, id)) ?? "";
  const beneath = kind === "category" ? null : await namesBeneath(deps, kind, id);
  await k.transaction().execute(async (trx) => {
    // Children first: PostgreSQL and SQLite both cascade, but explicit is clearer.
    if (kind === "track") {
      const groupIds = (
        await trx.selectFrom("category_groups").select("id").where("track_id", "=", id).execute()
      ).map((g) => g.id);
      if (groupIds.length)
        await trx.deleteFrom("categories").where("group_id", "in", groupIds).execute();
      await trx.deleteFrom("category_groups").where("track_id", "=", id).execute();
      await trx.deleteFrom("tracks").where("id", "=", id).execute();
    } else if (kind === "group") {
      await trx.deleteFrom("categories").where("group_id", "=", id).execute();
      await trx.deleteFrom("category_groups").where("id", "=", id).execute();
    } else {
      await trx.deleteFrom("categories").where("id", "=", id).execute();
    }
    await touchSeason(trx, owner.seasonId, deps.clock());
  });
  deps.onChange();
  if (actor) {
    await deps.audit.record(
      actor,
      `${kind}.delete`,
      { type: kind, id },
      {
        year: owner.year,
        name,
        slug: named?.slug ?? "",
        nameVi: named?.name_vi ?? "",
        ...(beneath?.groups.length ? { deletedGroups: beneath.groups } : {}),
        ...(beneath?.categories.length ? { deletedCategories: beneath.categories } : {}),
      },
    );
  }
  return { ok: true, id, seasonYear: owner.year };
}

/** The groups (of a track) and categories beneath a node, by the names the audit log uses. */
async function namesBeneath(
  deps: SeasonsAdminDeps,
  kind: "track" | "group",
  id: number,
): Promise<{ groups: string[]; categories: string[] }> {
  const k = deps.db.kysely;
  const groups =
    kind === "track"
      ? await k
          .selectFrom("category_groups as g")
          .innerJoin("tracks as t", "t.id", "g.track_id")
          .select(["g.id", "t.code", "g.name_vi"])
          .where("g.track_id", "=", id)
          .orderBy("g.sort_order")
          .orderBy("g.id")
          .execute()
      : [];
  const categories = await k
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .select(["c.code", "c.name_vi"])
    .where(kind === "track" ? "g.track_id" : "g.id", "=", id)
    .orderBy("g.sort_order")
    .orderBy("c.sort_order")
    .orderBy("c.id")
    .execute();
  const named = (code: string, vi: string) => qualifiedCategoryName(code, { vi, en: "" }).vi;
  return {
    groups: groups.map((g) => named(g.code, g.name_vi)),
    categories: categories.map((c) => named(c.code, c.name_vi)),
  };
}
