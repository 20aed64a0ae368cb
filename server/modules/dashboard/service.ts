import type { Db } from "../../db/database";
import { seasonFigures } from "./season-figures";

export interface DashboardServiceDeps {
  clock?: () => Date;
}

export type { DashboardFigures } from "./season-figures";

/** The back-office dashboard's figures for a season. */
export function createDashboardService(db: Db, options: DashboardServiceDeps) {
  const deps = { db, clock: options.clock ?? (() => new Date()) };
  return {
    /** A season's figures; its money (the estimated fees) only with `money: true`. */
    figures: (year: number, options: { money?: boolean } = {}) =>
      seasonFigures(deps, year, options),
    /** The seasons a dashboard can show, newest first. */
    years: async (): Promise<number[]> =>
      (await db.kysely.selectFrom("seasons").select("year").orderBy("year", "desc").execute()).map(
        (row) => Number(row.year),
      ),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
