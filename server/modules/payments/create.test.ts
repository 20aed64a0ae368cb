import { describe, expect, it } from "vitest";
import { hasValidCrc } from "../../../core/vietqr";
import { testDatabases } from "../../test-support/databases";
import { feeQuote } from "../../../core/payments";
import { CLOSES, STANDARD_TIME } from "../entries/testbed";
import { CLIENT, created, paymentsTestbed, submittedEntries } from "./testbed";

describe.each(testDatabases())("payments on $name", (target) => {
  describe.skipIf(!target.available)("checkout and creating a payment", () => {
    const t = paymentsTestbed(target);

    it("offers the submitted entries with today's fee and tier, and fixes the amount", async () => {
      const [a, b] = await submittedEntries(t, 2);
      const view = await t.services.payments.checkout(t.alice);
      expect(view.methods).toEqual(["vietqr", "vnpay"]);
      const offered = view.payable.filter((p) => [a!.id, b!.id].includes(p.entryId));
      expect(offered).toHaveLength(2);
      expect(offered[0]!.fee).toMatchObject({ tier: "early_bird" });
      expect(offered[0]!.fee!.holdsUntil).toBe("2026-09-15T16:59:59.000Z");
      // One price in every tier, no late deadline: what comes next is payment closing.
      expect(offered[0]!.fee!.next).toEqual({ kind: "closes", at: CLOSES });
      const fee = offered[0]!.fee!.amountVnd;

      const { payment, redirectUrl } = await created(t, [a!.id, b!.id]);
      expect(redirectUrl).toBeNull();
      expect(payment).toMatchObject({ state: "pending", method: "vietqr", amountVnd: fee * 2 });
      expect(payment.reference).toMatch(/^VXP26[0-9A-Z]{6}$/);
      expect(payment.memo.startsWith(payment.reference)).toBe(true);
      expect(payment.memo.length).toBeLessThanOrEqual(25);
      expect(payment.entries.map((e) => e.tier)).toEqual(["early_bird", "early_bird"]);
      expect(payment.events.map((e) => [e.from, e.to, e.actorRole])).toEqual([
        [null, "pending", "entrant"],
      ]);
      // Expires after the configured 72 hours.
      expect(Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)).toBe(72 * 3600_000);

      const shown = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(shown?.transfer?.qrPayload).toContain(String(payment.amountVnd));
      expect(hasValidCrc(shown!.transfer!.qrPayload)).toBe(true);
      expect(shown?.transfer?.qrSvg).toMatch(/^<svg/);
      // Nobody else sees it.
      expect(await t.services.payments.getForEntrant(t.bob, payment.reference)).toBeNull();
      // Nor offers the entries again.
      const after = await t.services.payments.checkout(t.alice);
      expect(after.payable.map((p) => p.entryId)).not.toContain(a!.id);
    });

    it("lists the entrant's payments newest first, each with its own entries and events", async () => {
      const entries = await submittedEntries(t, 3);
      const made: Awaited<ReturnType<typeof created>>["payment"][] = [];
      for (const entry of entries) made.push((await created(t, [entry!.id])).payment);
      const { payments } = await t.services.payments.checkout(t.alice);
      const mine = payments.filter((p) => made.some((m) => m.id === p.id));
      expect(mine.map((p) => p.reference)).toEqual(made.map((p) => p.reference).reverse());
      for (const payment of mine) {
        const source = made.find((m) => m.id === payment.id)!;
        expect(payment).toEqual(source);
        expect(payment.entries.map((e) => e.entryId)).toHaveLength(1);
        expect(payment.events.map((e) => e.to)).toEqual(["pending"]);
      }
      expect(new Set(mine.map((p) => p.entries[0]!.entryId))).toEqual(
        new Set(entries.map((e) => e!.id)),
      );
    });

    it("charges the standard price after the early-bird deadline", async () => {
      t.now = STANDARD_TIME;
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      expect(payment.entries[0]!.tier).toBe("standard");
    });

    it("refuses to charge a fee other than the one the checkout page showed", async () => {
      const [a] = await submittedEntries(t, 1);
      const { category_id: categoryId, season_id: seasonId } = await t.db.kysely
        .selectFrom("entries")
        .select(["category_id", "season_id"])
        .where("id", "=", a!.id)
        .executeTakeFirstOrThrow();
      const category = () => t.db.kysely.updateTable("categories").where("id", "=", categoryId!);
      const season = () => t.db.kysely.updateTable("seasons").where("id", "=", seasonId);
      const before = await t.db.kysely
        .selectFrom("categories")
        .select(["early_bird_fee_vnd", "late_fee_vnd"])
        .where("id", "=", categoryId!)
        .executeTakeFirstOrThrow();
      await category().set({ late_fee_vnd: 9_900_000 }).execute();
      // Late entries until 07/01/2027 23:59:59 in Vietnam.
      await season().set({ late_deadline: "2027-01-07T16:59:59.000Z" }).execute();
      try {
        // The page is opened a second before the deadline, at the standard fee …
        t.now = new Date(Date.parse(CLOSES) - 1000);
        const page = await t.services.payments.checkout(t.alice);
        const shown = page.payable.find((p) => p.entryId === a!.id)!.fee!;
        expect(shown.tier).toBe("standard");
        const quotes = [feeQuote(a!.id, shown.amountVnd)];
        // … and "create" is pressed a few seconds after it: the late fee applies now.
        t.now = new Date(Date.parse(CLOSES) + 5000);
        const refused = await t.services.payments.create(
          t.alice,
          { entryIds: [a!.id], method: "vietqr", quotes },
          CLIENT,
        );
        expect(refused).toMatchObject({
          ok: false,
          status: 409,
          formError: "paymentCore.problems.feesChanged",
        });
        // Nothing was made: the entry is still offered, at the fee the page now shows.
        const again = await t.services.payments.checkout(t.alice);
        const now = again.payable.find((p) => p.entryId === a!.id)!.fee!;
        expect(now).toMatchObject({ tier: "late", amountVnd: 9_900_000 });
        const made = await t.services.payments.create(
          t.alice,
          { entryIds: [a!.id], method: "vietqr", quotes: [feeQuote(a!.id, now.amountVnd)] },
          CLIENT,
        );
        expect(made.ok && made.payment.amountVnd).toBe(9_900_000);
      } finally {
        await category().set(before).execute();
        await season().set({ late_deadline: null }).execute();
      }
    });

    it("names each entry's category after its group, as the entry form and dashboard do", async () => {
      const [a] = await submittedEntries(t, 1);
      const named = await t.db.kysely
        .selectFrom("entries as e")
        .innerJoin("categories as c", "c.id", "e.category_id")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .select(["c.name_vi", "c.name_en", "g.name_vi as group_vi", "g.name_en as group_en"])
        .where("e.id", "=", a!.id)
        .executeTakeFirstOrThrow();
      const expected = {
        vi: `${named.group_vi} – ${named.name_vi}`,
        en: `${named.group_en} – ${named.name_en}`,
      };
      const offered = (await t.services.payments.checkout(t.alice)).payable.find(
        (p) => p.entryId === a!.id,
      );
      expect(offered?.categoryName).toEqual(expected);
      const { payment } = await created(t, [a!.id]);
      expect(payment.entries[0]!.categoryName).toEqual(expected);
    });

    it("refuses entries in a live payment, someone else's, unsubmitted ones and bad input", async () => {
      const [a] = await submittedEntries(t, 1);
      await created(t, [a!.id]);
      const again = await t.services.payments.create(
        t.alice,
        { entryIds: [a!.id], method: "vietqr" },
        CLIENT,
      );
      expect(again).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.alreadyInPayment",
      });
      const [b] = await submittedEntries(t, 1);
      const theirs = await t.services.payments.create(
        t.bob,
        { entryIds: [b!.id], method: "vietqr" },
        CLIENT,
      );
      expect(theirs).toMatchObject({ ok: false, status: 404 });
      const draft = await t.completeDraft();
      const unsubmitted = await t.services.payments.create(
        t.alice,
        { entryIds: [draft.id], method: "vietqr" },
        CLIENT,
      );
      expect(unsubmitted).toMatchObject({
        ok: false,
        status: 409,
        formError: "paymentCore.problems.notPayable",
      });
      const empty = await t.services.payments.create(
        t.alice,
        { entryIds: [], method: "vietqr" },
        CLIENT,
      );
      expect(empty).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { entryIds: "paymentCore.validation.entriesRequired" },
      });
    });

    it("lets only one of two simultaneous payments of the same entry through", async () => {
      const [a] = await submittedEntries(t, 1);
      const results = await Promise.all(
        [0, 1, 2, 3].map(() =>
          t.services.payments.create(t.alice, { entryIds: [a!.id], method: "vietqr" }, CLIENT),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.status === 409)).toBe(true);
    });

    it("does not take an entry withdrawn while the payment was being made", async () => {
      const [a] = await submittedEntries(t, 1);
      // A withdrawal committing while the payment is made: the entry's row is changed and held
      // until the payment has finished or waited a second.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let changed!: () => void;
      const withdrawn = new Promise<void>((resolve) => (changed = resolve));
      const withdrawal = t.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable("entries")
          .set({ status: "withdrawn" })
          .where("id", "=", a!.id)
          .execute();
        changed();
        await released;
      });
      await withdrawn;
      const making = t.services.payments.create(
        t.alice,
        { entryIds: [a!.id], method: "vietqr" },
        CLIENT,
      );
      await Promise.race([making, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      release();
      await withdrawal;
      expect(await making).toMatchObject({ ok: false, status: 409 });
      const taken = await t.db.kysely
        .selectFrom("payment_entries")
        .select("payment_id")
        .where("entry_id", "=", a!.id)
        .execute();
      expect(taken).toEqual([]);
    });

    it("expires a payment whose time is up and lets the entries be paid again", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id]);
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      t.services = (await import("../../services")).createServices(t.db, t.config, {
        onContentChange: () => {},
        clock: () => t.now,
      });
      expect(await t.services.payments.expireDue()).toBeGreaterThanOrEqual(1);
      const expired = await t.services.payments.getForEntrant(t.alice, payment.reference);
      expect(expired?.state).toBe("expired");
      expect(expired?.transfer).toBeNull();
      const next = await created(t, [a!.id]);
      expect(next.payment.reference).not.toBe(payment.reference);
    });

    it("gives a VNPay payment its signed gateway URL", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment, redirectUrl } = await created(t, [a!.id], "vnpay");
      const url = new URL(redirectUrl!);
      expect(url.searchParams.get("vnp_TxnRef")).toBe(payment.reference);
      expect(url.searchParams.get("vnp_Amount")).toBe(String(payment.amountVnd * 100));
      expect(url.searchParams.get("vnp_ReturnUrl")).toBe(
        "http://localhost:3000/nop-bai-du-thi/thanh-toan/vnpay",
      );
      // VNPay's page takes the card for 15 minutes (its dates are Vietnam time).
      expect(url.searchParams.get("vnp_CreateDate")).toBe("20260901100000");
      expect(url.searchParams.get("vnp_ExpireDate")).toBe("20260901101500");
    });

    it("frees the entries of a VNPay payment nobody paid once VNPay can no longer report it", async () => {
      const [a] = await submittedEntries(t, 1);
      const { payment } = await created(t, [a!.id], "vnpay");
      // The entrant left the gateway without paying and cannot cancel a card payment: the
      // entries wait for VNPay's late report only, an hour after its 15 minutes.
      expect(Date.parse(payment.expiresAt) - Date.parse(payment.createdAt)).toBe(75 * 60_000);
      t.now = new Date(Date.parse(payment.createdAt) + 30 * 60_000);
      expect(
        await t.services.payments.create(t.alice, { entryIds: [a!.id], method: "vietqr" }, CLIENT),
      ).toMatchObject({ ok: false, formError: "paymentCore.problems.alreadyInPayment" });
      t.now = new Date(Date.parse(payment.expiresAt) + 1000);
      const transfer = await created(t, [a!.id]);
      expect(transfer.payment.state).toBe("pending");
      expect((await t.services.payments.getForEntrant(t.alice, payment.reference))?.state).toBe(
        "expired",
      );
    });
  });
});
