import { describe, expect, it } from "vitest";
import type { DashboardFigures } from "./season-figures";
import { testDatabases } from "../../test-support/databases";
import { entriesTestbed, NOW, STANDARD_TIME } from "../entries/testbed";
import { created, finance, submittedEntries } from "../payments/testbed";

/** The change in each figure from `before` to `after` (other data may share the season). */
const delta = (
  before: DashboardFigures,
  after: DashboardFigures,
  pick: (f: DashboardFigures) => number,
) => pick(after) - pick(before);

const status = (s: string) => (f: DashboardFigures) =>
  f.byStatus.find((x) => x.status === s)?.count ?? 0;
const day =
  (series: "submissionsPerDay" | "registrationsPerDay", d: string) => (f: DashboardFigures) =>
    f[series].find((x) => x.day === d)?.count ?? NaN;

describe.each(testDatabases())("dashboard figures on $name", (target) => {
  describe.skipIf(!target.available)("season figures", () => {
    const t = entriesTestbed(target);

    it("counts the season's entries by status, track, category and type, per day, and estimates fees", async () => {
      t.now = STANDARD_TIME;
      const before = (await t.services.dashboard.figures(2026, { money: true }))!;
      expect(before.season.deadlineDay).toBe("2026-12-31");

      // Submitted in the early-bird tier (01/09), and two in the standard tier (01/10).
      t.now = NOW;
      const early = await t.completeDraft(t.alice);
      expect((await t.entries.submit(t.alice, early.id)).ok).toBe(true);
      t.now = STANDARD_TIME;
      const paid = await t.completeDraft(t.bob);
      expect((await t.entries.submit(t.bob, paid.id)).ok).toBe(true);
      const accepted = await t.completeDraft(t.alice);
      expect((await t.entries.submit(t.alice, accepted.id)).ok).toBe(true);
      await t.draft(t.chi);
      // The payment and screening steps are other modules' work: set the statuses they leave.
      await t.db.kysely
        .updateTable("entries")
        .set({ status: "paid" })
        .where("id", "=", paid.id)
        .execute();
      await t.db.kysely
        .updateTable("entries")
        .set({ status: "accepted" })
        .where("id", "=", accepted.id)
        .execute();
      await t.db.kysely
        .updateTable("registrants")
        .set({ created_at: "2026-09-20T18:00:00.000Z" }) // 21/09/2026 in Vietnam
        .where("user_id", "=", t.chi)
        .execute();

      const after = (await t.services.dashboard.figures(2026, { money: true }))!;
      const d = (pick: (f: DashboardFigures) => number) => delta(before, after, pick);
      expect(d((f) => f.total)).toBe(4);
      expect(d((f) => f.counted)).toBe(3);
      expect(d(status("draft"))).toBe(1);
      expect(d(status("submitted"))).toBe(1);
      expect(d(status("paid"))).toBe(1);
      expect(d(status("accepted"))).toBe(1);

      const tvc = t.cat("TVC");
      const tvcCount = (f: DashboardFigures) =>
        f.byCategory.find((c) => c.id === Number(tvc.id))?.count ?? NaN;
      const trackCount = (f: DashboardFigures) =>
        f.byTrack.find((c) => c.id === Number(tvc.trackId))?.count ?? NaN;
      expect(d(tvcCount)).toBe(3);
      expect(d(trackCount)).toBe(3);
      expect(after.byTrack.map((tr) => tr.code)).toContain("VX");
      const enterprise = (f: DashboardFigures) =>
        f.byRegistrantType.find((x) => x.type === "enterprise")!.count;
      expect(d(enterprise)).toBe(3);

      expect(d(day("submissionsPerDay", "2026-09-01"))).toBe(1);
      expect(d(day("submissionsPerDay", "2026-10-01"))).toBe(2);
      expect(after.submissionsPerDay.at(-1)?.day).toBe("2026-10-01");
      expect(after.submissionsPerDay[0]?.day).toBe("2026-07-15");
      expect(d(day("registrationsPerDay", "2026-09-21"))).toBe(1);

      const price = await t.db.kysely
        .selectFrom("categories")
        .select(["fee_vnd", "early_bird_fee_vnd"])
        .where("id", "=", Number(tvc.id))
        .executeTakeFirstOrThrow();
      const standard = Number(price.fee_vnd);
      const earlyBird =
        price.early_bird_fee_vnd === null ? standard : Number(price.early_bird_fee_vnd);
      expect(d((f) => f.fees!.dueVnd)).toBe(earlyBird);
      expect(d((f) => f.fees!.dueEntries)).toBe(1);
      expect(d((f) => f.fees!.collectedVnd)).toBe(2 * standard);
      expect(d((f) => f.fees!.collectedEntries)).toBe(2);

      // Without money (a role that does not open payments), the same figures and no fees.
      const { fees: _fees, ...counts } = after;
      expect(await t.services.dashboard.figures(2026)).toEqual({ ...counts, fees: null });
    });

    it("estimates no fees once the season has payments: the recorded ones are the figures", async () => {
      t.now = NOW;
      const [entry] = await submittedEntries(t, 1);
      const { payment } = await created(t, [entry!.id]);
      await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      // Withdrawn after paying: the money came in all the same, and is counted once.
      await t.db.kysely
        .updateTable("entries")
        .set({ status: "withdrawn" })
        .where("id", "=", entry!.id)
        .execute();
      const figures = (await t.services.dashboard.figures(2026, { money: true }))!;
      expect(figures.fees).toBeNull();
      const totals = (await t.services.payments.totalsOfYear(2026))!;
      expect(totals.collectedVnd).toBeGreaterThanOrEqual(payment.amountVnd);
    });

    it("shows a season without entries as empty, and knows no season that does not exist", async () => {
      const empty = (await t.services.dashboard.figures(2023, { money: true }))!;
      expect(empty.total).toBe(0);
      expect(empty.byStatus.every((s) => s.count === 0)).toBe(true);
      expect(empty.fees).toEqual({
        dueVnd: 0,
        dueEntries: 0,
        collectedVnd: 0,
        collectedEntries: 0,
      });
      expect(empty.byCategory.length).toBeGreaterThan(0);
      expect(await t.services.dashboard.figures(1999)).toBeNull();
      expect(await t.services.dashboard.years()).toEqual([2026, 2025, 2024, 2023]);
    });
  });
});
