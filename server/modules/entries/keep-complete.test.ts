import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { moved, submittedEntry } from "./lifecycle-testbed";
import { entriesTestbed, file, PDF, type EntriesTestbed } from "./testbed";

/** Records, as the judges'-copy job does, that no copy of the stored file could be made. */
async function judgesCannotGet(t: EntriesTestbed, storageKey: string) {
  await t.db.kysely
    .insertInto("judge_copies")
    .values({
      source_key: storageKey,
      copy_key: null,
      problem: "unreadable",
      made_at: t.now.toISOString(),
    })
    .execute();
}

async function stored(t: EntriesTestbed, entryId: string) {
  return t.db.kysely
    .selectFrom("entries")
    .select(["description_vi", "brand_name", "start_year", "version", "status"])
    .where("id", "=", entryId)
    .executeTakeFirstOrThrow();
}

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("a submitted entry stays complete", () => {
    const t = entriesTestbed(target);

    it("refuses a save of a paid entry that empties a required field, keeping what is stored", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const before = await stored(t, entry.id);

      const refused = await t.entries.autosave(t.alice, entry.id, {
        descriptionVi: "   ",
        startYear: "",
        brandName: "Trà Xanh",
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 422,
        formError: "entry.problems.staysComplete",
        fieldErrors: {
          descriptionVi: "validation.entryDescriptionViRequired",
          startYear: "validation.entryStartYearRequired",
        },
      });
      expect(await stored(t, entry.id)).toEqual(before);

      // A change that keeps it complete is saved as before.
      const saved = await t.entries.autosave(t.alice, entry.id, { brandName: "Trà Xanh" });
      expect(saved.ok, JSON.stringify(saved)).toBe(true);
      expect(await stored(t, entry.id)).toMatchObject({ brand_name: "Trà Xanh", status: "paid" });
    });

    it("still lets a draft be emptied as the entrant likes", async () => {
      const entry = await t.completeDraft();
      const saved = await t.entries.autosave(t.alice, entry.id, { descriptionVi: "" });
      expect(saved.ok).toBe(true);
      const legal = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "legalCommitment",
      )!;
      expect((await t.entries.removeFile(t.alice, entry.id, legal.id)).ok).toBe(true);
    });

    it("lets an entry lacking something from before go on being edited", async () => {
      const entry = await submittedEntry(t);
      // As an older entry may be stored: submitted without its English description.
      await t.db.kysely
        .updateTable("entries")
        .set({ description_en: "" })
        .where("id", "=", entry.id)
        .execute();
      const saved = await t.entries.autosave(t.alice, entry.id, { brandName: "Trà Sen" });
      expect(saved.ok, JSON.stringify(saved)).toBe(true);
      const [listed] = (await t.entries.listForEntrant(t.alice)).filter((e) => e.id === entry.id);
      expect(listed).toMatchObject({ editable: true, missing: ["entry.missing.descriptionEn"] });
    });

    it("refuses removing the only legal commitment; a new upload replaces it", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const legal = entry.files.find((f) => f.field === "legalCommitment")!;
      const refused = await t.entries.removeFile(t.alice, entry.id, legal.id);
      expect(refused).toMatchObject({
        ok: false,
        status: 422,
        formError: "entry.problems.lastRequiredFile",
        fieldErrors: { legalCommitmentFileId: "validation.entryLegalCommitmentRequired" },
      });
      expect((await t.entries.get(t.alice, entry.id))!.files).toContainEqual(
        expect.objectContaining({ id: legal.id }),
      );

      const replaced = await t.attach(
        entry.id,
        "legalCommitment",
        file({ ...PDF, name: "moi.pdf" }),
      );
      expect(replaced.ok, JSON.stringify(replaced)).toBe(true);
      const legalNow = (await t.entries.get(t.alice, entry.id))!.files.filter(
        (f) => f.field === "legalCommitment",
      );
      expect(legalNow.map((f) => f.name)).toEqual(["moi.pdf"]);

      // Nor does the only picture.
      const images = entry.files.filter((f) => f.field === "images");
      expect(images.length).toBeGreaterThan(0);
      const lastImage = await t.entries.removeFile(t.alice, entry.id, images[0]!.id);
      expect(lastImage).toMatchObject({
        ok: false,
        fieldErrors: { imageIds: "validation.entryImagesRequired" },
      });
    });

    it("replaces the required film of a submitted entry by a new upload", async () => {
      const entry = await submittedEntry(t);
      const film = entry.files.find((f) => f.field === "video")!;
      expect((await t.entries.removeFile(t.alice, entry.id, film.id)).ok).toBe(false);
      const replaced = await t.attach(
        entry.id,
        "video",
        file({ name: "phim-moi.mp4", mime: "video/mp4", bytes: 100_000_000 }),
      );
      expect(replaced.ok, JSON.stringify(replaced)).toBe(true);
      const films = (await t.entries.get(t.alice, entry.id))!.files.filter(
        (f) => f.field === "video",
      );
      expect(films.map((f) => f.name)).toEqual(["phim-moi.mp4"]);
    });
  });

  describe.skipIf(!target.available)("judged files judges cannot receive", () => {
    const t = entriesTestbed(target);

    it("does not count an unreadable idea article towards submission", async () => {
      const entry = await t.completeDraft();
      const idea = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "ideaArticleVi",
      )!;
      await judgesCannotGet(t, idea.storageKey);
      const refused = await t.entries.submit(t.alice, entry.id);
      expect(refused).toMatchObject({ ok: false, status: 422 });
      expect(!refused.ok && refused.missing).toEqual([
        {
          field: "ideaArticleViFileId",
          messageKey: "validation.entryIdeaArticleUnjudgeable",
          itemKey: "entry.missing.ideaArticleJudgeable",
        },
      ]);
      expect(
        (await t.entries.listForEntrant(t.alice)).find((e) => e.id === entry.id),
      ).toMatchObject({ missing: ["entry.missing.ideaArticleJudgeable"] });

      // Slides judges can open (their copy still being made counts) make it complete.
      expect((await t.attach(entry.id, "slidesEn", file({ ...PDF, name: "slides.pdf" }))).ok).toBe(
        true,
      );
      const submitted = await t.entries.submit(t.alice, entry.id);
      expect(submitted.ok, JSON.stringify(submitted)).toBe(true);

      // The unreadable article can go (it never counted); the slides, now the only one, cannot.
      const slides = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "slidesEn",
      )!;
      expect((await t.entries.removeFile(t.alice, entry.id, idea.id)).ok).toBe(true);
      expect(await t.entries.removeFile(t.alice, entry.id, slides.id)).toMatchObject({
        ok: false,
        fieldErrors: { ideaArticleViFileId: "validation.entryIdeaArticleRequired" },
      });
    });

    it("does not count a film judges cannot play towards a required video", async () => {
      const entry = await t.completeDraft();
      const film = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "video",
      )!;
      await judgesCannotGet(t, film.storageKey);
      const refused = await t.entries.submit(t.alice, entry.id);
      expect(!refused.ok && refused.missing).toEqual([
        {
          field: "videoFileId",
          messageKey: "validation.entryVideoUnjudgeable",
          itemKey: "entry.missing.videoJudgeable",
        },
      ]);
    });
  });
});
