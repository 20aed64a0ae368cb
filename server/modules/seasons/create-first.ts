import { refusal, type Outcome } from "../../../core/refusal";
import type { FirstSeasonInput } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import type { SettingsService } from "../settings/service";
import { getSeason, type AdminSeason } from "./admin-read";
import type { SeasonsAdminDeps } from "./tree-queries";

/**
 * The first season of an install that has none (a real deployment, started without the demo
 * data): no dates yet and an empty category tree, which the admin fills in on its page. It is
 * made the current season at once, since the public site and the forms follow the current
 * season and there is no other. Refused (409) once any season exists: later seasons are made
 * from an earlier one, which copies its tree and fees.
 */
export async function createFirstSeason(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  input: FirstSeasonInput,
  actor?: Actor,
): Promise<Outcome<{ season: AdminSeason }>> {
  const stamp = deps.clock().toISOString();
  const created = await deps.db.kysely.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("seasons").select("year").limit(1).execute();
    if (existing.length > 0) return refusal(409, "adminPlatform.seasons.first.exists");
    await trx
      .insertInto("seasons")
      .values({
        year: input.year,
        code: input.code,
        name_vi: input.nameVi,
        name_en: input.nameEn,
        registration_opens_at: null,
        registration_closes_at: null,
        submission_opens_at: null,
        submission_closes_at: null,
        early_bird_deadline: null,
        late_deadline: null,
        ceremony_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    return { ok: true as const };
  });
  if (!created.ok) return created;

  await deps.settings.update({ currentSeasonYear: input.year });
  deps.onChange();
  if (actor) {
    await deps.audit.record(
      actor,
      "season.create",
      { type: "season", id: input.year },
      { code: input.code },
    );
  }
  return { ok: true, season: (await getSeason(deps.db, input.year))! };
}
