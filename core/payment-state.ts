/**
 * Payment states (PRODUCT §5): a payment is created `pending` with its amount fixed, and ends
 * `paid`, `failed` (the gateway said no), `expired` (nobody paid in time), `cancelled` (the
 * entrant withdrew a bank transfer they had not made) or, after being paid, `refunded`. Nothing else moves: a paid payment never becomes pending again, an expired one
 * is never revived by anyone but the gateway (the entrant starts a new payment; VNPay reporting
 * a card charged after the payment ended pays it, `canMovePayment`), and a refund is a staff
 * decision with a reason. Every move is an event (server/modules/payments) with who and why.
 */

export const PAYMENT_METHODS = ["vietqr", "vnpay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATES = [
  "pending",
  "paid",
  "failed",
  "expired",
  "cancelled",
  "refunded",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Who moved a payment, as its events keep it. */
export type PaymentActorKind = "entrant" | "staff" | "vnpay" | "statement" | "system";

const MOVES: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  pending: ["paid", "failed", "expired", "cancelled"],
  paid: ["refunded"],
  failed: [],
  expired: [],
  cancelled: [],
  refunded: [],
};

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === "string" && (PAYMENT_STATES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === "string" && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * Whether a payment may move from `from` to `to`. One move exists only on the gateway's word:
 * a card payment that ended without its money (expired, cancelled or failed) becomes paid when
 * VNPay then reports the card charged (`gatewayConfirmed`), the money having really been taken.
 */
export function canMovePayment(
  from: PaymentState,
  to: PaymentState,
  how: { gatewayConfirmed?: boolean } = {},
): boolean {
  if (how.gatewayConfirmed === true && to === "paid" && isEndedUnpaid(from)) return true;
  return MOVES[from].includes(to);
}

/** A payment that ended before any money came: nothing of it was paid. */
export function isEndedUnpaid(state: PaymentState): state is "failed" | "expired" | "cancelled" {
  return state === "failed" || state === "expired" || state === "cancelled";
}

/**
 * Why finance must look at a payment: the gateway took money it could not simply pay with
 * (`lateCapture`: the card was charged after the payment ended and its entries are taken
 * otherwise), or took it with a doubt (`heldForReview`: VNPay's "suspected fraud" code).
 */
export const PAYMENT_ATTENTIONS = ["lateCapture", "heldForReview"] as const;
export type PaymentAttention = (typeof PAYMENT_ATTENTIONS)[number];

export function isPaymentAttention(value: unknown): value is PaymentAttention {
  return typeof value === "string" && (PAYMENT_ATTENTIONS as readonly string[]).includes(value);
}

/** Whether the gateway's money on a payment in this state can still be noted for finance. */
export function acceptsAttention(state: PaymentState): boolean {
  return state !== "paid" && state !== "refunded";
}

/**
 * Whether a note still needs finance: while the payment is in the state it was noted in and
 * finance has not marked it handled. A held payment's note closes when it is confirmed (paid)
 * or released (failed); a late capture on an ended payment stays until it is paid after all,
 * or finance records how they settled the money outside the platform (a refund through VNPay).
 */
export function attentionOpen(note: {
  notedIn: PaymentState;
  state: PaymentState;
  handled: boolean;
}): boolean {
  return acceptsAttention(note.state) && note.state === note.notedIn && !note.handled;
}

/**
 * What finance may do about an open note: release a held payment (pending → failed, its
 * entries free again) or mark the money on an ended payment handled (a note, no move).
 */
export function attentionActionOf(state: PaymentState): "release" | "markHandled" | null {
  if (state === "pending") return "release";
  return isEndedUnpaid(state) ? "markHandled" : null;
}

/** Whether the payment still holds its entries (no other payment may include them). */
export function isLivePayment(state: PaymentState): boolean {
  return state === "pending" || state === "paid";
}

/** Final states: nothing moves from them except a refund of a paid payment. */
export function isSettled(state: PaymentState): boolean {
  return state !== "pending";
}

/** Moves staff make by hand need a reason (confirming a transfer, a refund). */
export function paymentMoveNeedsReason(to: PaymentState): boolean {
  return to === "refunded";
}

/**
 * Whether the entrant may cancel the payment themselves: a bank transfer still waiting for its
 * money (to pay another way, or for other entries). A card payment is not: the gateway may
 * still be taking the money, and its own window closes within minutes anyway.
 */
export function entrantMayCancel(payment: { state: PaymentState; method: PaymentMethod }): boolean {
  return payment.state === "pending" && payment.method === "vietqr";
}

/**
 * A transfer payment that ended before any money came (the entrant cancelled it, or nobody paid
 * in time): a bank transfer naming it later cannot pay it, it needs a new payment or a refund.
 */
export function isLapsedPayment(state: string): state is "cancelled" | "expired" {
  return state === "cancelled" || state === "expired";
}

/** How long VNPay's own page takes a card payment (the signed URL's `vnp_ExpireDate`). */
export const VNPAY_WINDOW_MINUTES = 15;

/**
 * How long after VNPay's window a card payment still waits for the gateway's report (IPN),
 * which VNPay sends again for a while when it got no answer.
 */
export const VNPAY_REPORT_GRACE_MINUTES = 60;

/**
 * When a new payment expires and lets go of its entries. A bank transfer waits the configured
 * hours. A card payment cannot be paid once VNPay's window has closed and the entrant cannot
 * cancel it, so it ends when its last report could still come (sooner when the hours are
 * fewer): an entrant who left the gateway without paying can pay again within the hour rather
 * than days later, perhaps at a dearer tier.
 */
export function paymentExpiresAt(
  method: PaymentMethod,
  createdAt: Date,
  transferHours: number,
): Date {
  const hours = createdAt.getTime() + transferHours * 3600_000;
  if (method !== "vnpay") return new Date(hours);
  const card = createdAt.getTime() + (VNPAY_WINDOW_MINUTES + VNPAY_REPORT_GRACE_MINUTES) * 60_000;
  return new Date(Math.min(hours, card));
}

/** The end of VNPay's own window for a card payment (never after the payment expires). */
export function vnpayWindowEndsAt(createdAt: Date, expiresAt: Date): Date {
  return new Date(
    Math.min(expiresAt.getTime(), createdAt.getTime() + VNPAY_WINDOW_MINUTES * 60_000),
  );
}
