import { useCallback, useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useFetcher } from "react-router";
import { entryDraftSchema, newlyMissing, type SubmissionOptions } from "../../../core/entry";
import { firstIssueByField } from "../../../core/refusal";
import { postEntryAction } from "./post";
import type { EntryActionResult, EntryFormValues } from "./types";
import { TEXT_FIELDS } from "./types";

/** Seconds after the last keystroke before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1_500;
/** Back-off between attempts while the server cannot be reached. */
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000];

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  /** Saved, but for fields not valid yet (marked, and kept in localStorage). */
  | { kind: "partly"; at: string }
  | { kind: "retrying" }
  | { kind: "invalid"; messageKey?: string }
  | { kind: "conflict" }
  /** Refused for good; `messageKey` says why when it is the deadline that passed. */
  | { kind: "locked"; messageKey?: string };

/** Where the browser keeps what the server has not confirmed yet (per draft; "new" before one exists). */
export function localKey(entryId: string | null): string {
  return `vx-entry-draft:${entryId ?? "new"}`;
}

export interface LocalCopy {
  values: EntryFormValues;
  /** The server version these edits were made on. */
  version: number;
  at: string;
}

export function readLocalCopy(entryId: string | null): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(localKey(entryId));
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

function writeLocalCopy(entryId: string | null, copy: LocalCopy): void {
  try {
    window.localStorage.setItem(localKey(entryId), JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the server copy is all there is.
  }
}

export function clearLocalCopy(entryId: string | null): void {
  try {
    window.localStorage.removeItem(localKey(entryId));
  } catch {
    // Nothing to clear.
  }
}

/**
 * An entry already submitted, as the server holds it (its fields and its files' ids, as
 * core/entry.ts reads them) and its category's rules: a save must keep it complete.
 */
export interface KeepComplete {
  saved: Record<string, unknown>;
  options: SubmissionOptions;
}

/** The text field a requirement's problem is fixed in (the video's is its link). */
const TEXT_FIELD_OF_REQUIREMENT: Readonly<Record<string, string>> = { videoFileId: "videoLink" };

/**
 * What of the form may be saved now: every field the draft schema accepts. A field that is
 * not valid yet (a description over its limit, half a credit row) stays out of the patch —
 * and in localStorage — so one mistake never blocks saving the rest. With `keepComplete`, so
 * does a field emptied that a submitted entry must keep (the server refuses it the same way).
 */
export function savablePatch(
  values: EntryFormValues,
  keepComplete?: KeepComplete | null,
): Record<string, unknown> {
  return draftCheck(values, keepComplete).patch;
}

/**
 * The fields `savablePatch` leaves out, each with the reason (an i18n key): the page marks
 * them once the rest is saved, and keeps them in localStorage until they can be saved.
 */
export function unsavableFields(
  values: EntryFormValues,
  keepComplete?: KeepComplete | null,
): Record<string, string> {
  return draftCheck(values, keepComplete).leftOut;
}

function draftCheck(
  values: EntryFormValues,
  keepComplete?: KeepComplete | null,
): {
  patch: Record<string, unknown>;
  leftOut: Record<string, string>;
} {
  const credits = {
    companies: values.credits.companies.filter((row) => row.name.trim() || row.role.trim()),
    people: values.credits.people.filter((row) => row.name.trim() || row.role.trim()),
  };
  const candidate: Record<string, unknown> = { credits };
  for (const field of TEXT_FIELDS) candidate[field] = values[field];
  const parsed = entryDraftSchema.safeParse(candidate);
  const leftOut = parsed.success ? {} : firstIssueByField(parsed.error.issues);
  if (keepComplete) {
    const broken = newlyMissing(
      keepComplete.saved,
      { ...keepComplete.saved, ...candidate },
      keepComplete.options,
    );
    for (const [field, message] of Object.entries(broken)) {
      leftOut[TEXT_FIELD_OF_REQUIREMENT[field] ?? field] ??= message;
    }
  }
  if (Object.keys(leftOut).length === 0) return { patch: candidate, leftOut };
  // The period is one thing: a wrong end leaves the whole period out.
  if (["startMonth", "startYear", "endMonth", "endYear"].some((f) => f in leftOut)) {
    for (const f of ["endMonth", "endYear"]) leftOut[f] ??= "";
  }
  return {
    patch: Object.fromEntries(Object.entries(candidate).filter(([field]) => !(field in leftOut))),
    leftOut,
  };
}

/** Whether the server's values hold every field of `patch` as sent. */
export function holdsPatch(values: EntryFormValues, patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([field, sent]) =>
    field === "credits"
      ? JSON.stringify(values.credits) === JSON.stringify(sent)
      : String(values[field as keyof EntryFormValues] ?? "") === String(sent ?? ""),
  );
}

/**
 * Debounced autosave through a fetcher to the route action (intent "save" with the draft's
 * version). Every change is first written to localStorage, and removed only once the server
 * has confirmed that exact content; failures are retried with back-off; a version conflict
 * stops saving and asks the person to reload.
 *
 * The version is this page's own count of its writes: only a save or a submit moves it on
 * (attaching or removing a file does not, see the entries service, except a film replacing a
 * submitted entry's link: the page holds saving and takes that move up, `releaseAfterServerMove`),
 * one at a time — a save
 * never starts while another, or a submission, is on its way (`hold` / `release`), and every
 * answer's version is taken up. So the version sent is always the one the server gave back
 * last, and a conflict means another tab or device really saved in between.
 */
export function useAutosave({
  form,
  entryId,
  version,
  enabled,
  onCreated,
  keepComplete = null,
  onFilesChanged,
}: {
  form: UseFormReturn<EntryFormValues>;
  entryId: string | null;
  version: number;
  enabled: boolean;
  onCreated: (entryId: string, code: string | null) => void;
  /** A submitted entry as the page loaded it: saves keep it complete. */
  keepComplete?: KeepComplete | null;
  /** A save took files away (a video link replaced the film): the page loads them again. */
  onFilesChanged?: () => void;
}) {
  const fetcher = useFetcher<EntryActionResult>({ key: "entry-autosave" });
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [code, setCode] = useState<string | null>(null);
  const entryIdRef = useRef(entryId);
  const versionRef = useRef(version);
  const sentRef = useRef<string | null>(null);
  // The fields the last save left out, and why (marked on the form once the rest is saved).
  const leftOutRef = useRef<Record<string, string>>({});
  const dirtyRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attemptRef = useRef(0);
  const handledRef = useRef<unknown>(null);
  const stoppedRef = useRef(false);
  const busyRef = useRef(false);
  const heldRef = useRef(false);
  // A new order of the pictures, sent with the next save until one carries it through.
  const orderRef = useRef<string[] | null>(null);
  const sentOrderRef = useRef<string[] | null>(null);
  // The same as busyRef, for effects that wait until no save is on its way (submit).
  const [busy, setBusyState] = useState(false);
  const setBusy = useCallback((value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  }, []);

  entryIdRef.current = entryId ?? entryIdRef.current;
  // What the server holds of a submitted entry: as loaded, then with each save taken up.
  const keepRef = useRef<KeepComplete | null>(keepComplete);
  const sentPatchRef = useRef<Record<string, unknown>>({});
  useEffect(() => {
    keepRef.current = keepComplete;
  }, [keepComplete]);
  const filesChangedRef = useRef(onFilesChanged);
  useEffect(() => {
    filesChangedRef.current = onFilesChanged;
  }, [onFilesChanged]);

  const send = useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    if (!enabled || stoppedRef.current) return;
    if (busyRef.current || heldRef.current) {
      dirtyRef.current = true;
      return;
    }
    const values = form.getValues();
    const snapshot = JSON.stringify(values);
    sentRef.current = snapshot;
    dirtyRef.current = false;
    const { patch, leftOut } = draftCheck(values, keepRef.current);
    sentPatchRef.current = patch;
    // A field mended since the last save is no longer marked for it.
    for (const field of Object.keys(leftOutRef.current)) {
      const name = field as Parameters<typeof form.getFieldState>[0];
      if (!(field in leftOut) && form.getFieldState(name).error?.type === "draft") {
        form.clearErrors(name);
      }
    }
    leftOutRef.current = leftOut;
    setBusy(true);
    setStatus({ kind: "saving" });
    sentOrderRef.current = orderRef.current;
    void postEntryAction(fetcher, {
      intent: "save",
      entryId: entryIdRef.current,
      version: versionRef.current,
      values: orderRef.current ? { ...patch, imageIds: orderRef.current } : patch,
    });
  }, [enabled, fetcher, form, setBusy]);

  const schedule = useCallback(
    (delay = AUTOSAVE_DELAY_MS) => {
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(send, delay);
    },
    [send],
  );

  // Every change: keep it locally at once, save it to the server a moment later.
  useEffect(() => {
    if (!enabled) return;
    const subscription = form.watch((values) => {
      writeLocalCopy(entryIdRef.current, {
        values: values as EntryFormValues,
        version: versionRef.current,
        at: new Date().toISOString(),
      });
      dirtyRef.current = true;
      if (!stoppedRef.current && !busyRef.current && !heldRef.current) schedule();
    });
    return () => subscription.unsubscribe();
  }, [enabled, form, schedule]);

  // The server's answer.
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || data === handledRef.current) return;
    handledRef.current = data;
    setBusy(false);
    if (data.intent !== "save") return;
    if (data.ok) {
      attemptRef.current = 0;
      versionRef.current = data.version;
      if (keepRef.current) {
        keepRef.current = {
          ...keepRef.current,
          saved: { ...keepRef.current.saved, ...sentPatchRef.current },
        };
      }
      if (orderRef.current === sentOrderRef.current) orderRef.current = null;
      if (data.filesChanged) filesChangedRef.current?.();
      setCode(data.code);
      const created = entryIdRef.current !== data.entryId;
      if (created) {
        clearLocalCopy(null);
        entryIdRef.current = data.entryId;
        onCreated(data.entryId, data.code);
      }
      const now = JSON.stringify(form.getValues());
      const leftOut = Object.entries(leftOutRef.current);
      for (const [name, message] of leftOut) {
        if (message) form.setError(name as never, { type: "draft", message });
      }
      if (now === sentRef.current && leftOut.length === 0) {
        clearLocalCopy(data.entryId);
        setStatus({ kind: "saved", at: data.savedAt });
      } else {
        // Edits since, or fields not savable yet: kept here, on the version just saved.
        writeLocalCopy(data.entryId, {
          values: form.getValues(),
          version: data.version,
          at: new Date().toISOString(),
        });
        setStatus(
          leftOut.length > 0
            ? { kind: "partly", at: data.savedAt }
            : { kind: "saved", at: data.savedAt },
        );
        if (now !== sentRef.current) schedule(0);
      }
      if (dirtyRef.current) schedule();
      return;
    }
    if (data.reason === "conflict") {
      const sent = sentRef.current ? (JSON.parse(sentRef.current) as EntryFormValues) : null;
      if (
        data.current &&
        sent &&
        holdsPatch(data.current.values, savablePatch(sent, keepRef.current))
      ) {
        // The server has exactly what this page sent: an earlier save of ours went through
        // but its answer was lost (a dropped connection). Not another tab: carry on from it.
        versionRef.current = data.current.version;
        attemptRef.current = 0;
        setStatus({ kind: "saved", at: new Date().toISOString() });
        if (JSON.stringify(form.getValues()) === sentRef.current) {
          clearLocalCopy(entryIdRef.current);
        } else {
          schedule(0);
        }
        return;
      }
      stoppedRef.current = true;
      setStatus({ kind: "conflict" });
      return;
    }
    if (data.reason === "locked") {
      stoppedRef.current = true;
      // The deadline passed while the page was open: said as such, with what was not saved.
      setStatus(
        data.formError === "entry.problems.submissionClosed"
          ? { kind: "locked", messageKey: "entryForm.save.lockedByDeadline" }
          : { kind: "locked" },
      );
      return;
    }
    if (data.reason === "invalid") {
      // Refused as it is: wait for the next change (the local copy keeps it).
      for (const [name, message] of Object.entries(data.fieldErrors ?? {})) {
        form.setError((TEXT_FIELD_OF_REQUIREMENT[name] ?? name) as never, {
          type: "server",
          message,
        });
      }
      setStatus(
        data.formError ? { kind: "invalid", messageKey: data.formError } : { kind: "invalid" },
      );
      return;
    }
    // Offline, server restarting, or refused: try again later; the local copy keeps it all.
    setStatus({ kind: "retrying" });
    const delay = RETRY_DELAYS_MS[Math.min(attemptRef.current, RETRY_DELAYS_MS.length - 1)]!;
    attemptRef.current += 1;
    schedule(delay);
  }, [fetcher.state, fetcher.data, form, onCreated, schedule, setBusy]);

  // Back online: try at once.
  useEffect(() => {
    const online = () => {
      if (dirtyRef.current || status.kind === "retrying") schedule(0);
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [schedule, status.kind]);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  /** No new save starts until `release` (a submission is being sent; it saves the form itself). */
  const hold = useCallback(() => {
    heldRef.current = true;
    if (timerRef.current !== undefined) {
      clearTimeout(timerRef.current);
      timerRef.current = undefined;
      dirtyRef.current = true;
    }
  }, []);

  /** Saving goes on, from `version` when the submission moved it (it saved the form first). */
  const release = useCallback(
    (version?: number) => {
      heldRef.current = false;
      if (version !== undefined) versionRef.current = version;
      if (dirtyRef.current) schedule();
    },
    [schedule],
  );

  /**
   * Saving goes on after the server moved the version by one itself (a film uploaded over a
   * submitted entry's link cleared the link, attach-file.ts), from `version` when it is that
   * one move from the version this page last had; otherwise something else wrote meanwhile,
   * and the next save meets the conflict as any would.
   */
  const releaseAfterServerMove = useCallback(
    (version: number) => release(version === versionRef.current + 1 ? version : undefined),
    [release],
  );

  return {
    status,
    code,
    /** Whether a save is on its way to the server. */
    busy,
    /** Saves now (after an upload, after restoring a copy). */
    saveNow: () => schedule(0),
    /** Saves the pictures in this order (their ids, all of them) with the next save, soon. */
    reorderImages: (ids: string[]) => {
      orderRef.current = ids;
      dirtyRef.current = true;
      if (!stoppedRef.current && !busyRef.current && !heldRef.current) schedule(0);
    },
    hold,
    release,
    releaseAfterServerMove,
    currentVersion: () => versionRef.current,
    /** A submitted entry's field as the server holds it, as this page knows (loaded, then saved). */
    savedValue: (name: string): unknown => keepRef.current?.saved[name],
  };
}
