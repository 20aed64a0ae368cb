import type { JudgeCopyProblem } from "../../../core/entry-limits";
import { catalogText } from "../../../core/i18n/lookup";
import { localizePath, type Lang } from "../../../core/languages";
import { currentPublicUrl } from "../../public-url";
import type { EntriesContext, Q } from "./context";
import { loadEntry, readView } from "./load";
import { findUserContacts } from "./queries";

/**
 * Queues, in `trx` (the judges'-copy job's transaction recording the refusal), an email to the
 * owner of each entry holding the stored file `sourceKey` of which no judges' copy could be
 * made: judges will not see it, why, and how to replace it. Only while the entrant can still
 * change the entry: once it is locked, staff see the problem on its page and settle it (a file
 * of an entry from before copies existed is caught up on without anyone being written to).
 * Resolves to whether an email was queued.
 */
export async function queueUnjudgeableFileEmails(
  ctx: EntriesContext,
  trx: Q,
  sourceKey: string,
  problem: JudgeCopyProblem,
): Promise<boolean> {
  const files = await trx
    .selectFrom("entry_files")
    .select(["entry_id", "field", "original_name"])
    .where("storage_key", "=", sourceKey)
    .execute();
  const open = [];
  for (const file of files) {
    const loaded = await loadEntry(ctx, trx, file.entry_id);
    if (!loaded) continue;
    const entry = await readView(ctx, trx, loaded);
    if (entry.editable) open.push({ file, entry });
  }
  if (open.length === 0) return false;
  const owners = new Map(
    (await findUserContacts(trx, [...new Set(open.map((o) => o.entry.ownerUserId))])).map((u) => [
      u.id,
      u,
    ]),
  );
  const base = currentPublicUrl(ctx.publicUrl);
  const mails = open.flatMap(({ file, entry }) => {
    const owner = owners.get(entry.ownerUserId);
    if (!owner) return [];
    const lang: Lang = owner.lang === "en" ? "en" : "vi";
    return [
      {
        template: "entryFileNotJudgeable" as const,
        to: owner.email,
        lang,
        data: {
          name: owner.name,
          url: `${base}${localizePath("/nop-bai-du-thi", lang)}?entry=${encodeURIComponent(entry.id)}`,
          code: entry.code ?? "",
          title: String(entry.values.campaignName ?? ""),
          field: catalogText(lang, `entry.fields.${file.field}.label`) ?? file.field,
          fileName: file.original_name,
          problem,
        },
      },
    ];
  });
  await ctx.deps.mail.queue(trx, mails);
  return mails.length > 0;
}
