import type { Kysely, Migration } from "kysely";
import { indexEntries } from "../../modules/library/index-entry";
import type { Database } from "../schema";

// The library's search text now holds a credit's known role in both languages ("Đạo diễn"
// and "Director"). Entries published before are indexed again; the upsert keeps when and by
// whom each was published. A database with no library entries (a new one) has nothing to do.
export default (): Migration => ({ up, down: async () => undefined });

async function up(db: Kysely<unknown>): Promise<void> {
  const q = db as Kysely<Database>;
  const rows = await q.selectFrom("library_entries").select("entry_id").execute();
  if (rows.length === 0) return;
  await indexEntries(
    q,
    rows.map((row) => row.entry_id),
    { at: new Date().toISOString() },
  );
}
