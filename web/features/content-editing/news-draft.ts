import { useCallback, useEffect, useRef, useState } from "react";
import type { NewsFormValues } from "../../../core/news-admin";

/**
 * An article typed in the news editor and not saved yet, kept in this browser's localStorage
 * so that nothing typed is lost when the save cannot happen: the staff session ended (the save
 * goes to the sign-in page), the tab was closed, the browser crashed. Keyed by the article's id
 * ("new" for one not saved yet). Offered back when the editor opens on an article it differs
 * from, and dropped once a save succeeds (the route's `clientAction`) or the person discards it.
 */

/** The form's fields a draft keeps: everything typed, not which button was pressed. */
export const NEWS_DRAFT_FIELDS = [
  "titleVi",
  "titleEn",
  "summaryVi",
  "summaryEn",
  "slugVi",
  "slugEn",
  "bodyVi",
  "bodyEn",
  "coverImage",
  "publishedAt",
] as const;
type DraftField = (typeof NEWS_DRAFT_FIELDS)[number];
export type NewsDraftValues = Record<DraftField, string>;

export interface NewsDraft {
  values: NewsDraftValues;
  /** When it was last typed (ISO). */
  savedAt: string;
}

/** The article a draft belongs to: its id, or "new". */
export function newsDraftKey(id: number | string | null | undefined): string {
  return id === null || id === undefined || id === "" ? "new" : String(id);
}

const storageKey = (key: string) => `vx-news-draft:${key}`;

/** The form's values as a draft keeps them (strings; what is missing is empty). */
export function draftValuesOf(values: Partial<NewsFormValues>): NewsDraftValues {
  return Object.fromEntries(
    NEWS_DRAFT_FIELDS.map((field) => [field, String(values[field] ?? "")]),
  ) as NewsDraftValues;
}

/** A body as stored and as the editor writes it may differ only in spacing: compared parsed. */
function sameField(field: DraftField, a: string, b: string): boolean {
  if (a === b) return true;
  if (field !== "bodyVi" && field !== "bodyEn") return a.trim() === b.trim();
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** Whether what was typed differs from the stored article (or an empty new one). */
export function draftDiffers(draft: NewsDraftValues, stored: NewsDraftValues): boolean {
  return NEWS_DRAFT_FIELDS.some((field) => !sameField(field, draft[field], stored[field]));
}

export function keepNewsDraft(key: string, values: NewsDraftValues, now = new Date()): void {
  try {
    const draft: NewsDraft = { values, savedAt: now.toISOString() };
    localStorage.setItem(storageKey(key), JSON.stringify(draft));
  } catch {
    // Storage off or full: the form still holds what was typed.
  }
}

/** The draft kept for the article, or null (none, or not one this editor wrote). */
export function readNewsDraft(key: string): NewsDraft | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey(key));
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
      NEWS_DRAFT_FIELDS.some((field) => typeof values[field] !== "string")
    ) {
      return null;
    }
    return { values: draftValuesOf(values as Partial<NewsFormValues>), savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function dropNewsDraft(key: string): void {
  try {
    localStorage.removeItem(storageKey(key));
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/** Typing is written at most this often; a submission, leaving the page or unmounting writes at once. */
const WRITE_DELAY_MS = 300;

/**
 * The editor's draft: the kept one on offer (read once the page is in the browser), the
 * values to start the form from once restored (`restored`, with `generation` to key the form
 * by), and `keep` for every change. While a kept draft is on offer, typing does not overwrite
 * it: the person first restores or discards it.
 */
export function useNewsDraft(key: string, stored: NewsDraftValues) {
  const [offer, setOffer] = useState<NewsDraft | null>(null);
  const [restored, setRestored] = useState<NewsDraftValues | null>(null);
  const [generation, setGeneration] = useState(0);
  // No write until the kept draft has been read and offered or found the same as stored.
  const waiting = useRef(true);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const pending = useRef<NewsDraftValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const write = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    if (!values || waiting.current) return;
    if (draftDiffers(values, storedRef.current)) keepNewsDraft(key, values);
    else dropNewsDraft(key);
  }, [key]);

  useEffect(() => {
    waiting.current = true;
    const kept = readNewsDraft(key);
    if (kept && draftDiffers(kept.values, storedRef.current)) {
      setOffer(kept);
    } else {
      if (kept) dropNewsDraft(key);
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

  /** Notes the form's values; written shortly (at once with `now`). */
  const keep = useCallback(
    (values: NewsDraftValues, now = false) => {
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
  }, [offer]);

  const discard = useCallback(() => {
    dropNewsDraft(key);
    waiting.current = false;
    setOffer(null);
  }, [key]);

  return { offer, restored, generation, keep, restore, discard };
}
