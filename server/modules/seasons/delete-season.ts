import { attachedKinds, type SeasonAttachment } from "../../../core/season-admin";
import { refusal, type Outcome, type Refusal } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { SettingsService } from "../settings/service";
import { seasonAttachments } from "./attachments";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

/** The refusal naming the first kind of thing attached to a season (409). */
export function attachedRefusal(kind: SeasonAttachment): Refusal {
  return refusal(409, `adminPlatform.seasons.remove.blocked.${kind}`);
}

/**
 * Deletes a season made by mistake, with its category tree and entry-code counters, in one
 * transaction. Refused while it is the current season, or while anything else is tied to it
 * (`seasonAttachments`: entries of any status, payments, judging, documents, pages, the jury,
 * winners, the library), each checked again inside the transaction that deletes (on
 * PostgreSQL holding the season's row, which a new entry or payment of it must wait for).
 */
export async function deleteSeason(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  year: number,
  actor?: Actor,
): Promise<Outcome<{ year: number; code: string }>> {
  const { db } = deps;
  deps.settings.invalidate();
  const result = await db.kysely.transaction().execute(async (trx) => {
    let query = trx.selectFrom("seasons").select(["id", "year", "code"]).where("year", "=", year);
    if (db.kind === "postgres") query = query.forUpdate();
    const season = await query.executeTakeFirst();
    if (!season) return notFound;
    if ((await deps.settings.get(trx)).currentSeasonYear === year) {
      return refusal(409, "adminPlatform.seasons.remove.blocked.current");
    }
    const attached = attachedKinds(
      await seasonAttachments(trx, { id: Number(season.id), year: Number(season.year) }),
    );
    if (attached.length > 0) return attachedRefusal(attached[0]!);
    const trackIds = (
      await trx.selectFrom("tracks").select("id").where("season_id", "=", season.id).execute()
    ).map((t) => t.id);
    // The tree, children first (both databases cascade, but explicit is clearer).
    if (trackIds.length > 0) {
      const groupIds = (
        await trx
          .selectFrom("category_groups")
          .select("id")
          .where("track_id", "in", trackIds)
          .execute()
      ).map((g) => g.id);
      if (groupIds.length > 0) {
        await trx.deleteFrom("categories").where("group_id", "in", groupIds).execute();
      }
      await trx.deleteFrom("category_groups").where("track_id", "in", trackIds).execute();
      await trx.deleteFrom("tracks").where("season_id", "=", season.id).execute();
    }
    await trx.deleteFrom("entry_code_sequences").where("season_id", "=", season.id).execute();
    await trx.deleteFrom("seasons").where("id", "=", season.id).execute();
    return { ok: true as const, year, code: season.code, tracks: trackIds.length };
  });
  if (!result.ok) return result;
  deps.onChange();
  if (actor) {
    await deps.audit.record(
      actor,
      "season.delete",
      { type: "season", id: year },
      { code: result.code, tracks: result.tracks },
    );
  }
  return { ok: true, year, code: result.code };
}
