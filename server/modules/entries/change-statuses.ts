import {
  bulkStatusChangeSchema,
  type BulkStatusChangeInput,
} from "../../../core/entry-status-change";
import { fieldRefusal, type Outcome } from "../../../core/refusal";
import type { EntriesContext } from "./context";
import { sendQueuedSoon } from "../mail/send-queued";
import { auditMove, checkMove, moveEntry, type StatusActor } from "./change-status";

/** Why one entry of a bulk change was left as it was. */
export type SkipReason = "conflict" | "notAllowed" | "notFound" | "inTransfer" | "reopenOneByOne";
const SKIP_REASONS: readonly string[] = [
  "conflict",
  "notAllowed",
  "notFound",
  "inTransfer",
  "reopenOneByOne",
];

/**
 * Moves several selected entries (at most BULK_STATUS_MAX) to one status with one reason:
 * each checked as a single change is, against the status version the table showed. Entries
 * that cannot move are skipped with why (`conflict` someone changed it since, `notAllowed`
 * by its state or the role, `notFound`); the others move. One transaction per entry: a
 * stale or forbidden row must not undo the others, and each row lock is held only for its
 * own write. Each move queues its entrant's email in its transaction (the mail job sends them
 * after the answer: a selection of hundreds would otherwise hold the request for minutes) and
 * gets its audit entry once all moves are done. Marked paid, an entry settles its pending
 * payment, which moves that payment's other entries too: those selected count as changed.
 * A screened entry is never taken back to `paid` here (`reopenOneByOne`): reopening screening
 * is one entry at a time, from its page, with its own reason.
 */
export async function changeStatuses(
  ctx: EntriesContext,
  actor: StatusActor,
  input: BulkStatusChangeInput,
): Promise<
  Outcome<{
    changed: { id: string; code: string | null }[];
    skipped: { id: string; code: string | null; reason: SkipReason }[];
  }>
> {
  const parsed = bulkStatusChangeSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "to");
      fieldErrors[field] ??= issue.message;
    }
    return fieldRefusal(fieldErrors);
  }
  const move = checkMove(parsed.data, ctx.clock());
  if ("ok" in move) return move;

  // The same entry selected twice moves once (the second would be a conflict with the first).
  const selection = new Map<string, number>();
  for (const entry of parsed.data.entries) {
    if (!selection.has(entry.id)) selection.set(entry.id, entry.statusVersion);
  }
  const chosen = new Set(selection.keys());
  const changed: { id: string; code: string | null }[] = [];
  const skipped: { id: string; code: string | null; reason: SkipReason }[] = [];
  const moves: Exclude<Awaited<ReturnType<typeof moveEntry>>, { refused: unknown }>[] = [];
  // Entries marked paid with an earlier one of the selection (one pending transfer held them).
  const paidAlong = new Map<string, string | null>();
  for (const [id, statusVersion] of selection) {
    if (paidAlong.has(id)) {
      changed.push({ id, code: paidAlong.get(id) ?? null });
      continue;
    }
    const moved = await moveEntry(ctx, actor, id, statusVersion, move, chosen);
    if ("refused" in moved) {
      // A bulk change never reopens screening (`reopenOneByOne`); the other refusals of a
      // reopening are a single entry's and do not arise here.
      const reason = SKIP_REASONS.includes(moved.refused as SkipReason)
        ? (moved.refused as SkipReason)
        : "notAllowed";
      skipped.push({ id, code: moved.code, reason });
    } else {
      moves.push(moved);
      changed.push({ id, code: moved.entry.code });
      for (const other of moved.paidAlong) paidAlong.set(other.id, other.code);
    }
  }
  for (const moved of moves) await auditMove(ctx, actor, moved, move);
  if (moves.length > 0)
    sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return { ok: true, changed, skipped };
}
