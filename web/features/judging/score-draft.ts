/**
 * A score sheet typed and not saved when the judge's session ended: kept in this tab's
 * sessionStorage (never sent to the server) while the judge signs in again, put back into the
 * sheet when they return to the entry, and dropped once the score is saved or deleted. Keyed by
 * round and entry ids only; it holds the typed scores and comment, nothing about the entrant.
 */
export interface ScoreDraft {
  scores: Record<string, string>;
  comment: string;
  /** The saved score's version the typing started from (null: none saved yet). */
  version: number | null;
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
    const value = JSON.parse(raw) as { scores?: unknown; comment?: unknown; version?: unknown };
    const scores = value.scores;
    const version = value.version;
    if (
      typeof value.comment !== "string" ||
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
