import { isEntryStatus, type EntryStatus } from "../../../core/entry-status";
import { judgingPath, type JudgingTarget } from "../../../core/judging-outcomes";
import type { StatusActor } from "../entries/change-status";
import { findEntryStatus } from "../entries/queries";
import { recordTransition } from "../entries/record-transition";
import { queueStatusEmails } from "../entries/status-email";
import { sendQueuedSoon } from "../mail/send-queued";
import type { JudgingContext, Q } from "./context";

/** An entry judging moved: where it was, where it is now, and what its email needs. */
export interface JudgedMove {
  entryId: string;
  code: string | null;
  ownerUserId: string;
  title: string;
  from: EntryStatus;
  to: EntryStatus;
}

/**
 * Moves entries where judging takes them (core/judging-outcomes.ts), inside the caller's
 * transaction: each entry's row held (FOR UPDATE on PostgreSQL), then one history row per step
 * of its path, by the manager, at `at`. Entries judging does not move (withdrawn, rejected, or
 * already there) are left as they are. A versioned write that changes nothing means another
 * writer got in between: it throws, so the caller's whole transaction is undone.
 */
export async function moveJudgedEntries(
  ctx: JudgingContext,
  trx: Q,
  actor: StatusActor,
  targets: ReadonlyMap<string, JudgingTarget>,
  at: string,
): Promise<JudgedMove[]> {
  const moves: JudgedMove[] = [];
  for (const [entryId, target] of targets) {
    const row = await findEntryStatus(trx, entryId, ctx.db.kind === "postgres");
    if (!row || !isEntryStatus(row.status)) continue;
    const from = row.status;
    const path = judgingPath(from, target);
    if (path.length === 0) continue;
    let status = from;
    let version = Number(row.status_version);
    for (const next of path) {
      const written = await recordTransition(trx, entryId, {
        from: status,
        to: next,
        actor: { userId: actor.id || null, role: actor.role, name: actor.name },
        statusVersion: version,
        at,
      });
      if (!written) throw new Error(`entry ${entryId} changed while judging moved it`);
      status = next;
      version += 1;
    }
    moves.push({
      entryId,
      code: row.code,
      ownerUserId: row.owner_user_id,
      title: row.campaign_name,
      from,
      to: status,
    });
  }
  return moves;
}

/**
 * Queues, in the transaction that moves them, each entrant's email about their entry's new
 * status, in their language (one per entry, for where it ended). A publication can move a
 * whole season, a thousand entries and more: the mail job sends them after the manager's
 * answer, and a process stopping halfway loses none (see `sendJudgedEmailsSoon`).
 */
export function queueJudgedEmails(
  ctx: JudgingContext,
  trx: Q,
  moves: readonly JudgedMove[],
): Promise<number> {
  return queueStatusEmails(
    ctx,
    trx,
    moves.map((move) => ({
      entryId: move.entryId,
      ownerUserId: move.ownerUserId,
      code: move.code,
      title: move.title,
      status: move.to,
    })),
  );
}

/** Once the moves are committed: the mail job starts now rather than at its next minute. */
export function sendJudgedEmailsSoon(ctx: JudgingContext, moves: readonly JudgedMove[]): void {
  if (moves.length === 0) return;
  sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
}

/** How many entries ended in each status (for the audit entry and the manager's answer). */
export function countByStatus(moves: readonly JudgedMove[]): Partial<Record<EntryStatus, number>> {
  const counts: Partial<Record<EntryStatus, number>> = {};
  for (const move of moves) counts[move.to] = (counts[move.to] ?? 0) + 1;
  return counts;
}
