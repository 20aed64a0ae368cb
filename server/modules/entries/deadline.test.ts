import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { AFTER_CLOSE, CLOSES, entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("deadline", () => {
    const t = entriesTestbed(target);

    it("makes entries read-only after the submission deadline", async () => {
      const entry = await t.completeDraft();
      const image = (await t.entries.get(t.alice, entry.id))!.files[0]!;
      t.now = AFTER_CLOSE;
      const closed = {
        ok: false,
        status: 403,
        formError: "entry.problems.submissionClosed",
      };
      expect(await t.entries.createDraft(t.alice)).toMatchObject(closed);
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "Muộn" })).toMatchObject(
        closed,
      );
      expect(await t.attach(entry.id, "images")).toMatchObject(closed);
      expect(await t.entries.removeFile(t.alice, entry.id, image.id)).toMatchObject(closed);
      expect(await t.entries.submit(t.alice, entry.id)).toMatchObject(closed);
      expect(
        await t.entries.duplicate(t.alice, entry.id, { categoryId: t.cat("OLC").id }),
      ).toMatchObject(closed);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 1000)).toBe(
        "entry.problems.submissionClosed",
      );
      const after = (await t.entries.get(t.alice, entry.id))!;
      expect(after).toMatchObject({ editable: false, status: "draft", version: entry.version });
      expect(after.files).toHaveLength(5);
      // Before the window opens, no new draft either.
      t.now = new Date("2026-07-01T00:00:00.000Z");
      expect(await t.entries.createDraft(t.alice)).toMatchObject({
        status: 403,
        formError: "entry.problems.submissionNotOpen",
      });
      // One millisecond before the deadline it was still open.
      t.now = new Date(Date.parse(CLOSES) - 1);
      expect((await t.entries.saveDraft(t.alice, entry.id, { brandName: "Kịp" })).ok).toBe(true);
      t.now = new Date(CLOSES);
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "Trễ" })).toMatchObject(
        closed,
      );
    });
  });
});
