import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, file, PDF } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("attach a file", () => {
    const t = entriesTestbed(target);

    it("attaches up to 12 images and refuses the 13th", async () => {
      const entry = await t.draft();
      for (let i = 0; i < 12; i += 1) {
        const result = await t.attach(entry.id, "images", file({ name: `anh-${i}.jpg` }));
        expect(result.ok).toBe(true);
      }
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 1000)).toBe(
        "validation.entryImagesMax",
      );
      const thirteenth = await t.attach(entry.id, "images");
      expect(thirteenth).toMatchObject({
        ok: false,
        status: 422,
        formError: "validation.entryImagesMax",
        fieldErrors: { imageIds: "validation.entryImagesMax" },
      });
      const reread = await t.entries.get(t.alice, entry.id);
      expect(reread!.values.imageIds).toHaveLength(12);
      expect(reread!.files.map((f) => f.name).slice(0, 3)).toEqual([
        "anh-0.jpg",
        "anh-1.jpg",
        "anh-2.jpg",
      ]);
    });

    it("lets only one of several concurrent attaches take the 12th image slot", async () => {
      const entry = await t.draft();
      for (let i = 0; i < 11; i += 1) await t.attach(entry.id, "images");
      const results = await Promise.all(
        Array.from({ length: 4 }, () => t.attach(entry.id, "images")),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect((await t.entries.get(t.alice, entry.id))!.files).toHaveLength(12);
      const videos = await Promise.all(
        Array.from({ length: 3 }, () =>
          t.attach(entry.id, "video", file({ name: "v.mp4", mime: "video/mp4" })),
        ),
      );
      expect(videos.filter((r) => r.ok)).toHaveLength(1);
    });

    it("refuses a second video and a video next to a link, and a link next to a video", async () => {
      const entry = await t.draft();
      const video = file({ name: "phim.mp4", mime: "video/mp4", bytes: 5_000_000 });
      expect((await t.attach(entry.id, "video", video)).ok).toBe(true);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "video", 1000)).toBe(
        "validation.entryVideoPresent",
      );
      expect(
        await t.attach(entry.id, "video", file({ name: "b.mp4", mime: "video/mp4" })),
      ).toMatchObject({ ok: false, formError: "validation.entryVideoPresent" });
      const link = await t.entries.saveDraft(t.alice, entry.id, {
        videoLink: "https://vimeo.com/76979871",
      });
      expect(link).toMatchObject({ fieldErrors: { videoLink: "validation.entryVideoBoth" } });

      const linked = await t.draft(t.alice, { videoLink: "https://vimeo.com/76979871" });
      expect(await t.entries.uploadAllowed(t.alice, linked.id, "video", 1000)).toBe(
        "validation.entryVideoPresent",
      );
      expect(
        await t.attach(linked.id, "video", file({ mime: "video/mp4", name: "c.mp4" })),
      ).toMatchObject({ ok: false, formError: "validation.entryVideoPresent" });
      // Removing the video (or the link) makes room.
      const current = await t.entries.get(t.alice, entry.id);
      const removed = await t.entries.removeFile(t.alice, entry.id, current!.values.videoFileId!);
      expect(removed.ok).toBe(true);
      const nowLink = await t.entries.saveDraft(t.alice, entry.id, {
        videoLink: "https://vimeo.com/76979871",
      });
      expect(nowLink.ok).toBe(true);
    });

    it("refuses files of the wrong type or size, and cleans the display name", async () => {
      const entry = await t.draft();
      expect(await t.attach(entry.id, "images", file({ bytes: 21 * 1024 * 1024 }))).toMatchObject({
        formError: "validation.entryImageTooLarge",
      });
      expect(await t.attach(entry.id, "images", file({ mime: "text/html" }))).toMatchObject({
        formError: "validation.entryImageType",
      });
      expect(
        await t.attach(entry.id, "video", file({ mime: "video/mp4", bytes: 1024 ** 3 + 1 })),
      ).toMatchObject({ formError: "validation.entryVideoTooLarge" });
      expect(await t.attach(entry.id, "legalCommitment", file())).toMatchObject({
        formError: "validation.entryDocumentType",
      });
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 21 * 1024 * 1024)).toBe(
        "validation.entryImageTooLarge",
      );
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 0)).toBe(
        "validation.entryFileEmpty",
      );
      expect(
        await t.entries.uploadAllowed(t.alice, entry.id, "images", 1000, {
          name: "virus.exe",
          mime: "application/octet-stream",
        }),
      ).toBe("validation.entryImageType");
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 1000)).toBeNull();
      const traversal = await t.attach(
        entry.id,
        "images",
        file({ name: "../../etc/\u202Egpj.exe\u0000 ảnh.jpg" }),
      );
      expect(traversal.ok && traversal.file.name).toBe("gpj.exe ảnh.jpg");
      expect((await t.entries.get(t.alice, entry.id))!.files).toHaveLength(1);
    });

    it("replaces a single-file field, and a retried attach of the same key adds nothing", async () => {
      const entry = await t.draft();
      const first = file(PDF);
      const a = await t.attach(entry.id, "legalCommitment", first);
      const again = await t.attach(entry.id, "legalCommitment", first);
      expect(a.ok && again.ok && again.file.id).toBe(a.ok && a.file.id);
      const b = await t.attach(entry.id, "legalCommitment", file({ ...PDF, name: "moi.pdf" }));
      expect(b.ok).toBe(true);
      const reread = await t.entries.get(t.alice, entry.id);
      expect(reread!.files.map((f) => f.name)).toEqual(["moi.pdf"]);
      expect(reread!.values.legalCommitmentFileId).toBe(b.ok && b.file.id);
    });

    it("reorders images when a save names exactly the entry's images", async () => {
      const entry = await t.draft();
      for (const name of ["a.jpg", "b.jpg", "c.jpg"])
        await t.attach(entry.id, "images", file({ name }));
      const ids = (await t.entries.get(t.alice, entry.id))!.values.imageIds!;
      const reordered = await t.entries.saveDraft(t.alice, entry.id, {
        imageIds: [ids[2]!, ids[0]!, ids[1]!],
      });
      expect(reordered.ok && reordered.entry.files.map((f) => f.name)).toEqual([
        "c.jpg",
        "a.jpg",
        "b.jpg",
      ]);
      // A list that is not the entry's images changes nothing (files are attached on their own).
      await t.entries.saveDraft(t.alice, entry.id, { imageIds: [ids[0]!] });
      expect((await t.entries.get(t.alice, entry.id))!.values.imageIds).toEqual([
        ids[2],
        ids[0],
        ids[1],
      ]);
      const next = await t.attach(entry.id, "images", file({ name: "d.jpg" }));
      expect(next.ok && next.entry.files.map((f) => f.name)).toEqual([
        "c.jpg",
        "a.jpg",
        "b.jpg",
        "d.jpg",
      ]);
    });

    it("does not move the version, so a background upload never makes autosave conflict", async () => {
      const entry = await t.draft();
      await t.attach(entry.id, "images");
      const saved = await t.entries.saveDraft(
        t.alice,
        entry.id,
        { brandName: "Sau tải lên" },
        { version: entry.version },
      );
      expect(saved.ok).toBe(true);
    });
  });
});
