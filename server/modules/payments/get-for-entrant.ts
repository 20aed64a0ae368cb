import { vietQrPayload } from "../../../core/vietqr";
import { entrantMayCancel } from "../../../core/payment-state";
import type { PaymentsContext } from "./context";
import { payableAgain } from "./fees";
import { findPaymentByReference, paymentView } from "./queries";
import { qrSvg } from "./qr";
import type { PaymentView } from "./types";

export interface TransferDetails {
  bankBin: string;
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  qrPayload: string;
  qrSvg: string;
}

export interface EntrantPaymentView extends PaymentView {
  /** For a pending VietQR payment: where to transfer, and the QR code banking apps read. */
  transfer: TransferDetails | null;
  /**
   * Whether the entrant may cancel it now: a transfer still waiting for its money, whose
   * entries could be paid for again (the season still takes payments).
   */
  cancellable: boolean;
}

/** One of the entrant's own payments by its reference; null for anyone else's. */
export async function getForEntrant(
  ctx: PaymentsContext,
  userId: string,
  reference: string,
): Promise<EntrantPaymentView | null> {
  if (typeof reference !== "string" || reference.length > 20) return null;
  const row = await findPaymentByReference(ctx.db.kysely, reference.toUpperCase());
  if (!row || row.owner_user_id !== userId) return null;
  const view = await paymentView(ctx.db.kysely, row.id);
  if (!view) return null;
  let transfer: TransferDetails | null = null;
  if (view.method === "vietqr" && view.state === "pending") {
    const { payments: bank } = await ctx.deps.settings.get();
    const qrPayload = vietQrPayload({
      bankBin: bank.bankBin,
      accountNumber: bank.accountNumber,
      ...(view.amountVnd > 0 ? { amountVnd: view.amountVnd } : {}),
      memo: view.memo,
    });
    transfer = {
      bankBin: bank.bankBin,
      bankName: bank.bankName,
      accountNumber: bank.accountNumber,
      accountHolder: bank.accountHolder,
      qrPayload,
      qrSvg: await qrSvg(qrPayload),
    };
  }
  const cancellable =
    entrantMayCancel(view) &&
    (await payableAgain(
      ctx.db.kysely,
      view.entries.map((e) => e.entryId),
      ctx.clock(),
    ));
  return { ...view, transfer, cancellable };
}
