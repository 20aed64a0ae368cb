import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { acceptedEntry, manager, seasonId } from "../judging/testbed";
import { moved, statusOf, submittedEntry } from "./lifecycle-testbed";
import { created, paymentsTestbed } from "../payments/testbed";
import { NOW } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("withdraw", () => {
    // VNPay configured too: an entry in a card payment.
    const t = paymentsTestbed(target);

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

    it("refuses while a pending payment holds the entry, naming it, until it is cancelled", async () => {
      const entry = await submittedEntry(t);
      const { payment } = await created(t, [entry.id]);
      expect(await t.entries.withdraw(t.alice, entry.id)).toMatchObject({
        ok: false,
        status: 409,
        formError: "entry.problems.inPendingTransfer",
        paymentReference: payment.reference,
      });
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "submitted" });
      // The payment's amount is untouched; cancelled, it lets the entry go.
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.amountVnd).toBe(
        payment.amountVnd,
      );
      await t.services.payments.cancelForEntrant({ id: t.alice, name: "Alice" }, payment.reference);
      expect(await t.entries.withdraw(t.alice, entry.id)).toMatchObject({
        ok: true,
        entry: { status: "withdrawn" },
      });

      // A card payment cannot be cancelled by the entrant: the message says to wait for it.
      const carded = await submittedEntry(t);
      const card = await created(t, [carded.id], "vnpay");
      expect(await t.entries.withdraw(t.alice, carded.id)).toMatchObject({
        status: 409,
        formError: "entry.problems.inPendingCardPayment",
        paymentReference: card.payment.reference,
      });
    });

    // Last in the file: it opens a round of the season the other tests share.
    it("lets an accepted entry go until a round of its season opens", async () => {
      const season = await seasonId(t);
      const early = await acceptedEntry(t);
      const late = await acceptedEntry(t);
      const round = await t.services.judging.createRound(manager(t), season, {
        nameVi: "Vòng sơ khảo",
        nameEn: "Preliminary round",
        startsOn: "2026-09-01",
        endsOn: "2026-09-30",
        method: "mean",
      });
      if (!round.ok) throw new Error(JSON.stringify(round));
      // A round still being prepared is not judging yet.
      expect(await t.entries.get(t.alice, late.id)).toMatchObject({ withdrawable: true });
      expect(await t.entries.withdraw(t.alice, early.id)).toMatchObject({
        ok: true,
        entry: { status: "withdrawn" },
      });

      const opened = await t.services.judging.moveRound(manager(t), round.id, { to: "open" });
      expect(opened).toMatchObject({ ok: true });
      expect(await t.entries.get(t.alice, late.id)).toMatchObject({
        status: "accepted",
        withdrawable: false,
      });
      expect(await t.entries.withdraw(t.alice, late.id)).toMatchObject({
        status: 409,
        formError: "entry.problems.judgingBegun",
      });
      expect(await statusOf(t, late.id)).toMatchObject({ status: "accepted" });

      // An entry not screened in is not being judged: its owner may still withdraw it.
      const unscreened = await submittedEntry(t, t.bob);
      expect(await t.entries.get(t.bob, unscreened.id)).toMatchObject({ withdrawable: true });
      expect(await t.entries.withdraw(t.bob, unscreened.id)).toMatchObject({ ok: true });

      // Closing the round does not give the entry back: judging has begun.
      await t.services.judging.moveRound(manager(t), round.id, { to: "closed" });
      expect(await t.entries.withdraw(t.alice, late.id)).toMatchObject({ status: 409 });

      // Admin keeps the move, with a reason recorded, for what only staff can settle.
      await moved(t, late.id, "withdrawn", "admin", { reason: "Tranh chấp bản quyền" });
      expect(await statusOf(t, late.id)).toMatchObject({ status: "withdrawn" });
    });
  });
});
