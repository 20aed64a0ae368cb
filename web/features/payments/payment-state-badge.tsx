import { useTranslation } from "react-i18next";
import type { PaymentState } from "../../../core/payment-state";

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation();
  return <span className={`pay-state pay-state--${state}`}>{t(`payment.state.${state}`)}</span>;
}
