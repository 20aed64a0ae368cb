import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("duplicate", () => {
    const t = entriesTestbed(target);

    it("copies texts, credits and files into another category with a new code", async () => {
      const source = await t.completeDraft();
      const copy = await t.entries.duplicate(t.alice, source.id, { categoryId: t.cat("OLC").id });
      expect(copy.ok).toBe(true);
      if (!copy.ok) return;
      expect(copy.entry.id).not.toBe(source.id);
      expect(copy.entry.code).toMatch(/^VX26-OLC-\d{4}$/);
      expect(copy.entry.status).toBe("draft");
      const original = (await t.entries.get(t.alice, source.id))!;
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
      await t.entries.removeFile(t.alice, copy.entry.id, copy.entry.files[0]!.id);
      expect((await t.entries.get(t.alice, source.id))!.files).toHaveLength(original.files.length);
      // The category must be open to the registrant and exist.
      expect(await t.entries.duplicate(t.alice, source.id, { categoryId: "999999" })).toMatchObject(
        {
          status: 422,
        },
      );
    });
  });
});
