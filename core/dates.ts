import { localeOf, type Lang } from "./languages";

/** Times are stored in UTC and shown in the competition's own time zone. */
export const DISPLAY_TIME_ZONE = "Asia/Ho_Chi_Minh";

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();

/** DD/MM/YYYY in Vietnam's time zone, for either language (vi and en-GB share the order). */
export function formatDate(value: Date | string, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), {
      timeZone: DISPLAY_TIME_ZONE,
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    });
    dateFormats.set(lang, format);
  }
  return format.format(date);
}

/** Whole VND amounts in the locale's format: `1.500.000 ₫` (vi) or `₫1,500,000` (en). */
export function formatVnd(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(localeOf(lang), {
    style: "currency",
    currency: "VND",
    maximumFractionDigits: 0,
  }).format(amount);
}
