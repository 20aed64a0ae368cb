import { z } from "zod";
import { optionalDayField } from "./date-fields";
import { ENTRY_STATUSES, transitionNeedsReason, type EntryStatus } from "./entry-status";

/**
 * What a staff member sends to move entries along the lifecycle (core/entry-status.ts decides
 * whether the move is allowed for their role). `statusVersion` is the entry's version the
 * page showed: if another staff member changed the status since, the server refuses with a
 * conflict instead of overwriting. `changesDueOn` (typed DD/MM/YYYY, read as the ISO day; the
 * end of that day in Vietnam) is required when sending an entry back for changes: editing
 * re-opens for that entry until then, even after the submission deadline. Messages are i18n
 * keys.
 */
export const STATUS_REASON_MAX = 2000;
/** At most this many entries in one bulk change. */
export const BULK_STATUS_MAX = 500;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Vietnam keeps UTC+7 all year: the end of a Vietnamese day is 16:59:59 UTC that day. */
const VIETNAM_END_OF_DAY_UTC = "T16:59:59.000Z";

/**
 * The instant editing closes for an entry sent back for changes: the end of `day`
 * (YYYY-MM-DD) in Vietnam, as the ISO UTC text stored in `changes_due_at`; null for a day
 * that does not exist (2026-02-30).
 */
export function changesDueAtOf(day: string): string | null {
  if (!DATE.test(day)) return null;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date) return null;
  return `${day}${VIETNAM_END_OF_DAY_UTC}`;
}

const change = {
  to: z.enum(ENTRY_STATUSES, { message: "entryAdmin.validation.statusRequired" }),
  reason: z.string().trim().max(STATUS_REASON_MAX, { message: "validation.tooLong" }).default(""),
  // Typed DD/MM/YYYY (or ISO); the operation receives the ISO day.
  changesDueOn: optionalDayField()
    .transform((day) => day ?? undefined)
    .optional(),
};

/**
 * Whether the due day `day` (YYYY-MM-DD) is already over on `today` (the Vietnamese day,
 * YYYY-MM-DD, which the caller reads from its clock): editing would re-open until a moment
 * already gone. The end of today is still ahead, so today itself is not past.
 */
export function changesDueDayIsPast(day: string, today: string): boolean {
  return day < today;
}

/**
 * The reason and due date a move needs; with `today` (the Vietnamese day), also a due day
 * not already past, so the page refuses it at the field, as the server does. With `from`
 * (the status the page shows), also the reason a reopened screening needs; the server
 * checks that against the entry's status as it reads it.
 */
function requireReasonAndDate(today: string | undefined, from?: EntryStatus) {
  return (
    value: { to: string; reason: string; changesDueOn?: string | undefined },
    ctx: z.RefinementCtx,
  ) => {
    if (transitionNeedsReason(value.to as EntryStatus, from) && value.reason.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["reason"],
        message: "entryAdmin.validation.reasonRequired",
      });
    }
    if (value.to !== "needs_changes") return;
    if (!value.changesDueOn) {
      ctx.addIssue({
        code: "custom",
        path: ["changesDueOn"],
        message: "entryAdmin.validation.dueDateRequired",
      });
    } else if (today && changesDueDayIsPast(value.changesDueOn, today)) {
      ctx.addIssue({
        code: "custom",
        path: ["changesDueOn"],
        message: "entryAdmin.validation.dueDatePast",
      });
    }
  };
}

/**
 * The single entry's status change. Without `today` the schema leaves the due day's past to
 * the operation (which reads its own clock); a page passes the Vietnamese day it was given,
 * and the entry's status (`from`), which some moves need a reason from.
 */
export function statusChangeSchemaOn(today?: string, from?: EntryStatus) {
  return z
    .object({
      ...change,
      statusVersion: z.coerce.number().int().min(1, { message: "validation.required" }),
    })
    .superRefine(requireReasonAndDate(today, from));
}
export const statusChangeSchema = statusChangeSchemaOn();
export type StatusChangeInput = z.output<typeof statusChangeSchema>;

/** One selected row of the entries table: its id and the status version the table showed. */
export const selectedEntrySchema = z.object({
  id: z.string().uuid(),
  statusVersion: z.coerce.number().int().min(1),
});

/** A bulk change of the ticked entries; `today` as for `statusChangeSchemaOn`. */
export function bulkStatusChangeSchemaOn(today?: string) {
  return z
    .object({
      ...change,
      entries: z
        .array(selectedEntrySchema)
        .min(1, { message: "entryAdmin.validation.selectEntries" })
        .max(BULK_STATUS_MAX, { message: "entryAdmin.validation.tooManyEntries" }),
    })
    .superRefine(requireReasonAndDate(today));
}
export const bulkStatusChangeSchema = bulkStatusChangeSchemaOn();
export type BulkStatusChangeInput = z.output<typeof bulkStatusChangeSchema>;

/**
 * What the entries table's form holds for a bulk change, as `bulkStatusChangeSchema` parses
 * it: the page checks it before asking to confirm, the action again on the server.
 */
export function bulkStatusChangeFields(form: {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}) {
  return {
    to: form.get("to") ?? undefined,
    reason: String(form.get("reason") ?? ""),
    changesDueOn: String(form.get("changesDueOn") ?? ""),
    entries: form
      .getAll("entries")
      .map((value) => parseSelectedValue(String(value)))
      .filter((value) => value !== null),
  };
}

/** A table row's checkbox value, `id:statusVersion`, read back into a selection. */
export function parseSelectedValue(value: string): { id: string; statusVersion: number } | null {
  const match = /^([0-9a-f-]{36}):(\d{1,9})$/i.exec(value);
  return match ? { id: match[1]!.toLowerCase(), statusVersion: Number(match[2]) } : null;
}
