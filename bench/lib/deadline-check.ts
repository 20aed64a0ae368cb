/**
 * The deadline rush's bookkeeping on the server's own database and store: entrant accounts made
 * through the identity service before the run, the catalogue place they enter, and afterwards
 * the check that every acknowledged save, upload and submission is what the database and the
 * store hold.
 */
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { createStorageDriver } from "../../server/modules/storage/index";
import { createServices } from "../../server/services";
import { individualProfile } from "../../server/test-support/sign-in";
import type { EntrantLedger, EntryPlace } from "./deadline-entrant";

/** The environment that points the services at the server's database and store. */
export type ServerSettings = Record<string, string>;

async function withDb<T>(
  settings: ServerSettings,
  work: (parts: {
    db: ReturnType<typeof openDatabase>;
    config: ReturnType<typeof loadConfig>;
  }) => Promise<T>,
): Promise<T> {
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", ...settings });
  const db = openDatabase(config.database);
  try {
    return await work({ db, config });
  } finally {
    await db.close();
  }
}

/** `count` entrant accounts (verified addresses), made through the identity service. */
export function seedEntrants(
  settings: ServerSettings,
  count: number,
  password: string,
): Promise<{ emails: string[]; place: EntryPlace }> {
  return withDb(settings, async ({ db, config }) => {
    const services = createServices(db, config, { onContentChange: () => {} });
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `rush-${i}@example.vn`;
      await services.identity.createEntrant({
        email,
        password,
        profile: individualProfile(`Thí Sinh ${i}`, `${i} Tràng Tiền, Hà Nội`),
      });
      emails.push(email);
    }
    // The first category of the newest season that takes individuals and requires a video.
    const row = await db.kysely
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .select(["c.id as categoryId", "t.id as trackId"])
      .where("c.allow_individual", "=", 1 as never)
      .where("c.video_required", "=", 1 as never)
      .orderBy("s.year", "desc")
      .orderBy("t.sort_order")
      .orderBy("g.sort_order")
      .orderBy("c.sort_order")
      .executeTakeFirstOrThrow();
    return {
      emails,
      place: { trackId: String(row.trackId), categoryId: String(row.categoryId) },
    };
  });
}

export interface CheckResult {
  entriesChecked: number;
  savesAcked: number;
  uploadsAcked: number;
  submitsAcked: number;
  /** Each acknowledged thing the database or store does not hold as acknowledged. */
  lost: string[];
}

/** Compares the ledgers with the database and the store (after the servers have stopped). */
export function checkLedgers(
  settings: ServerSettings,
  dataDir: string,
  ledgers: EntrantLedger[],
): Promise<CheckResult> {
  return withDb(settings, async ({ db, config }) => {
    const store = createStorageDriver(config.storage, dataDir);
    const result: CheckResult = {
      entriesChecked: 0,
      savesAcked: 0,
      uploadsAcked: 0,
      submitsAcked: 0,
      lost: [],
    };
    for (const ledger of ledgers) {
      result.savesAcked += ledger.saves;
      result.uploadsAcked += ledger.uploads.length;
      if (ledger.submitted) result.submitsAcked += 1;
      if (!ledger.entryId) continue;
      result.entriesChecked += 1;
      const entry = await db.kysely
        .selectFrom("entries")
        .select(["version", "brand_name", "status"])
        .where("id", "=", ledger.entryId)
        .executeTakeFirst();
      if (!entry) {
        result.lost.push(`${ledger.email}: entry ${ledger.entryId} is missing`);
        continue;
      }
      // A newer version is a write whose answer never arrived (a cut connection): not a loss.
      const held = Number(entry.version);
      const acked = ledger.version ?? 0;
      if (held < acked || (held === acked && entry.brand_name !== ledger.brandName)) {
        result.lost.push(
          `${ledger.email}: holds v${entry.version} "${entry.brand_name}", acknowledged v${ledger.version} "${ledger.brandName}"`,
        );
      }
      if (ledger.submitted && entry.status !== "submitted") {
        result.lost.push(`${ledger.email}: submitted, but the entry is ${entry.status}`);
      }
      for (const upload of ledger.uploads) {
        const file = await db.kysely
          .selectFrom("entry_files")
          .select(["storage_key", "bytes", "field", "entry_id"])
          .where("id", "=", upload.fileId)
          .executeTakeFirst();
        if (!file || file.entry_id !== ledger.entryId || file.field !== upload.field) {
          result.lost.push(`${ledger.email}: ${upload.field} ${upload.fileId} is not attached`);
          continue;
        }
        const stat = await store.stat(file.storage_key);
        if (!stat || stat.size !== upload.size || Number(file.bytes) !== upload.size) {
          result.lost.push(
            `${ledger.email}: ${upload.field} ${upload.fileId} stored ${stat?.size ?? "nothing"}, sent ${upload.size}`,
          );
        }
      }
    }
    return result;
  });
}
