import type { PaymentsContext } from "./context";
import { paymentView } from "./queries";
import type { PaymentView } from "./types";
import { attentionOf, type PaymentAttentionView } from "./vnpay-attention";

export interface StaffPaymentView extends PaymentView {
  owner: { id: string; name: string; email: string; companyName: string | null };
  gatewayTransaction: string | null;
  /** Money the gateway took that finance must still handle (refund, or settle by hand). */
  attention: PaymentAttentionView | null;
}

/** A payment for the back office: the entrant, entries, events and gateway facts. */
export async function getPaymentForStaff(
  ctx: PaymentsContext,
  id: string,
): Promise<StaffPaymentView | null> {
  if (typeof id !== "string" || id.length > 64) return null;
  const view = await paymentView(ctx.db.kysely, id);
  if (!view) return null;
  const row = await ctx.db.kysely
    .selectFrom("payments as p")
    .innerJoin("user as u", "u.id", "p.owner_user_id")
    .leftJoin("registrants as r", "r.user_id", "u.id")
    .select(["u.id", "u.name", "u.email", "r.company_name", "p.gateway_transaction"])
    .where("p.id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    ...view,
    owner: {
      id: row.id,
      name: row.name,
      email: row.email,
      companyName: row.company_name ?? null,
    },
    gatewayTransaction: row.gateway_transaction,
    attention: await attentionOf(ctx.db.kysely, id, view.state),
  };
}
