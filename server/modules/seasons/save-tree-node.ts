import { changes } from "../../../core/audit-summary";
import { fieldRefusal, refusal } from "../../../core/refusal";
import {
  PARENT_KIND,
  type CategoryInput,
  type GroupInput,
  type TrackInput,
  type TreeNodeKind,
} from "../../../core/season-admin";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";
import type { Actor } from "../audit/service";
import {
  categoryClash,
  categoryValues,
  groupClash,
  nextOrder,
  nodeName,
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
 * sibling. An edit may file a group under another track or a category under another group of
 * the same season (`parentId`): it goes last there, and its entries follow it. The audit entry
 * names the node, its season's year and, for a new node (`track.create`, …), what was saved;
 * for an edit (`category.update`, …), the fields that changed, before and after, and a move's
 * old and new parent.
 */

export type TreeNodeInput = TrackInput | GroupInput | CategoryInput;

/** A node's own columns from the core schema's output (where it is filed is not one of them). */
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

/**
 * Field errors when another node uses the slug (or the code) where it must be unique; null if
 * none. `parentId` is where the node is (or goes): a category's slug is unique in its group.
 */
async function clashOf(
  deps: SeasonsAdminDeps,
  kind: TreeNodeKind,
  seasonId: number,
  input: TreeNodeInput,
  place: { parentId: number; exceptId: number | null },
): Promise<Record<string, string> | null> {
  const k = deps.db.kysely;
  const { parentId, exceptId } = place;
  if (kind === "track") return trackClash(k, seasonId, input as TrackInput, exceptId);
  if (kind === "category") {
    return categoryClash(k, seasonId, parentId, input as CategoryInput, exceptId);
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
  const under = kind === "track" ? owner.seasonId : parentId;
  const clash = await clashOf(deps, kind, owner.seasonId, input, {
    parentId: under,
    exceptId: null,
  });
  if (clash) return fieldRefusal(clash, 409);
  const { table, parent } = PARENT[kind];
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
  const { parentId: _under, ...fields } = input as TreeNodeInput & { parentId?: number };
  return saved(deps, kind, "create", { id, seasonYear: owner.year }, fields, actor);
}

/**
 * New names, slug, code, fees … for the node `id`, and for a group or category, perhaps a new
 * parent (`parentId`) of the same season and the right kind: a group's is a track, a
 * category's a group. A moved node goes after its new siblings; its categories' entries follow
 * it (they name their track too, which changes with a move to another track). Codes already
 * issued keep their prefix: they are on invoices and payment memos.
 */
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
  const { table, parent } = PARENT[kind];
  const columns = columnsOf(kind, input);
  const stored = (await k
    .selectFrom(table)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow()) as unknown as Record<string, unknown>;
  const from = Number(stored[parent]);
  const asked = kind === "track" ? undefined : (input as GroupInput | CategoryInput).parentId;
  const to = asked !== undefined && asked !== from ? asked : null;
  if (to !== null && kind !== "track") {
    const there = await seasonOf(k, PARENT_KIND[kind], to);
    if (!there || there.seasonId !== owner.seasonId) {
      return fieldRefusal({ parentId: "adminPlatform.validation.parent" }, 409);
    }
  }
  const clash = await clashOf(deps, kind, owner.seasonId, input, {
    parentId: to ?? from,
    exceptId: id,
  });
  if (clash) return fieldRefusal(clash, 409);
  const before = Object.fromEntries(Object.keys(columns).map((c) => [c, stored[c]]));
  const fromName = to === null ? null : await nodeName(k, PARENT_KIND[kind as "group"], from);
  await k.transaction().execute(async (trx) => {
    const place = to === null ? {} : { [parent]: to, sort_order: await nextOrder(trx, kind, to) };
    await trx
      .updateTable(table)
      .set({ ...columns, ...place } as never)
      .where("id", "=", id)
      .execute();
    if (to !== null) await keepEntriesTrack(trx, kind as "group" | "category", id);
    await touchSeason(trx, owner.seasonId, deps.clock());
  });
  const changed = changes(asFields(before), asFields(columns));
  if (to !== null) {
    changed[PARENT_KIND[kind as "group"]] = {
      from: fromName ?? "",
      to: (await nodeName(k, PARENT_KIND[kind as "group"], to)) ?? "",
    };
  }
  return saved(deps, kind, "update", { id, seasonYear: owner.year }, changed, actor);
}

/**
 * Entries name their track besides their category: after a group or category moves, those
 * filed beneath it name the track it is under now.
 */
async function keepEntriesTrack(
  trx: Transaction<Database>,
  kind: "group" | "category",
  id: number,
): Promise<void> {
  const track = await trx
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .select("g.track_id")
    .where(kind === "group" ? "g.id" : "c.id", "=", id)
    .executeTakeFirst();
  if (!track) return; // A group with no category has no entries.
  const categories = trx
    .selectFrom("categories")
    .select("id")
    .where(kind === "group" ? "group_id" : "id", "=", id);
  await trx
    .updateTable("entries")
    .set({ track_id: track.track_id })
    .where("category_id", "in", categories)
    .where((eb) => eb.or([eb("track_id", "is", null), eb("track_id", "<>", track.track_id)]))
    .execute();
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
    // Named as it is now, with its season: the id alone says nothing in the log.
    const name = (await nodeName(deps.db.kysely, kind, node.id)) ?? "";
    await deps.audit.record(
      actor,
      `${kind}.${mode}`,
      { type: kind, id: node.id },
      { year: node.seasonYear, name, ...summary },
    );
  }
  return { ok: true, ...node };
}
