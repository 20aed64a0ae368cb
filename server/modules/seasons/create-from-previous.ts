import { fieldRefusal, type Outcome } from "../../../core/refusal";
import { shiftSeasonDates, type NextSeasonInput } from "../../../core/season-admin";
import type { Actor } from "../audit/service";
import { getSeason, type AdminSeason } from "./admin-read";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

export interface CreatedSeason {
  season: AdminSeason;
  copied: { tracks: number; groups: number; categories: number };
}

/**
 * The next season, made from an earlier one in one transaction: its key dates one year on
 * (29/02 → 28/02), and a copy of its tracks, groups and categories in the same order with
 * their fees (early-bird and late included), video requirement and eligibility. The criteria
 * PDFs are not copied: each season publishes its own. The new season is not made current.
 */
export async function createSeasonFromPrevious(
  deps: SeasonsAdminDeps,
  input: NextSeasonInput,
  actor?: Actor,
): Promise<Outcome<CreatedSeason>> {
  const source = await getSeason(deps.db, input.fromYear);
  if (!source) return notFound;
  const stamp = deps.clock().toISOString();

  const result = await deps.db.kysely.transaction().execute(async (trx) => {
    const clash = await trx
      .selectFrom("seasons")
      .select(["year", "code"])
      .where((eb) => eb.or([eb("year", "=", input.year), eb("code", "=", input.code)]))
      .execute();
    if (clash.some((row) => Number(row.year) === input.year)) {
      return fieldRefusal({ year: "adminPlatform.seasons.yearTaken" }, 409);
    }
    if (clash.length > 0) return fieldRefusal({ code: "adminPlatform.seasons.codeTaken" }, 409);

    // The dates move by as many years as the seasons lie apart.
    const dates = shiftSeasonDates(source, input.year - input.fromYear);
    const { id: seasonId } = await trx
      .insertInto("seasons")
      .values({
        year: input.year,
        code: input.code,
        name_vi: input.nameVi,
        name_en: input.nameEn,
        registration_opens_at: dates.registrationOpensAt,
        registration_closes_at: dates.registrationClosesAt,
        submission_opens_at: dates.submissionOpensAt,
        submission_closes_at: dates.submissionClosesAt,
        early_bird_deadline: dates.earlyBirdDeadline,
        late_deadline: dates.lateDeadline,
        ceremony_at: dates.ceremonyAt,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const copied = { tracks: 0, groups: 0, categories: 0 };
    const tracks = await trx
      .selectFrom("tracks")
      .selectAll()
      .where("season_id", "=", source.id)
      .orderBy("sort_order")
      .orderBy("id")
      .execute();
    for (const { id: oldTrackId, season_id: _season, ...track } of tracks) {
      const { id: trackId } = await trx
        .insertInto("tracks")
        .values({ ...track, season_id: Number(seasonId) })
        .returning("id")
        .executeTakeFirstOrThrow();
      copied.tracks++;
      const groups = await trx
        .selectFrom("category_groups")
        .selectAll()
        .where("track_id", "=", oldTrackId)
        .orderBy("sort_order")
        .orderBy("id")
        .execute();
      for (const { id: oldGroupId, track_id: _track, ...group } of groups) {
        const { id: groupId } = await trx
          .insertInto("category_groups")
          .values({ ...group, track_id: Number(trackId) })
          .returning("id")
          .executeTakeFirstOrThrow();
        copied.groups++;
        const categories = await trx
          .selectFrom("categories")
          .selectAll()
          .where("group_id", "=", oldGroupId)
          .orderBy("sort_order")
          .orderBy("id")
          .execute();
        if (categories.length === 0) continue;
        await trx
          .insertInto("categories")
          .values(
            categories.map(({ id: _id, group_id: _group, ...category }) => ({
              ...category,
              group_id: Number(groupId),
            })),
          )
          .execute();
        copied.categories += categories.length;
      }
    }
    return { ok: true as const, copied };
  });
  if (!result.ok) return result;

  deps.onChange();
  const season = (await getSeason(deps.db, input.year))!;
  if (actor) {
    await deps.audit.record(
      actor,
      "season.create",
      { type: "season", id: input.year },
      { fromYear: input.fromYear, code: input.code, ...result.copied },
    );
  }
  return { ok: true, season, copied: result.copied };
}
