import { z } from "zod";
import {
  formatDay,
  formatVietnamDateTime,
  readDay,
  readVietnamDateTime,
  type DateProblem,
  type DateReading,
} from "./dates";

/**
 * The date fields of the back office's forms, as zod pieces for the core/ schemas: what a
 * person types (DD/MM/YYYY, HH:mm in Vietnam time; see `readDay`) comes out as what the
 * server stores (ISO day, ISO UTC instant), so the browser and the action refuse the same
 * text with the same message. Messages are i18n keys.
 */
export const DATE_ERRORS = {
  day: "validation.date",
  dateTime: "validation.dateTime",
  noSuchDay: "validation.noSuchDay",
  noSuchTime: "validation.noSuchTime",
} as const;

/** The message for what is wrong with a typed day (`day`) or date and time (`dateTime`). */
export function dateProblemMessage(problem: DateProblem, kind: "day" | "dateTime"): string {
  if (problem === "noSuchDay") return DATE_ERRORS.noSuchDay;
  if (problem === "noSuchTime") return DATE_ERRORS.noSuchTime;
  return DATE_ERRORS[kind];
}

/** Forms send "" for an empty field, the browser's form library may hold null or nothing. */
const asText = (value: unknown) => (value === null || value === undefined ? "" : value);

function optionalField(read: (text: string) => DateReading, kind: "day" | "dateTime") {
  return z.preprocess(
    asText,
    z.string({ message: DATE_ERRORS[kind] }).transform((text, ctx): string | null => {
      if (text.trim() === "") return null;
      const reading = read(text);
      if (reading.ok) return reading.value;
      ctx.addIssue({
        code: "custom",
        message: dateProblemMessage(reading.problem, kind),
        input: text,
      });
      return z.NEVER;
    }),
  );
}

/** A day typed in a date field, or nothing: ISO `YYYY-MM-DD`, null when left empty. */
export function optionalDayField() {
  return optionalField(readDay, "day");
}

/**
 * A date and time typed in Vietnam time (a date alone is its 00:00), or nothing: an ISO UTC
 * instant, null when left empty.
 */
export function optionalDateTimeField() {
  return optionalField(readVietnamDateTime, "dateTime");
}

/**
 * What a date field shows for a stored day: `2026-03-05` as `05/03/2026`. Anything else (what
 * someone typed, already DD/MM/YYYY) is shown as it is.
 */
export function dayForField(value: string | null | undefined): string {
  return formatDay(value) || (value ?? "");
}

/**
 * What a date-and-time field shows for a stored instant (`2026-03-05T02:30:00.000Z`, or with
 * an offset): `05/03/2026 09:30` in Vietnam time. Anything else is shown as it is.
 */
export function dateTimeForField(value: string | null | undefined): string {
  const stored = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
  return value && stored.test(value) ? formatVietnamDateTime(value) : (value ?? "");
}
