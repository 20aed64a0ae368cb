import { describe, expect, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "../../../core/statement";
import { testDatabases } from "../../test-support/databases";
import { AFTER_CLOSE } from "../entries/testbed";
import { created, finance, paymentsTestbed, statuses, submittedEntries } from "./testbed";

describe.each(testDatabases())("an entrant cancelling a payment on $name", (target) => {
  describe.skipIf(!target.available)("cancelling a bank transfer not yet paid", () => {
    const t = paymentsTestbed(target);
    const alice = () => ({ id: t.alice, name: "Alice" });

    it("frees its entries at once for a new payment, and its history says who", async () => {
      const entries = await submittedEntries(t, 2);
      const ids = entries.map((e) => e.id);
      const { payment } = await created(t, ids);
      // Held: the same entries cannot go into a second payment.
      const held = await t.services.payments.create(
        t.alice,
        { entryIds: ids, method: "vietqr" },
        { ip: "127.0.0.1", lang: "vi" },
      );
      expect(held).toMatchObject({ ok: false, status: 409 });

      // Someone else's reference is not found; nothing changes.
      const foreign = await t.services.payments.cancelForEntrant(
        { id: t.bob, name: "Bob" },
        payment.reference,
      );
      expect(foreign).toMatchObject({ ok: false, status: 404 });

      const cancelled = await t.services.payments.cancelForEntrant(
        alice(),
        payment.reference.toLowerCase(),
      );
      expect(cancelled).toEqual({ ok: true, reference: payment.reference });
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view?.state).toBe("cancelled");
      expect(view?.transfer).toBeNull();
      expect(view?.events.map((e) => [e.from, e.to, e.actorRole])).toEqual([
        [null, "pending", "entrant"],
        ["pending", "cancelled", "entrant"],
      ]);
      expect(await statuses(t, ids)).toEqual(["submitted", "submitted"]);
      const { payment: again } = await created(t, ids);
      expect(again.state).toBe("pending");

      // Twice is refused: it is no longer waiting for money.
      const twice = await t.services.payments.cancelForEntrant(alice(), payment.reference);
      expect(twice).toMatchObject({
        ok: false,
        status: 409,
        formError: "payment.cancel.notAllowed",
      });
    });

    it("keeps a transfer made out before the last deadline once it has passed", async () => {
      const [entry] = await submittedEntries(t, 1);
      const { payment } = await created(t, [entry!.id]);
      expect(
        (await t.services.payments.getForEntrant(t.alice, payment.reference))?.cancellable,
      ).toBe(true);
      // The season takes no more payments: cancelling would leave the entry with no way to pay.
      t.now = AFTER_CLOSE;
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view).toMatchObject({ state: "pending", cancellable: false });
      expect(await t.services.payments.cancelForEntrant(alice(), payment.reference)).toMatchObject({
        ok: false,
        status: 409,
        formError: "payment.cancel.feesClosed",
      });
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.state).toBe(
        "pending",
      );
      expect(await statuses(t, [entry!.id])).toEqual(["submitted"]);
    });

    it("refuses a paid payment and a card payment", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const { payment } = await created(t, [a!.id]);
      const paid = await t.services.payments.confirm(finance(t), payment.id, {
        stateVersion: payment.stateVersion,
      });
      expect(paid).toMatchObject({ ok: true });
      const refused = await t.services.payments.cancelForEntrant(alice(), payment.reference);
      expect(refused).toMatchObject({ ok: false, status: 409 });
      expect(await statuses(t, [a!.id])).toEqual(["paid"]);

      const card = await created(t, [b!.id], "vnpay");
      const cardRefused = await t.services.payments.cancelForEntrant(
        alice(),
        card.payment.reference,
      );
      expect(cardRefused).toMatchObject({ ok: false, status: 409 });
      const view = await t.services.payments.getForEntrant(t.alice, card.payment.reference);
      expect(view?.state).toBe("pending");
    });

    it("sends a transfer that arrives after the cancelling to a person, not to the payment", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      await t.services.payments.cancelForEntrant(alice(), payment.reference);
      const amount = payment.amountVnd.toLocaleString("vi-VN");
      const file = Buffer.from(
        [
          ["Ngày giao dịch", "Số tiền ghi nợ", "Số tiền ghi có", "Nội dung", "Số tham chiếu"],
          ["31/08/2026", "", amount, payment.memo, "FT2609031"],
        ]
          .map((row) => row.map((cell) => `"${cell}"`).join(","))
          .join("\n"),
      );
      const imported = await t.services.payments.importStatement(finance(t), {
        fileName: "saoke.csv",
        bytes: file,
        mapping: DEFAULT_STATEMENT_MAPPING,
      });
      expect(imported).toMatchObject({ ok: true, summary: { matched: 0, partial: 1 } });
      const view = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(view?.state).toBe("cancelled");
      expect(await statuses(t, [a!.id])).toEqual(["submitted"]);
    });
  });
});
