import type {
  CategoryFeesInput,
  CategoryInput,
  CorrectSeasonInput,
  FirstSeasonInput,
  GroupInput,
  NextSeasonInput,
  TrackInput,
  TreeNodeKind,
} from "../../../core/season-admin";
import type { Db } from "../../db/database";
import { createAuditService, type Actor, type AuditService } from "../audit/service";
import { createSettingsService, type SettingsService } from "../settings/service";
import { getSeason, listSeasons, seasonTree, type SeasonDates } from "./admin-read";
import { seasonAttachments } from "./attachments";
import { correctSeason } from "./correct-season";
import { createFirstSeason } from "./create-first";
import { createSeasonFromPrevious } from "./create-from-previous";
import { deleteTreeNode } from "./delete-node";
import { deleteSeason } from "./delete-season";
import { makeSeasonCurrent } from "./make-current";
import { openOutgoingSeason } from "./outgoing";
import { moveTreeNode } from "./reorder";
import * as node from "./save-tree-node";
import type { SeasonsAdminDeps } from "./tree-queries";
import { updateSeasonDates } from "./update-dates";
import { updateCategoryFees } from "./update-fees";

export type { AdminCategory, AdminGroup, AdminSeason, AdminTrack, SeasonDates } from "./admin-read";
export type { TreeWrite } from "./tree-queries";

/**
 * The seasons section of the back office (admins): a season's dates and its category tree
 * (tracks → groups → categories), the first season of an install without one, the next season
 * made from an earlier one, which season is current, and a season made by mistake deleted or
 * its year and code corrected. Each operation lives in its own file; this binds them to their
 * dependencies. Every write calls `onChange` and, given the acting staff member,
 * records its own audit entry (without one — seeding, scripts — nothing is audited).
 */
export type SeasonsAdminService = ReturnType<typeof createSeasonsAdminService>;

export function createSeasonsAdminService(
  db: Db,
  onChange: () => void,
  clock: () => Date = () => new Date(),
  audit: AuditService = createAuditService(db, clock),
  // The app's one settings service, whose cached copy the public pages read.
  settings: SettingsService = createSettingsService(db, onChange, audit),
) {
  const deps: SeasonsAdminDeps = { db, audit, onChange, clock };
  return {
    list: () => listSeasons(db),
    get: (year: number) => getSeason(db, year),
    tree: (year: number) => seasonTree(db, year),
    updateSeason: (
      year: number,
      input: { nameVi: string; nameEn: string } & SeasonDates,
      actor?: Actor,
    ) => updateSeasonDates(deps, year, input, actor),
    createTrack: (year: number, input: TrackInput, actor?: Actor) =>
      node.createTreeNode(deps, "track", year, input, actor),
    updateTrack: (id: number, input: TrackInput, actor?: Actor) =>
      node.updateTreeNode(deps, "track", id, input, actor),
    createGroup: (trackId: number, input: GroupInput, actor?: Actor) =>
      node.createTreeNode(deps, "group", trackId, input, actor),
    updateGroup: (id: number, input: GroupInput, actor?: Actor) =>
      node.updateTreeNode(deps, "group", id, input, actor),
    createCategory: (groupId: number, input: CategoryInput, actor?: Actor) =>
      node.createTreeNode(deps, "category", groupId, input, actor),
    updateCategory: (id: number, input: CategoryInput, actor?: Actor) =>
      node.updateTreeNode(deps, "category", id, input, actor),
    updateCategoryFees: (id: number, input: CategoryFeesInput, actor?: Actor) =>
      updateCategoryFees(deps, id, input, actor),
    saveNode: (
      target: Parameters<typeof node.saveTreeNode>[1],
      input: node.TreeNodeInput,
      actor?: Actor,
    ) => node.saveTreeNode(deps, target, input, actor),
    remove: (kind: TreeNodeKind, id: number, actor?: Actor) =>
      deleteTreeNode(deps, kind, id, actor),
    createFirst: (input: FirstSeasonInput, actor?: Actor) =>
      createFirstSeason({ ...deps, settings }, input, actor),
    createFromPrevious: (input: NextSeasonInput, actor?: Actor) =>
      createSeasonFromPrevious(deps, input, actor),
    /** What making `year` current would stop: the current season's open windows, or null. */
    outgoing: (year: number) => openOutgoingSeason({ ...deps, settings }, year),
    makeCurrent: (year: number, options: { acknowledgeOpen?: boolean } = {}, actor?: Actor) =>
      makeSeasonCurrent({ ...deps, settings }, year, options, actor),
    /** What is tied to a season (deleting or correcting it needs none), or null without it. */
    attachments: async (year: number) => {
      const season = await getSeason(db, year);
      return season ? seasonAttachments(db.kysely, season) : null;
    },
    deleteSeason: (year: number, actor?: Actor) => deleteSeason({ ...deps, settings }, year, actor),
    correctSeason: (input: CorrectSeasonInput, actor?: Actor) =>
      correctSeason({ ...deps, settings }, input, actor),
    move: (kind: TreeNodeKind, id: number, direction: "up" | "down", actor?: Actor) =>
      moveTreeNode(deps, kind, id, direction, actor),
  };
}
