import type { EntryLock } from "../../../core/entry-lock";
import type { EntryStatus } from "../../../core/entry-status";
import { localizePath, type Lang } from "../../../core/languages";
import { currentPublicUrl } from "../../public-url";
import type { MailService } from "../mail/service";
import type { Q } from "./context";
import { findUserContacts } from "./queries";

export interface StatusEmailFacts {
  entryId: string;
  ownerUserId: string;
  code: string | null;
  title: string;
  status: EntryStatus;
  reason?: string;
  /** Sent back for changes: when editing ends (core/entry-lock.ts), the moment the email names. */
  editableUntil?: EntryLock | null;
  /** The entrant sent it back after changes (one email for the resubmission and what follows). */
  resubmitted?: boolean;
  /** The secretariat took its screening decision back: the entry waits to be screened again. */
  reopened?: boolean;
}

/** What queueing the emails needs: the site's address and the mail service's queue. */
export interface QueuedStatusEmailContext {
  publicUrl: string;
  deps: { mail: Pick<MailService, "queue"> };
}

/**
 * Queues the status emails of moved entries in `trx`, the transaction that moves them: the
 * emails are kept with the moves or not at all, and the mail job sends them (see
 * `sendQueuedSoon`). Entries whose owner is gone get none. Resolves to how many were queued.
 */
export async function queueStatusEmails(
  ctx: QueuedStatusEmailContext,
  trx: Q,
  facts: readonly StatusEmailFacts[],
): Promise<number> {
  if (facts.length === 0) return 0;
  const users = new Map(
    (await findUserContacts(trx, [...new Set(facts.map((f) => f.ownerUserId))])).map((u) => [
      u.id,
      u,
    ]),
  );
  const base = currentPublicUrl(ctx.publicUrl);
  const mails = facts.flatMap((f) => {
    const user = users.get(f.ownerUserId);
    if (!user) return [];
    const { lang, data } = statusEmail(user, f, base);
    return [{ template: "entryStatusChanged" as const, to: user.email, lang, data }];
  });
  await ctx.deps.mail.queue(trx, mails);
  return mails.length;
}

/**
 * The email's language and facts: the new status, the reason, and for needs_changes until
 * when it stays editable and a link to the entry's form; otherwise a link to the dashboard.
 */
function statusEmail(
  user: { name: string; lang: string | null },
  facts: StatusEmailFacts,
  base: string,
) {
  const lang: Lang = user.lang === "en" ? "en" : "vi";
  const changes = facts.status === "needs_changes" && Boolean(facts.editableUntil);
  const url = changes
    ? `${base}${localizePath("/nop-bai-du-thi", lang)}?entry=${encodeURIComponent(facts.entryId)}`
    : `${base}${localizePath("/tai-khoan", lang)}`;
  return {
    lang,
    data: {
      name: user.name,
      url,
      code: facts.code ?? "",
      title: facts.title,
      status: facts.status,
      resubmitted: facts.resubmitted ?? false,
      reopened: facts.reopened ?? false,
      reason: facts.reason ?? "",
      editableUntil: changes ? (facts.editableUntil ?? null) : null,
    },
  };
}
