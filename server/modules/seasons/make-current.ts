import type { Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { SettingsService } from "../settings/service";
import { getSeason } from "./admin-read";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

/**
 * Makes a season the current one (`currentSeasonYear` in the site settings): the public
 * pages, the header's submit button and the entry form follow it on the next request, with
 * no code change. Earlier seasons' entries stay where they are, read-only for entrants once
 * their window has closed and visible to staff.
 */
export async function makeSeasonCurrent(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  year: number,
  actor?: Actor,
): Promise<Outcome<{ year: number; previous: number }>> {
  const season = await getSeason(deps.db, year);
  if (!season) return notFound;
  const previous = (await deps.settings.get()).currentSeasonYear;
  if (previous !== year) await deps.settings.update({ currentSeasonYear: year });
  if (actor) {
    await deps.audit.record(
      actor,
      "season.makeCurrent",
      { type: "season", id: year },
      { currentSeasonYear: [previous, year] },
    );
  }
  return { ok: true, year, previous };
}
