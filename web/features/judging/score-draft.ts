/**
 * A score sheet typed and not saved, or a conflict note typed and not sent, when the judge's
 * session ended: kept in this tab's sessionStorage (never sent to the server) while the judge
 * signs in again, put back when they return to the entry, and dropped once the score is saved
 * or deleted (a note alone: once it is back in its field). Keyed by round and entry ids only; it
 * holds what the judge typed, nothing about the entrant.
 */
export interface ScoreDraft {
  scores: Record<string, string>;
  comment: string;
  /** The saved score's version the typing started from (null: none saved yet). */
  version: number | null;
  /** Whether the scores and comment were unsaved (false: only the note is kept). */
  sheet: boolean;
  /** The conflict note typed and not sent ("" for none). */
  note: string;
}

const keyOf = (roundId: number, entryId: string) => `vx-judge-draft:${roundId}:${entryId}`;

export function keepScoreDraft(roundId: number, entryId: string, draft: ScoreDraft): void {
  try {
    sessionStorage.setItem(keyOf(roundId, entryId), JSON.stringify(draft));
  } catch {
    // Storage off or full: the judge is still asked before anything is dropped elsewhere.
  }
}

/** The draft kept for the entry, or null (none, or not one this sheet wrote). */
export function readScoreDraft(roundId: number, entryId: string): ScoreDraft | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(keyOf(roundId, entryId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as {
      scores?: unknown;
      comment?: unknown;
      version?: unknown;
      sheet?: unknown;
      note?: unknown;
    };
    const scores = value.scores;
    const version = value.version;
    if (
      typeof value.comment !== "string" ||
      (value.sheet !== undefined && typeof value.sheet !== "boolean") ||
      (value.note !== undefined && typeof value.note !== "string") ||
      (version !== null && !Number.isSafeInteger(version)) ||
      typeof scores !== "object" ||
      scores === null ||
      Object.values(scores).some((v) => typeof v !== "string")
    )
      return null;
    return {
      scores: scores as Record<string, string>,
      comment: value.comment,
      version: version as number | null,
      // A copy written before notes were kept holds the sheet only.
      sheet: value.sheet ?? true,
      note: value.note ?? "",
    };
  } catch {
    return null;
  }
}

export function dropScoreDraft(roundId: number, entryId: string): void {
  try {
    sessionStorage.removeItem(keyOf(roundId, entryId));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
