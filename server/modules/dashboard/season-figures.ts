import { sql } from "kysely";
import {
  breakDownEntries,
  dailySeries,
  estimateFees,
  seriesRange,
  vietnamDay,
  type DashboardFigures,
  type NamedCount,
} from "../../../core/dashboard";
import type { CategoryPrices } from "../../../core/fees";
import type { Db } from "../../db/database";
import { judgingProgress } from "./judging-progress";

export type { DashboardFigures } from "../../../core/dashboard";

export interface DashboardDeps {
  db: Db;
  clock: () => Date;
}

/**
 * A season's dashboard figures in four queries that read the same on SQLite and PostgreSQL:
 * entries grouped by status, track, category and registrant type; submitted entries grouped
 * by minute, category and status (for the per-day series and the fee tiers); registrants
 * grouped by hour; the season's tree with its prices. Then the progress of its judging rounds
 * (`judging-progress.ts`). Null when the season does not exist. The estimated fees only with
 * `money` (a viewer whose role may see money, `core/roles.ts` `seesMoney`), and only while the
 * season has no payments: once it has, the recorded payments are the money's figures (an
 * estimate beside them would give a second "collected" that disagrees); null otherwise.
 */
export async function seasonFigures(
  deps: DashboardDeps,
  year: number,
  options: { money?: boolean } = {},
): Promise<DashboardFigures | null> {
  const q = deps.db.kysely;
  const season = await q
    .selectFrom("seasons")
    .selectAll()
    .where("year", "=", year)
    .executeTakeFirst();
  if (!season) return null;
  const seasonId = Number(season.id);

  const [entryGroups, submissionGroups, tree, judging, payment] = await Promise.all([
    q
      .selectFrom("entries as e")
      .leftJoin("registrants as r", "r.user_id", "e.owner_user_id")
      .select((eb) => [
        "e.status",
        "e.track_id",
        "e.category_id",
        "r.type",
        eb.fn.countAll<number | string>().as("n"),
      ])
      .where("e.season_id", "=", seasonId)
      .groupBy(["e.status", "e.track_id", "e.category_id", "r.type"])
      .execute(),
    q
      .selectFrom("entries")
      .select((eb) => [
        sql<string>`substr(submitted_at, 1, 16)`.as("minute"),
        "category_id",
        "status",
        eb.fn.countAll<number | string>().as("n"),
      ])
      .where("season_id", "=", seasonId)
      .where("submitted_at", "is not", null)
      .groupBy([sql`substr(submitted_at, 1, 16)`, "category_id", "status"])
      .execute(),
    q
      .selectFrom("tracks as t")
      .leftJoin("category_groups as g", "g.track_id", "t.id")
      .leftJoin("categories as c", "c.group_id", "g.id")
      .select([
        "t.id as track_id",
        "t.code as track_code",
        "t.name_vi as track_name_vi",
        "t.name_en as track_name_en",
        "c.id as category_id",
        "c.code as category_code",
        "c.name_vi as category_name_vi",
        "c.name_en as category_name_en",
        "c.fee_vnd",
        "c.early_bird_fee_vnd",
        "c.late_fee_vnd",
      ])
      .where("t.season_id", "=", seasonId)
      .orderBy("t.sort_order")
      .orderBy("t.id")
      .orderBy("g.sort_order")
      .orderBy("c.sort_order")
      .execute(),
    judgingProgress(q, seasonId),
    options.money
      ? q
          .selectFrom("payments")
          .select("id")
          .where("season_id", "=", seasonId)
          .limit(1)
          .executeTakeFirst()
      : undefined,
  ]);

  const now = deps.clock();
  const minutes = submissionGroups.map((g) => g.minute);
  const range = seriesRange(
    {
      registrationOpensAt: season.registration_opens_at,
      submissionOpensAt: season.submission_opens_at,
      submissionClosesAt: season.submission_closes_at,
      lateDeadline: season.late_deadline,
    },
    now,
    minutes,
  );
  const registrations = range
    ? await q
        .selectFrom("registrants")
        .select((eb) => [
          sql<string>`substr(created_at, 1, 13)`.as("hour"),
          eb.fn.countAll<number | string>().as("n"),
        ])
        // The range's Vietnam days, in UTC: 17:00 the day before to 17:00 the day after.
        .where("created_at", ">=", dayStartUtc(range.from))
        .where("created_at", "<", dayStartUtc(nextDay(range.to)))
        .groupBy(sql`substr(created_at, 1, 13)`)
        .execute()
    : [];

  const breakdown = breakDownEntries(
    entryGroups.map((g) => ({
      status: g.status,
      trackId: g.track_id === null ? null : Number(g.track_id),
      categoryId: g.category_id === null ? null : Number(g.category_id),
      registrantType: g.type ?? null,
      count: Number(g.n),
    })),
  );

  const prices = new Map<number, CategoryPrices>();
  const tracks = new Map<number, NamedCount>();
  const categories: (NamedCount & { trackId: number })[] = [];
  for (const row of tree) {
    const trackId = Number(row.track_id);
    if (!tracks.has(trackId)) {
      tracks.set(trackId, {
        id: trackId,
        code: row.track_code,
        nameVi: row.track_name_vi,
        nameEn: row.track_name_en,
        count: breakdown.byTrack.get(trackId) ?? 0,
      });
    }
    if (row.category_id === null) continue;
    const categoryId = Number(row.category_id);
    prices.set(categoryId, {
      feeVnd: Number(row.fee_vnd),
      earlyBirdFeeVnd: row.early_bird_fee_vnd === null ? null : Number(row.early_bird_fee_vnd),
      lateFeeVnd: row.late_fee_vnd === null ? null : Number(row.late_fee_vnd),
    });
    categories.push({
      id: categoryId,
      trackId,
      code: row.category_code ?? "",
      nameVi: row.category_name_vi ?? "",
      nameEn: row.category_name_en ?? "",
      count: breakdown.byCategory.get(categoryId) ?? 0,
    });
  }

  const submissions = submissionGroups.map((g) => ({
    minute: g.minute,
    categoryId: g.category_id === null ? null : Number(g.category_id),
    status: g.status,
    count: Number(g.n),
  }));

  return {
    season: {
      year: season.year,
      nameVi: season.name_vi,
      nameEn: season.name_en,
      submissionClosesAt: season.submission_closes_at,
      lateDeadline: season.late_deadline,
      deadlineDay: season.submission_closes_at ? vietnamDay(season.submission_closes_at) : null,
    },
    total: breakdown.total,
    counted: breakdown.counted,
    byStatus: breakdown.byStatus,
    byTrack: [...tracks.values()],
    byCategory: categories,
    byRegistrantType: breakdown.byRegistrantType,
    submissionsPerDay: range
      ? dailySeries(
          submissions.map((s) => ({ at: s.minute, count: s.count })),
          range.from,
          range.to,
        )
      : [],
    registrationsPerDay: range
      ? dailySeries(
          registrations.map((r) => ({ at: r.hour, count: Number(r.n) })),
          range.from,
          range.to,
        )
      : [],
    fees:
      options.money && !payment
        ? estimateFees(
            submissions,
            {
              earlyBirdDeadline: season.early_bird_deadline,
              submissionClosesAt: season.submission_closes_at,
              lateDeadline: season.late_deadline,
            },
            prices,
          )
        : null,
    judging,
  };
}

/** The UTC instant a Vietnam day starts at. */
function dayStartUtc(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000+07:00`)).toISOString();
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}
