import { formatDate, formatMoment } from "../../../core/dates";
import { categoryInGroup } from "../../../core/category-tree";
import { entrySubmissionSchemaFor } from "../../../core/entry";
import {
  canTransition,
  statusAfterResubmission,
  type EntryStatus,
} from "../../../core/entry-status";
import { localizePath, pickLang, type Lang } from "../../../core/languages";
import { firstIssueByField } from "../../../core/refusal";
import { currentPublicUrl } from "../../public-url";
import { resolveCatalogue } from "./catalogue";
import type { EntriesContext, Q } from "./context";
import { loadEntry, loadOwned, readView, viewOf } from "./load";
import { findUserContact, isEmailVerified, wasEverPaid } from "./queries";
import { recordTransition } from "./record-transition";
import { entryWindowProblem, invalid, notEntrant, notFound, refuse } from "./refusals";
import { sendQueuedSoon } from "../mail/send-queued";
import { queueStatusEmails } from "./status-email";
import type { EntryFailure, EntryResult, EntryView } from "./types";
import { missingOf, valuesOf, videoRequiredOf } from "./values";
import { unjudgeableFileIds } from "./judged-files";

/**
 * Submits a draft (or an entry sent back for changes): every seed §5 rule with the category's
 * video requirement, counting only films and documents judges can receive; refused with the
 * list of what is missing. The move is recorded in the
 * entry's history. An entry sent back for changes may be resubmitted until the date staff
 * set, even after the deadline; if it had been paid, it moves on to `paid` at once (actor
 * "system", a second history row). The receipt (or, for a resubmission, the status email) in
 * the entrant's language is queued in the submission's transaction, so it is kept with the
 * submission or not at all, and sent by the mail job right after the commit (`receiptQueued`).
 */
export async function submitEntry(
  ctx: EntriesContext,
  userId: string,
  entryId: string,
): Promise<EntryResult<{ entry: EntryView; receiptQueued: boolean; resubmitted: boolean }>> {
  const outcome = await ctx.db.kysely
    .transaction()
    .execute(async (trx): Promise<EntryFailure | { queued: boolean; resubmitted?: true }> => {
      const loaded = await loadOwned(ctx, trx, userId, entryId, true);
      if (!loaded) return notFound();
      const status = loaded.row.status as EntryStatus;
      if (!canTransition(status, "submitted", "entrant")) {
        return refuse(
          409,
          status === "submitted" || status === "paid"
            ? "entry.problems.alreadySubmitted"
            : "entry.problems.notEditable",
        );
      }
      const closed = entryWindowProblem(loaded.row, loaded.season, ctx.clock());
      if (closed) return closed;
      const type = loaded.registrantType;
      if (!type) return notEntrant();
      // Drafts may start before the address is confirmed; submitting needs it (PRODUCT §1).
      if (!(await isEmailVerified(trx, userId))) {
        return refuse(403, "entry.problems.emailUnverified");
      }
      const values = valuesOf(loaded.row, loaded.files);
      const videoRequired = videoRequiredOf(loaded);
      // A film or document judges cannot receive does not count; one still being prepared
      // does (core/entry.ts): submitting never waits on the judges'-copy job.
      const missing = missingOf(values, videoRequired, await unjudgeableFileIds(trx, loaded.files));
      if (missing.length > 0) {
        return {
          ...invalid(
            Object.fromEntries(missing.map((m) => [m.field, m.messageKey])),
            "entry.problems.incomplete",
          ),
          missing,
        };
      }
      // The rules may have changed since the last save: check them all again.
      const parsed = entrySubmissionSchemaFor({ videoRequired }).safeParse(values);
      if (!parsed.success) return invalid(firstIssueByField(parsed.error.issues, "form"));
      const catalogue = await resolveCatalogue(trx, Number(loaded.season.id), values, type, loaded);
      if (!catalogue.ok) return catalogue;
      const { row } = loaded;
      const at = ctx.now();
      const owner = await findUserContact(trx, userId);
      const moved = await recordTransition(trx, row.id, {
        from: status,
        to: "submitted",
        actor: { userId, role: "entrant", name: owner?.name ?? "" },
        statusVersion: Number(row.status_version),
        at,
        entrant: { version: row.version, submittedAt: row.submitted_at },
      });
      if (!moved) return refuse(409, "entry.problems.notEditable");
      if (status !== "needs_changes") return { queued: await queueReceipt(ctx, trx, row.id) };
      const next = statusAfterResubmission(await wasEverPaid(trx, row.id));
      if (next === "paid") {
        await recordTransition(trx, row.id, {
          from: "submitted",
          to: "paid",
          actor: { userId: null, role: "system", name: "" },
          statusVersion: Number(row.status_version) + 1,
          at,
        });
      }
      const queued = await queueStatusEmails(ctx, trx, [
        {
          entryId: row.id,
          ownerUserId: row.owner_user_id,
          code: row.code,
          title: values.campaignName ?? "",
          status: next,
          resubmitted: true,
        },
      ]);
      return { queued: queued > 0, resubmitted: true };
    });
  if ("ok" in outcome) return outcome;
  if (outcome.queued) sendQueuedSoon({ db: ctx.db, mail: ctx.deps.mail, logger: ctx.deps.logger });
  return {
    ok: true,
    entry: await viewOf(ctx, entryId),
    receiptQueued: outcome.queued,
    resubmitted: outcome.resubmitted === true,
  };
}

/**
 * Queues the submission receipt in the entrant's language in `trx`, the submission's own
 * transaction (the entry read again there: its code and submission time are set by now).
 * False when the owner has no account any more.
 */
async function queueReceipt(ctx: EntriesContext, trx: Q, entryId: string): Promise<boolean> {
  const loaded = await loadEntry(ctx, trx, entryId);
  if (!loaded) return false;
  const entry = await readView(ctx, trx, loaded);
  const user = await findUserContact(trx, entry.ownerUserId);
  if (!user) return false;
  const lang: Lang = user.lang === "en" ? "en" : "vi";
  await ctx.deps.mail.queue(trx, [
    {
      template: "entryReceipt",
      to: user.email,
      lang,
      data: {
        name: user.name,
        url: `${currentPublicUrl(ctx.publicUrl)}${localizePath("/tai-khoan", lang)}`,
        code: entry.code ?? "",
        title: entry.values.campaignName ?? "",
        category: entry.category
          ? pickLang(categoryInGroup(entry.category.groupName, entry.category.name), lang)
          : "",
        submittedAt: formatDate(entry.submittedAt ?? ctx.now(), lang),
        deadline: entry.entriesCloseAt ? formatMoment(entry.entriesCloseAt, lang, "end") : "—",
      },
    },
  ]);
  return true;
}
