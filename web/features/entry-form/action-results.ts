import type { EntryActionIntent } from "../../../core/entry-actions";
import { EMPTY_VALUES, type EntryActionResult, type EntryFormValues } from "./types";

/**
 * The answer to a request that could not be carried out as asked (a body the page's schema
 * refused, or no connection to the server), in the shape the intent's button waits for.
 */
export function unanswered(intent: EntryActionIntent | null, formError: string): EntryActionResult {
  switch (intent) {
    case "save":
      return { ok: false, intent, reason: "failed", formError };
    case "submit":
      return { ok: false, intent, missing: [], formError };
    case null:
      return { ok: false, intent: null, formError };
    default:
      return { ok: false, intent, formError };
  }
}

const text = (value: unknown) =>
  value === undefined || value === null ? "" : String(value as string | number);

/** A saved entry's values as the form edits them: every value a string, credits as rows. */
export function formValuesOf(entry: {
  values: unknown;
  track: { id: string } | null;
  category: { id: string } | null;
}): EntryFormValues {
  const values = entry.values as Record<string, unknown>;
  const credits = (values.credits ?? { companies: [], people: [] }) as EntryFormValues["credits"];
  const result: EntryFormValues = { ...EMPTY_VALUES, credits };
  for (const key of Object.keys(EMPTY_VALUES) as (keyof EntryFormValues)[]) {
    if (key !== "credits") result[key] = text(values[key]);
  }
  result.trackId = entry.track?.id ?? result.trackId;
  result.categoryId = entry.category?.id ?? result.categoryId;
  return result;
}
