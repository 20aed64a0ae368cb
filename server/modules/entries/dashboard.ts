import { isEditableByEntrant, isEntryStatus, type EntryStatus } from "../../../core/entry-status";
import { missingItems } from "../../../core/entry";
import { categoryFeeOn, feeHoldsUntil, type FeeQuote } from "../../../core/fees";
import type { EntriesContext } from "./context";
import { categoryRef, changesRequestedOf, trackRef } from "./load";
import {
  findUnjudgeableKeys,
  listCategories,
  listEntryFiles,
  listSeasons,
  listTracks,
  type CategoryRow,
} from "./queries";
import type { SeasonFacts } from "./load";
import { entryWindowProblem } from "./refusals";
import type { EntrySummary } from "./types";
import { unjudgeableFileIdsOf, valuesOf } from "./values";

/**
 * The fee an entry in the category costs on `at`, by the season's tiers (core/fees.ts), and
 * the last day of that tier: a draft's entrant sees until when today's price holds.
 */
function feeOf(
  season: SeasonFacts,
  category: CategoryRow | null,
  at: Date,
): (FeeQuote & { holdsUntil: string | null }) | null {
  if (!category) return null;
  const deadlines = {
    earlyBirdDeadline: season.early_bird_deadline,
    submissionClosesAt: season.submission_closes_at,
    lateDeadline: season.late_deadline,
  };
  const quote = categoryFeeOn(
    deadlines,
    {
      feeVnd: Number(category.fee_vnd),
      earlyBirdFeeVnd:
        category.early_bird_fee_vnd === null ? null : Number(category.early_bird_fee_vnd),
      lateFeeVnd: category.late_fee_vnd === null ? null : Number(category.late_fee_vnd),
    },
    at,
  );
  if (!quote) return null;
  const closes = deadlines.submissionClosesAt;
  return {
    ...quote,
    holdsUntil: closes ? feeHoldsUntil({ ...deadlines, submissionClosesAt: closes }, at) : null,
  };
}

const unique = (ids: readonly (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null).map(Number)),
];

/**
 * The entrant's entries, most recently changed first, with what is missing and the fee due
 * (the tier's price on the day: early-bird, standard or late).
 */
export async function entrantDashboard(
  ctx: EntriesContext,
  userId: string,
): Promise<EntrySummary[]> {
  const q = ctx.db.kysely;
  const rows = await q
    .selectFrom("entries as e")
    .selectAll("e")
    // The reason of the latest move to needs_changes: what the entrant is asked to fix.
    .select((eb) =>
      eb
        .selectFrom("entry_status_history as h")
        .select("h.reason")
        .whereRef("h.entry_id", "=", "e.id")
        .where("h.to_status", "=", "needs_changes")
        .orderBy("h.id", "desc")
        .limit(1)
        .as("changes_reason"),
    )
    .where("e.owner_user_id", "=", userId)
    .orderBy("e.updated_at", "desc")
    .orderBy("e.created_at", "desc")
    .execute();
  if (rows.length === 0) return [];
  const [files, seasonRows, trackRows, categoryRows] = await Promise.all([
    listEntryFiles(
      q,
      rows.map((r) => r.id),
    ),
    listSeasons(q, unique(rows.map((r) => r.season_id))),
    listTracks(q, unique(rows.map((r) => r.track_id))),
    listCategories(q, unique(rows.map((r) => r.category_id))),
  ]);
  const unjudgeableKeys = await findUnjudgeableKeys(
    q,
    files.map((f) => f.storage_key),
  );
  const seasons = new Map(seasonRows.map((s) => [Number(s.id), s]));
  const tracks = new Map(trackRows.map((t) => [Number(t.id), t]));
  const categories = new Map(categoryRows.map((c) => [Number(c.id), c]));
  const at = ctx.clock();
  return rows.map((row): EntrySummary => {
    const season = seasons.get(Number(row.season_id))!;
    const track = row.track_id === null ? undefined : tracks.get(Number(row.track_id));
    const category =
      row.category_id === null ? null : (categories.get(Number(row.category_id)) ?? null);
    const categoryView = category ? categoryRef(category) : null;
    const status: EntryStatus = isEntryStatus(row.status) ? row.status : "draft";
    const own = files.filter((f) => f.entry_id === row.id);
    const values = valuesOf(row, own);
    const missing = missingItems(values, {
      videoRequired: categoryView?.videoRequired ?? true,
      unjudgeableFileIds: unjudgeableFileIdsOf(own, unjudgeableKeys),
    });
    const fee = feeOf(season, category, at);
    const owes = status === "draft" || status === "submitted";
    return {
      id: row.id,
      code: row.code,
      seasonYear: Number(season.year),
      title: row.campaign_name,
      brandName: row.brand_name,
      status,
      track: track ? { id: String(track.id), name: trackRef(track).name } : null,
      category: categoryView
        ? { id: categoryView.id, name: categoryView.name, groupName: categoryView.groupName }
        : null,
      missing,
      missingCount: missing.length,
      fee,
      feeDueVnd: owes && fee ? fee.amountVnd : 0,
      editable: isEditableByEntrant(status) && entryWindowProblem(row, season, at) === null,
      changesRequested: changesRequestedOf(row, row.changes_reason ?? null, season, at),
      updatedAt: row.updated_at,
      submittedAt: row.submitted_at,
    };
  });
}
