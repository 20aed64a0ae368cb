import type { PaymentState } from "../../../core/payment-state";
import type { StatusTone } from "../back-office/status-badge";

/** The badge colour of each payment state (the text carries the meaning). */
export const PAYMENT_TONES: Record<PaymentState, StatusTone> = {
  pending: "warning",
  paid: "success",
  failed: "danger",
  expired: "neutral",
  cancelled: "neutral",
  refunded: "info",
};
