import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../services";

/**
 * A category of the demo data (2026's TVC unless told otherwise) with the ids of its track
 * and season: what tests on a seeded app put their entries in.
 */
export function demoCategory(db: Kysely<Database>, code = "TVC", year = 2026) {
  return db
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select(["c.id", "t.id as track_id", "s.id as season_id"])
    .where("s.year", "=", year)
    .where("c.code", "=", code)
    .executeTakeFirstOrThrow();
}

/** Staff move a submitted entry to paid (finance), then accepted (jury manager), as screening does. */
export async function acceptSubmitted(services: Services, entryId: string): Promise<void> {
  const staff = { id: "staff", email: "staff@example.vn", name: "Staff" };
  for (const [to, role] of [
    ["paid", "finance"],
    ["accepted", "jury_manager"],
  ] as const) {
    const entry = await services.entries.getForStaff(entryId);
    const moved = await services.entries.changeStatus({ ...staff, role }, entryId, {
      to,
      reason: "",
      statusVersion: entry!.statusVersion,
    });
    if (!moved.ok) throw new Error(JSON.stringify(moved));
  }
}
