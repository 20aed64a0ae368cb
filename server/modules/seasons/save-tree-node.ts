import { changes } from "../../../core/audit-summary";
import { fieldRefusal, refusal } from "../../../core/refusal";
import type {
  CategoryInput,
  GroupInput,
  TrackInput,
  TreeNodeKind,
} from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import {
  categoryClash,
  categoryValues,
  groupClash,
  nextOrder,
  notFound,
  PARENT,
  seasonOf,
  touchSeason,
  trackClash,
  type SeasonsAdminDeps,
  type TreeWrite,
} from "./tree-queries";

/**
 * Creating and editing the nodes of the category tree. Track and group slugs, and codes, are
 * unique within a season, a category's slug within its group; a new node goes after its last
 * sibling. The audit entry of a new node (`track.create`, …) carries what was saved; of an
 * edit (`category.update`, …), the fields that changed, before and after.
 */

export type TreeNodeInput = TrackInput | GroupInput | CategoryInput;

/** The kind of node a group or a category hangs under. */
const PARENT_KIND = { group: "track", category: "group" } as const;

/** A node's own columns from the core schema's output. */
function columnsOf(kind: TreeNodeKind, input: TreeNodeInput) {
  if (kind === "category") return categoryValues(input as CategoryInput);
  const names = { slug: input.slug, name_vi: input.nameVi, name_en: input.nameEn };
  if (kind === "group") return names;
  const track = input as TrackInput;
  return {
    ...names,
    code: track.code,
    tagline_vi: track.taglineVi,
    tagline_en: track.taglineEn,
  };
}

/** Columns stored as 0/1 that the form and the audit log read as yes or no. */
const FLAG_COLUMNS = new Set(["video_required", "allow_individual", "allow_enterprise"]);

/** A node's columns as the form names its fields (`name_vi` → `nameVi`), flags as booleans. */
function asFields(columns: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(columns).map(([column, value]) => [
      column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      FLAG_COLUMNS.has(column) ? Boolean(value) : value,
    ]),
  );
}

/** Field errors when another node uses the slug (or the code) where it must be unique; null if none. */
async function clashOf(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  seasonId: number,
  input: TreeNodeInput,
  place: { parentId: number } | { exceptId: number },
): Promise<Record<string, string> | null> {
  const k = deps.db.kysely;
  const exceptId = "exceptId" in place ? place.exceptId : null;
  if (kind === "track") return trackClash(k, seasonId, input as TrackInput, exceptId);
  if (kind === "category") {
    const groupId =
      "parentId" in place
        ? place.parentId
        : (
            await k
              .selectFrom("categories")
              .select("group_id")
              .where("id", "=", place.exceptId)
              .executeTakeFirstOrThrow()
          ).group_id;
    return categoryClash(k, seasonId, groupId, input as CategoryInput, exceptId);
  }
  return (await groupClash(k, seasonId, input.slug, exceptId))
    ? { slug: "adminPlatform.validation.slugTaken" }
    : null;
}

/** The season a new node goes into: a track's is the season `parentId` names by its year. */
async function ownerOfNew(deps: SeasonsAdminDeps, kind: TreeNodeKind, parentId: number) {
  if (kind !== "track") return seasonOf(deps.db.kysely, PARENT_KIND[kind], parentId);
  const season = await deps.db.kysely
    .selectFrom("seasons")
    .select(["id", "year"])
    .where("year", "=", parentId)
    .executeTakeFirst();
  return season ? { seasonId: season.id, year: season.year } : null;
}

/** A new node after its last sibling, under `parentId` (a track: under the season `year`). */
export async function createTreeNode(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  parentId: number,
  input: TreeNodeInput,
  actor?: Actor,
): Promise<TreeWrite> {
  const owner = await ownerOfNew(deps, kind, parentId);
  if (!owner) return notFound;
  const clash = await clashOf(deps, kind, owner.seasonId, input, { parentId });
  if (clash) return fieldRefusal(clash, 409);
  const { table, parent } = PARENT[kind];
  const under = kind === "track" ? owner.seasonId : parentId;
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto(table)
      .values({
        [parent]: under,
        ...columnsOf(kind, input),
        sort_order: await nextOrder(trx, kind, under),
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await touchSeason(trx, owner.seasonId, deps.clock());
    return row.id;
  });
  return saved(deps, kind, "create", { id, seasonYear: owner.year }, input, actor);
}

/** New names, slug, code, fees … for the node `id`. */
export async function updateTreeNode(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  id: number,
  input: TreeNodeInput,
  actor?: Actor,
): Promise<TreeWrite> {
  const k = deps.db.kysely;
  const owner = await seasonOf(k, kind, id);
  if (!owner) return notFound;
  const clash = await clashOf(deps, kind, owner.seasonId, input, { exceptId: id });
  if (clash) return fieldRefusal(clash, 409);
  const columns = columnsOf(kind, input);
  const before = (await k
    .selectFrom(PARENT[kind].table)
    .select(Object.keys(columns) as never[])
    .where("id", "=", id)
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  await k
    .updateTable(PARENT[kind].table)
    .set(columns as never)
    .where("id", "=", id)
    .execute();
  await touchSeason(k, owner.seasonId, deps.clock());
  const changed = changes(asFields(before), asFields(columns));
  return saved(deps, kind, "update", { id, seasonYear: owner.year }, changed, actor);
}

/**
 * The one entry for a tree form: creates under a parent (a track under the season `year`)
 * or updates the node `id`. `input` is the output of the kind's core schema.
 */
export async function saveTreeNode(
  deps: SeasonsAdminDeps,
  target: {
    kind: TreeNodeKind;
    mode: "create" | "update";
    year: number;
    parentId: number | null;
    id: number | null;
  },
  input: TreeNodeInput,
  actor?: Actor,
): Promise<TreeWrite> {
  const { kind, mode } = target;
  const at = mode === "update" ? target.id : kind === "track" ? target.year : target.parentId;
  if (at === null) return refusal(400, "adminPlatform.errors.badRequest");
  return mode === "create"
    ? createTreeNode(deps, kind, at, input, actor)
    : updateTreeNode(deps, kind, at, input, actor);
}

/** After a write: the public pages refresh and the change goes into the audit log. */
async function saved(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  mode: "create" | "update",
  node: { id: number; seasonYear: number },
  summary: object,
  actor: Actor | undefined,
): Promise<TreeWrite> {
  deps.onChange();
  if (actor) {
    await deps.audit.record(actor, `${kind}.${mode}`, { type: kind, id: node.id }, { ...summary });
  }
  return { ok: true, ...node };
}
