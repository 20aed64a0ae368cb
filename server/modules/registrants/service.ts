import type { ExportFormat, RegistrantListQuery } from "../../../core/registrants-admin";
import type { Lang } from "../../../core/languages";
import type { Db } from "../../db/database";
import type { Actor } from "../audit/service";
import type { ExportAudit } from "../exports/export-summary";
import type { Storage } from "../storage";
import type { RegistrantsContext } from "./context";
import { entryOwnerFacts } from "./entry-owner";
import { exportRegistrants } from "./export";
import { getRegistrant } from "./get";
import { listRegistrants } from "./list";

export type { RegistrantRow } from "./list";
export type { LicenceFile, RegistrantDetail, RegistrantEntry, RegistrantProfileView } from "./get";
export type { EntryOwnerFacts } from "./entry-owner";
export type { ExportedSheet } from "./export";

export interface RegistrantsDeps {
  /** Not read here: pages sign the links to files (services.storage) where they show them. */
  storage?: Storage;
  audit?: ExportAudit;
  clock?: () => Date;
}

/**
 * Registrants in the back office (PRODUCT §7): the searchable list, one registrant with their
 * entries, the export of the list's filter, and the owner's facts the staff entry page shows.
 * Read-only: registrants change their own profile. Pages check the staff role first.
 */
export function createRegistrantsService(db: Db, deps: RegistrantsDeps) {
  const ctx: RegistrantsContext = {
    db,
    clock: deps.clock ?? (() => new Date()),
    ...(deps.audit ? { audit: deps.audit } : {}),
  };
  return {
    list: (query: RegistrantListQuery) => listRegistrants(ctx, query),
    get: (userId: string) => getRegistrant(ctx, userId),
    export: (
      actor: Actor,
      query: RegistrantListQuery,
      format: ExportFormat,
      lang: Lang,
      options?: { maxRows?: number },
    ) => exportRegistrants(ctx, actor, query, format, lang, options),
    entryOwner: (entryId: string) => entryOwnerFacts(ctx, entryId),
  };
}

export type RegistrantsService = ReturnType<typeof createRegistrantsService>;
