import { randomUUID } from "node:crypto";
import { sql, type Insertable } from "kysely";
import { WINNER_PRIZES } from "../../core/content-admin";
import type { Db } from "../../server/db/database";
import type { EntryFileTable, EntryTable } from "../../server/db/schema";
import type { PrizeTable } from "../../server/db/schema-judging";
import { seededRandom } from "../../server/demo/demo-registrants";
import { indexEntries } from "../../server/modules/library/index-entry";
import { benchEntryText } from "./library-texts";

// The entries of the library benchmark (bench/library-search.bench.ts), written straight into
// the tables in bulk and put into the library by the library module's own indexing, so the
// search index is the real one.

/** Rows per INSERT: well within SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 500;
/** Entries indexed per transaction. */
const INDEX_CHUNK = 5_000;

export interface LibrarySeed {
  entries: number;
  published: number;
  prizes: number;
  years: number[];
  categories: number;
  /** Entry codes, brands and years that exist, for the queries. */
  sampleCodes: string[];
  seconds: { insert: number; index: number };
}

interface CategoryRow {
  category_id: number;
  category_code: string;
  track_id: number;
  track_code: string;
  group_slug: string;
  season_id: number;
  season_code: string;
  year: number;
}

export async function seedLibrary(db: Db, count: number): Promise<LibrarySeed> {
  const q = db.kysely;
  const random = seededRandom(20_260_117);
  const categories: CategoryRow[] = await q
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select([
      "c.id as category_id",
      "c.code as category_code",
      "t.id as track_id",
      "t.code as track_code",
      "g.slug as group_slug",
      "s.id as season_id",
      "s.code as season_code",
      "s.year as year",
    ])
    .execute();
  if (categories.length === 0) throw new Error("no categories: the demo data did not load");
  const owner = await q.selectFrom("user").select("id").limit(1).executeTakeFirstOrThrow();
  // The demo's generated entry pictures: cards resolve them as a real list would.
  const pictures = (
    await q.selectFrom("media").select("id").where("purpose", "=", "entry").execute()
  ).map((r) => Number(r.id));

  const at = new Date().toISOString();
  const ids: string[] = [];
  const sampleCodes: string[] = [];
  let prizes = 0;
  const insertStarted = performance.now();
  for (let start = 0; start < count; start += INSERT_CHUNK) {
    const entries: Insertable<EntryTable>[] = [];
    const files: Insertable<EntryFileTable>[] = [];
    const prizeRows: Insertable<PrizeTable>[] = [];
    for (let i = start; i < Math.min(count, start + INSERT_CHUNK); i++) {
      const category = categories[i % categories.length]!;
      const text = benchEntryText(random, i, category.track_code, category.year);
      const id = randomUUID();
      const code = `${category.season_code}-${category.category_code}-B${String(i).padStart(5, "0")}`;
      const prize = random.chance(0.03) ? random.pick(WINNER_PRIZES) : null;
      ids.push(id);
      if (i % 997 === 0) sampleCodes.push(code);
      entries.push({
        id,
        owner_user_id: owner.id,
        season_id: category.season_id,
        track_id: category.track_id,
        category_id: category.category_id,
        code,
        status: prize ? "winner" : "accepted",
        brand_name: text.brand,
        campaign_name: text.title,
        description_vi: text.descriptionVi,
        description_en: text.descriptionEn,
        start_month: random.int(1, 6),
        start_year: category.year,
        end_month: random.int(7, 12),
        end_year: category.year,
        video_link: "",
        credits: text.credits,
        version: 1,
        created_at: at,
        updated_at: at,
        submitted_at: at,
        withdrawn_at: null,
        changes_due_at: null,
      });
      if (pictures.length > 0) {
        files.push({
          id: randomUUID(),
          entry_id: id,
          field: "images",
          storage_key: `bench/${id}.jpg`,
          original_name: "anh.jpg",
          mime: "image/jpeg",
          bytes: 100_000,
          width: 1600,
          height: 900,
          duration_seconds: null,
          variants: JSON.stringify({ mediaId: pictures[i % pictures.length] }),
          sort_order: 0,
          created_at: at,
        });
      }
      if (prize) {
        prizes += 1;
        prizeRows.push({
          season_id: category.season_id,
          entry_id: id,
          prize,
          created_at: at,
          published_at: at,
        });
      }
    }
    await q.transaction().execute(async (trx) => {
      await trx.insertInto("entries").values(entries).execute();
      if (files.length) await trx.insertInto("entry_files").values(files).execute();
      if (prizeRows.length) await trx.insertInto("prizes").values(prizeRows).execute();
    });
  }
  const insertSeconds = (performance.now() - insertStarted) / 1000;

  const indexStarted = performance.now();
  let published = 0;
  for (let start = 0; start < ids.length; start += INDEX_CHUNK) {
    const chunk = ids.slice(start, start + INDEX_CHUNK);
    published += await q
      .transaction()
      .execute((trx) => indexEntries(trx, chunk, { at, publishedBy: null }));
  }
  // A bulk load is followed by what autovacuum does on its own within a minute (PostgreSQL
  // 13+ vacuums after inserts too): the statistics, and the visibility map that lets counts
  // read an index alone.
  if (db.kind === "postgres") await sql`vacuum analyze`.execute(q);
  const indexSeconds = (performance.now() - indexStarted) / 1000;

  return {
    entries: count,
    published,
    prizes,
    years: [...new Set(categories.map((c) => c.year))].sort(),
    categories: categories.length,
    sampleCodes,
    seconds: { insert: insertSeconds, index: indexSeconds },
  };
}
