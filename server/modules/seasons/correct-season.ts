import { attachedKinds, type CorrectSeasonInput } from "../../../core/season-admin";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { SettingsService } from "../settings/service";
import { seasonAttachments } from "./attachments";
import { attachedRefusal } from "./delete-season";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

/**
 * Corrects the year and code of a season made by mistake (the code prefixes every entry code,
 * the year names its public pages), validated as a new season's (core `correctSeasonSchema`;
 * both unique here). Allowed only while nothing is tied to the season (`seasonAttachments`,
 * the rule deleting follows), so no entry code, payment, judging record or page keeps the old
 * values. The current season's year is not changed here (the site follows that year): make
 * another season current first. Its code may be. Unused entry-code counters of the old code go.
 */
export async function correctSeason(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  input: CorrectSeasonInput,
  actor?: Actor,
): Promise<Outcome<{ year: number; code: string }>> {
  const { db } = deps;
  deps.settings.invalidate();
  const result = await db.kysely.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("seasons")
      .select(["id", "year", "code"])
      .where("year", "=", input.fromYear);
    if (db.kind === "postgres") query = query.forUpdate();
    const season = await query.executeTakeFirst();
    if (!season) return notFound;
    if (season.year === input.year && season.code === input.code) {
      return { ok: true as const, before: { year: season.year, code: season.code } };
    }
    const isCurrent = (await deps.settings.get(trx)).currentSeasonYear === input.fromYear;
    if (isCurrent && input.year !== input.fromYear) {
      return refusal(409, "adminPlatform.seasons.correct.currentYear", {
        year: "adminPlatform.seasons.correct.currentYear",
      });
    }
    const attached = attachedKinds(
      await seasonAttachments(trx, { id: Number(season.id), year: Number(season.year) }),
    );
    if (attached.length > 0) return attachedRefusal(attached[0]!);
    const clash = await trx
      .selectFrom("seasons")
      .select(["year", "code"])
      .where("id", "!=", season.id)
      .where((eb) => eb.or([eb("year", "=", input.year), eb("code", "=", input.code)]))
      .execute();
    if (clash.some((row) => Number(row.year) === input.year)) {
      return fieldRefusal({ year: "adminPlatform.seasons.yearTaken" }, 409);
    }
    if (clash.length > 0) return fieldRefusal({ code: "adminPlatform.seasons.codeTaken" }, 409);
    // The year also lives in the library, jury and winners (none here, checked above).
    await trx
      .updateTable("seasons")
      .set({ year: input.year, code: input.code, updated_at: deps.clock().toISOString() })
      .where("id", "=", season.id)
      .execute();
    if (season.code !== input.code) {
      await trx.deleteFrom("entry_code_sequences").where("season_id", "=", season.id).execute();
    }
    return { ok: true as const, before: { year: season.year, code: season.code } };
  });
  if (!result.ok) return result;
  const { before } = result;
  if (before.year === input.year && before.code === input.code) {
    return { ok: true, year: input.year, code: input.code };
  }
  deps.onChange();
  if (actor) {
    await deps.audit.record(
      actor,
      "season.correct",
      { type: "season", id: input.year },
      { year: [before.year, input.year], code: [before.code, input.code] },
    );
  }
  return { ok: true, year: input.year, code: input.code };
}
