import type { Db } from "../../db/database";

/** What every registrants operation is handed: the database and the clock. */
export interface RegistrantsContext {
  db: Db;
  clock: () => Date;
}
