import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { AFTER_CLOSE, enterprise, entriesTestbed, NOW, STANDARD_TIME } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("dashboard", () => {
    const t = entriesTestbed(target);

    it("lists the entrant's entries with category names, missing items and fee due per tier", async () => {
      const user = await t.services.identity.createEntrant({
        email: `dash-${randomBytes(4).toString("hex")}@example.vn`,
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Phạm Dash"),
      });
      const empty = await t.draft(user);
      t.now = new Date(NOW.getTime() + 60_000);
      const tvc = await t.draft(user, { categoryId: t.cat("TVC").id, campaignName: "Mùa xuân" });
      const early = await t.entries.listForEntrant(user);
      expect(early.map((e) => e.id)).toEqual([tvc.id, empty.id]);
      expect(early[0]).toMatchObject({
        code: tvc.code,
        title: "Mùa xuân",
        status: "draft",
        // "Chiến dịch" is a category of several groups: the group tells them apart.
        category: {
          name: { vi: "Chiến dịch", en: "Campaigns" },
          groupName: { vi: "Truyền hình", en: "Television" },
        },
        track: { name: { vi: "Giải Vạn Xuân", en: "Van Xuan Award" } },
        fee: { tier: "early_bird", amountVnd: 3_000_000 },
        feeDueVnd: 3_000_000,
        editable: true,
      });
      expect(early[0]!.missingCount).toBe(early[0]!.missing.length);
      expect(early[0]!.missing).toContain("entry.missing.images");
      expect(early[1]).toMatchObject({ category: null, fee: null, feeDueVnd: 0 });

      t.now = STANDARD_TIME;
      const standard = await t.entries.listForEntrant(user);
      // Until when today's price holds, for a draft too: the entrant knows when to submit.
      expect(standard[0]!.fee).toEqual({
        tier: "standard",
        amountVnd: 3_000_000,
        holdsUntil: "2026-12-31T16:59:59.000Z",
      });

      await t.entries.withdraw(user, tvc.id);
      const withdrawn = await t.entries.listForEntrant(user);
      expect(withdrawn.find((e) => e.id === tvc.id)).toMatchObject({
        status: "withdrawn",
        feeDueVnd: 0,
        editable: false,
      });

      t.now = AFTER_CLOSE;
      const late = await t.entries.listForEntrant(user);
      expect(late.find((e) => e.id === empty.id)).toMatchObject({ editable: false, fee: null });
    });

    it("shows the fee of the tier on the day: early-bird, standard and late prices differ", async () => {
      const user = await t.services.identity.createEntrant({
        email: `tiers-${randomBytes(4).toString("hex")}@example.vn`,
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Đặng Bậc Giá"),
      });
      const olw = t.cat("OLW");
      const entry = await t.draft(user, { categoryId: olw.id });
      const categoryId = Number(olw.id);
      const seasonId = (
        await t.db.kysely
          .selectFrom("seasons")
          .select("id")
          .where("year", "=", 2026)
          .executeTakeFirstOrThrow()
      ).id;
      await t.db.kysely
        .updateTable("categories")
        .set({ fee_vnd: 3_000_000, early_bird_fee_vnd: 2_400_000, late_fee_vnd: 3_900_000 })
        .where("id", "=", categoryId)
        .execute();
      // Late entries until 07/01/2027 23:59:59 in Vietnam.
      await t.db.kysely
        .updateTable("seasons")
        .set({ late_deadline: "2027-01-07T16:59:59.000Z" })
        .where("id", "=", seasonId)
        .execute();
      try {
        const feeOn = async (at: Date) => {
          t.now = at;
          const row = (await t.entries.listForEntrant(user)).find((e) => e.id === entry.id)!;
          return { fee: row.fee, feeDueVnd: row.feeDueVnd };
        };
        expect(await feeOn(NOW)).toEqual({
          fee: { tier: "early_bird", amountVnd: 2_400_000, holdsUntil: "2026-09-15T16:59:59.000Z" },
          feeDueVnd: 2_400_000,
        });
        expect(await feeOn(STANDARD_TIME)).toEqual({
          fee: { tier: "standard", amountVnd: 3_000_000, holdsUntil: "2026-12-31T16:59:59.000Z" },
          feeDueVnd: 3_000_000,
        });
        expect(await feeOn(AFTER_CLOSE)).toEqual({
          fee: { tier: "late", amountVnd: 3_900_000, holdsUntil: "2027-01-07T16:59:59.000Z" },
          feeDueVnd: 3_900_000,
        });
        expect(await feeOn(new Date("2027-01-08T00:00:00.000Z"))).toEqual({
          fee: null,
          feeDueVnd: 0,
        });
      } finally {
        await t.db.kysely
          .updateTable("seasons")
          .set({ late_deadline: null })
          .where("id", "=", seasonId)
          .execute();
      }
    });
  });
});
