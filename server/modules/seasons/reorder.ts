import type { TreeNodeKind } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import {
  nodeName,
  notFound,
  PARENT,
  seasonOf,
  touchSeason,
  type SeasonsAdminDeps,
  type TreeWrite,
} from "./tree-queries";

/** Moves a node one place up or down among its siblings (orders are renumbered 0…n). */
export async function moveTreeNode(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  id: number,
  direction: "up" | "down",
  actor?: Actor,
): Promise<TreeWrite> {
  const k = deps.db.kysely;
  const owner = await seasonOf(k, kind, id);
  if (!owner) return notFound;
  const { table, parent } = PARENT[kind];
  await k.transaction().execute(async (trx) => {
    const self = (await trx
      .selectFrom(table)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow()) as unknown as Record<string, number>;
    const parentId = self[parent]!;
    const siblings = await trx
      .selectFrom(table)
      .select("id")
      .where(parent as never, "=", parentId as never)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    const ids = siblings.map((s) => s.id);
    const at = ids.indexOf(id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    for (const [order, siblingId] of ids.entries()) {
      await trx.updateTable(table).set({ sort_order: order }).where("id", "=", siblingId).execute();
    }
    await touchSeason(trx, owner.seasonId, deps.clock());
  });
  deps.onChange();
  if (actor) {
    const name = (await nodeName(k, kind, id)) ?? "";
    await deps.audit.record(
      actor,
      `${kind}.move`,
      { type: kind, id },
      { year: owner.year, name, direction },
    );
  }
  return { ok: true, id, seasonYear: owner.year };
}
