import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { COMPLETE_TEXT, enterprise, file, NOW } from "./testbed";

/**
 * An autosave runs on every pause in typing: it reads the entry once with what it needs and
 * writes once, rather than reading the track and category again for each rule. The ceiling
 * counts every statement Kysely sends to a real SQLite file, transaction control included.
 */
const AUTOSAVE_STATEMENTS_MAX = 6;
/** The form's own autosave: the entry and its files read, one versioned write, no transaction. */
const FORM_AUTOSAVE_STATEMENTS = 3;

describe("an autosave on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vx-entries-statements-"));
  const dbFile = path.join(dir, "app.sqlite");
  const config = testConfig();
  const statements: string[] = [];
  let setup: Db;
  let counted: Db;
  let services: Services;
  let userId: string;

  beforeAll(async () => {
    setup = openDatabase({ kind: "sqlite", file: dbFile });
    await migrateToLatest(setup);
    await seedDemoData(setup, NOW);
    const sqlite = new SQLite(dbFile);
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    counted = { kind: "sqlite", kysely, close: () => kysely.destroy() };
    services = createServices(counted, config, { onContentChange: () => {}, clock: () => NOW });
    userId = await services.identity.createEntrant({
      email: "autosave@example.vn",
      password: "mat-khau-rat-dai-2026",
      profile: enterprise("Vũ Tự Lưu"),
    });
  }, 60_000);

  afterAll(async () => {
    await counted?.close();
    await setup?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it(`touches the database at most ${AUTOSAVE_STATEMENTS_MAX} times, with a category and files`, async () => {
    const category = await setup.kysely
      .selectFrom("categories as c")
      .innerJoin("category_groups as g", "g.id", "c.group_id")
      .innerJoin("tracks as t", "t.id", "g.track_id")
      .innerJoin("seasons as s", "s.id", "t.season_id")
      .select("c.id")
      .where("c.code", "=", "TVC")
      .where("s.year", "=", 2026)
      .executeTakeFirstOrThrow();
    const created = await services.entries.createDraft(userId, {
      ...COMPLETE_TEXT,
      categoryId: String(category.id),
    });
    if (!created.ok) throw new Error(`draft: ${JSON.stringify(created)}`);
    const attached = await services.entries.attachFile(
      userId,
      created.entry.id,
      "images",
      file({ variants: { mediaId: 1 } }),
    );
    expect(attached.ok).toBe(true);

    statements.length = 0;
    const saved = await services.entries.saveDraft(
      userId,
      created.entry.id,
      { brandName: "Trà Xanh", campaignName: "Tết sum vầy 2026" },
      { version: created.entry.version },
    );
    expect(saved).toMatchObject({
      ok: true,
      entry: { version: created.entry.version + 1, code: created.entry.code },
    });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(AUTOSAVE_STATEMENTS_MAX);

    // What it answers is what a fresh read gives.
    const read = await services.entries.get(userId, created.entry.id);
    expect(saved.ok && saved.entry).toEqual(read);

    // The form's autosave answers with the version only: no image links, no transaction.
    statements.length = 0;
    const autosaved = await services.entries.autosave(
      userId,
      created.entry.id,
      { brandName: "Trà Xanh Xuân" },
      { version: read!.version },
    );
    expect(autosaved).toMatchObject({ ok: true, saved: { version: read!.version + 1 } });
    expect(statements, statements.join("\n")).toHaveLength(FORM_AUTOSAVE_STATEMENTS);
    expect(statements.filter((sql) => /^(begin|commit|savepoint)/i.test(sql))).toEqual([]);
  });
});
