import type { EntryDraft } from "../../../core/entry";
import { categoryProblem } from "../../../core/entry-eligibility";
import { entryCodePrefix, entryCodePrefixOf, formatEntryCode } from "../../../core/entry-code";
import { ENTRY_DRAFTS_PER_SEASON_MAX } from "../../../core/entry-limits";
import type { RegistrantType } from "../../../core/registration";
import type { EntriesContext, Q } from "./context";
import type { SeasonFacts, TrackRow } from "./load";
import { findCategory, findTrack, nextCodeNumber, type CategoryRow } from "./queries";
import { invalidField, refuse } from "./refusals";
import type { EntryFailure } from "./types";

/**
 * The season's catalogue as the entries rules read it: which track and category an entry may
 * choose, its code, and how many drafts an entrant may hold.
 */

/** A catalogue id as the form sends it ("12") → the row id, or null. */
function catalogueId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

export interface ResolvedCatalogue {
  ok: true;
  trackId: number | null;
  categoryId: number | null;
  track: TrackRow | null;
  category: CategoryRow | null;
}

/**
 * Checks the track and category chosen in `values` against the season's catalogue and the
 * registrant's type; the category decides the track when none is chosen. `known` is what the
 * entry already holds: a choice that did not change is not read again.
 */
export async function resolveCatalogue(
  q: Q,
  seasonId: number,
  values: EntryDraft,
  registrantType: RegistrantType,
  known: { track: TrackRow | null; category: CategoryRow | null } = {
    track: null,
    category: null,
  },
): Promise<ResolvedCatalogue | EntryFailure> {
  const trackById = async (id: number) =>
    known.track && Number(known.track.id) === id ? known.track : await findTrack(q, id);
  let track: TrackRow | null = null;
  if (values.trackId) {
    const trackId = catalogueId(values.trackId);
    track = (trackId === null ? undefined : await trackById(trackId)) ?? null;
    if (!track || Number(track.season_id) !== seasonId) {
      return invalidField("trackId", "entry.problems.trackNotFound");
    }
  }
  let category: CategoryRow | null = null;
  if (values.categoryId) {
    const id = catalogueId(values.categoryId);
    category =
      id === null
        ? null
        : known.category && Number(known.category.id) === id
          ? known.category
          : ((await findCategory(q, id)) ?? null);
    if (!category) return invalidField("categoryId", "entry.problems.categoryNotInTrack");
    const categoryTrack = Number(category.track_id);
    if (track === null) {
      track = (await trackById(categoryTrack)) ?? null;
      if (!track || Number(track.season_id) !== seasonId) {
        return invalidField("categoryId", "entry.problems.categoryNotInTrack");
      }
    } else if (categoryTrack !== Number(track.id)) {
      return invalidField("categoryId", "entry.problems.categoryNotInTrack");
    }
    const problem = categoryProblem(
      {
        allowIndividual: Boolean(Number(category.allow_individual)),
        allowEnterprise: Boolean(Number(category.allow_enterprise)),
      },
      registrantType,
    );
    if (problem) return invalidField("categoryId", problem);
  }
  return {
    ok: true,
    trackId: track ? Number(track.id) : null,
    categoryId: category ? Number(category.id) : null,
    track,
    category,
  };
}

/** The code prefix an entry in the track and category of the season gets (`VX26-TVC`). */
export function codePrefixFor(season: SeasonFacts, track: TrackRow, category: CategoryRow) {
  return entryCodePrefix({
    trackCode: track.code,
    seasonYear: Number(season.year),
    categoryCode: category.code,
  });
}

/**
 * A fresh entry code for the season, track and category, numbered by one atomic statement.
 * Called with the database ahead of the transaction that writes the code, so the counter row
 * is locked only for that statement (create-draft.ts says why); inside one only when the code
 * drawn ahead no longer fits (drawnOrFreshCode).
 */
export async function issueCode(
  q: Q,
  season: SeasonFacts,
  track: TrackRow,
  category: CategoryRow,
): Promise<string> {
  const sequence = await nextCodeNumber(
    q,
    Number(season.id),
    codePrefixFor(season, track, category),
  );
  return formatEntryCode({
    trackCode: track.code,
    seasonYear: Number(season.year),
    categoryCode: category.code,
    sequence,
  });
}

/**
 * The code an entry gets under its transaction: the one `drawn` ahead of it when it still has
 * the prefix wanted (the category did not change in between), else a fresh one.
 */
export async function drawnOrFreshCode(
  q: Q,
  drawn: string | null | undefined,
  season: SeasonFacts,
  track: TrackRow,
  category: CategoryRow,
): Promise<string> {
  return drawn != null && entryCodePrefixOf(drawn) === codePrefixFor(season, track, category)
    ? drawn
    : issueCode(q, season, track, category);
}

/**
 * Refusal when the entrant already holds the season's maximum of drafts. Inside the
 * transaction that adds one; on PostgreSQL the user's row is locked so parallel creations
 * count one after another (SQLite runs one write transaction at a time anyway).
 */
export async function draftQuotaProblem(
  ctx: EntriesContext,
  q: Q,
  userId: string,
  seasonId: number,
): Promise<EntryFailure | null> {
  if (ctx.lockRows) {
    await q.selectFrom("user").select("id").where("id", "=", userId).forUpdate().execute();
  }
  const { n } = await q
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("owner_user_id", "=", userId)
    .where("season_id", "=", seasonId)
    .where("status", "=", "draft")
    .executeTakeFirstOrThrow();
  return Number(n) >= ENTRY_DRAFTS_PER_SEASON_MAX
    ? refuse(422, "entry.problems.tooManyDrafts")
    : null;
}
