import type { PaymentMethod } from "../../../core/payment-state";
import type { PaymentsContext } from "./context";
import { entryFees, type EntryFee } from "./fees";
import { paymentViews } from "./queries";
import type { PaymentView } from "./types";

export interface CheckoutView {
  /** Submitted entries not held by a live payment, with today's fee. */
  payable: EntryFee[];
  methods: PaymentMethod[];
  /** The entrant's payments, newest first. */
  payments: PaymentView[];
}

/** What the checkout page shows the entrant. */
export async function checkout(ctx: PaymentsContext, userId: string): Promise<CheckoutView> {
  const fees = await entryFees(ctx.db.kysely, { ownerUserId: userId }, ctx.clock());
  const ids = await ctx.db.kysely
    .selectFrom("payments")
    .select("id")
    .where("owner_user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  const payments = await paymentViews(
    ctx.db.kysely,
    ids.map(({ id }) => id),
  );
  return {
    payable: fees.filter((f) => f.status === "submitted" && f.livePayment === null),
    methods: ctx.deps.vnpay ? ["vietqr", "vnpay"] : ["vietqr"],
    payments,
  };
}
