import type { Db } from "../../db/database";
import type { ExportAudit } from "../exports/export-summary";

/** What every registrants operation is handed: the database, the clock, the audit log. */
export interface RegistrantsContext {
  db: Db;
  clock: () => Date;
  audit?: ExportAudit;
}
