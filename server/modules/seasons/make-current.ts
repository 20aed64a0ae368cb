import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import type { SettingsService } from "../settings/service";
import { getSeason } from "./admin-read";
import { openOutgoingSeason } from "./outgoing";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

/**
 * Makes a season the current one (`currentSeasonYear` in the site settings): the public
 * pages, the header's submit button, registration and new entries follow it on the next
 * request, with no code change. While the outgoing season still takes registrations or new
 * entries (by the services' clock), the admin must have acknowledged that they stop
 * (`acknowledgeOpen`), else it is refused (409). Entries already started in other seasons
 * stay where they are and follow their own season's window: drafts stay editable and
 * submittable, and submitted entries payable, until that season's deadlines.
 */
export async function makeSeasonCurrent(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  year: number,
  options: { acknowledgeOpen?: boolean } = {},
  actor?: Actor,
): Promise<Outcome<{ year: number; previous: number }>> {
  const season = await getSeason(deps.db, year);
  if (!season) return notFound;
  // Read fresh: the check must not follow a copy cached before another admin's switch.
  deps.settings.invalidate();
  const previous = (await deps.settings.get()).currentSeasonYear;
  const open = await openOutgoingSeason(deps, year);
  if (open && !options.acknowledgeOpen) {
    return refusal(409, "adminPlatform.seasons.makeCurrent.acknowledgeRequired", {
      acknowledgeOpen: "adminPlatform.seasons.makeCurrent.acknowledgeRequired",
    });
  }
  if (previous !== year) await deps.settings.update({ currentSeasonYear: year });
  if (actor) {
    await deps.audit.record(
      actor,
      "season.makeCurrent",
      { type: "season", id: year },
      {
        currentSeasonYear: [previous, year],
        ...(open ? { stoppedOpenSeason: open.year, submittedUnpaid: open.submittedUnpaid } : {}),
      },
    );
  }
  return { ok: true, year, previous };
}
