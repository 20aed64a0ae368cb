import { openIntakeOf, type OpenIntake } from "../../../core/season-admin";
import type { SettingsService } from "../settings/service";
import { getSeason } from "./admin-read";
import type { SeasonsAdminDeps } from "./tree-queries";

/** The current season while it still takes registrations or new entries, as a switch would leave it. */
export interface OpenOutgoingSeason {
  year: number;
  intake: OpenIntake;
  /** Its entries submitted and not yet paid for (status `submitted`). */
  submittedUnpaid: number;
}

/**
 * What making `year` current would stop: the current season's open registration and submission
 * windows by the services' clock (core `openIntakeOf`), with how many of its entries await
 * payment. Null when `year` is already current or the current season takes nothing now.
 */
export async function openOutgoingSeason(
  deps: SeasonsAdminDeps & { settings: SettingsService },
  year: number,
): Promise<OpenOutgoingSeason | null> {
  const currentYear = (await deps.settings.get()).currentSeasonYear;
  if (currentYear === year) return null;
  const current = await getSeason(deps.db, currentYear);
  if (!current) return null;
  const intake = openIntakeOf(current, deps.clock());
  if (!intake) return null;
  const { n } = await deps.db.kysely
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("season_id", "=", current.id)
    .where("status", "=", "submitted")
    .executeTakeFirstOrThrow();
  return { year: currentYear, intake, submittedUnpaid: Number(n) };
}
