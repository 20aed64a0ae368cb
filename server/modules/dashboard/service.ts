import type { Db } from "../../db/database";

export interface DashboardDeps {
  clock?: () => Date;
}

/** The back-office dashboard's figures for a season. */
export function createDashboardService(_db: Db, _deps: DashboardDeps) {
  return {};
}

export type DashboardService = ReturnType<typeof createDashboardService>;
