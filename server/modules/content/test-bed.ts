import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoContent } from "../../demo/demo-content";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import type { TestDatabase } from "../../test-support/databases";
import type { Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";

/** The moment the content back-office tests run at, and the editor who acts. */
export const NOW = new Date("2026-09-01T03:00:00.000Z");
export const EDITOR: Actor = {
  id: "editor-1",
  email: "editor@vanxuan-awards.example",
  ip: "203.0.113.9",
};

/** Payloads that would run if any field reached the page as markup. */
export const XSS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  '<svg onload="alert(1)"><script>alert(2)</script></svg>',
];

/**
 * A migrated database with the demo data and content, and the services on it (clock at
 * `bed.now`, HTML-cache clears counted). Call inside a `describe`: it registers the hooks.
 */
export function contentTestBed(target: TestDatabase) {
  const config = testConfig();
  const bed = {
    config,
    db: undefined as unknown as Db,
    services: undefined as unknown as Services,
    /** How often the HTML cache was cleared. */
    changes: 0,
    /** The services' clock: a test may move it (and should put it back to `NOW`). */
    now: NOW,
    /** The audit rows of an action, newest first. */
    auditRows: (action: string) =>
      bed.db.kysely
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", action)
        .orderBy("id", "desc")
        .execute(),
  };
  beforeAll(async () => {
    bed.db = await target.open();
    await migrateToLatest(bed.db);
    await seedDemoData(bed.db, NOW);
    await seedDemoContent(bed.db, NOW);
    bed.services = createServices(bed.db, config, {
      onContentChange: () => bed.changes++,
      clock: () => bed.now,
    });
  });
  afterAll(async () => {
    await target.cleanup();
    rmSync(config.dataDir, { recursive: true, force: true });
  });
  return bed;
}

/** The result of an operation expected to succeed (fails the test with the refusal otherwise). */
export function accepted<T extends object>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** An entrant's winning entry of the 2024 season, for winners linked to an entry. */
export async function addWinningEntry(
  services: Services,
  db: Db,
  entry: { email: string; id: string; code: string; brand: string; campaign: string },
): Promise<void> {
  const owner = await services.identity.createEntrant({
    email: entry.email,
    password: "mua-thu-ha-noi-2026",
    profile: {
      type: "individual",
      fullName: "Người Dự Thi",
      phone: "+84912345678",
      address: "1 Tràng Tiền, Hà Nội",
      personalId: null,
      companyName: null,
      businessRegistrationNumber: null,
      taxCode: null,
      licenceFileId: null,
    },
  });
  const season = await db.kysely
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", 2024)
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto("entries")
    .values({
      id: entry.id,
      owner_user_id: owner,
      season_id: season.id,
      code: entry.code,
      status: "winner",
      brand_name: entry.brand,
      campaign_name: entry.campaign,
      description_vi: "",
      description_en: "",
      video_link: "",
      credits: '{"companies":[],"people":[]}',
      version: 1,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    })
    .execute();
}
