import { data, type AppLoadContext } from "react-router";
import { isStaffRole } from "../../../core/roles";
import { requireStaff } from "../../lib/session.server";
import { actorOf, positiveInt } from "../back-office/form.server";

/**
 * Every judging back-office page: a jury manager (or admin) — checked on the server — and the
 * season it works on (`?year=`, else the current season). 404 when there is no such season.
 */
export async function judgingPage(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context, "judging");
  const asked = positiveInt(new URL(request.url).searchParams.get("year"));
  const year = asked ?? (await context.services.seasons.current())?.year ?? null;
  const season = year ? await context.services.judging.season(year) : null;
  if (!season) throw data(null, { status: 404 });
  // requireStaff let only staff in; the check narrows the role's type.
  if (!isStaffRole(user.role)) throw new Response("Forbidden", { status: 403 });
  // Advancing and publishing move entries' statuses: their history names who did it.
  const actor = { ...actorOf(user, context), role: user.role, name: user.name };
  return { user, season, actor };
}

/** The round of the page's `:id` (404 when there is none): what an action or export needs. */
export async function judgingRound(context: AppLoadContext, id: string | undefined) {
  const roundId = positiveInt(id);
  const round = roundId ? await context.services.judging.round(roundId) : null;
  if (!round) throw data(null, { status: 404 });
  return round;
}

/**
 * The round of the page's `:id` with its assignments and each judge's progress (404 when there
 * is none): the round page's loader only, since it reads every judge's entries.
 */
export async function judgingRoundOverview(context: AppLoadContext, id: string | undefined) {
  const roundId = positiveInt(id);
  const overview = roundId ? await context.services.judging.overview(roundId) : null;
  if (!overview) throw data(null, { status: 404 });
  return overview;
}
