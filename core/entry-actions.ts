import { z } from "zod";

/**
 * What the entry page's buttons send to its action, one shape per intent: an autosave, a
 * submission, a withdrawal, a file's removal and a duplication into another category. The
 * browser builds its bodies from `EntryActionInput`; the action parses with this schema and
 * answers anything else with 400, never guessing what was meant. The draft's values are only
 * checked for being an object here: each field is the entry operation's to validate (with
 * `entryDraftSchema`), so a wrong field comes back as that field's message.
 */

const entryId = z.string().min(1).max(64);
/** A new draft has no id and no version yet: the browser sends null or leaves them out. */
const draftRef = {
  entryId: z.string().max(64).nullish(),
  version: z.number().int().nonnegative().nullish(),
};
const values = z.record(z.string(), z.unknown());
const catalogueId = z.string().regex(/^\d{1,9}$/);

export const ENTRY_ACTION_INTENTS = [
  "save",
  "submit",
  "withdraw",
  "deleteDraft",
  "removeFile",
  "duplicate",
] as const;
export type EntryActionIntent = (typeof ENTRY_ACTION_INTENTS)[number];

export const entryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), ...draftRef, values: values.default({}) }),
  z.object({
    intent: z.literal("submit"),
    entryId,
    version: draftRef.version,
    values: values.default({}),
  }),
  z.object({ intent: z.literal("withdraw"), entryId }),
  z.object({ intent: z.literal("deleteDraft"), entryId }),
  z.object({ intent: z.literal("removeFile"), entryId, fileId: z.string().min(1).max(64) }),
  z.object({
    intent: z.literal("duplicate"),
    entryId,
    categoryId: catalogueId,
    trackId: catalogueId.or(z.literal("")).optional(),
  }),
]);

/** A body as the browser builds it. */
export type EntryActionInput = z.input<typeof entryActionSchema>;
export type EntryAction = z.output<typeof entryActionSchema>;

export function isEntryActionIntent(value: unknown): value is EntryActionIntent {
  return (ENTRY_ACTION_INTENTS as readonly unknown[]).includes(value);
}

/**
 * The action a body asks for, or why not: an unknown intent (`intent: null`) or a known one
 * with a malformed body (its intent, so the form shows the message where it waits for it).
 */
export function parseEntryAction(
  body: unknown,
):
  | { ok: true; action: EntryAction }
  | { ok: false; intent: EntryActionIntent | null; messageKey: string } {
  const parsed = entryActionSchema.safeParse(body);
  if (parsed.success) return { ok: true, action: parsed.data };
  const intent = (body as { intent?: unknown } | null)?.intent;
  return isEntryActionIntent(intent)
    ? { ok: false, intent, messageKey: "entryForm.requestFailed" }
    : { ok: false, intent: null, messageKey: "entryForm.unknownAction" };
}
