import type { Db } from "../../db/database";
import type { Storage } from "../storage";

export interface EntryAdminDeps {
  storage: Storage;
  clock?: () => Date;
}

/**
 * The back office's view of every entry of a season: the filtered, searched, sorted and
 * paged table, and its CSV / XLSX export. Each operation lives in its own file.
 */
export function createEntryAdminService(_db: Db, _deps: EntryAdminDeps) {
  return {};
}

export type EntryAdminService = ReturnType<typeof createEntryAdminService>;
