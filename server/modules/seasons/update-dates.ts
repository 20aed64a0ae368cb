import { changes } from "../../../core/audit-summary";
import type { Outcome } from "../../../core/refusal";
import type { Actor } from "../audit/service";
import { getSeason, type AdminSeason, type SeasonDates } from "./admin-read";
import { notFound, type SeasonsAdminDeps } from "./tree-queries";

/**
 * A season's names and dates (ISO UTC, already checked in order by the core schema). The
 * audit entry lists the fields that changed, before and after.
 */
export async function updateSeasonDates(
  deps: SeasonsAdminDeps,
  year: number,
  input: { nameVi: string; nameEn: string } & SeasonDates,
  actor?: Actor,
): Promise<Outcome<{ before: AdminSeason; after: AdminSeason }>> {
  const before = await getSeason(deps.db, year);
  if (!before) return notFound;
  await deps.db.kysely
    .updateTable("seasons")
    .set({
      name_vi: input.nameVi,
      name_en: input.nameEn,
      registration_opens_at: input.registrationOpensAt,
      registration_closes_at: input.registrationClosesAt,
      submission_opens_at: input.submissionOpensAt,
      submission_closes_at: input.submissionClosesAt,
      early_bird_deadline: input.earlyBirdDeadline,
      late_deadline: input.lateDeadline,
      ceremony_at: input.ceremonyAt,
      updated_at: deps.clock().toISOString(),
    })
    .where("year", "=", year)
    .execute();
  deps.onChange();
  const after = (await getSeason(deps.db, year))!;
  if (actor) {
    await deps.audit.record(
      actor,
      "season.update",
      { type: "season", id: year },
      changes(before, after),
    );
  }
  return { ok: true, before, after };
}
