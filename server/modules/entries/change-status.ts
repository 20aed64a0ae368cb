import { vietnamDay } from "../../../core/dashboard";
import {
  changesDueAtOf,
  changesDueDayIsPast,
  statusChangeSchema,
  STATUS_REASON_MAX,
  type StatusChangeInput,
} from "../../../core/entry-status-change";
import { refundedSincePaid } from "../../../core/entry-admin-list";
import { entryLocksAt, type EntryLock } from "../../../core/entry-lock";
import {
  canTransition,
  isEntryStatus,
  mayReopenScreening,
  nextStatuses,
  reopensScreening,
  transitionNeedsReason,
  type EntryStatus,
} from "../../../core/entry-status";
import { fieldRefusal, type Outcome, type Refusal } from "../../../core/refusal";
import type { StaffRole } from "../../../core/roles";
import type { Actor } from "../audit/service";
import type { EntriesContext, Q } from "./context";
import { entryRefunds } from "../payments/entry-refund";
import { findEntryStatus, lastPaidAt, listSeasons, seasonJudgingBegun } from "./queries";
import { windowOf } from "./refusals";
import { recordTransition } from "./record-transition";
import { sendQueuedSoon } from "../mail/send-queued";
import { pendingPaymentOf, settleEntryPayment } from "../payments/settle-entry-payment";
import { queueStatusEmails, type StatusEmailFacts } from "./status-email";

/** A staff member moving entries: who (for the history and the audit log) and their role. */
export interface StatusActor extends Actor {
  role: StaffRole;
  name: string;
}

/** An entry's status after a change. */
export interface StatusChanged {
  id: string;
  code: string | null;
  status: EntryStatus;
  statusVersion: number;
}

/** A staff move, checked: where to, why, and until when editing re-opens (needs_changes). */
export interface CheckedMove {
  to: EntryStatus;
  reason: string;
  changesDueAt: string | null;
}

/** Why a move did not happen, as the bulk change reports it per entry. */
export type MoveRefused = "conflict" | "notAllowed" | "notFound" | "inTransfer";

/**
 * Why a reopened screening did not happen: asked for in a bulk change (`reopenOneByOne`), or,
 * for a single entry, no reason, judging begun, or the fee refunded.
 */
export type ReopenRefused = "reopenOneByOne" | "reasonRequired" | "judgingBegun" | "feeRefunded";

const REFUSALS: Record<MoveRefused | ReopenRefused, Refusal> = {
  conflict: {
    ok: false,
    status: 409,
    code: "conflict",
    formError: "entryAdmin.problems.statusConflict",
  },
  notAllowed: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "entryAdmin.problems.transitionNotAllowed",
  },
  notFound: { ok: false, status: 404, code: "notFound", formError: "entry.problems.notFound" },
  inTransfer: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "entryAdmin.problems.inTransfer",
  },
  reopenOneByOne: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "entryAdmin.problems.transitionNotAllowed",
  },
  reasonRequired: fieldRefusal({ reason: "entryAdmin.validation.reasonRequired" }),
  judgingBegun: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "entryAdmin.problems.reopenJudgingBegun",
  },
  feeRefunded: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "entryAdmin.problems.reopenFeeRefunded",
  },
};

/**
 * The schema's rules checked again on the server (whatever the page did), plus what only the
 * server knows for sure: the due day must not be over in Vietnam. A field refusal otherwise.
 */
export function checkMove(
  input: { to: string; reason?: string; changesDueOn?: string | undefined },
  now: Date,
): CheckedMove | Refusal {
  const to = input.to;
  const reason = (input.reason ?? "").trim();
  if (!isEntryStatus(to)) return fieldRefusal({ to: "entryAdmin.validation.statusRequired" });
  if (reason.length > STATUS_REASON_MAX) return fieldRefusal({ reason: "validation.tooLong" });
  if (transitionNeedsReason(to) && reason === "") {
    return fieldRefusal({ reason: "entryAdmin.validation.reasonRequired" });
  }
  if (to !== "needs_changes") return { to, reason, changesDueAt: null };
  const day = input.changesDueOn?.trim();
  if (!day) return fieldRefusal({ changesDueOn: "entryAdmin.validation.dueDateRequired" });
  const changesDueAt = changesDueAtOf(day);
  if (!changesDueAt) return fieldRefusal({ changesDueOn: "entryAdmin.validation.dueDate" });
  // The page checks the same rule with the day it was given; this is the server's own clock.
  if (changesDueDayIsPast(day, vietnamDay(now.toISOString()))) {
    return fieldRefusal({ changesDueOn: "entryAdmin.validation.dueDatePast" });
  }
  return { to, reason, changesDueAt };
}

/**
 * Whether a screened entry may be taken back to `paid` (its screening reopened): only when
 * asked for one entry on its own, with a reason, for an accepted entry not once judging has
 * begun in its season, and while its fee stands — a refund after its last move to `paid`
 * means the entry holds no fee, and `paid` would say otherwise.
 */
async function reopenRefusal(
  trx: Q,
  row: { id: string; season_id: number | string },
  from: EntryStatus,
  move: CheckedMove,
  single: boolean,
): Promise<MoveRefused | ReopenRefused | null> {
  if (!single) return "reopenOneByOne";
  if (move.reason === "") return "reasonRequired";
  if (!mayReopenScreening(from, await seasonJudgingBegun(trx, row.season_id))) {
    return "judgingBegun";
  }
  const refund = await entryRefunds(trx).where("pe.entry_id", "=", row.id).executeTakeFirst();
  return refundedSincePaid(await lastPaidAt(trx, row.id), refund?.at ?? null)
    ? "feeRefunded"
    : null;
}

/**
 * One entry moved, whether its entrant's email was queued with the move, and the other
 * entries of its pending payment that moved to paid with it (marked paid by hand).
 */
interface Moved {
  entry: StatusChanged;
  from: EntryStatus;
  emailed: boolean;
  paidAlong: { id: string; code: string | null }[];
}

/**
 * Moves one entry in its own transaction: its row held (FOR UPDATE on PostgreSQL), refused
 * when the version the page showed is no longer current (someone else moved it first) or
 * when the lifecycle does not allow the move for this role; otherwise the status, its
 * version and one history row are written, and the entrant's email queued (kept with the
 * move or not at all; the mail job sends it). The audit entry comes after.
 */
export async function moveEntry(
  ctx: EntriesContext,
  actor: StatusActor,
  entryId: string,
  statusVersion: number,
  move: CheckedMove,
  /** The entries moved with this one (a bulk selection); none for a single entry's change. */
  together?: ReadonlySet<string>,
): Promise<
  Moved | { refused: MoveRefused | ReopenRefused; code: string | null; from?: EntryStatus }
> {
  if (typeof entryId !== "string" || entryId.length > 64)
    return { refused: "notFound", code: null };
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findEntryStatus(trx, entryId, ctx.lockRows);
    if (!row) return { refused: "notFound" as const, code: null };
    const current = Number(row.status_version);
    if (current !== statusVersion) return { refused: "conflict" as const, code: row.code };
    const from = row.status as EntryStatus;
    if (!isEntryStatus(from) || !canTransition(from, move.to, actor.role)) {
      return { refused: "notAllowed" as const, code: row.code, from };
    }
    const reopen = reopensScreening(from, move.to);
    if (reopen) {
      const refused = await reopenRefusal(trx, row, from, move, together === undefined);
      if (refused) return { refused, code: row.code, from };
    }
    // Marked paid by hand, it settles the transfer pending for it, which pays every entry the
    // transfer holds: only when staff chose them all, never one paid without being chosen.
    // A reopened screening holds no transfer: its fee was settled before it was screened.
    if (move.to === "paid" && !reopen) {
      const chosen = together ?? new Set([row.id]);
      const pending = await pendingPaymentOf(trx, row.id);
      if (pending && pending.entryIds.some((id) => !chosen.has(id))) {
        return { refused: "inTransfer" as const, code: row.code, from };
      }
    }
    const moved = await recordTransition(trx, row.id, {
      from,
      to: move.to,
      actor: { userId: actor.id, role: actor.role, name: actor.name },
      statusVersion: current,
      reason: move.reason,
      changesDueAt: move.changesDueAt,
      at: ctx.now(),
    });
    // Without a row lock (SQLite) the versioned update is what stops a second writer.
    if (!moved) return { refused: "conflict" as const, code: row.code };
    // Paid by hand: the payment pending for it is settled too, and its confirmation is the
    // entrant's one email about it (a status email besides would say the same, or, with the
    // transfer left pending, the opposite).
    const payment =
      move.to === "paid" && !reopen
        ? await settleEntryPayment(
            ctx,
            trx,
            row.id,
            { userId: actor.id, kind: "staff", role: actor.role, name: actor.name },
            move.reason,
          )
        : { settled: false, queued: false, paidAlong: [] };
    const editableUntil =
      move.to === "needs_changes" && move.changesDueAt
        ? await changesLock(trx, row.season_id, move.changesDueAt, ctx.clock())
        : null;
    const queued = payment.settled
      ? Number(payment.queued)
      : await queueStatusEmails(ctx, trx, [
          {
            ...statusFacts(row.id, row.code, row.owner_user_id, row.campaign_name, move),
            editableUntil,
            ...(reopen ? { reopened: true } : {}),
          },
        ]);
    return {
      entry: { id: row.id, code: row.code, status: move.to, statusVersion: current + 1 },
      from,
      emailed: queued > 0,
      paidAlong: payment.paidAlong,
    };
  });
}

/** The audit entry of a committed move (staff's status changes are audited). */
export async function auditMove(
  ctx: EntriesContext,
  actor: StatusActor,
  moved: Moved,
  move: CheckedMove,
): Promise<void> {
  await ctx.deps.audit?.record(
    actor,
    "entry.status",
    { type: "entry", id: moved.entry.id },
    {
      code: moved.entry.code,
      from: moved.from,
      to: moved.entry.status,
      reason: move.reason,
      ...(move.changesDueAt ? { changesDueAt: move.changesDueAt } : {}),
      ...(reopensScreening(moved.from, moved.entry.status) ? { screeningReopened: true } : {}),
    },
  );
}

/**
 * Until when an entry sent back for changes stays editable: its due date, or its season's
 * submission window while that ends later (core/entry-lock.ts), the moment its email names.
 */
async function changesLock(
  trx: Q,
  seasonId: number | string,
  changesDueAt: string,
  now: Date,
): Promise<EntryLock | null> {
  const [season] = await listSeasons(trx, [Number(seasonId)]);
  const window = season
    ? windowOf(season)
    : { submissionOpensAt: null, submissionClosesAt: null, lateDeadline: null };
  return entryLocksAt({ status: "needs_changes", changesDueAt }, window, now);
}

/** What the entrant's email about a move says. */
function statusFacts(
  entryId: string,
  code: string | null,
  ownerUserId: string,
  title: string,
  move: CheckedMove,
): StatusEmailFacts {
  return {
    entryId,
    ownerUserId,
    code,
    title,
    status: move.to,
    reason: move.reason,
  };
}

/**
 * A staff member moves one entry to `input.to` (core/entry-status.ts decides who may make
 * which move). 404 for no such entry; 409 `conflict` when `input.statusVersion` is not the
 * entry's current one (another staff member changed it since the page showed it: never a
 * silent overwrite); 409 `notAllowed` when the lifecycle does not allow the move for this
 * role; field refusals for a missing reason or a due date that is not in the future.
 * `needs_changes` re-opens editing for the entrant until the end of `changesDueOn` in
 * Vietnam; any other move closes it. Records the audit entry; the entrant's email, in their
 * language, is queued with the move and sent right after the commit (`emailed` false only
 * when the owner's account is gone).
 */
export async function changeStatus(
  ctx: EntriesContext,
  actor: StatusActor,
  entryId: string,
  input: StatusChangeInput,
): Promise<Outcome<{ entry: StatusChanged; emailed: boolean }>> {
  const parsed = statusChangeSchema.safeParse(input);
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
  const moved = await moveEntry(ctx, actor, entryId, parsed.data.statusVersion, move);
  if ("refused" in moved) {
    const refused = REFUSALS[moved.refused];
    // A move nobody may make from this state clashes with the entry's state (409); one that
    // exists but not for this role is forbidden (403).
    const roleOnly =
      moved.refused === "notAllowed" &&
      moved.from !== undefined &&
      isEntryStatus(moved.from) &&
      nextStatuses(moved.from).includes(move.to);
    return roleOnly ? { ...refused, status: 403 } : { ...refused };
  }
  await auditMove(ctx, actor, moved, move);
  if (moved.emailed) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return { ok: true, entry: moved.entry, emailed: moved.emailed };
}
