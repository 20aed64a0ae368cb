import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("form options", () => {
    const t = entriesTestbed(target);

    it("lists only the categories open to the registrant in the form options", async () => {
      const forChi = await t.entries.formOptions(t.chi);
      const forAlice = await t.entries.formOptions(t.alice);
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
      expect(await t.entries.formOptions(t.staff)).toMatchObject({ ok: false, status: 403 });
      expect(await t.entries.createDraft(t.staff)).toMatchObject({ ok: false, status: 403 });
    });
  });
});
