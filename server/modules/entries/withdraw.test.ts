import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, NOW } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("withdraw", () => {
    const t = entriesTestbed(target);

    it("withdraws before judging, and a withdrawn entry is final", async () => {
      const entry = await t.draft();
      const withdrawn = await t.entries.withdraw(t.alice, entry.id);
      expect(withdrawn).toMatchObject({
        ok: true,
        entry: { status: "withdrawn", editable: false },
      });
      expect(!withdrawn.ok || withdrawn.entry.withdrawnAt).toBe(NOW.toISOString());
      expect(await t.entries.withdraw(t.alice, entry.id)).toMatchObject({
        status: 409,
        formError: "entry.problems.cannotWithdraw",
      });
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "x" })).toMatchObject({
        status: 409,
      });
      expect(await t.entries.submit(t.alice, entry.id)).toMatchObject({ status: 409 });
      // A shortlisted entry is being judged: no withdrawal.
      const judged = await t.draft();
      await t.db.kysely
        .updateTable("entries")
        .set({ status: "shortlisted" })
        .where("id", "=", judged.id)
        .execute();
      expect(await t.entries.withdraw(t.alice, judged.id)).toMatchObject({ status: 409 });
    });
  });
});
