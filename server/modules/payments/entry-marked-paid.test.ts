import { describe, expect, it } from "vitest";
import { mailCount, moved, staffActor, statusOf } from "../entries/lifecycle-testbed";
import { testDatabases } from "../../test-support/databases";
import { created, paymentsTestbed, statuses, submittedEntries } from "./testbed";

// Staff mark an entry paid on the entries pages (the money came in, the statement is not in
// yet): the bank transfer waiting for it is settled with it, so the entrant sees one story.

describe.each(testDatabases())("an entry marked paid by hand on $name", (target) => {
  describe.skipIf(!target.available)("with a pending transfer", () => {
    const t = paymentsTestbed(target);

    it("settles the entry's pending transfer as paid: not cancellable, one confirmation email", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      const statusMails = await mailCount(t, "alice@example.vn", "entryStatusChanged");
      const confirmMails = await mailCount(t, "alice@example.vn", "paymentConfirmed");

      await moved(t, a!.id, "paid", "finance", { reason: "Đã nhận tiền qua Vietcombank" });

      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view).toMatchObject({ state: "paid" });
      expect(view!.events.at(-1)).toMatchObject({ to: "paid", actorRole: "finance" });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);
      const cancel = t.services.payments.cancelForEntrant(
        { id: t.alice, name: "Alice" },
        payment.reference,
      );
      expect(await cancel).toMatchObject({ ok: false, status: 409 });
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(confirmMails + 1);
      expect(await mailCount(t, "alice@example.vn", "entryStatusChanged")).toBe(statusMails);
    });

    it("refuses one entry of a transfer holding others: the transfer pays all or none", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const { payment } = await created(t, [a!.id, b!.id]);
      const one = await t.entries.changeStatus(staffActor(t, "finance"), a!.id, {
        to: "paid",
        reason: "Đã nhận tiền",
        statusVersion: (await statusOf(t, a!.id)).statusVersion,
      });
      expect(one).toMatchObject({
        ok: false,
        status: 409,
        formError: "entryAdmin.problems.inTransfer",
      });
      const bulk = await t.entries.changeStatuses(staffActor(t, "finance"), {
        to: "paid",
        reason: "Đã nhận tiền",
        entries: [{ id: b!.id, statusVersion: (await statusOf(t, b!.id)).statusVersion }],
      });
      expect(bulk).toEqual({
        ok: true,
        changed: [],
        skipped: [{ id: b!.id, code: b!.code, reason: "inTransfer" }],
      });
      expect(await statuses(t, [a!.id, b!.id])).toEqual(["submitted", "submitted"]);
      expect(await t.services.payments.getForEntrant(t.alice, payment.reference)).toMatchObject({
        state: "pending",
      });
    });

    it("marks a selection holding a whole transfer paid at once, none skipped as changed by another", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const { payment } = await created(t, [a!.id, b!.id]);
      const confirmMails = await mailCount(t, "alice@example.vn", "paymentConfirmed");
      const result = await t.entries.changeStatuses(staffActor(t, "finance"), {
        to: "paid",
        reason: "Đã nhận tiền",
        entries: [
          { id: a!.id, statusVersion: (await statusOf(t, a!.id)).statusVersion },
          { id: b!.id, statusVersion: (await statusOf(t, b!.id)).statusVersion },
        ],
      });
      expect(result).toEqual({
        ok: true,
        changed: [
          { id: a!.id, code: a!.code },
          { id: b!.id, code: b!.code },
        ],
        skipped: [],
      });
      expect(await t.services.payments.getForEntrant(t.alice, payment.reference)).toMatchObject({
        state: "paid",
      });
      expect(await mailCount(t, "alice@example.vn", "paymentConfirmed")).toBe(confirmMails + 1);
    });

    it("without a pending transfer, the entrant gets the status email as before", async () => {
      const [c] = await submittedEntries(t, 1);
      const statusMails = await mailCount(t, "alice@example.vn", "entryStatusChanged");
      await moved(t, c!.id, "paid", "finance", { reason: "Tiền mặt" });
      expect(await mailCount(t, "alice@example.vn", "entryStatusChanged")).toBe(statusMails + 1);
    });
  });
});
