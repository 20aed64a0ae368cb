import { describe, expect, it } from "vitest";
import { categoryFeesSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import { ADMIN, seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("category fees on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = seasonsAdminFixture(target);

    /** The first category of the 2026 demo season, with its fees as stored. */
    async function firstCategory() {
      const tree = await f.services.seasonsAdmin.tree(2026);
      return tree[0]!.groups[0]!.categories[0]!;
    }
    const text = (n: number | null) => (n === null ? "" : String(n));

    /** The fees form for a category as the page showed it, with some fields retyped. */
    async function formFor(over: Record<string, string>) {
      const c = await firstCategory();
      const parsed = categoryFeesSchema.safeParse({
        categoryId: String(c.id),
        feeVnd: String(c.feeVnd),
        earlyBirdFeeVnd: text(c.earlyBirdFeeVnd),
        lateFeeVnd: text(c.lateFeeVnd),
        currentFeeVnd: String(c.feeVnd),
        currentEarlyBirdFeeVnd: text(c.earlyBirdFeeVnd),
        currentLateFeeVnd: text(c.lateFeeVnd),
        ...over,
      });
      if (!parsed.success) throw parsed.error;
      return parsed.data;
    }

    it("saves the three fees, calls onChange and records the change in the audit log", async () => {
      const c = await firstCategory();
      const input = await formFor({
        feeVnd: "4.400.000",
        earlyBirdFeeVnd: "3.850.000",
        lateFeeVnd: "5.500.000",
      });
      const saved = await f.services.seasonsAdmin.updateCategoryFees(c.id, input, ADMIN);
      expect(saved).toMatchObject({ ok: true, id: c.id, seasonYear: 2026 });
      expect(await firstCategory()).toMatchObject({
        feeVnd: 4_400_000,
        earlyBirdFeeVnd: 3_850_000,
        lateFeeVnd: 5_500_000,
        // Nothing but the fees changes.
        code: c.code,
        nameVi: c.nameVi,
        slug: c.slug,
      });
      expect(f.changes).toBe(1);
      const log = await f.services.audit.list({ search: "category.update" });
      expect(log.items[0]).toMatchObject({
        actorEmail: ADMIN.email,
        targetType: "category",
        targetId: String(c.id),
      });
      // Named with its code and season, as the seasons page's edits are.
      expect(log.items[0]!.summary).toEqual({
        year: 2026,
        name: `${c.code} · ${c.nameVi}`,
        feeVnd: [c.feeVnd, 4_400_000],
        earlyBirdFeeVnd: [c.earlyBirdFeeVnd, 3_850_000],
        lateFeeVnd: [c.lateFeeVnd, 5_500_000],
      });
    });

    it("clears an optional fee: the standard one applies again", async () => {
      const c = await firstCategory();
      const saved = await f.services.seasonsAdmin.updateCategoryFees(
        c.id,
        await formFor({ lateFeeVnd: "" }),
        ADMIN,
      );
      expect(saved.ok).toBe(true);
      expect((await firstCategory()).lateFeeVnd).toBeNull();
    });

    it("refuses a save from a stale page and leaves the stored fees alone", async () => {
      const c = await firstCategory();
      // The page showed another standard fee than the one stored now.
      const stale = await formFor({ currentFeeVnd: String(c.feeVnd + 1) });
      const refused = await f.services.seasonsAdmin.updateCategoryFees(c.id, stale, ADMIN);
      expect(refused).toEqual({
        ok: false,
        status: 409,
        formError: "paymentAdmin.fees.conflict",
        code: "conflict",
      });
      expect((await firstCategory()).feeVnd).toBe(c.feeVnd);
      expect(f.changes).toBe(0);
    });

    it("is refused for a category that does not exist", async () => {
      const refused = await f.services.seasonsAdmin.updateCategoryFees(
        999_999,
        await formFor({}),
        ADMIN,
      );
      expect(refused).toMatchObject({ ok: false, status: 404 });
      expect(f.changes).toBe(0);
    });
  });
});
