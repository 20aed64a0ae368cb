import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { keepFormWhenUnanswered } from "../../lib/unanswered-form";

/**
 * What staff typed in a back-office content form and did not save yet, kept in this browser's
 * localStorage so that nothing typed is lost when the save cannot happen: the staff session
 * ended (the save goes to the sign-in page), the tab was closed, the browser crashed. One
 * `LocalDraftSpec` per form says which fields are kept and when two values are the same; a draft
 * is keyed by the record it edits (its id or slug, "new" for one not saved yet) and stored as
 * `vx-<namespace>-draft:<key>`. It is offered back when the form opens on a record it differs
 * from, and dropped once a save goes through (the route's `clientAction`, `keepDraftUntilSaved`)
 * or the person discards it.
 */

/** Whether two values of one field are the same (the draft's and the stored record's). */
export type SameValue = (a: string, b: string) => boolean;

export interface LocalDraftSpec<F extends string = string> {
  /** The form's name in the storage key: `vx-<namespace>-draft:<key>`. */
  namespace: string;
  /** The form's fields a draft keeps: everything typed, not which button was pressed. */
  fields: readonly F[];
  /** Per field, when two values are the same; others compare with spacing at the ends ignored. */
  same?: Partial<Record<F, SameValue>>;
}

export type LocalDraftValues<F extends string = string> = Record<F, string>;

export interface LocalDraft<F extends string = string> {
  values: LocalDraftValues<F>;
  /** When it was last typed (ISO). */
  savedAt: string;
}

/** The part of the browser's `Storage` a draft uses (localStorage unless told). */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function defineLocalDraft<const F extends string>(spec: LocalDraftSpec<F>) {
  return spec;
}

/** The record a draft belongs to: its id or slug, or "new" for one not saved yet. */
export function localDraftKey(id: number | string | null | undefined): string {
  return id === null || id === undefined || id === "" ? "new" : String(id);
}

export function draftStorageKey(spec: LocalDraftSpec, key: string): string {
  return `vx-${spec.namespace}-draft:${key}`;
}

/**
 * The form's values as a draft keeps them: strings, what is missing empty. A box's tick is
 * "true" or "false"; an image or file is what the form holds for it (a media id, a path).
 */
export function draftValuesOf<F extends string>(
  spec: LocalDraftSpec<F>,
  values: Partial<Record<string, unknown>>,
): LocalDraftValues<F> {
  return Object.fromEntries(
    spec.fields.map((field) => [field, String(values[field] ?? "")]),
  ) as LocalDraftValues<F>;
}

/** The same JSON written with other spacing (a rich-text body as stored and as the editor writes it). */
export const sameJson: SameValue = (a, b) => {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
};

const sameTrimmed: SameValue = (a, b) => a.trim() === b.trim();

/** Whether what was typed differs from the stored record (or an empty new one). */
export function draftDiffers<F extends string>(
  spec: LocalDraftSpec<F>,
  draft: LocalDraftValues<F>,
  stored: LocalDraftValues<F>,
): boolean {
  return spec.fields.some((field) => {
    const a = draft[field];
    const b = stored[field];
    return a !== b && !(spec.same?.[field] ?? sameTrimmed)(a, b);
  });
}

export function keepLocalDraft<F extends string>(
  spec: LocalDraftSpec<F>,
  key: string,
  values: LocalDraftValues<F>,
  now = new Date(),
  storage?: DraftStorage,
): void {
  try {
    const draft: LocalDraft<F> = { values, savedAt: now.toISOString() };
    (storage ?? localStorage).setItem(draftStorageKey(spec, key), JSON.stringify(draft));
  } catch {
    // Storage off or full: the form still holds what was typed.
  }
}

/** The draft kept for the record, or null (none, or not one this form wrote). */
export function readLocalDraft<F extends string>(
  spec: LocalDraftSpec<F>,
  key: string,
  storage?: DraftStorage,
): LocalDraft<F> | null {
  let raw: string | null;
  try {
    raw = (storage ?? localStorage).getItem(draftStorageKey(spec, key));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as { values?: Record<string, unknown>; savedAt?: unknown };
    const values = parsed.values;
    if (
      typeof parsed.savedAt !== "string" ||
      values === null ||
      typeof values !== "object" ||
      spec.fields.some((field) => typeof values[field] !== "string")
    ) {
      return null;
    }
    return { values: draftValuesOf(spec, values), savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function dropLocalDraft(spec: LocalDraftSpec, key: string, storage?: DraftStorage): void {
  try {
    (storage ?? localStorage).removeItem(draftStorageKey(spec, key));
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/**
 * Whether an action's answer is a redirect into `path` or below it (the record saved, or its
 * list), in either language: a save that went through, not one sent to the sign-in form.
 */
export function leadsInto(answer: unknown, path: string, origin = window.location.origin): boolean {
  if (!(answer instanceof Response) || answer.status < 300 || answer.status > 399) return false;
  const to = answer.headers.get("Location");
  if (!to) return false;
  const target = new URL(to, origin).pathname.replace(/^\/en(?=\/)/, "");
  return target === path || target.startsWith(`${path}/`);
}

/**
 * A content form's `clientAction`: a request that goes unanswered leaves the page as it was
 * (`keepFormWhenUnanswered`), and a save that went through (its answer leads into `savedInto`)
 * is the end of the draft the browser kept of it.
 */
export async function keepDraftUntilSaved<T>(
  args: { request: Request; serverAction: () => Promise<T> },
  draft: { spec: LocalDraftSpec; key: string; savedInto: string },
) {
  try {
    return await keepFormWhenUnanswered(args);
  } catch (answer) {
    if (leadsInto(answer, draft.savedInto)) dropLocalDraft(draft.spec, draft.key);
    throw answer;
  }
}

/** Typing is written at most this often; a submission, leaving the page or unmounting writes at once. */
const WRITE_DELAY_MS = 300;

export interface LocalDraftState<F extends string = string> {
  /** The kept draft on offer (read once the page is in the browser), until answered. */
  offer: LocalDraft<F> | null;
  /** The restored draft's values, the form's start instead of the stored record's. */
  restored: LocalDraftValues<F> | null;
  /** Counts restores: a form keyed by it starts again from `restored`. */
  generation: number;
  /** What the person last answered to the offer (null before they did). */
  answer: "restored" | "discarded" | null;
  /** Notes the form's values; written shortly (at once with `now`: the form is being sent). */
  keep: (values: LocalDraftValues<F>, now?: boolean) => void;
  restore: () => void;
  discard: () => void;
}

/**
 * A form's draft: the kept one on offer, the values to start the form from once restored, and
 * `keep` for every change. While a kept draft is on offer, typing does not overwrite it: the
 * person first restores or discards it. A draft that comes to equal the stored record is dropped.
 */
export function useLocalDraft<F extends string>(
  spec: LocalDraftSpec<F>,
  key: string,
  stored: LocalDraftValues<F>,
): LocalDraftState<F> {
  const [offer, setOffer] = useState<LocalDraft<F> | null>(null);
  const [restored, setRestored] = useState<LocalDraftValues<F> | null>(null);
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<LocalDraftState["answer"]>(null);
  // No write until the kept draft has been read and offered or found the same as stored.
  const waiting = useRef(true);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const specRef = useRef(spec);
  specRef.current = spec;
  const pending = useRef<LocalDraftValues<F> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    if (!values || waiting.current) return;
    if (draftDiffers(specRef.current, values, storedRef.current)) {
      keepLocalDraft(specRef.current, key, values);
    } else {
      dropLocalDraft(specRef.current, key);
    }
  }, [key]);

  useEffect(() => {
    waiting.current = true;
    const kept = readLocalDraft(specRef.current, key);
    if (kept && draftDiffers(specRef.current, kept.values, storedRef.current)) {
      setOffer(kept);
    } else {
      if (kept) dropLocalDraft(specRef.current, key);
      waiting.current = false;
    }
    // Whatever is still to be written goes when the tab is hidden or closed, and on unmount.
    const onHide = () => write();
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      write();
    };
  }, [key, write]);

  const keep = useCallback(
    (values: LocalDraftValues<F>, now = false) => {
      pending.current = values;
      if (now) write();
      else if (!timer.current) timer.current = setTimeout(write, WRITE_DELAY_MS);
    },
    [write],
  );

  const restore = useCallback(() => {
    if (!offer) return;
    waiting.current = false;
    setRestored(offer.values);
    setGeneration((n) => n + 1);
    setOffer(null);
    setAnswer("restored");
  }, [offer]);

  const discard = useCallback(() => {
    dropLocalDraft(specRef.current, key);
    waiting.current = false;
    setOffer(null);
    setAnswer("discarded");
  }, [key]);

  return { offer, restored, generation, answer, keep, restore, discard };
}

/**
 * A react-hook-form form's values kept as its draft: as they are typed (`keep`, written shortly)
 * and at once when the form is sent, before the request goes (a session that has ended sends the
 * page to the sign-in form). Returns the form's `onSubmit`, which then calls `send`.
 */
export function useDraftOfForm<F extends string, V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, never>, "watch" | "getValues">,
  spec: LocalDraftSpec<F>,
  keep: (values: LocalDraftValues<F>, now?: boolean) => void,
  send: (event: FormEvent<HTMLFormElement>) => void,
): (event: FormEvent<HTMLFormElement>) => void {
  useEffect(() => {
    const watching = form.watch((values) => keep(draftValuesOf(spec, values)));
    return () => watching.unsubscribe();
  }, [form, keep, spec]);
  return (event) => {
    keep(draftValuesOf(spec, form.getValues()), true);
    send(event);
  };
}
