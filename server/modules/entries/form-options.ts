import { categoryProblem } from "../../../core/entry-eligibility";
import { submissionWindowState } from "../../../core/submission-window";
import type { EntriesContext } from "./context";
import { findRegistrantType, findSeasonByYear, listSeasonCatalogue } from "./queries";
import { notEntrant, refuse, windowOf } from "./refusals";
import type { EntryFormOptions, EntryResult } from "./types";

/**
 * A season (the current one unless `seasonYear` names another: an entry of a past season is
 * shown with its own catalogue), its window and the tracks/categories open to this registrant.
 */
export async function formOptions(
  ctx: EntriesContext,
  userId: string,
  seasonYear?: number,
): Promise<EntryResult<{ options: EntryFormOptions }>> {
  const { db, deps } = ctx;
  const type = (await findRegistrantType(db.kysely, userId))?.type;
  if (!type) return notEntrant();
  const year = seasonYear ?? (await deps.seasons.current())?.year;
  const season = year === undefined ? undefined : await findSeasonByYear(db.kysely, year);
  if (!season) return refuse(403, "entry.problems.submissionNotOpen");
  const rows = await listSeasonCatalogue(db.kysely, Number(season.id));
  const tracks: EntryFormOptions["tracks"] = [];
  for (const row of rows) {
    let track = tracks.find((t) => t.id === String(row.track_id));
    if (!track) {
      track = {
        id: String(row.track_id),
        slug: row.track_slug,
        code: row.track_code,
        name: { vi: row.track_name_vi, en: row.track_name_en },
        groups: [],
      };
      tracks.push(track);
    }
    if (row.group_slug === null || row.category_id === null) continue;
    const open =
      categoryProblem(
        {
          allowIndividual: Boolean(Number(row.allow_individual)),
          allowEnterprise: Boolean(Number(row.allow_enterprise)),
        },
        type,
      ) === null;
    if (!open) continue;
    let group = track.groups.find((g) => g.slug === row.group_slug);
    if (!group) {
      group = {
        slug: row.group_slug,
        name: { vi: row.group_name_vi ?? "", en: row.group_name_en ?? "" },
        categories: [],
      };
      track.groups.push(group);
    }
    group.categories.push({
      id: String(row.category_id),
      slug: row.category_slug ?? "",
      code: row.category_code ?? "",
      name: { vi: row.category_name_vi ?? "", en: row.category_name_en ?? "" },
      description: {
        vi: row.category_description_vi ?? "",
        en: row.category_description_en ?? "",
      },
      feeVnd: Number(row.fee_vnd ?? 0),
      videoRequired: Boolean(Number(row.video_required)),
    });
  }
  return {
    ok: true,
    options: {
      seasonYear: Number(season.year),
      submission: submissionWindowState(windowOf(season), ctx.clock()),
      registrantType: type,
      tracks,
    },
  };
}
