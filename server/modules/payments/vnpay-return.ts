import type { PaymentsContext } from "./context";
import { paymentView } from "./queries";
import type { PaymentView } from "./types";
import { verifyVnpayQuery } from "./vnpay";

export interface VnpayReturnView {
  signatureValid: boolean;
  responseCode: string | null;
  payment: PaymentView | null;
}

/**
 * The page VNPay sends the entrant back to: what the gateway said (if its signature holds)
 * and the payment as it stands. It never changes anything: only the IPN does.
 */
export async function vnpayReturn(
  ctx: PaymentsContext,
  userId: string,
  query: Readonly<Record<string, string>>,
): Promise<VnpayReturnView> {
  const config = ctx.deps.vnpay;
  const signatureValid = config !== null && verifyVnpayQuery(config, query);
  if (!signatureValid) return { signatureValid, responseCode: null, payment: null };
  const row = await ctx.db.kysely
    .selectFrom("payments")
    .select(["id", "owner_user_id"])
    .where("gateway_ref", "=", String(query.vnp_TxnRef ?? ""))
    .executeTakeFirst();
  const payment =
    row && row.owner_user_id === userId ? await paymentView(ctx.db.kysely, row.id) : null;
  return { signatureValid, responseCode: query.vnp_ResponseCode ?? null, payment };
}
