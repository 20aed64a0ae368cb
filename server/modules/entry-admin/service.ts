import type { Db } from "../../db/database";
import type { Actor } from "../audit/service";
import type { ExportAudit } from "../exports/export-summary";
import type { Storage } from "../storage";
import { exportEntries } from "./export-entries";
import { entryFilterOptions } from "./filter-options";
import { listEntries } from "./list-entries";

export interface EntryAdminDeps {
  storage: Storage;
  audit?: ExportAudit;
  clock?: () => Date;
}

type Input<F extends (db: Db, input: never) => unknown> = Parameters<F>[1];
type ExportInput = Parameters<typeof exportEntries>[3];

/**
 * The back office's view of every entry of a season: the filtered, searched, sorted and
 * paged table, and its CSV / XLSX export. Each operation lives in its own file.
 */
export function createEntryAdminService(db: Db, deps: EntryAdminDeps) {
  const clock = deps.clock ?? (() => new Date());
  return {
    list: (input: Omit<Input<typeof listEntries>, "now">) =>
      listEntries(db, { ...input, now: clock() }),
    filterOptions: (input: Input<typeof entryFilterOptions>) => entryFilterOptions(db, input),
    export: (actor: Actor, input: Omit<ExportInput, "now">) =>
      exportEntries(db, deps.audit, actor, { ...input, now: clock() }),
  };
}

export type EntryAdminService = ReturnType<typeof createEntryAdminService>;
