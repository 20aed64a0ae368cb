import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, file } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("owner isolation", () => {
    const t = entriesTestbed(target);

    it("shows another user's draft as not found and changes nothing", async () => {
      const entry = await t.draft(t.alice, { brandName: "Của Alice" });
      await t.attach(entry.id, "images");
      const imageId = (await t.entries.get(t.alice, entry.id))!.files[0]!.id;
      expect(await t.entries.get(t.bob, entry.id)).toBeNull();
      expect(await t.entries.saveDraft(t.bob, entry.id, { brandName: "Bob" })).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await t.entries.attachFile(t.bob, entry.id, "images", file())).toMatchObject({
        status: 404,
      });
      expect(await t.entries.uploadAllowed(t.bob, entry.id, "images", 1000)).toBe(
        "entry.problems.notFound",
      );
      expect(await t.entries.removeFile(t.bob, entry.id, imageId)).toMatchObject({
        status: 404,
      });
      expect(await t.entries.submit(t.bob, entry.id)).toMatchObject({ status: 404 });
      expect(await t.entries.withdraw(t.bob, entry.id)).toMatchObject({ status: 404 });
      expect(
        await t.entries.duplicate(t.bob, entry.id, { categoryId: t.cat("OLW").id }),
      ).toMatchObject({ status: 404 });
      expect((await t.entries.listForEntrant(t.bob)).map((e) => e.id)).not.toContain(entry.id);
      const after = await t.entries.get(t.alice, entry.id);
      expect(after!.values.brandName).toBe("Của Alice");
      expect(after!.files).toHaveLength(1);
      expect(after!.version).toBe(entry.version);
      expect(after!.status).toBe("draft");
      // Staff see it.
      expect((await t.entries.getForStaff(entry.id))!.values.brandName).toBe("Của Alice");
      // A file of one entry cannot be removed through another of the same owner.
      const other = await t.draft();
      expect(await t.entries.removeFile(t.alice, other.id, imageId)).toMatchObject({
        status: 404,
        formError: "entry.problems.fileNotFound",
      });
    });
  });
});
