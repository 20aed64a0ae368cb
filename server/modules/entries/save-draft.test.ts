import { describe, expect, it } from "vitest";
import { isEntryCode, parseEntryCode } from "../../../core/entry-code";
import { testDatabases } from "../../test-support/databases";
import { COMPLETE_TEXT, entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("save a draft", () => {
    const t = entriesTestbed(target);

    it("issues the code on the first save with a category, in the core format", async () => {
      const entry = await t.draft();
      const tvc = t.cat("TVC");
      const saved = await t.entries.saveDraft(t.alice, entry.id, {
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
      const again = await t.entries.saveDraft(t.alice, entry.id, { brandName: "Vinamilk" });
      expect(again.ok && again.entry.code).toBe(saved.entry.code);
    });

    it("derives the track from the category when none is chosen", async () => {
      const entry = await t.draft(t.alice, { categoryId: t.cat("AGC").id });
      expect(entry.code).toMatch(/^VXC26-AGC-\d{4}$/);
      expect(entry.track?.code).toBe("VXC");
    });

    it("numbers 20 concurrent first saves 1 apart, never the same code twice", async () => {
      const ooh = t.cat("OOH");
      const drafts = await Promise.all(Array.from({ length: 20 }, () => t.draft()));
      const results = await Promise.all(
        drafts.map((d) =>
          t.entries.saveDraft(t.alice, d.id, { trackId: ooh.trackId, categoryId: ooh.id }),
        ),
      );
      const codes = results.map((r) => (r.ok ? r.entry.code : null));
      expect(codes.every((c) => c !== null && /^VX26-OOH-\d{4}$/.test(c))).toBe(true);
      expect(new Set(codes).size).toBe(20);
      const numbers = codes.map((c) => parseEntryCode(c!)!.sequence).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // Out of Alice's drafts, so her season quota stays for the other tests.
      for (const d of drafts) await t.entries.withdraw(t.alice, d.id);
    });

    it("round-trips an autosave: cleaned text, numbers from selects, credits", async () => {
      const entry = await t.draft();
      const saved = await t.entries.saveDraft(
        t.alice,
        entry.id,
        { ...COMPLETE_TEXT, descriptionVi: "Dòng một  \r\n\r\n\r\nDòng hai" },
        { version: entry.version },
      );
      expect(saved.ok).toBe(true);
      const reread = await t.entries.get(t.alice, entry.id);
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
      const cleared = await t.entries.saveDraft(t.alice, entry.id, {
        endMonth: "",
        endYear: null as unknown as string,
        brandName: "Vinamilk",
      });
      expect(cleared.ok).toBe(true);
      const after = await t.entries.get(t.alice, entry.id);
      expect(after!.values.endMonth).toBeUndefined();
      expect(after!.values.endYear).toBeUndefined();
      expect(after!.values.brandName).toBe("Vinamilk");
      expect(after!.values.campaignName).toBe("Tết sum vầy");
    });

    it("refuses invalid patches with field messages and stores nothing", async () => {
      const entry = await t.draft(t.alice, { brandName: "Trước" });
      const result = await t.entries.saveDraft(t.alice, entry.id, {
        brandName: "Sau",
        descriptionEn: "x".repeat(2001),
        startMonth: 13,
        videoLink: "https://example.com/video",
      });
      expect(result).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: {
          descriptionEn: "validation.entryDescriptionTooLong",
          startMonth: "validation.entryMonth",
          videoLink: "validation.entryVideoLink",
        },
      });
      const period = await t.entries.saveDraft(t.alice, entry.id, {
        startMonth: 5,
        startYear: 2026,
        endMonth: 4,
        endYear: 2026,
      });
      expect(period).toMatchObject({ fieldErrors: { endMonth: "validation.entryPeriodOrder" } });
      expect((await t.entries.get(t.alice, entry.id))!.values.brandName).toBe("Trước");
    });

    it("stores a YouTube link in its canonical form", async () => {
      const entry = await t.draft();
      const result = await t.entries.saveDraft(t.alice, entry.id, {
        videoLink: "https://youtu.be/dQw4w9WgXcQ",
      });
      expect(result.ok && result.entry.values.videoLink).toBe(
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      );
    });

    it("refuses a stale version as a conflict carrying the newer entry", async () => {
      const entry = await t.draft();
      const first = await t.entries.saveDraft(
        t.alice,
        entry.id,
        { brandName: "Tab một" },
        { version: 1 },
      );
      expect(first.ok).toBe(true);
      const stale = await t.entries.saveDraft(
        t.alice,
        entry.id,
        { brandName: "Tab hai" },
        { version: 1 },
      );
      expect(stale).toMatchObject({
        ok: false,
        status: 409,
        formError: "entry.problems.versionConflict",
      });
      expect(!stale.ok && stale.entry?.values.brandName).toBe("Tab một");
      expect(!stale.ok && stale.entry?.version).toBe(2);
      expect((await t.entries.get(t.alice, entry.id))!.values.brandName).toBe("Tab một");
    });

    it("lands 12 concurrent autosaves without a version, one version apart, none lost", async () => {
      const entry = await t.draft();
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.entries.autosave(t.alice, entry.id, { brandName: `Lưu ${i}` }),
        ),
      );
      const versions = results.map((r) => (r.ok ? r.saved.version : null));
      expect(versions.every((v) => v !== null)).toBe(true);
      expect([...versions].sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: 12 }, (_, i) => entry.version + 1 + i),
      );
      const stored = (await t.entries.get(t.alice, entry.id))!;
      expect(stored.version).toBe(entry.version + 12);
      // The stored text is that of the save answered with the last version.
      const last = versions.indexOf(entry.version + 12);
      expect(stored.values.brandName).toBe(`Lưu ${last}`);
    });

    it("of 8 concurrent autosaves naming one version, one lands and the others are conflicts showing it", async () => {
      const entry = await t.draft();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.entries.autosave(
            t.alice,
            entry.id,
            { brandName: `Tab ${i}` },
            { version: entry.version },
          ),
        ),
      );
      const landed = results.flatMap((r, i) => (r.ok ? [i] : []));
      expect(landed).toHaveLength(1);
      const winner = results[landed[0]!]!;
      expect(winner.ok && winner.saved.version).toBe(entry.version + 1);
      for (const refused of results.filter((r) => !r.ok)) {
        expect(refused).toMatchObject({ status: 409, formError: "entry.problems.versionConflict" });
        expect(!refused.ok && refused.entry?.values.brandName).toBe(`Tab ${landed[0]}`);
        expect(!refused.ok && refused.entry?.version).toBe(entry.version + 1);
      }
    });

    it("answers an autosave with what a read gives of the version, code and time, no file taken away", async () => {
      const entry = await t.draft();
      const tvc = t.cat("TVC");
      const saved = await t.entries.autosave(t.alice, entry.id, {
        trackId: tvc.trackId,
        categoryId: tvc.id,
        brandName: "Sữa Tươi",
      });
      expect(saved.ok).toBe(true);
      if (!saved.ok) return;
      const read = (await t.entries.get(t.alice, entry.id))!;
      expect(saved.saved).toEqual({
        id: read.id,
        version: read.version,
        code: read.code,
        updatedAt: read.updatedAt,
        removedFileIds: [],
      });
      expect(read.code).toMatch(/^VX26-TVC-\d{4}$/);
      expect(read.values.brandName).toBe("Sữa Tươi");
    });

    it("checks the category against the track and the registrant type", async () => {
      const entry = await t.draft();
      const wrongTrack = await t.entries.saveDraft(t.alice, entry.id, {
        trackId: t.cat("AGC").trackId,
        categoryId: t.cat("TVC").id,
      });
      expect(wrongTrack).toMatchObject({
        status: 422,
        fieldErrors: { categoryId: "entry.problems.categoryNotInTrack" },
      });
      const unknown = await t.entries.saveDraft(t.alice, entry.id, { trackId: "999999" });
      expect(unknown).toMatchObject({ fieldErrors: { trackId: "entry.problems.trackNotFound" } });
      // Campaigns are for enterprises only.
      const personal = await t.draft(t.chi);
      const notOpen = await t.entries.saveDraft(t.chi, personal.id, {
        categoryId: t.cat("TVC").id,
      });
      expect(notOpen).toMatchObject({
        fieldErrors: { categoryId: "validation.entryCategoryNotOpen" },
      });
      const open = await t.entries.saveDraft(t.chi, personal.id, { categoryId: t.cat("TVW").id });
      expect(open.ok).toBe(true);
      // A category of another season is not this season's.
      const old = await t.db.kysely
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select("c.id")
        .where("s.year", "=", 2025)
        .where("c.code", "=", "TVC")
        .executeTakeFirstOrThrow();
      const otherSeason = await t.entries.saveDraft(t.alice, entry.id, {
        categoryId: String(old.id),
      });
      expect(otherSeason).toMatchObject({ status: 422 });
    });
  });
});
