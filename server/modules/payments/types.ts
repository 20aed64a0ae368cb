import type { EntryStatus } from "../../../core/entry-status";
import type { FeeTier } from "../../../core/fees";
import type { PaymentActorKind, PaymentMethod, PaymentState } from "../../../core/payment-state";

/** Who moved a payment: an account (entrant or staff) or a machine (gateway, statement, expiry). */
export interface PaymentActor {
  /** The account; null for VNPay, a statement line, scheduled expiry. */
  userId: string | null;
  kind: PaymentActorKind;
  /** The staff role or "entrant"/"vnpay"/"statement"/"system", as the event keeps it. */
  role: string;
  name: string;
}

/** A state change asked of settlePayment (settle.ts). */
export interface SettleRequest {
  to: Exclude<PaymentState, "pending">;
  actor: PaymentActor;
  reason?: string;
  /** What the gateway or the statement line said (stored as JSON on the event). */
  detail?: Record<string, unknown>;
  /** VNPay's vnp_TransactionNo or the statement line id. */
  gatewayTransaction?: string;
  /** When given, the payment's amount must equal it (VNPay, statements): else "amountMismatch". */
  expectedAmountVnd?: number;
  /** When given, the state version the caller saw (staff forms): else "conflict". */
  stateVersion?: number;
  /** Paid: what came in when staff accept an amount other than the payment's (a statement line). */
  receivedVnd?: number;
  /**
   * Paid on VNPay's report that the card was charged: allowed from an ended payment too
   * (core/payment-state.ts), which takes its entries back (the caller checked they are free).
   */
  gatewayConfirmed?: boolean;
}

export type SettleResult =
  | { ok: true; state: PaymentState; changed: true; entryIds: string[] }
  /** Already in the requested state (a replayed IPN, a statement imported again). */
  | { ok: true; state: PaymentState; changed: false; entryIds: string[] }
  | {
      ok: false;
      reason: "notFound" | "notAllowed" | "amountMismatch" | "conflict";
      state?: PaymentState;
    };

/** One entry of a payment as every screen shows it. */
export interface PaymentEntryView {
  entryId: string;
  code: string | null;
  title: string;
  brandName: string;
  categoryName: { vi: string; en: string } | null;
  tier: FeeTier;
  feeVnd: number;
  /** The entry's status now (what a refund would leave of it). */
  status: EntryStatus;
}

export interface PaymentEventView {
  at: string;
  from: PaymentState | null;
  to: PaymentState;
  actorRole: string;
  actorName: string;
  reason: string;
}

/** A payment as the entrant and staff see it. */
export interface PaymentView {
  id: string;
  reference: string;
  seasonYear: number;
  method: PaymentMethod;
  state: PaymentState;
  stateVersion: number;
  amountVnd: number;
  /** What came in once paid (the amount unless staff accepted a different one); else the amount. */
  receivedVnd: number;
  /** How much less than the amount came in (0 when all of it, or more). */
  shortfallVnd: number;
  memo: string;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  entries: PaymentEntryView[];
  events: PaymentEventView[];
}
