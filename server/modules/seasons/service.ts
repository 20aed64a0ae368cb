import type { TrackNode } from "../../../core/category-tree";
import {
  registrationWindowState,
  type RegistrationWindowState,
} from "../../../core/registration-window";
import { submissionWindowState, type SubmissionWindowState } from "../../../core/submission-window";
import type { Db } from "../../db/database";
import type { SeasonTable } from "../../db/schema";
import type { SettingsService } from "../settings/service";
import { findSeasonByYear, listCategoryRows, updateSubmissionWindow } from "./queries";
import { keyDatesOf, type KeyDate } from "../../../core/key-dates";

export interface SeasonSummary {
  year: number;
  code: string;
  name: { vi: string; en: string };
  submissionOpensAt: string | null;
  submissionClosesAt: string | null;
  /** Late entries are taken until this instant, at the late fee, when the season allows them. */
  lateDeadline: string | null;
}

export interface CurrentSeason extends SeasonSummary {
  submission: SubmissionWindowState;
  /** Whether new entrants may create their account now. */
  registration: RegistrationWindowState;
}

export type SeasonsService = ReturnType<typeof createSeasonsService>;

export function createSeasonsService(
  db: Db,
  settings: SettingsService,
  onChange: () => void,
  clock: () => Date = () => new Date(),
) {
  const summarize = (
    row: Pick<
      SeasonTable,
      | "year"
      | "code"
      | "name_vi"
      | "name_en"
      | "submission_opens_at"
      | "submission_closes_at"
      | "late_deadline"
    >,
  ): SeasonSummary => ({
    year: row.year,
    code: row.code,
    name: { vi: row.name_vi, en: row.name_en },
    submissionOpensAt: row.submission_opens_at,
    submissionClosesAt: row.submission_closes_at,
    lateDeadline: row.late_deadline,
  });

  /**
   * The configured current season and where it stands in its submission and registration
   * windows right now.
   */
  async function current(): Promise<CurrentSeason | null> {
    const { currentSeasonYear } = await settings.get();
    const row = await findSeasonByYear(db.kysely, currentSeasonYear);
    if (!row) return null;
    const season = summarize(row);
    const now = clock();
    return {
      ...season,
      submission: submissionWindowState(season, now),
      registration: registrationWindowState(
        {
          registrationOpensAt: row.registration_opens_at,
          registrationClosesAt: row.registration_closes_at,
        },
        now,
      ),
    };
  }

  return {
    current,

    /** Whether new entrants may register now: the current season's window (open without one). */
    async registration(): Promise<RegistrationWindowState> {
      return (await current())?.registration ?? { state: "open", closesAt: null };
    },

    /**
     * A season's key dates in time order (home page), with the server's clock reading so the
     * page's countdown starts from the same instant on the server and in the browser.
     */
    async keyDates(year: number): Promise<{ dates: KeyDate[]; now: string }> {
      const row = await findSeasonByYear(db.kysely, year);
      const dates = row
        ? keyDatesOf({
            registrationOpens: row.registration_opens_at,
            registrationCloses: row.registration_closes_at,
            submissionOpens: row.submission_opens_at,
            earlyBird: row.early_bird_deadline,
            submissionCloses: row.submission_closes_at,
            lateDeadline: row.late_deadline,
            ceremony: row.ceremony_at,
          })
        : [];
      return { dates, now: clock().toISOString() };
    },

    async byYear(year: number): Promise<SeasonSummary | null> {
      const row = await findSeasonByYear(db.kysely, year);
      return row ? summarize(row) : null;
    },

    /** The category tree of a season: tracks → groups → categories. */
    async categoryTree(year: number): Promise<TrackNode[]> {
      const season = await findSeasonByYear(db.kysely, year);
      if (!season) return [];
      const rows = await listCategoryRows(db.kysely, season.id);
      const tracks: TrackNode[] = [];
      for (const row of rows) {
        let track = tracks.find((t) => t.slug === row.track_slug);
        if (!track) {
          track = {
            slug: row.track_slug,
            code: row.track_code,
            name: { vi: row.track_name_vi, en: row.track_name_en },
            tagline: { vi: row.track_tagline_vi, en: row.track_tagline_en },
            groups: [],
          };
          tracks.push(track);
        }
        if (row.group_slug === null) continue;
        let group = track.groups.find((g) => g.slug === row.group_slug);
        if (!group) {
          group = {
            slug: row.group_slug,
            name: { vi: row.group_name_vi ?? "", en: row.group_name_en ?? "" },
            categories: [],
          };
          track.groups.push(group);
        }
        if (row.category_slug === null) continue;
        group.categories.push({
          slug: row.category_slug,
          code: row.category_code ?? "",
          name: { vi: row.category_name_vi ?? "", en: row.category_name_en ?? "" },
          description: {
            vi: row.category_description_vi ?? "",
            en: row.category_description_en ?? "",
          },
          feeVnd: Number(row.fee_vnd ?? 0),
          videoRequired: Boolean(row.video_required),
          allowIndividual: Boolean(row.allow_individual),
          allowEnterprise: Boolean(row.allow_enterprise),
        });
      }
      return tracks;
    },

    /** Moves a season's submission window (admin; the header button follows on the next request). */
    async setSubmissionWindow(
      year: number,
      window: { opensAt: string | null; closesAt: string | null },
    ): Promise<void> {
      const opensAt = window.opensAt === null ? null : toIsoInstant(window.opensAt);
      const closesAt = window.closesAt === null ? null : toIsoInstant(window.closesAt);
      if (opensAt && closesAt && Date.parse(opensAt) >= Date.parse(closesAt)) {
        throw new RangeError("Submission must open before it closes");
      }
      const result = await updateSubmissionWindow(
        db.kysely,
        year,
        { submission_opens_at: opensAt, submission_closes_at: closesAt },
        clock().toISOString(),
      );
      if (Number(result.numUpdatedRows) === 0) throw new RangeError(`No season ${year}`);
      onChange();
    },
  };
}

/** Stored times are ISO-8601 UTC; anything that is not a readable instant is refused. */
function toIsoInstant(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${value}`);
  return new Date(time).toISOString();
}
