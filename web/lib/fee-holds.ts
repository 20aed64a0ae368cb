import type { TFunction } from "i18next";
import { formatMoment, isWholeDayMoment } from "../../core/dates";
import type { Lang } from "../../core/languages";

/**
 * "until the end of 31/12/2026" for a price holding through a whole day, "until 31/12/2026
 * 17:00" for one ending at another time: the entrant reads when the price changes.
 */
export function feeHoldsUntilText(t: TFunction, holdsUntil: string, lang: Lang): string {
  const date = formatMoment(holdsUntil, lang, "end");
  return isWholeDayMoment(holdsUntil, "end")
    ? t("payment.holdsUntil", { date })
    : t("payment.holdsUntilTime", { date });
}
