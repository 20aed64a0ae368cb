import type { EntryStatus } from "../../../core/entry-status";
import type { EntriesContext } from "./context";

/** One line of an entry's status history, oldest first. */
export interface StatusHistoryItem {
  id: number;
  from: EntryStatus | null;
  to: EntryStatus;
  /** "entrant", "system" or the staff role at the time. */
  actorRole: string;
  actorName: string;
  reason: string;
  changesDueAt: string | null;
  at: string;
}

/** An entry's transitions, oldest first (CONTRACT — implementation pending). */
export async function statusHistory(
  _ctx: EntriesContext,
  _entryId: string,
): Promise<StatusHistoryItem[]> {
  throw new Error("statusHistory: not implemented yet");
}
