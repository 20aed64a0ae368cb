import { useTranslation } from "../../i18n/use-translation";
import { formatVietnamDateTime, formatVnd } from "../../../core/dates";
import type { FeeChange } from "../../../core/fees";
import type { Lang } from "../../../core/languages";

/**
 * What happens to an unpaid entry's fee if it stays unpaid, said before it does
 * (core/fees.ts `nextFeeChange`): its new price and from when, or the last moment it can be
 * paid. The moment is the deadline in Vietnam time, DD/MM/YYYY HH:mm.
 */
export function FeeChangeNotice({ change, lang }: { change: FeeChange; lang: Lang }) {
  const { t } = useTranslation();
  const date = formatVietnamDateTime(change.at);
  return (
    <small className="entries-list__fee-change">
      {change.kind === "closes"
        ? t("account.entries.feeChange.closes", { date })
        : t(`account.entries.feeChange.${change.kind}`, {
            amount: formatVnd(change.amountVnd, lang),
            date,
          })}
    </small>
  );
}
