import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { CLOSES, entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("create a draft", () => {
    const t = entriesTestbed(target);

    it("creates an empty draft in the current season without a code", async () => {
      const entry = await t.draft();
      expect(entry).toMatchObject({
        seasonYear: 2026,
        code: null,
        status: "draft",
        version: 1,
        track: null,
        category: null,
        editable: true,
        entriesCloseAt: CLOSES,
      });
      expect(entry.missing.map((m) => m.itemKey)).toContain("entry.missing.category");
      expect(entry.missing[0]).toEqual({
        field: "trackId",
        messageKey: "validation.entryTrackRequired",
        itemKey: "entry.missing.track",
      });
    });

    it("numbers concurrent createDrafts with a category uniquely too", async () => {
      const olw = t.cat("OLW");
      const created = await Promise.all(
        Array.from({ length: 20 }, () => t.entries.createDraft(t.alice, { categoryId: olw.id })),
      );
      const codes = created.map((r) => (r.ok ? r.entry.code : null));
      expect(new Set(codes).size).toBe(20);
      expect(codes.every((c) => c?.startsWith("VX26-OLW-"))).toBe(true);
      // Out of Alice's drafts, so her season quota stays for the other tests.
      for (const r of created) if (r.ok) await t.entries.withdraw(t.alice, r.entry.id);
    });
  });
});
