import type { Db } from "../../db/database";
import type { Storage } from "../storage";

export interface RegistrantsDeps {
  storage: Storage;
  clock?: () => Date;
}

/** Registrants in the back office: list, search, detail with their entries, export. */
export function createRegistrantsService(_db: Db, _deps: RegistrantsDeps) {
  return {};
}

export type RegistrantsService = ReturnType<typeof createRegistrantsService>;
