import { refusal } from "../../../core/refusal";
import type { TreeNodeKind } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import {
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
 * assignments name a category beneath it.
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
  // The entries would lose their category.
  if ((await usesBeneath(k, "entries", kind, id)) > 0) {
    return refusal(409, "adminPlatform.errors.hasEntries");
  }
  // A winner would lose its category without a word; an assignment would make the delete fail.
  if ((await usesBeneath(k, "winners", kind, id)) > 0) {
    return refusal(409, "adminPlatform.errors.hasWinners");
  }
  if ((await usesBeneath(k, "judge_assignments", kind, id)) > 0) {
    return refusal(409, "adminPlatform.errors.hasAssignments");
  }
  // Named in the audit entry: once deleted, its id alone says nothing about what it was.
  const { table } = PARENT[kind];
  const named = await k
    .selectFrom(table)
    .select(["slug", "name_vi"])
    .where("id", "=", id)
    .executeTakeFirst();
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
      { year: owner.year, slug: named?.slug ?? "", nameVi: named?.name_vi ?? "" },
    );
  }
  return { ok: true, id, seasonYear: owner.year };
}
