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

/**
 * A season's moment as people read it, Vietnam time: the day alone when the moment is a whole
 * day's edge, otherwise `DD/MM/YYYY HH:mm`. A deadline (`edge` "end") is a whole day when it
 * falls in the day's last minute (23:59, a deadline typed as a date); an opening or an event
 * ("start") when it falls at 00:00. A deadline at 17:00 shown as its day alone would read as
 * the whole day, and one at 00:00 as the day it no longer includes.
 */
export function formatMoment(value: string, lang: Lang, edge: "start" | "end"): string {
  return isWholeDayMoment(value, edge) ? formatDate(value, lang) : formatVietnamDateTime(value);
}

/** Whether `formatMoment` shows the moment as its day alone. */
export function isWholeDayMoment(value: string, edge: "start" | "end"): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const d = new Date(time + VIETNAM_OFFSET_MS);
  const [hours, minutes] = [d.getUTCHours(), d.getUTCMinutes()];
  return edge === "end" ? hours === 23 && minutes === 59 : hours === 0 && minutes === 0;
}

/** The calendar day in Vietnam at `at`, as ISO `YYYY-MM-DD`. */
export function dayInVietnam(at: Date): string {
  return new Date(at.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

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

/**
 * Dates typed in back-office fields, day first whatever the browser's language: `5/3/2026`,
 * `05.03.2026`, `05,03,2026` or `05-03-2026` is 5 March (1- or 2-digit day and month; `/`,
 * `.`, `,` or `-` between), and so is `05032026` — a phone's digit keypad has no `/`, only the
 * decimal separator, `.` or `,` by region. ISO `2026-03-05` is read too, as links, bookmarks
 * and older forms carry it. Times
 * are 24-hour `HH:mm` (`14h30` and `14.30` as people also write them), always Vietnam time.
 * The patterns are written for an input's `pattern` attribute as well (no flags, whole value).
 */
const DAY_SHAPE = String.raw`\d{1,2}[\/.,\-]\d{1,2}[\/.,\-]\d{4}|\d{8}|\d{4}-\d{1,2}-\d{1,2}`;
export const DAY_PATTERN = String.raw`\s*(?:${DAY_SHAPE})\s*`;
export const DATE_TIME_PATTERN = String.raw`\s*(${DAY_SHAPE})(?:(?:\s+|T)(\d{1,2})[:.hH](\d{2})(?::(\d{2}))?)?\s*`;
/** The longest text either field takes (a few spaces to spare). */
export const DAY_MAX_LENGTH = 14;
export const DATE_TIME_MAX_LENGTH = 24;

const DAY =
  /^\s*(?:(\d{1,2})[/.,-](\d{1,2})[/.,-](\d{4})|(\d{2})(\d{2})(\d{4})|(\d{4})-(\d{1,2})-(\d{1,2}))\s*$/;
const DATE_TIME = new RegExp(`^${DATE_TIME_PATTERN}$`);
/** Years a back-office date may fall in: a typo of the century (0026, 3026) is a wrong shape. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

/** Why typed text is not a date: its shape, a day the calendar lacks, a time the clock lacks. */
export type DateProblem = "format" | "noSuchDay" | "noSuchTime";
export type DateReading = { ok: true; value: string } | { ok: false; problem: DateProblem };

/** A typed day as ISO `YYYY-MM-DD`, or why it is not one. */
export function readDay(text: string): DateReading {
  const match = DAY.exec(text);
  if (!match) return { ok: false, problem: "format" };
  const [dayFirst, monthFirst, yearFirst, digitsDay, digitsMonth, digitsYear, ...iso] =
    match.slice(1);
  const [isoYear, isoMonth, isoDay] = iso;
  const year = Number(yearFirst ?? digitsYear ?? isoYear);
  const month = Number(monthFirst ?? digitsMonth ?? isoMonth);
  const day = Number(dayFirst ?? digitsDay ?? isoDay);
  if (year < FIRST_YEAR || year > LAST_YEAR) return { ok: false, problem: "format" };
  // 31/02 would roll over into March, 12/13 is month-first: refuse rather than guess.
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return { ok: false, problem: "noSuchDay" };
  }
  return { ok: true, value: `${year}-${two(month)}-${two(day)}` };
}

/**
 * A typed date and time (Vietnam time; a date alone is its 00:00) as an ISO UTC instant, or
 * why it is not one.
 */
export function readVietnamDateTime(text: string): DateReading {
  const match = DATE_TIME.exec(text);
  if (!match) return { ok: false, problem: "format" };
  const [datePart = "", hourText, minuteText, secondText] = match.slice(1);
  const day = readDay(datePart);
  if (!day.ok) return day;
  const [hour, minute, second] = [hourText, minuteText, secondText].map((part) =>
    Number(part ?? 0),
  );
  if (hour! > 23 || minute! > 59 || second! > 59) return { ok: false, problem: "noSuchTime" };
  const [year, month, date] = day.value.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, date, hour, minute, second) - VIETNAM_OFFSET_MS;
  return { ok: true, value: new Date(utc).toISOString() };
}

/** A typed day (see `readDay`) as ISO `YYYY-MM-DD`, or null. */
export function parseDay(text: string): string | null {
  const read = readDay(text);
  return read.ok ? read.value : null;
}

/** `31/12/2026 23:59` (Vietnam time; the time may be left out = 00:00) → ISO UTC, or null. */
export function parseVietnamDateTime(text: string): string | null {
  const read = readVietnamDateTime(text);
  return read.ok ? read.value : null;
}

/**
 * A typed closing time (a deadline) → the ISO UTC instant it ends at, or null: through the
 * end of what was typed — the day for a date alone, the minute for `31/12/2026 23:59`, the
 * second when seconds are typed. Deadlines are exclusive (at the instant the next state
 * applies), so "closes at 23:59" still takes what arrives at 23:59:30, as people read it.
 * Shown again as `HH:mm`, the instant reads as it was typed and saves to the same instant.
 */
export function parseVietnamClosingTime(text: string): string | null {
  const start = parseVietnamDateTime(text);
  if (start === null) return null;
  const [, , hour, , second] = DATE_TIME.exec(text) ?? [];
  const span = hour === undefined ? 86_400_000 : second === undefined ? 60_000 : 1_000;
  return new Date(Date.parse(start) + span - 1).toISOString();
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO day (`2026-03-05`) as `05/03/2026`; "" for none or for text that is not one. */
export function formatDay(isoDay: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay ?? "");
  return match ? `${match[3]}/${match[2]}/${match[1]}` : "";
}

/** An ISO instant as `DD/MM/YYYY HH:mm` in Vietnam time; "" for none. */
export function formatVietnamDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const d = new Date(time + VIETNAM_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
