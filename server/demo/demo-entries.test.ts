import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEntryCode, parseEntryCode } from "../../core/entry-code";
import { canTransition, type EntryActor, type EntryStatus } from "../../core/entry-status";
import { isValidPersonalId } from "../../core/personal-id";
import { isValidVietnamesePhone } from "../../core/phone";
import { isValidTaxCode } from "../../core/tax-code";
import { loadConfig } from "../config";
import { migrateToLatest, type Db } from "../db/database";
import { createServices, type Services } from "../services";
import { closeAndSettle, testDatabases } from "../test-support/databases";
import { DEMO_ACCOUNTS, seedDemoAccounts } from "./demo-accounts";
import { demoPictureKey } from "./demo-entry-files";
import { seedDemoData } from "./demo-data";
import {
  DEMO_CURRENT_COUNTS,
  DEMO_PREVIOUS_COUNTS,
  DEMO_REGISTRANT_COUNT,
  seedDemoEntries,
} from "./demo-entries";

/**
 * The demo entries a fresh start loads: counts per status in both seasons, a history whose
 * every step the lifecycle allows and whose last step is the entry's status, unique codes
 * with their counters bumped, valid registrant details, shared files that exist in storage,
 * a second run that changes nothing, and the time it takes.
 */

const sum = (counts: Partial<Record<EntryStatus, number>>) =>
  Object.values(counts).reduce((a, b) => a + b, 0);

describe.each(testDatabases())("demo entries on $name", (target) => {
  describe.skipIf(!target.available)("a fresh demo install", () => {
    let db: Db;
    let services: Services;
    let dataDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "vx-demo-entries-"));
      db = await target.open();
      await migrateToLatest(db);
      const now = new Date("2026-11-20T03:00:00.000Z");
      await seedDemoData(db, now);
      const config = loadConfig({
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1:1",
      });
      services = createServices(db, config, { onContentChange: () => {} });
      await seedDemoAccounts(db, services, dataDir);
      const started = performance.now();
      const result = await seedDemoEntries(
        db,
        {
          storage: services.storage,
          // As a start stores them: the heavy variants are the image-variants job's, later.
          storeImage: (file) =>
            services.media.storeImage(file, { purpose: "entry", variantsLater: true }),
          picturesPerTitle: 1,
        },
        now,
      );
      // The time is printed, not asserted: it says how long a first `npm start` seeds for, and
      // a busy machine (a parallel test file) doubles it.
      console.log(`demo entries on ${target.name}: ${(performance.now() - started).toFixed(0)} ms`);
      expect(result).toBe("loaded");
    }, 60_000);

    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const seasonId = async (year: number) =>
      (
        await db.kysely
          .selectFrom("seasons")
          .select("id")
          .where("year", "=", year)
          .executeTakeFirstOrThrow()
      ).id;

    it("loads the planned statuses in the current and the previous season", async () => {
      for (const [year, counts] of [
        [2026, DEMO_CURRENT_COUNTS],
        [2025, DEMO_PREVIOUS_COUNTS],
      ] as const) {
        const rows = await db.kysely
          .selectFrom("entries")
          .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
          .where("season_id", "=", await seasonId(year))
          .groupBy("status")
          .execute();
        const found = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
        expect(found, `statuses of ${year}`).toEqual(counts);
      }
      expect(sum(DEMO_CURRENT_COUNTS)).toBeGreaterThanOrEqual(280);
    });

    it("gives every entry a period that ends after it starts (seed §5)", async () => {
      const rows = await db.kysely
        .selectFrom("entries")
        .select(["code", "start_month", "start_year", "end_month", "end_year"])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const monthOf = (month: unknown, year: unknown) => Number(year) * 12 + Number(month);
      const wrong = rows.filter(
        (r) =>
          r.end_month !== null &&
          monthOf(r.end_month, r.end_year) <= monthOf(r.start_month, r.start_year),
      );
      expect(wrong.map((r) => r.code)).toEqual([]);
    });

    it("gives every entry a history the lifecycle allows, ending at its status and version", async () => {
      const entries = await db.kysely
        .selectFrom("entries")
        .select(["id", "status", "status_version", "submitted_at", "changes_due_at"])
        .execute();
      const history = await db.kysely
        .selectFrom("entry_status_history")
        .selectAll()
        .orderBy("id")
        .execute();
      const byEntry = new Map<string, typeof history>();
      for (const row of history) {
        byEntry.set(row.entry_id, [...(byEntry.get(row.entry_id) ?? []), row]);
      }
      const roles = new Set<string>();
      for (const entry of entries) {
        const steps = byEntry.get(entry.id) ?? [];
        expect(Number(entry.status_version), entry.id).toBe(steps.length + 1);
        expect(steps.at(-1)?.to_status ?? "draft").toBe(entry.status);
        let from = "draft";
        let last = "";
        for (const step of steps) {
          roles.add(step.actor_role);
          expect(step.from_status).toBe(from);
          expect(
            canTransition(
              step.from_status as EntryStatus,
              step.to_status as EntryStatus,
              step.actor_role as EntryActor,
            ),
            `${step.from_status} → ${step.to_status} by ${step.actor_role}`,
          ).toBe(true);
          expect(step.created_at >= last).toBe(true);
          if (step.to_status === "needs_changes" || step.to_status === "rejected") {
            expect(step.reason.length).toBeGreaterThan(20);
          }
          from = step.to_status;
          last = step.created_at;
        }
        expect(entry.submitted_at === null).toBe(!steps.some((s) => s.to_status === "submitted"));
        expect(entry.changes_due_at !== null).toBe(entry.status === "needs_changes");
        if (entry.status === "needs_changes") {
          expect(entry.changes_due_at! > "2026-11-20T03:00:00.000Z").toBe(true);
        }
      }
      expect([...roles].sort()).toEqual(["admin", "entrant", "finance", "jury_manager", "system"]);
    });

    it("numbers entries with unique codes in the real format and bumps the counters", async () => {
      const entries = await db.kysely.selectFrom("entries").select(["code", "season_id"]).execute();
      const codes = entries.map((e) => e.code ?? "");
      expect(codes.every(isEntryCode)).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
      const sequences = await db.kysely.selectFrom("entry_code_sequences").selectAll().execute();
      for (const code of codes) {
        const parts = parseEntryCode(code)!;
        const prefix = code.slice(0, code.lastIndexOf("-"));
        const counter = sequences.find((s) => s.prefix === prefix);
        expect(counter, prefix).toBeDefined();
        expect(Number(counter!.last_number)).toBeGreaterThanOrEqual(parts.sequence);
      }
      const tracks = new Set(codes.map((c) => parseEntryCode(c)!.trackCode));
      expect([...tracks].sort()).toEqual(["VX", "VXC", "VXS"]);
      expect(new Set(codes.map((c) => parseEntryCode(c)!.categoryCode)).size).toBeGreaterThan(8);
    });

    it("creates valid registrants, enterprises with a stored licence, and no entry for the demo entrant", async () => {
      const registrants = await db.kysely
        .selectFrom("registrants")
        .innerJoin("user", "user.id", "registrants.user_id")
        .selectAll("registrants")
        .select(["user.email", "user.role", "user.emailVerified"])
        .where("user.email", "like", "%@example.vn")
        .execute();
      expect(registrants).toHaveLength(DEMO_REGISTRANT_COUNT);
      const enterprises = registrants.filter((r) => r.type === "enterprise");
      expect(enterprises.length).toBeGreaterThan(30);
      expect(registrants.length - enterprises.length).toBeGreaterThan(15);
      for (const r of registrants) {
        expect(r.role).toBe("entrant");
        expect(Boolean(r.emailVerified)).toBe(true);
        expect(isValidVietnamesePhone(r.phone), r.phone).toBe(true);
        if (r.type === "enterprise") {
          expect(r.company_name).toMatch(/^Công ty (TNHH|Cổ phần) /);
          expect(isValidTaxCode(r.tax_code ?? ""), r.tax_code ?? "").toBe(true);
          const licence = await services.files.read(r.licence_file_id!);
          expect(licence?.data.subarray(0, 5).toString()).toBe("%PDF-");
        } else {
          expect(isValidPersonalId(r.personal_id ?? ""), r.personal_id ?? "").toBe(true);
        }
      }
      const demoEntrant = await db.kysely
        .selectFrom("entries")
        .innerJoin("user", "user.id", "entries.owner_user_id")
        .select("entries.id")
        .where("user.email", "=", DEMO_ACCOUNTS.entrant.email)
        .execute();
      expect(demoEntrant).toEqual([]);
      // Individuals only in categories open to them.
      const misplaced = await db.kysely
        .selectFrom("entries")
        .innerJoin("registrants", "registrants.user_id", "entries.owner_user_id")
        .innerJoin("categories", "categories.id", "entries.category_id")
        .select("entries.id")
        .where((eb) =>
          eb.or([
            eb.and([eb("registrants.type", "=", "individual"), eb("allow_individual", "=", 0)]),
            eb.and([eb("registrants.type", "=", "enterprise"), eb("allow_enterprise", "=", 0)]),
          ]),
        )
        .execute();
      expect(misplaced).toEqual([]);
    });

    it("shares stored files that exist, with a video wherever the category requires one", async () => {
      const keys = await db.kysely
        .selectFrom("entry_files")
        .select(["storage_key", "variants", "field"])
        .distinct()
        .execute();
      const distinct = new Set(keys.map((k) => k.storage_key));
      // A few documents and the film; the pictures, one per title here.
      const others = new Set(keys.filter((k) => k.field !== "images").map((k) => k.storage_key));
      expect(others.size).toBeLessThan(12);
      for (const key of distinct) expect(await services.storage.stat(key), key).not.toBeNull();
      const images = keys.filter((k) => k.field === "images");
      for (const image of images) {
        const mediaId = (JSON.parse(image.variants) as { mediaId: number }).mediaId;
        expect(await services.media.get(mediaId)).not.toBeNull();
      }
      const withoutVideo = await db.kysely
        .selectFrom("entries")
        .innerJoin("categories", "categories.id", "entries.category_id")
        .select("entries.id")
        .where("entries.status", "!=", "draft")
        .where("categories.video_required", "=", 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("entry_files")
                .select("entry_files.id")
                .whereRef("entry_files.entry_id", "=", "entries.id")
                .where("entry_files.field", "=", "video"),
            ),
          ),
        )
        .execute();
      expect(withoutVideo).toEqual([]);
      // A video link or a video file, never both (the entry form's rule).
      const both = await db.kysely
        .selectFrom("entries")
        .innerJoin("entry_files", "entry_files.entry_id", "entries.id")
        .select("entries.id")
        .where("entry_files.field", "=", "video")
        .where("entries.video_link", "!=", "")
        .execute();
      expect(both).toEqual([]);
      const links = await db.kysely
        .selectFrom("entries")
        .select("video_link")
        .where("video_link", "!=", "")
        .execute();
      expect(links.length).toBeGreaterThan(10);
      for (const { video_link } of links) {
        expect(video_link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      }
    });

    it("shows on each entry's pictures its own title, never another entry's", async () => {
      const pictures = await db.kysely
        .selectFrom("entry_files as f")
        .innerJoin("entries as e", "e.id", "f.entry_id")
        .select(["e.campaign_name", "f.storage_key"])
        .where("f.field", "=", "images")
        .execute();
      expect(pictures.length).toBeGreaterThan(200);
      for (const { campaign_name, storage_key } of pictures) {
        // Drawn for that title (server/demo/demo-entry-images.test.ts: with it as the headline).
        expect(storage_key, campaign_name).toBe(demoPictureKey(campaign_name, 0));
      }
      expect(new Set(pictures.map((p) => p.storage_key)).size).toBeGreaterThan(20);
    });

    it("records one paid payment, at the entry's fee, for every entry that was paid", async () => {
      const paidOnce = await db.kysely
        .selectFrom("entry_status_history")
        .select("entry_id")
        .distinct()
        .where("to_status", "=", "paid")
        .execute();
      const payments = await db.kysely
        .selectFrom("payment_entries as pe")
        .innerJoin("payments as p", "p.id", "pe.payment_id")
        .select(["pe.entry_id", "pe.fee_vnd", "p.amount_vnd", "p.state", "p.reference"])
        .where("pe.live", "=", 1)
        .execute();
      expect(payments.length).toBe(paidOnce.length);
      expect(new Set(payments.map((p) => p.entry_id))).toEqual(
        new Set(paidOnce.map((h) => h.entry_id)),
      );
      for (const p of payments) {
        expect(p.state).toBe("paid");
        expect(Number(p.amount_vnd)).toBe(Number(p.fee_vnd));
        expect(Number(p.fee_vnd)).toBeGreaterThan(0);
        expect(p.reference).toMatch(/^VXP\d{2}[0-9A-HJKMNP-TV-Z]{6}$/);
      }
      // A payment matched from the bank statement names the staff member who imported it.
      const matched = await db.kysely
        .selectFrom("payment_events")
        .select(["actor_user_id", "actor_name"])
        .where("actor_role", "=", "statement")
        .execute();
      expect(matched.length).toBeGreaterThan(0);
      for (const event of matched) {
        expect(event.actor_user_id).not.toBeNull();
        expect(event.actor_name).not.toBe("");
      }
    });

    it("changes nothing when seeded again", async () => {
      const count = async () =>
        Number(
          (
            await db.kysely
              .selectFrom("entries")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const again = await seedDemoEntries(db, { storage: services.storage });
      expect(again).toBe("already present");
      expect(await count()).toBe(before);
    });
  });
});
