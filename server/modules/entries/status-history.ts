import { isEntryStatus, type EntryStatus } from "../../../core/entry-status";
import type { EntriesContext } from "./context";
import { listStatusHistory } from "./queries";

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

/** An entry's transitions, oldest first (empty for an unknown entry). */
export async function statusHistory(
  ctx: EntriesContext,
  entryId: string,
): Promise<StatusHistoryItem[]> {
  if (typeof entryId !== "string" || entryId.length > 64) return [];
  const rows = await listStatusHistory(ctx.db.kysely, entryId);
  return rows
    .filter((row) => isEntryStatus(row.to_status))
    .map((row) => ({
      id: Number(row.id),
      from: isEntryStatus(row.from_status) ? row.from_status : null,
      to: row.to_status as EntryStatus,
      actorRole: row.actor_role,
      actorName: row.actor_name,
      reason: row.reason,
      changesDueAt: row.changes_due_at,
      at: row.created_at,
    }));
}
