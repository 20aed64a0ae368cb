import type { EntryStatus } from "../../../core/entry-status";
import { localizePath, type Lang } from "../../../core/languages";
import { currentPublicUrl } from "../../public-url";
import type { EntriesContext, EntriesDeps } from "./context";
import { findUserContact } from "./queries";

export interface StatusEmailFacts {
  entryId: string;
  ownerUserId: string;
  code: string | null;
  title: string;
  status: EntryStatus;
  reason?: string;
  changesDueAt?: string | null;
  /** The entrant sent it back after changes (one email for the resubmission and what follows). */
  resubmitted?: boolean;
}

/** What sending the email needs: the database, the site's address, the mailer and the log. */
export type StatusEmailContext = Pick<EntriesContext, "db" | "publicUrl"> & {
  deps: Pick<EntriesDeps, "mail" | "logger">;
};

/**
 * Tells the entrant, in their language, that their entry moved: the new status, the reason,
 * and for needs_changes until when and a link to the entry's form; otherwise a link to their
 * dashboard. Runs after the change is committed: an email that cannot be sent is logged and
 * reported as false, the change stands.
 */
export async function emailStatusChange(
  ctx: StatusEmailContext,
  facts: StatusEmailFacts,
): Promise<boolean> {
  try {
    const user = await findUserContact(ctx.db.kysely, facts.ownerUserId);
    if (!user) return false;
    const lang: Lang = user.lang === "en" ? "en" : "vi";
    const base = currentPublicUrl(ctx.publicUrl);
    const changes = facts.status === "needs_changes" && Boolean(facts.changesDueAt);
    const url = changes
      ? `${base}${localizePath("/nop-bai-du-thi", lang)}?entry=${encodeURIComponent(facts.entryId)}`
      : `${base}${localizePath("/tai-khoan", lang)}`;
    await ctx.deps.mail.send("entryStatusChanged", user.email, lang, {
      name: user.name,
      url,
      code: facts.code ?? "",
      title: facts.title,
      status: facts.status,
      resubmitted: facts.resubmitted ?? false,
      reason: facts.reason ?? "",
      changesDueAt: changes ? (facts.changesDueAt ?? null) : null,
    });
    return true;
  } catch (error) {
    ctx.deps.logger?.error(
      { err: error, entryId: facts.entryId, status: facts.status },
      "entry status email could not be sent",
    );
    return false;
  }
}
