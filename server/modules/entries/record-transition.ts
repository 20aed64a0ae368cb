import type { EntryActor, EntryStatus } from "../../../core/entry-status";
import { isPublishableStatus } from "../../../core/library";
import { removeFromLibrary } from "../library/remove-from-library";
import type { Q } from "./context";

/** Who moved an entry, as its history keeps it. */
export interface TransitionActor {
  /** The account that acted; null for "system" (payment matching, the resubmission step). */
  userId: string | null;
  role: EntryActor;
  name: string;
}

export interface Transition {
  from: EntryStatus;
  to: EntryStatus;
  actor: TransitionActor;
  /** The status version the mover saw: the write happens only if it is still current. */
  statusVersion: number;
  reason?: string;
  /** For needs_changes: until when the entrant may edit (ISO); every other move clears it. */
  changesDueAt?: string | null;
  at: string;
  /**
   * The entrant's own moves change what their open form holds: `version` moves on (so a stale
   * tab sees it) with `updated_at`, and the submission or withdrawal time is stamped (the
   * first submission's time is kept on a resubmission: fees and charts count from it).
   */
  entrant?: { version: number | string; submittedAt: string | null };
}

/**
 * Moves an entry from `from` to `to` inside the caller's transaction: the status, the next
 * status version, the changes-due date, and one history row (who, when, from, to, why). The
 * update names the version the mover saw, so even without a row lock a second writer that
 * read the same version changes nothing; false then, and the caller refuses with a conflict.
 * Whether the move is allowed is the caller's check (core/entry-status.ts canTransition).
 * A move to a status that may not be published takes the entry out of the public library.
 */
export async function recordTransition(trx: Q, entryId: string, move: Transition) {
  const changesDueAt = move.to === "needs_changes" ? (move.changesDueAt ?? null) : null;
  const entrant = move.entrant;
  const result = await trx
    .updateTable("entries")
    .set({
      status: move.to,
      status_version: move.statusVersion + 1,
      changes_due_at: changesDueAt,
      ...(entrant
        ? {
            version: Number(entrant.version) + 1,
            updated_at: move.at,
            ...(move.to === "submitted" ? { submitted_at: entrant.submittedAt ?? move.at } : {}),
            ...(move.to === "withdrawn" ? { withdrawn_at: move.at } : {}),
          }
        : move.to === "withdrawn"
          ? { withdrawn_at: move.at }
          : {}),
    })
    .where("id", "=", entryId)
    .where("status", "=", move.from)
    .where("status_version", "=", move.statusVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("entry_status_history")
    .values({
      entry_id: entryId,
      from_status: move.from,
      to_status: move.to,
      actor_user_id: move.actor.userId,
      actor_role: move.actor.role,
      actor_name: move.actor.name,
      reason: move.reason ?? "",
      changes_due_at: changesDueAt,
      created_at: move.at,
    })
    .execute();
  // Every status move passes here: an entry that no longer took part leaves the library.
  if (!isPublishableStatus(move.to)) await removeFromLibrary(trx, [entryId]);
  return true;
}
