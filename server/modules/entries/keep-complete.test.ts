import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { moved, submittedEntry } from "./lifecycle-testbed";
import { entriesTestbed, file, PDF, type EntriesTestbed, withDiskStorage } from "./testbed";

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

/** The entry's files by field, each with whether its owner may remove it. */
async function removableByField(t: EntriesTestbed, entryId: string) {
  const entry = (await t.entries.get(t.alice, entryId))!;
  return entry.files.map((f) => [f.field, f.removable]);
}

const LINK = "https://youtu.be/dQw4w9WgXcQ";
const CANONICAL_LINK = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

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

  describe.skipIf(!target.available)("what the entry page offers of a submitted entry", () => {
    const t = entriesTestbed(target);

    it("marks as removable only the files the entry can do without, as removal decides", async () => {
      const entry = await t.completeDraft();
      // A draft lets every file go.
      expect((await removableByField(t, entry.id)).every(([, removable]) => removable)).toBe(true);
      expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
      expect(await removableByField(t, entry.id)).toEqual([
        ["copyrightCommitment", false],
        ["ideaArticleVi", false],
        ["images", false],
        ["legalCommitment", false],
        ["video", false],
      ]);
      // A second picture: either may go, not both.
      expect((await t.attach(entry.id, "images")).ok).toBe(true);
      const pictures = (await t.entries.get(t.alice, entry.id))!.files.filter(
        (f) => f.field === "images",
      );
      expect(pictures.map((f) => f.removable)).toEqual([true, true]);
      expect((await t.entries.removeFile(t.alice, entry.id, pictures[0]!.id)).ok).toBe(true);
      const [last] = (await t.entries.get(t.alice, entry.id))!.files.filter(
        (f) => f.field === "images",
      );
      expect(last).toMatchObject({ id: pictures[1]!.id, removable: false });
      expect((await t.entries.removeFile(t.alice, entry.id, last!.id)).ok).toBe(false);
    });

    it("lists what is missing and what may go without the documents judges cannot open", async () => {
      const entry = await t.completeDraft();
      const idea = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "ideaArticleVi",
      )!;
      expect((await t.attach(entry.id, "slidesEn", file({ ...PDF, name: "slides.pdf" }))).ok).toBe(
        true,
      );
      expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
      // Two idea documents judges can open: either may go.
      let view = (await t.entries.get(t.alice, entry.id))!;
      expect(view.missing).toEqual([]);
      expect(view.files.find((f) => f.id === idea.id)?.removable).toBe(true);

      await judgesCannotGet(t, idea.storageKey);
      view = (await t.entries.get(t.alice, entry.id))!;
      expect(view.unjudgeableFileIds).toEqual([idea.id]);
      expect(view.missing).toEqual([]);
      // The unreadable article may go (it never counted); the slides, now the only
      // document judges can open, may not — as the removals answer.
      const slides = view.files.find((f) => f.field === "slidesEn")!;
      expect(view.files.find((f) => f.id === idea.id)?.removable).toBe(true);
      expect(slides.removable).toBe(false);
      expect((await t.entries.removeFile(t.alice, entry.id, slides.id)).ok).toBe(false);

      // Judges cannot open the slides either: the entry's own list says so, as submission and
      // the dashboard do.
      await judgesCannotGet(t, slides.storageKey);
      view = (await t.entries.get(t.alice, entry.id))!;
      expect(view.missing).toEqual([
        {
          field: "ideaArticleViFileId",
          messageKey: "validation.entryIdeaArticleUnjudgeable",
          itemKey: "entry.missing.ideaArticleJudgeable",
        },
      ]);
      expect(
        (await t.entries.listForEntrant(t.alice)).find((e) => e.id === entry.id)?.missing,
      ).toEqual(["entry.missing.ideaArticleJudgeable"]);
    });
  });

  describe.skipIf(!target.available)("a video link over a submitted entry's film", () => {
    const t = entriesTestbed(target);

    it("replaces the film in the same save, its stored object released", async () => {
      await withDiskStorage(t, async (withStorage, storage) => {
        const key = `entries/ab/${randomBytes(16).toString("hex")}.mp4`;
        await storage.put(key, Buffer.from("film bytes"), { contentType: "video/mp4" });
        const entry = await t.completeDraft(t.alice, {
          video: file({ key, name: "phim.mp4", mime: "video/mp4", bytes: 200_000_000 }),
        });
        expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
        await moved(t, entry.id, "paid", "finance");
        const film = (await t.entries.get(t.alice, entry.id))!.files.find(
          (f) => f.field === "video",
        )!;
        const { version } = (await t.entries.get(t.alice, entry.id))!;

        const saved = await withStorage.autosave(
          t.alice,
          entry.id,
          { videoLink: LINK },
          { version },
        );
        expect(saved).toMatchObject({
          ok: true,
          saved: { version: version + 1, removedFileIds: [film.id] },
        });
        const now = (await t.entries.get(t.alice, entry.id))!;
        expect(now.status).toBe("paid");
        expect(now.values.videoLink).toBe(CANONICAL_LINK);
        expect(now.values.videoFileId).toBeUndefined();
        expect(now.files.filter((f) => f.field === "video")).toEqual([]);
        expect(now.missing).toEqual([]);
        expect(await storage.stat(key)).toBeNull();

        // The link is now what meets the requirement: it cannot be emptied.
        expect(await t.entries.autosave(t.alice, entry.id, { videoLink: "" })).toMatchObject({
          ok: false,
          status: 422,
          fieldErrors: { videoFileId: "validation.entryVideoRequired" },
        });
        // Saved again, the same link takes nothing more away.
        expect(await withStorage.autosave(t.alice, entry.id, { videoLink: LINK })).toMatchObject({
          ok: true,
          saved: { removedFileIds: [] },
        });
      });
    });

    it("answers a full save with the entry as it is now, and keeps a film another entry shares", async () => {
      const entry = await submittedEntry(t);
      const film = entry.files.find((f) => f.field === "video")!;
      const copy = await t.entries.duplicate(t.alice, entry.id, { categoryId: t.cat("OLW").id });
      expect(copy.ok, JSON.stringify(copy)).toBe(true);
      const saved = await t.entries.saveDraft(t.alice, entry.id, {
        videoLink: LINK,
        brandName: "Trà Xanh",
      });
      expect(saved.ok, JSON.stringify(saved)).toBe(true);
      if (!saved.ok) return;
      expect(saved.entry.files.some((f) => f.field === "video")).toBe(false);
      expect(saved.entry.values).toMatchObject({
        videoLink: CANONICAL_LINK,
        brandName: "Trà Xanh",
      });
      // The copy's film row, with the same stored object, stays.
      if (copy.ok) {
        const copied = (await t.entries.get(t.alice, copy.entry.id))!;
        expect(copied.files.find((f) => f.field === "video")?.storageKey).toBe(film.storageKey);
        expect(await t.entries.isStorageKeyInUse(film.storageKey)).toBe(true);
      }
    });

    it("keeps the film when the link is not YouTube or Vimeo, and in a draft, which removes it first", async () => {
      const entry = await submittedEntry(t);
      const refused = await t.entries.autosave(t.alice, entry.id, {
        videoLink: "https://example.com/phim",
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: { videoLink: "validation.entryVideoLink" },
      });
      expect(
        (await t.entries.get(t.alice, entry.id))!.files.filter((f) => f.field === "video"),
      ).toHaveLength(1);

      const draft = await t.completeDraft();
      expect(await t.entries.autosave(t.alice, draft.id, { videoLink: LINK })).toMatchObject({
        ok: false,
        status: 422,
        fieldErrors: { videoLink: "validation.entryVideoBoth" },
      });
      const film = (await t.entries.get(t.alice, draft.id))!.files.find(
        (f) => f.field === "video",
      )!;
      expect((await t.entries.removeFile(t.alice, draft.id, film.id)).ok).toBe(true);
      expect((await t.entries.autosave(t.alice, draft.id, { videoLink: LINK })).ok).toBe(true);
    });
  });

  describe.skipIf(!target.available)("a film uploaded over a submitted entry's link", () => {
    const t = entriesTestbed(target);

    /** A complete entry whose video is a link (its film removed while a draft). */
    async function linkedDraft() {
      const entry = await t.completeDraft();
      const film = (await t.entries.get(t.alice, entry.id))!.files.find(
        (f) => f.field === "video",
      )!;
      expect((await t.entries.removeFile(t.alice, entry.id, film.id)).ok).toBe(true);
      expect((await t.entries.autosave(t.alice, entry.id, { videoLink: LINK })).ok).toBe(true);
      return entry;
    }

    const storedVideo = async (entryId: string) => ({
      ...(await t.db.kysely
        .selectFrom("entries")
        .select(["video_link", "version"])
        .where("id", "=", entryId)
        .executeTakeFirstOrThrow()),
      films: (
        await t.db.kysely
          .selectFrom("entry_files")
          .select("original_name")
          .where("entry_id", "=", entryId)
          .where("field", "=", "video")
          .execute()
      ).map((f) => f.original_name),
    });

    it("replaces the link when the film is attached, moving the version as a save does", async () => {
      const entry = await linkedDraft();
      expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
      await moved(t, entry.id, "paid", "finance");
      const before = await storedVideo(entry.id);
      expect(before).toMatchObject({ video_link: CANONICAL_LINK, films: [] });

      // The upload may start although the link is there …
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "video", 100_000_000)).toBeNull();
      // … and its film, once attached, takes the link's place in the same transaction.
      const attached = await t.attach(
        entry.id,
        "video",
        file({ name: "phim-moi.mp4", mime: "video/mp4", bytes: 100_000_000 }),
      );
      expect(attached.ok, JSON.stringify(attached)).toBe(true);
      if (!attached.ok) return;
      const after = await storedVideo(entry.id);
      expect(after).toEqual({ video_link: "", films: ["phim-moi.mp4"], version: after.version });
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      expect(attached.entry).toMatchObject({
        status: "paid",
        version: Number(before.version) + 1,
        values: { videoLink: "", videoFileId: attached.file.id },
        missing: [],
      });

      // A page still holding the link cannot save it back over the film: its version is old.
      const stale = await t.entries.autosave(
        t.alice,
        entry.id,
        { videoLink: LINK, brandName: "Trà Xanh" },
        { version: Number(before.version) },
      );
      expect(stale).toMatchObject({ ok: false, status: 409 });
      expect(await storedVideo(entry.id)).toEqual(after);

      // A page that took the change up goes on saving; the film, now the only video, stays.
      const saved = await t.entries.autosave(
        t.alice,
        entry.id,
        { videoLink: "", brandName: "Trà Xanh" },
        { version: Number(after.version) },
      );
      expect(saved, JSON.stringify(saved)).toMatchObject({
        ok: true,
        saved: { removedFileIds: [] },
      });
      expect(await storedVideo(entry.id)).toMatchObject({
        video_link: "",
        films: ["phim-moi.mp4"],
      });
      const film = (await t.entries.get(t.alice, entry.id))!.files.find((f) => f.field === "video");
      expect(film?.removable).toBe(false);

      // A film replacing a film changes no form value: the version stays.
      const { version } = await storedVideo(entry.id);
      expect(
        (await t.attach(entry.id, "video", file({ name: "phim-3.mp4", mime: "video/mp4" }))).ok,
      ).toBe(true);
      expect(await storedVideo(entry.id)).toEqual({
        video_link: "",
        films: ["phim-3.mp4"],
        version,
      });
    });

    it("still refuses a film beside a draft's link: the draft clears its link first", async () => {
      const entry = await linkedDraft();
      const before = await storedVideo(entry.id);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "video", 1000)).toBe(
        "validation.entryVideoPresent",
      );
      expect(
        await t.attach(entry.id, "video", file({ name: "phim.mp4", mime: "video/mp4" })),
      ).toMatchObject({ ok: false, formError: "validation.entryVideoPresent" });
      expect(await storedVideo(entry.id)).toEqual(before);

      expect((await t.entries.autosave(t.alice, entry.id, { videoLink: "" })).ok).toBe(true);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "video", 1000)).toBeNull();
      expect(
        (await t.attach(entry.id, "video", file({ name: "phim.mp4", mime: "video/mp4" }))).ok,
      ).toBe(true);
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
