import { localeOf, type Lang } from "./languages";

/** Times are stored in UTC and shown in the competition's own time zone. */
export const DISPLAY_TIME_ZONE = "Asia/Ho_Chi_Minh";

/** Vietnam keeps UTC+7 all year (no daylight saving), so the offset is a constant. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * DD/MM/YYYY in Vietnam's time zone: both languages write it so (vi-VN and en-GB agree).
 * Vietnam keeps UTC+7 all year, so this is arithmetic, not the ICU formatter a page would
 * otherwise call for every date it shows. A date that is not one is an error, as in `Intl`.
 */
export function formatDate(value: Date | string, _lang: Lang): string {
  const time = typeof value === "string" ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const d = new Date(time + VIETNAM_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

const two = (n: number) => String(n).padStart(2, "0");

const vndFormats = new Map<Lang, Intl.NumberFormat>();

/** Whole VND amounts in the locale's format: `1.500.000 ₫` (vi) or `₫1,500,000` (en). */
export function formatVnd(amount: number, lang: Lang): string {
  // A formatter is costly to build (locale data) and cheap to reuse: one per language.
  let format = vndFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(lang), {
      style: "currency",
      currency: "VND",
      maximumFractionDigits: 0,
    });
    vndFormats.set(lang, format);
  }
  return format.format(amount);
}

// Dates typed in back-office forms: `DD/MM/YYYY HH:mm`, always Vietnam time.
const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/;

/** `31/12/2026 23:59` (Vietnam time; the time may be left out = 00:00) → ISO UTC, or null. */
export function parseVietnamDateTime(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59) return null;
  const utc = Date.UTC(year!, month! - 1, day!, hour, minute) - VIETNAM_OFFSET_MS;
  // 31/02 would roll over into March: refuse it rather than guess.
  const check = new Date(utc + VIETNAM_OFFSET_MS);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null;
  return new Date(utc).toISOString();
}

/** An ISO instant as `DD/MM/YYYY HH:mm` in Vietnam time; "" for none. */
export function formatVietnamDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const d = new Date(time + VIETNAM_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
