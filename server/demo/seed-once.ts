import type { Transaction } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";

/**
 * Runs a demo seeding step once: in one transaction, skipped when its marker row exists in
 * site_settings, which it writes when done. A second run changes nothing.
 */
export async function seedOnce(
  db: Db,
  marker: string,
  now: Date,
  work: (trx: Transaction<Database>, stamp: string) => Promise<void>,
): Promise<"loaded" | "already present"> {
  return db.kysely.transaction().execute(async (trx) => {
    const done = await trx
      .selectFrom("site_settings")
      .select("key")
      .where("key", "=", marker)
      .executeTakeFirst();
    if (done) return "already present";
    const stamp = now.toISOString();
    await work(trx, stamp);
    await trx
      .insertInto("site_settings")
      .values({ key: marker, value: JSON.stringify(stamp), updated_at: stamp })
      .execute();
    return "loaded";
  });
}
