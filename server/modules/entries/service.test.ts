import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isEntryCode, parseEntryCode } from "../../../core/entry-code";
import { catalogText } from "../../../core/i18n/lookup";
import { LANGUAGES } from "../../../core/languages";
import type { EntryFileField } from "../../../core/entry-limits";
import { migrateToLatest, openDatabase, type Db } from "../../db/database";
import { seedDemoData } from "../../db/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import { createDiskStorage } from "../storage/disk";
import type { RegistrantProfile } from "../identity/service";
import { createEntriesService, type AttachFileInput, type EntriesService } from "./service";

/** Inside the demo 2026 window (opens 01/08/2026, early bird until 15/09/2026 in Vietnam). */
const NOW = new Date("2026-09-01T03:00:00.000Z");
const STANDARD_TIME = new Date("2026-10-01T03:00:00.000Z");
/** The demo 2026 season closes at the end of 31/12/2026 in Vietnam. */
const CLOSES = "2026-12-31T16:59:59.000Z";
const AFTER_CLOSE = new Date("2027-01-01T00:00:00.000Z");

/**
 * Closes the database and, on PostgreSQL, waits until its server sessions are gone: the pool
 * forgets a client before its socket closes, and the cleanup's DROP DATABASE … WITH (FORCE)
 * would otherwise terminate the stragglers of the concurrency tests, which then report
 * "terminating connection due to administrator command" as uncaught errors.
 */
async function closeAndSettle(db: Db | undefined): Promise<void> {
  if (!db) return;
  if (db.kind !== "postgres") return db.close();
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    db.kysely,
  );
  await db.close();
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const result = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = $1",
        [rows[0]!.name],
      );
      if (Number(result.rows[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

const enterprise = (name: string): RegistrantProfile => ({
  type: "enterprise",
  fullName: name,
  phone: "+84901234567",
  address: "12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội",
  personalId: null,
  companyName: "Công ty TNHH Sáng Tạo Việt",
  businessRegistrationNumber: "0101234567",
  taxCode: "0101234567",
  licenceFileId: null,
});
const individual = (name: string): RegistrantProfile => ({
  type: "individual",
  fullName: name,
  phone: "+84912345678",
  address: "5 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
  personalId: null,
  companyName: null,
  businessRegistrationNumber: null,
  taxCode: null,
  licenceFileId: null,
});

const COMPLETE_TEXT = {
  brandName: "  Trà  Xanh Không Độ ",
  campaignName: "Tết sum vầy",
  descriptionVi: "Chiến dịch kể câu chuyện đoàn viên ngày Tết.",
  descriptionEn: "A campaign about families reuniting for Tết.",
  startMonth: "1",
  startYear: 2026,
  endMonth: 3,
  endYear: "2026",
  credits: {
    companies: [{ name: "Sáng Tạo Việt", role: "Agency" }],
    people: [{ name: "Nguyễn Văn An", role: "Creative Director" }],
  },
};

function file(overrides: Partial<AttachFileInput> = {}): AttachFileInput {
  return {
    key: `entries/${randomBytes(16).toString("hex")}.bin`,
    name: "anh-chien-dich.jpg",
    mime: "image/jpeg",
    bytes: 100_000,
    width: 1600,
    height: 900,
    ...overrides,
  };
}
const PDF = { name: "cam-ket.pdf", mime: "application/pdf", bytes: 50_000 };

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const config = testConfig();
    let db: Db;
    let services: Services;
    let entries: EntriesService;
    let now: Date;
    let alice: string; // enterprise
    let bob: string; // enterprise, English
    let chi: string; // individual
    let staff: string;
    let categories: Map<string, { id: string; trackId: string }>;

    const cat = (code: string) => categories.get(code)!;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      now = NOW;
      services = createServices(db, config, { onContentChange: () => {}, clock: () => now });
      alice = await services.identity.createEntrant({
        email: "alice@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Trần Thị Ánh"),
      });
      bob = await services.identity.createEntrant({
        email: "bob@example.com",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Bob Stone"),
      });
      await db.kysely.updateTable("user").set({ lang: "en" }).where("id", "=", bob).execute();
      chi = await services.identity.createEntrant({
        email: "chi@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: individual("Lê Minh Chi"),
      });
      staff = await services.identity.createStaff({
        email: "staff@example.vn",
        name: "Staff",
        password: "mat-khau-rat-dai-2026",
        role: "admin",
      });
      const rows = await db.kysely
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select(["c.id", "c.code", "t.id as track_id"])
        .where("s.year", "=", 2026)
        .execute();
      categories = new Map(
        rows.map((r) => [r.code, { id: String(r.id), trackId: String(r.track_id) }]),
      );
    }, 60_000);
    beforeEach(() => {
      now = NOW;
      services = createServices(db, config, { onContentChange: () => {}, clock: () => now });
      entries = services.entries;
    });
    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    async function draft(userId = alice, input: Parameters<EntriesService["createDraft"]>[1] = {}) {
      const result = await entries.createDraft(userId, input);
      if (!result.ok) throw new Error(`createDraft refused: ${JSON.stringify(result)}`);
      return result.entry;
    }

    async function attach(entryId: string, field: EntryFileField, input = file(), userId = alice) {
      return entries.attachFile(userId, entryId, field, input);
    }

    /** A draft with every field and file a TVC campaign needs. */
    async function completeDraft(userId = alice) {
      const tvc = cat("TVC");
      const entry = await draft(userId, {
        ...COMPLETE_TEXT,
        trackId: tvc.trackId,
        categoryId: tvc.id,
      });
      for (const [field, facts] of [
        ["images", file()],
        ["video", file({ name: "phim.mp4", mime: "video/mp4", bytes: 200_000_000 })],
        ["ideaArticleVi", file(PDF)],
        ["legalCommitment", file(PDF)],
        ["copyrightCommitment", file(PDF)],
      ] as const) {
        const result = await attach(entry.id, field, facts, userId);
        expect(result.ok, `${field}: ${JSON.stringify(result)}`).toBe(true);
      }
      return entry;
    }

    describe("drafts and codes", () => {
      it("creates an empty draft in the current season without a code", async () => {
        const entry = await draft();
        expect(entry).toMatchObject({
          seasonYear: 2026,
          code: null,
          status: "draft",
          version: 1,
          track: null,
          category: null,
          editable: true,
          submissionClosesAt: CLOSES,
        });
        expect(entry.missing.map((m) => m.itemKey)).toContain("entry.missing.category");
        expect(entry.missing[0]).toEqual({
          field: "trackId",
          messageKey: "validation.entryTrackRequired",
          itemKey: "entry.missing.track",
        });
      });

      it("issues the code on the first save with a category, in the core format", async () => {
        const entry = await draft();
        const tvc = cat("TVC");
        const saved = await entries.saveDraft(alice, entry.id, {
          trackId: tvc.trackId,
          categoryId: tvc.id,
        });
        expect(saved.ok).toBe(true);
        if (!saved.ok) return;
        expect(saved.entry.code).toMatch(/^VX26-TVC-\d{4}$/);
        expect(isEntryCode(saved.entry.code!)).toBe(true);
        expect(saved.entry.category).toMatchObject({ code: "TVC", videoRequired: true });
        expect(saved.entry.track).toMatchObject({ code: "VX", slug: "van-xuan" });
        // A later save keeps it.
        const again = await entries.saveDraft(alice, entry.id, { brandName: "Vinamilk" });
        expect(again.ok && again.entry.code).toBe(saved.entry.code);
      });

      it("derives the track from the category when none is chosen", async () => {
        const entry = await draft(alice, { categoryId: cat("AGC").id });
        expect(entry.code).toMatch(/^VXC26-AGC-\d{4}$/);
        expect(entry.track?.code).toBe("VXC");
      });

      it("numbers 20 concurrent first saves 1 apart, never the same code twice", async () => {
        const ooh = cat("OOH");
        const drafts = await Promise.all(Array.from({ length: 20 }, () => draft()));
        const results = await Promise.all(
          drafts.map((d) =>
            entries.saveDraft(alice, d.id, { trackId: ooh.trackId, categoryId: ooh.id }),
          ),
        );
        const codes = results.map((r) => (r.ok ? r.entry.code : null));
        expect(codes.every((c) => c !== null && /^VX26-OOH-\d{4}$/.test(c))).toBe(true);
        expect(new Set(codes).size).toBe(20);
        const numbers = codes.map((c) => parseEntryCode(c!)!.sequence).sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        // Out of Alice's drafts, so her season quota stays for the other tests.
        for (const d of drafts) await entries.withdraw(alice, d.id);
      });

      it("numbers concurrent createDrafts with a category uniquely too", async () => {
        const olw = cat("OLW");
        const created = await Promise.all(
          Array.from({ length: 20 }, () => entries.createDraft(alice, { categoryId: olw.id })),
        );
        const codes = created.map((r) => (r.ok ? r.entry.code : null));
        expect(new Set(codes).size).toBe(20);
        expect(codes.every((c) => c?.startsWith("VX26-OLW-"))).toBe(true);
        // Out of Alice's drafts, so her season quota stays for the other tests.
        for (const r of created) if (r.ok) await entries.withdraw(alice, r.entry.id);
      });

      it("round-trips an autosave: cleaned text, numbers from selects, credits", async () => {
        const entry = await draft();
        const saved = await entries.saveDraft(
          alice,
          entry.id,
          { ...COMPLETE_TEXT, descriptionVi: "Dòng một  \r\n\r\n\r\nDòng hai" },
          { version: entry.version },
        );
        expect(saved.ok).toBe(true);
        const reread = await entries.get(alice, entry.id);
        expect(reread!.version).toBe(2);
        expect(reread!.values).toMatchObject({
          brandName: "Trà Xanh Không Độ",
          campaignName: "Tết sum vầy",
          descriptionVi: "Dòng một\n\nDòng hai",
          startMonth: 1,
          startYear: 2026,
          endMonth: 3,
          endYear: 2026,
          credits: COMPLETE_TEXT.credits,
        });
        // A partial patch changes only what it names; null and "" clear.
        const cleared = await entries.saveDraft(alice, entry.id, {
          endMonth: "",
          endYear: null as unknown as string,
          brandName: "Vinamilk",
        });
        expect(cleared.ok).toBe(true);
        const after = await entries.get(alice, entry.id);
        expect(after!.values.endMonth).toBeUndefined();
        expect(after!.values.endYear).toBeUndefined();
        expect(after!.values.brandName).toBe("Vinamilk");
        expect(after!.values.campaignName).toBe("Tết sum vầy");
      });

      it("refuses invalid patches with field messages and stores nothing", async () => {
        const entry = await draft(alice, { brandName: "Trước" });
        const result = await entries.saveDraft(alice, entry.id, {
          brandName: "Sau",
          descriptionEn: "x".repeat(2001),
          startMonth: 13,
          videoLink: "https://example.com/video",
        });
        expect(result).toMatchObject({
          ok: false,
          error: "invalid",
          fieldErrors: {
            descriptionEn: "validation.entryDescriptionTooLong",
            startMonth: "validation.entryMonth",
            videoLink: "validation.entryVideoLink",
          },
        });
        const period = await entries.saveDraft(alice, entry.id, {
          startMonth: 5,
          startYear: 2026,
          endMonth: 4,
          endYear: 2026,
        });
        expect(period).toMatchObject({ fieldErrors: { endMonth: "validation.entryPeriodOrder" } });
        expect((await entries.get(alice, entry.id))!.values.brandName).toBe("Trước");
      });

      it("stores a YouTube link in its canonical form", async () => {
        const entry = await draft();
        const result = await entries.saveDraft(alice, entry.id, {
          videoLink: "https://youtu.be/dQw4w9WgXcQ",
        });
        expect(result.ok && result.entry.values.videoLink).toBe(
          "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        );
      });

      it("refuses a stale version as a conflict carrying the newer entry", async () => {
        const entry = await draft();
        const first = await entries.saveDraft(
          alice,
          entry.id,
          { brandName: "Tab một" },
          { version: 1 },
        );
        expect(first.ok).toBe(true);
        const stale = await entries.saveDraft(
          alice,
          entry.id,
          { brandName: "Tab hai" },
          { version: 1 },
        );
        expect(stale).toMatchObject({
          ok: false,
          error: "conflict",
          messageKey: "entry.problems.versionConflict",
        });
        expect(!stale.ok && stale.entry?.values.brandName).toBe("Tab một");
        expect(!stale.ok && stale.entry?.version).toBe(2);
        expect((await entries.get(alice, entry.id))!.values.brandName).toBe("Tab một");
      });

      it("checks the category against the track and the registrant type", async () => {
        const entry = await draft();
        const wrongTrack = await entries.saveDraft(alice, entry.id, {
          trackId: cat("AGC").trackId,
          categoryId: cat("TVC").id,
        });
        expect(wrongTrack).toMatchObject({
          error: "invalid",
          fieldErrors: { categoryId: "entry.problems.categoryNotInTrack" },
        });
        const unknown = await entries.saveDraft(alice, entry.id, { trackId: "999999" });
        expect(unknown).toMatchObject({ fieldErrors: { trackId: "entry.problems.trackNotFound" } });
        // Campaigns are for enterprises only.
        const personal = await draft(chi);
        const notOpen = await entries.saveDraft(chi, personal.id, { categoryId: cat("TVC").id });
        expect(notOpen).toMatchObject({
          fieldErrors: { categoryId: "validation.entryCategoryNotOpen" },
        });
        const open = await entries.saveDraft(chi, personal.id, { categoryId: cat("TVW").id });
        expect(open.ok).toBe(true);
        // A category of another season is not this season's.
        const old = await db.kysely
          .selectFrom("categories as c")
          .innerJoin("category_groups as g", "g.id", "c.group_id")
          .innerJoin("tracks as t", "t.id", "g.track_id")
          .innerJoin("seasons as s", "s.id", "t.season_id")
          .select("c.id")
          .where("s.year", "=", 2025)
          .where("c.code", "=", "TVC")
          .executeTakeFirstOrThrow();
        const otherSeason = await entries.saveDraft(alice, entry.id, {
          categoryId: String(old.id),
        });
        expect(otherSeason).toMatchObject({ error: "invalid" });
      });

      it("lists only the categories open to the registrant in the form options", async () => {
        const forChi = await entries.formOptions(chi);
        const forAlice = await entries.formOptions(alice);
        const codes = (r: typeof forChi) =>
          r.ok
            ? r.options.tracks
                .flatMap((t) => t.groups.flatMap((g) => g.categories))
                .map((c) => c.code)
            : [];
        expect(codes(forAlice)).toContain("TVC");
        expect(codes(forChi)).not.toContain("TVC");
        expect(codes(forChi)).toContain("TVW");
        expect(forChi.ok && forChi.options).toMatchObject({
          seasonYear: 2026,
          registrantType: "individual",
          submission: { state: "open" },
        });
        expect(await entries.formOptions(staff)).toMatchObject({ ok: false, error: "not_entrant" });
        expect(await entries.createDraft(staff)).toMatchObject({ ok: false, error: "not_entrant" });
      });
    });

    describe("files", () => {
      it("attaches up to 12 images and refuses the 13th", async () => {
        const entry = await draft();
        for (let i = 0; i < 12; i += 1) {
          const result = await attach(entry.id, "images", file({ name: `anh-${i}.jpg` }));
          expect(result.ok).toBe(true);
        }
        expect(await entries.uploadAllowed(alice, entry.id, "images", 1000)).toBe(
          "validation.entryImagesMax",
        );
        const thirteenth = await attach(entry.id, "images");
        expect(thirteenth).toMatchObject({
          ok: false,
          error: "invalid",
          messageKey: "validation.entryImagesMax",
          fieldErrors: { imageIds: "validation.entryImagesMax" },
        });
        const reread = await entries.get(alice, entry.id);
        expect(reread!.values.imageIds).toHaveLength(12);
        expect(reread!.files.map((f) => f.name).slice(0, 3)).toEqual([
          "anh-0.jpg",
          "anh-1.jpg",
          "anh-2.jpg",
        ]);
      });

      it("lets only one of several concurrent attaches take the 12th image slot", async () => {
        const entry = await draft();
        for (let i = 0; i < 11; i += 1) await attach(entry.id, "images");
        const results = await Promise.all(
          Array.from({ length: 4 }, () => attach(entry.id, "images")),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        expect((await entries.get(alice, entry.id))!.files).toHaveLength(12);
        const videos = await Promise.all(
          Array.from({ length: 3 }, () =>
            attach(entry.id, "video", file({ name: "v.mp4", mime: "video/mp4" })),
          ),
        );
        expect(videos.filter((r) => r.ok)).toHaveLength(1);
      });

      it("refuses a second video and a video next to a link, and a link next to a video", async () => {
        const entry = await draft();
        const video = file({ name: "phim.mp4", mime: "video/mp4", bytes: 5_000_000 });
        expect((await attach(entry.id, "video", video)).ok).toBe(true);
        expect(await entries.uploadAllowed(alice, entry.id, "video", 1000)).toBe(
          "validation.entryVideoPresent",
        );
        expect(
          await attach(entry.id, "video", file({ name: "b.mp4", mime: "video/mp4" })),
        ).toMatchObject({ ok: false, messageKey: "validation.entryVideoPresent" });
        const link = await entries.saveDraft(alice, entry.id, {
          videoLink: "https://vimeo.com/76979871",
        });
        expect(link).toMatchObject({ fieldErrors: { videoLink: "validation.entryVideoBoth" } });

        const linked = await draft(alice, { videoLink: "https://vimeo.com/76979871" });
        expect(await entries.uploadAllowed(alice, linked.id, "video", 1000)).toBe(
          "validation.entryVideoPresent",
        );
        expect(
          await attach(linked.id, "video", file({ mime: "video/mp4", name: "c.mp4" })),
        ).toMatchObject({ ok: false, messageKey: "validation.entryVideoPresent" });
        // Removing the video (or the link) makes room.
        const current = await entries.get(alice, entry.id);
        const removed = await entries.removeFile(alice, entry.id, current!.values.videoFileId!);
        expect(removed.ok).toBe(true);
        const nowLink = await entries.saveDraft(alice, entry.id, {
          videoLink: "https://vimeo.com/76979871",
        });
        expect(nowLink.ok).toBe(true);
      });

      it("refuses files of the wrong type or size, and cleans the display name", async () => {
        const entry = await draft();
        expect(await attach(entry.id, "images", file({ bytes: 21 * 1024 * 1024 }))).toMatchObject({
          messageKey: "validation.entryImageTooLarge",
        });
        expect(await attach(entry.id, "images", file({ mime: "text/html" }))).toMatchObject({
          messageKey: "validation.entryImageType",
        });
        expect(
          await attach(entry.id, "video", file({ mime: "video/mp4", bytes: 1024 ** 3 + 1 })),
        ).toMatchObject({ messageKey: "validation.entryVideoTooLarge" });
        expect(await attach(entry.id, "legalCommitment", file())).toMatchObject({
          messageKey: "validation.entryDocumentType",
        });
        expect(await entries.uploadAllowed(alice, entry.id, "images", 21 * 1024 * 1024)).toBe(
          "validation.entryImageTooLarge",
        );
        expect(await entries.uploadAllowed(alice, entry.id, "images", 0)).toBe(
          "validation.entryFileEmpty",
        );
        expect(
          await entries.uploadAllowed(alice, entry.id, "images", 1000, {
            name: "virus.exe",
            mime: "application/octet-stream",
          }),
        ).toBe("validation.entryImageType");
        expect(await entries.uploadAllowed(alice, entry.id, "images", 1000)).toBeNull();
        const traversal = await attach(
          entry.id,
          "images",
          file({ name: "../../etc/\u202Egpj.exe\u0000 ảnh.jpg" }),
        );
        expect(traversal.ok && traversal.file.name).toBe("gpj.exe ảnh.jpg");
        expect((await entries.get(alice, entry.id))!.files).toHaveLength(1);
      });

      it("replaces a single-file field, and a retried attach of the same key adds nothing", async () => {
        const entry = await draft();
        const first = file(PDF);
        const a = await attach(entry.id, "legalCommitment", first);
        const again = await attach(entry.id, "legalCommitment", first);
        expect(a.ok && again.ok && again.file.id).toBe(a.ok && a.file.id);
        const b = await attach(entry.id, "legalCommitment", file({ ...PDF, name: "moi.pdf" }));
        expect(b.ok).toBe(true);
        const reread = await entries.get(alice, entry.id);
        expect(reread!.files.map((f) => f.name)).toEqual(["moi.pdf"]);
        expect(reread!.values.legalCommitmentFileId).toBe(b.ok && b.file.id);
      });

      it("reorders images when a save names exactly the entry's images", async () => {
        const entry = await draft();
        for (const name of ["a.jpg", "b.jpg", "c.jpg"])
          await attach(entry.id, "images", file({ name }));
        const ids = (await entries.get(alice, entry.id))!.values.imageIds!;
        const reordered = await entries.saveDraft(alice, entry.id, {
          imageIds: [ids[2]!, ids[0]!, ids[1]!],
        });
        expect(reordered.ok && reordered.entry.files.map((f) => f.name)).toEqual([
          "c.jpg",
          "a.jpg",
          "b.jpg",
        ]);
        // A list that is not the entry's images changes nothing (files are attached on their own).
        await entries.saveDraft(alice, entry.id, { imageIds: [ids[0]!] });
        expect((await entries.get(alice, entry.id))!.values.imageIds).toEqual([
          ids[2],
          ids[0],
          ids[1],
        ]);
        const next = await attach(entry.id, "images", file({ name: "d.jpg" }));
        expect(next.ok && next.entry.files.map((f) => f.name)).toEqual([
          "c.jpg",
          "a.jpg",
          "b.jpg",
          "d.jpg",
        ]);
      });

      it("does not move the version, so a background upload never makes autosave conflict", async () => {
        const entry = await draft();
        await attach(entry.id, "images");
        const saved = await entries.saveDraft(
          alice,
          entry.id,
          { brandName: "Sau tải lên" },
          { version: entry.version },
        );
        expect(saved.ok).toBe(true);
      });

      it("deletes a stored object when the last entry using it lets go", async () => {
        const root = mkdtempSync(path.join(tmpdir(), "vx-entries-storage-"));
        try {
          const storage = createDiskStorage(root);
          const withStorage = createEntriesService(db, {
            seasons: services.seasons,
            mail: services.mail,
            storage,
            clock: () => now,
          });
          const key = `entries/ab/${randomBytes(16).toString("hex")}.jpg`;
          await storage.put(key, Buffer.from("jpeg bytes"), { contentType: "image/jpeg" });
          const tvw = cat("TVW");
          const created = await withStorage.createDraft(alice, { categoryId: tvw.id });
          if (!created.ok) throw new Error("draft");
          const attached = await withStorage.attachFile(alice, created.entry.id, "images", {
            ...file(),
            key,
          });
          if (!attached.ok) throw new Error("attach");
          // The duplicate shares the object.
          const copy = await withStorage.duplicate(alice, created.entry.id, {
            categoryId: cat("OLW").id,
          });
          if (!copy.ok) throw new Error("duplicate");
          expect(copy.entry.files[0]!.storageKey).toBe(key);
          await withStorage.removeFile(alice, created.entry.id, attached.file.id);
          expect(await storage.stat(key)).not.toBeNull();
          expect(await withStorage.isStorageKeyInUse(key)).toBe(true);
          await withStorage.removeFile(alice, copy.entry.id, copy.entry.files[0]!.id);
          expect(await storage.stat(key)).toBeNull();
          expect(await withStorage.isStorageKeyInUse(key)).toBe(false);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      });
    });

    describe("owner isolation", () => {
      it("shows another user's draft as not found and changes nothing", async () => {
        const entry = await draft(alice, { brandName: "Của Alice" });
        await attach(entry.id, "images");
        const imageId = (await entries.get(alice, entry.id))!.files[0]!.id;
        expect(await entries.get(bob, entry.id)).toBeNull();
        expect(await entries.saveDraft(bob, entry.id, { brandName: "Bob" })).toMatchObject({
          ok: false,
          error: "not_found",
        });
        expect(await entries.attachFile(bob, entry.id, "images", file())).toMatchObject({
          error: "not_found",
        });
        expect(await entries.uploadAllowed(bob, entry.id, "images", 1000)).toBe(
          "entry.problems.notFound",
        );
        expect(await entries.removeFile(bob, entry.id, imageId)).toMatchObject({
          error: "not_found",
        });
        expect(await entries.submit(bob, entry.id)).toMatchObject({ error: "not_found" });
        expect(await entries.withdraw(bob, entry.id)).toMatchObject({ error: "not_found" });
        expect(await entries.duplicate(bob, entry.id, { categoryId: cat("OLW").id })).toMatchObject(
          { error: "not_found" },
        );
        expect((await entries.listForEntrant(bob)).map((e) => e.id)).not.toContain(entry.id);
        const after = await entries.get(alice, entry.id);
        expect(after!.values.brandName).toBe("Của Alice");
        expect(after!.files).toHaveLength(1);
        expect(after!.version).toBe(entry.version);
        expect(after!.status).toBe("draft");
        // Staff see it.
        expect((await entries.getForStaff(entry.id))!.values.brandName).toBe("Của Alice");
        // A file of one entry cannot be removed through another of the same owner.
        const other = await draft();
        expect(await entries.removeFile(alice, other.id, imageId)).toMatchObject({
          error: "not_found",
          messageKey: "entry.problems.fileNotFound",
        });
      });
    });

    describe("submit, receipt, withdraw", () => {
      it("lists what is missing, then submits and sends the receipt", async () => {
        const entry = await draft(alice, { categoryId: cat("TVC").id, brandName: "Vinamilk" });
        const refused = await entries.submit(alice, entry.id);
        expect(refused).toMatchObject({ ok: false, error: "incomplete" });
        const missing = !refused.ok ? refused.missing! : [];
        expect(missing.map((m) => m.field)).toEqual([
          "campaignName",
          "descriptionVi",
          "descriptionEn",
          "startMonth",
          "startYear",
          "imageIds",
          "videoFileId",
          "ideaArticleViFileId",
          "legalCommitmentFileId",
          "copyrightCommitmentFileId",
        ]);
        expect(missing.find((m) => m.field === "imageIds")).toEqual({
          field: "imageIds",
          messageKey: "validation.entryImagesRequired",
          itemKey: "entry.missing.images",
        });
        expect((await entries.get(alice, entry.id))!.status).toBe("draft");

        const complete = await completeDraft();
        expect(complete.code).toMatch(/^VX26-TVC-/);
        const before = await services.mail.listOutbox({ pageSize: 100 });
        const submitted = await entries.submit(alice, complete.id);
        expect(submitted).toMatchObject({ ok: true, receiptSent: true });
        if (!submitted.ok) return;
        expect(submitted.entry).toMatchObject({
          status: "submitted",
          submittedAt: NOW.toISOString(),
          missing: [],
        });
        const outbox = await services.mail.listOutbox({ pageSize: 100 });
        expect(outbox.total).toBe(before.total + 1);
        const receipt = outbox.items.find((m) => m.template === "entryReceipt")!;
        expect(receipt).toMatchObject({
          to: "alice@example.vn",
          lang: "vi",
          subject: `Đã nhận bài dự thi ${complete.code} – Giải thưởng Vạn Xuân`,
        });
        const message = await services.mail.readOutboxMessage(receipt.id);
        expect(message!.text).toContain(`Mã bài dự thi: ${complete.code}`);
        expect(message!.text).toContain("Chiến dịch / dự án / tác phẩm: Tết sum vầy");
        expect(message!.text).toContain("Hạng mục: Chiến dịch");
        expect(message!.text).toContain("Ngày nộp: 01/09/2026");
        expect(message!.text).toContain("(31/12/2026)");
        expect(message!.text).toContain("http://localhost:3000/tai-khoan");
        // Submitting again is refused; the entry stays editable until the deadline.
        expect(await entries.submit(alice, complete.id)).toMatchObject({
          error: "not_editable",
          messageKey: "entry.problems.alreadySubmitted",
        });
        const edited = await entries.saveDraft(alice, complete.id, { brandName: "Sửa sau nộp" });
        expect(edited.ok && edited.entry.status).toBe("submitted");
        // …but not its category (the code and the fee depend on it).
        expect(
          await entries.saveDraft(alice, complete.id, { categoryId: cat("OLC").id }),
        ).toMatchObject({ fieldErrors: { categoryId: "entry.problems.categoryLocked" } });
      });

      it("sends the receipt in the entrant's language", async () => {
        const entry = await completeDraft(bob);
        const submitted = await entries.submit(bob, entry.id);
        expect(submitted.ok).toBe(true);
        const outbox = await services.mail.listOutbox({ pageSize: 100 });
        const receipt = outbox.items.find((m) => m.to === "bob@example.com")!;
        expect(receipt.lang).toBe("en");
        expect(receipt.subject).toBe(`Entry ${entry.code} received – Van Xuan Awards`);
        const message = await services.mail.readOutboxMessage(receipt.id);
        expect(message!.text).toContain("Category: Campaigns");
        expect(message!.text).toContain("http://localhost:3000/en/tai-khoan");
      });

      it("keeps an unconfirmed account's entry a draft until its email is confirmed", async () => {
        const dung = await services.identity.createEntrant({
          email: "dung@example.vn",
          password: "mat-khau-rat-dai-2026",
          profile: enterprise("Lê Văn Dũng"),
        });
        await db.kysely
          .updateTable("user")
          .set({ emailVerified: db.kind === "postgres" ? false : 0 })
          .where("id", "=", dung)
          .execute();
        // Drafts may start before the address is confirmed …
        const entry = await completeDraft(dung);
        const refused = await entries.submit(dung, entry.id);
        expect(refused).toMatchObject({
          ok: false,
          error: "unverified",
          messageKey: "entry.problems.emailUnverified",
        });
        expect((await entries.get(dung, entry.id))!.status).toBe("draft");
        const outbox = await services.mail.listOutbox({ pageSize: 100 });
        expect(outbox.items.some((m) => m.to === "dung@example.vn")).toBe(false);
        // … and once it is, the same entry goes in.
        await services.identity.markEmailVerified(dung);
        expect(await entries.submit(dung, entry.id)).toMatchObject({
          ok: true,
          entry: { status: "submitted" },
        });
      });

      it("accepts a YouTube link for the video, and no video where the category needs none", async () => {
        const entry = await draft(alice, {
          ...COMPLETE_TEXT,
          categoryId: cat("COM").id,
        });
        for (const field of [
          "images",
          "slidesEn",
          "legalCommitment",
          "copyrightCommitment",
        ] as const) {
          const facts = field === "images" ? file() : file(PDF);
          expect((await attach(entry.id, field, facts)).ok).toBe(true);
        }
        expect((await entries.get(alice, entry.id))!.missing).toEqual([]);
        expect((await entries.submit(alice, entry.id)).ok).toBe(true);
      });

      it("withdraws before judging, and a withdrawn entry is final", async () => {
        const entry = await draft();
        const withdrawn = await entries.withdraw(alice, entry.id);
        expect(withdrawn).toMatchObject({
          ok: true,
          entry: { status: "withdrawn", editable: false },
        });
        expect(!withdrawn.ok || withdrawn.entry.withdrawnAt).toBe(NOW.toISOString());
        expect(await entries.withdraw(alice, entry.id)).toMatchObject({
          error: "not_editable",
          messageKey: "entry.problems.cannotWithdraw",
        });
        expect(await entries.saveDraft(alice, entry.id, { brandName: "x" })).toMatchObject({
          error: "not_editable",
        });
        expect(await entries.submit(alice, entry.id)).toMatchObject({ error: "not_editable" });
        // A shortlisted entry is being judged: no withdrawal.
        const judged = await draft();
        await db.kysely
          .updateTable("entries")
          .set({ status: "shortlisted" })
          .where("id", "=", judged.id)
          .execute();
        expect(await entries.withdraw(alice, judged.id)).toMatchObject({ error: "not_editable" });
      });
    });

    describe("duplicate", () => {
      it("copies texts, credits and files into another category with a new code", async () => {
        const source = await completeDraft();
        const copy = await entries.duplicate(alice, source.id, { categoryId: cat("OLC").id });
        expect(copy.ok).toBe(true);
        if (!copy.ok) return;
        expect(copy.entry.id).not.toBe(source.id);
        expect(copy.entry.code).toMatch(/^VX26-OLC-\d{4}$/);
        expect(copy.entry.status).toBe("draft");
        const original = (await entries.get(alice, source.id))!;
        expect(copy.entry.values).toMatchObject({
          brandName: original.values.brandName,
          campaignName: original.values.campaignName,
          descriptionVi: original.values.descriptionVi,
          credits: original.values.credits,
          startMonth: 1,
        });
        expect(copy.entry.files.map((f) => [f.field, f.name, f.storageKey])).toEqual(
          original.files.map((f) => [f.field, f.name, f.storageKey]),
        );
        expect(copy.entry.files.map((f) => f.id)).not.toEqual(original.files.map((f) => f.id));
        expect(copy.entry.missing).toEqual([]);
        // The copy is its own entry: changing it leaves the original alone.
        await entries.removeFile(alice, copy.entry.id, copy.entry.files[0]!.id);
        expect((await entries.get(alice, source.id))!.files).toHaveLength(original.files.length);
        // The category must be open to the registrant and exist.
        expect(await entries.duplicate(alice, source.id, { categoryId: "999999" })).toMatchObject({
          error: "invalid",
        });
      });
    });

    describe("deadline", () => {
      it("makes entries read-only after the submission deadline", async () => {
        const entry = await completeDraft();
        const image = (await entries.get(alice, entry.id))!.files[0]!;
        now = AFTER_CLOSE;
        const closed = {
          ok: false,
          error: "closed",
          messageKey: "entry.problems.submissionClosed",
        };
        expect(await entries.createDraft(alice)).toMatchObject(closed);
        expect(await entries.saveDraft(alice, entry.id, { brandName: "Muộn" })).toMatchObject(
          closed,
        );
        expect(await attach(entry.id, "images")).toMatchObject(closed);
        expect(await entries.removeFile(alice, entry.id, image.id)).toMatchObject(closed);
        expect(await entries.submit(alice, entry.id)).toMatchObject(closed);
        expect(
          await entries.duplicate(alice, entry.id, { categoryId: cat("OLC").id }),
        ).toMatchObject(closed);
        expect(await entries.uploadAllowed(alice, entry.id, "images", 1000)).toBe(
          "entry.problems.submissionClosed",
        );
        const after = (await entries.get(alice, entry.id))!;
        expect(after).toMatchObject({ editable: false, status: "draft", version: entry.version });
        expect(after.files).toHaveLength(5);
        // Before the window opens, no new draft either.
        now = new Date("2026-07-01T00:00:00.000Z");
        expect(await entries.createDraft(alice)).toMatchObject({
          error: "closed",
          messageKey: "entry.problems.submissionNotOpen",
        });
        // One millisecond before the deadline it was still open.
        now = new Date(Date.parse(CLOSES) - 1);
        expect((await entries.saveDraft(alice, entry.id, { brandName: "Kịp" })).ok).toBe(true);
        now = new Date(CLOSES);
        expect(await entries.saveDraft(alice, entry.id, { brandName: "Trễ" })).toMatchObject(
          closed,
        );
      });
    });

    describe("dashboard", () => {
      it("lists the entrant's entries with category names, missing items and fee due per tier", async () => {
        const user = await services.identity.createEntrant({
          email: `dash-${randomBytes(4).toString("hex")}@example.vn`,
          password: "mat-khau-rat-dai-2026",
          profile: enterprise("Phạm Dash"),
        });
        const empty = await draft(user);
        now = new Date(NOW.getTime() + 60_000);
        const tvc = await draft(user, { categoryId: cat("TVC").id, campaignName: "Mùa xuân" });
        const early = await entries.listForEntrant(user);
        expect(early.map((e) => e.id)).toEqual([tvc.id, empty.id]);
        expect(early[0]).toMatchObject({
          code: tvc.code,
          title: "Mùa xuân",
          status: "draft",
          category: { name: { vi: "Chiến dịch", en: "Campaigns" } },
          track: { name: { vi: "Giải Vạn Xuân", en: "Van Xuan Award" } },
          fee: { tier: "early_bird", amountVnd: 3_000_000 },
          feeDueVnd: 3_000_000,
          editable: true,
        });
        expect(early[0]!.missingCount).toBe(early[0]!.missing.length);
        expect(early[0]!.missing.map((m) => m.itemKey)).toContain("entry.missing.images");
        expect(early[1]).toMatchObject({ category: null, fee: null, feeDueVnd: 0 });

        now = STANDARD_TIME;
        const standard = await entries.listForEntrant(user);
        expect(standard[0]!.fee).toEqual({ tier: "standard", amountVnd: 3_000_000 });

        await entries.withdraw(user, tvc.id);
        const withdrawn = await entries.listForEntrant(user);
        expect(withdrawn.find((e) => e.id === tvc.id)).toMatchObject({
          status: "withdrawn",
          feeDueVnd: 0,
          editable: false,
        });

        now = AFTER_CLOSE;
        const late = await entries.listForEntrant(user);
        expect(late.find((e) => e.id === empty.id)).toMatchObject({ editable: false, fee: null });
      });
    });
  });
});

describe("entries on a reopened SQLite file", () => {
  it("keeps a draft and its files across closing and reopening the database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vx-entries-reopen-"));
    const file = path.join(dir, "app.sqlite");
    const config = testConfig();
    const clock = () => NOW;
    try {
      let db = openDatabase({ kind: "sqlite", file });
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      let services = createServices(db, config, { onContentChange: () => {}, clock });
      const user = await services.identity.createEntrant({
        email: "reopen@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Đỗ Mở Lại"),
      });
      const created = await services.entries.createDraft(user, {
        ...COMPLETE_TEXT,
        videoLink: "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      });
      if (!created.ok) throw new Error("draft");
      const attached = await services.entries.attachFile(user, created.entry.id, "images", {
        key: "entries/aa/0123456789abcdef0123456789abcdef.jpg",
        name: "ảnh bìa.jpg",
        mime: "image/jpeg",
        bytes: 12_345,
        variants: [{ width: 640, key: "v/640.webp" }],
      });
      expect(attached.ok).toBe(true);
      const before = await services.entries.get(user, created.entry.id);
      await db.close();

      db = openDatabase({ kind: "sqlite", file });
      await migrateToLatest(db);
      services = createServices(db, config, { onContentChange: () => {}, clock });
      const after = await services.entries.get(user, created.entry.id);
      expect(after).toEqual(before);
      expect(after!.values.videoLink).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      expect(after!.files[0]).toMatchObject({
        name: "ảnh bìa.jpg",
        bytes: 12_345,
        variants: [{ width: 640, key: "v/640.webp" }],
      });
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("entries messages", () => {
  it("has a text in both languages for every key the service gives", () => {
    const source = readFileSync(new URL("./service.ts", import.meta.url), "utf8");
    const keys = new Set(
      [...source.matchAll(/"((?:entry\.problems|validation)\.[A-Za-z]+)"/g)].map((m) => m[1]!),
    );
    expect(keys.size).toBeGreaterThan(10);
    for (const key of keys) {
      for (const lang of LANGUAGES) expect(catalogText(lang, key), `${lang}: ${key}`).toBeTruthy();
    }
    for (const lang of LANGUAGES) {
      for (const part of ["subject", "intro", "codeLabel", "button", "ignore", "reason"]) {
        expect(catalogText(lang, `email.entryReceipt.${part}`)).toBeTruthy();
      }
    }
  });
});
