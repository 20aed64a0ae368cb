import { PAYMENT_STATE_OF_STATUS, refundedSincePaid } from "../../../core/entry-admin-list";
import { isEntryStatus } from "../../../core/entry-status";
import type { PaymentMethod } from "../../../core/payment-state";
import type { PaymentsContext } from "./context";
import { entryFees, type EntryFee } from "./fees";
import { paymentViews } from "./queries";
import type { PaymentView } from "./types";

export interface CheckoutView {
  /** Submitted entries not held by a live payment, with today's fee. */
  payable: EntryFee[];
  methods: PaymentMethod[];
  /** The entrant's latest payments and every one that is pending, paid or refunded, newest first. */
  payments: PaymentView[];
  /**
   * Per entry whose fee was refunded and not paid again since: when the last refund was. Read
   * from `payments`' events, so the dashboard learns it without a query of its own.
   */
  refundedAt: Record<string, string>;
}

/**
 * The entries of `payments` refunded since they were last paid (`refundedSincePaid`), with the
 * refund's instant, leaving out those whose status says they were paid again since (staff
 * marking an entry paid by hand moves no payment).
 */
function refundedEntries(
  payments: readonly PaymentView[],
  statusOf: ReadonlyMap<string, string>,
): Record<string, string> {
  const lastPaid = new Map<string, string>();
  const lastRefund = new Map<string, string>();
  const later = (map: Map<string, string>, entryId: string, at: string) => {
    const known = map.get(entryId);
    if (known === undefined || known < at) map.set(entryId, at);
  };
  for (const payment of payments) {
    for (const event of payment.events) {
      if (event.to !== "paid" && event.to !== "refunded") continue;
      for (const entry of payment.entries) {
        later(event.to === "paid" ? lastPaid : lastRefund, entry.entryId, event.at);
      }
    }
  }
  const refunded: Record<string, string> = {};
  for (const [entryId, at] of lastRefund) {
    const status = statusOf.get(entryId);
    if (!status || !isEntryStatus(status) || PAYMENT_STATE_OF_STATUS[status].neverPaid === "paid")
      continue;
    if (refundedSincePaid(lastPaid.get(entryId) ?? null, at)) refunded[entryId] = at;
  }
  return refunded;
}

/** How many of the entrant's latest payments are listed whatever their state. */
export const RECENT_PAYMENTS = 50;

/** What the checkout page shows the entrant. */
export async function checkout(ctx: PaymentsContext, userId: string): Promise<CheckoutView> {
  const fees = await entryFees(ctx.db.kysely, { ownerUserId: userId }, ctx.clock());
  const q = ctx.db.kysely;
  // The newest attempts, and every payment that holds or held money whatever its age: the
  // receipts and the refunds told on the dashboard come from those, and a large agency's
  // cancelled and failed attempts must not push them off the list.
  const rows = await q
    .selectFrom("payments")
    .select("id")
    .where("owner_user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("state", "in", ["pending", "paid", "refunded"]),
        eb(
          "id",
          "in",
          eb
            .selectFrom("payments")
            .select("id")
            .where("owner_user_id", "=", userId)
            .orderBy("created_at", "desc")
            .limit(RECENT_PAYMENTS),
        ),
      ]),
    )
    .orderBy("created_at", "desc")
    .execute();
  const ids = rows.map((row) => row.id);
  const payments = await paymentViews(q, ids);
  return {
    payable: fees.filter((f) => f.status === "submitted" && f.livePayment === null),
    methods: ctx.deps.vnpay ? ["vietqr", "vnpay"] : ["vietqr"],
    payments,
    refundedAt: refundedEntries(payments, new Map(fees.map((f) => [f.entryId, f.status]))),
  };
}
