import { useTranslation } from "../../i18n/use-translation";
import type { PaymentState } from "../../../core/payment-state";

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { t } = useTranslation();
  return <span className={`pay-state pay-state--${state}`}>{t(`payment.state.${state}`)}</span>;
}
