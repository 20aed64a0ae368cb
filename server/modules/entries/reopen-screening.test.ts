import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { acceptedEntry, openRound, seasonId } from "../judging/testbed";
import { finance, paidPayment, paymentsTestbed } from "../payments/testbed";
import {
  mailCount,
  moved,
  moveTo,
  newestMail,
  staffActor,
  statusOf,
  submittedEntry,
} from "./lifecycle-testbed";
import { recordTransition } from "./record-transition";

const MISTAKE = "Quyết định từ chối nhầm: hồ sơ đủ điều kiện.";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("reopening screening", () => {
    // Payments too: a fee refunded after a rejection.
    const t = paymentsTestbed(target);

    /** A complete entry of `userId`, submitted, paid and rejected by the secretariat. */
    async function rejectedEntry(userId = t.alice) {
      const entry = await submittedEntry(t, userId);
      await moved(t, entry.id, "paid", "finance");
      await moved(t, entry.id, "rejected", "jury_manager", { reason: "Sai hạng mục." });
      return entry;
    }

    it("takes a rejection back with a reason: the entry waits to be screened again, and is told so", async () => {
      const entry = await rejectedEntry(t.bob);
      const before = await statusOf(t, entry.id);
      // Without a reason nothing moves: the entrant must be told why.
      expect(await moveTo(t, entry.id, "paid", "jury_manager", { reason: "  " })).toEqual({
        ok: false,
        status: 400,
        fieldErrors: { reason: "entryAdmin.validation.reasonRequired" },
      });
      expect(await statusOf(t, entry.id)).toEqual(before);

      const reopened = await moved(t, entry.id, "paid", "jury_manager", { reason: MISTAKE });
      expect(reopened).toMatchObject({
        entry: { status: "paid", statusVersion: before.statusVersion + 1 },
        emailed: true,
      });
      const history = await t.entries.statusHistory(entry.id);
      expect(history.at(-1)).toMatchObject({
        from: "rejected",
        to: "paid",
        actorRole: "jury_manager",
        reason: MISTAKE,
      });

      // Its own email, in the entrant's language, with the reason; not a payment confirmation.
      const mail = await newestMail(t, "bob@example.com", "entryStatusChanged");
      expect(mail).toMatchObject({ lang: "en" });
      expect(mail!.text).toContain("has reopened the screening of the entry below");
      expect(mail!.text).toContain(`Reason:\n${MISTAKE}`);
      expect(mail!.text).toContain("New status: Paid, waiting to be screened again");
      expect(mail!.subject).toContain(": Paid, waiting to be screened again – ");
      expect(await mailCount(t, "bob@example.com", "paymentConfirmed")).toBe(0);

      const { items } = await t.services.audit.list({ targetType: "entry", pageSize: 200 });
      expect(items.find((i) => i.targetId === entry.id)).toMatchObject({
        action: "entry.status",
        summary: { from: "rejected", to: "paid", reason: MISTAKE, screeningReopened: true },
      });

      // Screened again, as any paid entry is.
      await moved(t, entry.id, "accepted", "jury_manager");
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "accepted" });
    });

    it("takes back a request for changes: editing re-opened for it closes again", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      await moved(t, entry.id, "needs_changes", "admin", {
        reason: "Thiếu phụ đề.",
        changesDueOn: "2026-09-20",
      });
      expect((await t.entries.getForStaff(entry.id))!.changesRequested).not.toBeNull();
      await moved(t, entry.id, "paid", "admin", { reason: "Đã có phụ đề trong video." });
      const after = await t.entries.getForStaff(entry.id);
      expect(after).toMatchObject({ status: "paid", changesRequested: null });
    });

    it("is the secretariat's move, one entry at a time: never finance, never a bulk change", async () => {
      const entry = await rejectedEntry();
      const before = await statusOf(t, entry.id);
      // Finance marks entries paid, but does not take screening decisions back.
      expect(await moveTo(t, entry.id, "paid", "finance", { reason: MISTAKE })).toMatchObject({
        status: 403,
        code: "notAllowed",
      });
      expect(await moveTo(t, entry.id, "paid", "editor", { reason: MISTAKE })).toMatchObject({
        status: 403,
      });
      // A bulk "mark paid" with a rejected entry in the selection leaves it rejected.
      const submitted = await submittedEntry(t);
      const bulk = await t.entries.changeStatuses(staffActor(t, "admin"), {
        to: "paid",
        reason: MISTAKE,
        entries: [
          { id: entry.id, statusVersion: before.statusVersion },
          { id: submitted.id, statusVersion: (await statusOf(t, submitted.id)).statusVersion },
        ],
      });
      expect(bulk).toMatchObject({
        ok: true,
        changed: [{ id: submitted.id }],
        skipped: [{ id: entry.id, reason: "reopenOneByOne" }],
      });
      expect(await statusOf(t, entry.id)).toEqual(before);
    });

    it("refuses once the fee was refunded since the entry was paid", async () => {
      const { entries, paid } = await paidPayment(t);
      const entry = entries[0]!;
      await moved(t, entry.id, "rejected", "jury_manager", { reason: "Sai hạng mục." });
      const refunded = await t.services.payments.refund(finance(t), paid.payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Hoàn phí bài bị từ chối",
      });
      expect(refunded).toMatchObject({ ok: true });
      const before = await statusOf(t, entry.id);
      expect(before.status).toBe("rejected");
      expect(await moveTo(t, entry.id, "paid", "jury_manager", { reason: MISTAKE })).toEqual({
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "entryAdmin.problems.reopenFeeRefunded",
      });
      expect(await statusOf(t, entry.id)).toEqual(before);
    });

    it("a refund committing while screening is reopened takes the entry back with it", async () => {
      const { entries, paid } = await paidPayment(t);
      const entry = entries[0]!;
      await moved(t, entry.id, "rejected", "jury_manager", { reason: "Sai hạng mục." });
      const { statusVersion } = await statusOf(t, entry.id);
      // The reopening writes first and holds the entry's row until the refund has run or
      // waited a second.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const reopenWritten = new Promise<void>((resolve) => (written = resolve));
      const reopening = t.db.kysely.transaction().execute(async (trx) => {
        const ok = await recordTransition(trx, entry.id, {
          from: "rejected",
          to: "paid",
          actor: { userId: t.staff, role: "jury_manager", name: "Vũ Thư Ký" },
          statusVersion,
          reason: MISTAKE,
          at: t.now.toISOString(),
        });
        written();
        await released;
        return ok;
      });
      await reopenWritten;
      const refunding = t.services.payments.refund(finance(t), paid.payment.id, {
        stateVersion: paid.payment.stateVersion,
        reason: "Hoàn phí bài bị từ chối",
      });
      await Promise.race([refunding, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      release();
      expect(await reopening).toBe(true);
      expect(await refunding).toMatchObject({ ok: true, payment: { state: "refunded" } });
      // Not `paid` with its fee gone: it waits for a payment, as every refunded entry does.
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "submitted" });
    });

    // Last in the file: it opens a round of the season the other tests share.
    it("takes an acceptance back only until judging begins in its season", async () => {
      const early = await acceptedEntry(t);
      const late = await acceptedEntry(t);
      const rejected = await rejectedEntry();
      // Before judging: the acceptance is taken back like any decision.
      await moved(t, early.id, "paid", "admin", { reason: MISTAKE });

      // A round of the season opens (no judges needed for that).
      await openRound(t, await seasonId(t), [], []);
      // Round 1 is judging every accepted entry now: this one stays where it is.
      expect(await moveTo(t, late.id, "paid", "admin", { reason: MISTAKE })).toEqual({
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "entryAdmin.problems.reopenJudgingBegun",
      });
      expect(await statusOf(t, late.id)).toMatchObject({ status: "accepted" });
      // A rejected entry was never judged: it may still be screened again.
      await moved(t, rejected.id, "paid", "jury_manager", { reason: MISTAKE });
    });
  });
});
