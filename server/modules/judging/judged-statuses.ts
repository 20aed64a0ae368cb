import { isEntryStatus, type EntryStatus } from "../../../core/entry-status";
import { judgingPath, type JudgingTarget } from "../../../core/judging-outcomes";
import type { StatusActor } from "../entries/change-status";
import { findEntryStatus } from "../entries/queries";
import { recordTransition } from "../entries/record-transition";
import { emailStatusChange } from "../entries/status-email";
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

/** How many entrants' emails go out at once after a publication. */
const EMAILS_AT_ONCE = 4;

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
 * After the moves are committed, without holding up the manager's request (a publication can
 * move a whole season, a thousand entries and more): each entrant is told their entry's new
 * status, in their language (one email per entry, for where it ended), a few at a time. An
 * email that cannot be sent is logged (and waits in the mail retries when the failure may
 * pass); the moves stand.
 */
export function emailJudgedEntriesLater(ctx: JudgingContext, moves: readonly JudgedMove[]): void {
  if (moves.length === 0) return;
  void emailJudgedEntries(ctx, moves);
}

/** The emails of `moves`, a few at a time; resolves to how many were sent. */
async function emailJudgedEntries(
  ctx: JudgingContext,
  moves: readonly JudgedMove[],
): Promise<number> {
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < moves.length) {
      const move = moves[next++]!;
      const ok = await emailStatusChange(ctx, {
        entryId: move.entryId,
        ownerUserId: move.ownerUserId,
        code: move.code,
        title: move.title,
        status: move.to,
      });
      if (ok) sent += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(EMAILS_AT_ONCE, moves.length) }, worker));
  return sent;
}

/** How many entries ended in each status (for the audit entry and the manager's answer). */
export function countByStatus(moves: readonly JudgedMove[]): Partial<Record<EntryStatus, number>> {
  const counts: Partial<Record<EntryStatus, number>> = {};
  for (const move of moves) counts[move.to] = (counts[move.to] ?? 0) + 1;
  return counts;
}
