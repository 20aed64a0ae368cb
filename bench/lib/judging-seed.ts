import { JUDGEABLE_STATUSES } from "../../core/judging-rounds";
import type { Db } from "../../server/db/database";
import type { Actor } from "../../server/modules/audit/service";
import { createRateLimiter } from "../../server/modules/identity/rate-limit";
import { createJudgingService } from "../../server/modules/judging/service";

// Seeding the judging benchmark (bench/judging.bench.ts): the round, the judges, their
// assignments and codes, through the judging service.

/** Categories are added to a judge until they hold at least this many entries. */
const MIN_ENTRIES_PER_JUDGE = 20;
/** Below this many judgeable entries the demo data no longer fits the scenario. */
const MIN_ENTRIES = 50;
const BENCH_ACTOR: Actor = { id: "bench-judging", email: "bench-judging@example.com" };

export interface SeedSummary {
  roundId: number;
  seasonYear: number;
  entries: number;
  categories: number;
  judges: { id: string; code: string }[];
  entriesPerJudge: { min: number; median: number; max: number };
  judgesPerCategory: { min: number; max: number };
  seconds: number;
}

/**
 * Round 1 of the current season, open, with the award's default criteria; `judgeCount` judges
 * of the season, each assigned whole categories until they hold ≥ 20 entries, each with a code
 * issued under `secret` (the server's AUTH_SECRET). Runs on the server's database while the
 * server is idle.
 */
export async function seedJudging(
  db: Db,
  secret: string,
  judgeCount: number,
): Promise<SeedSummary> {
  const started = performance.now();
  const q = db.kysely;
  const judging = createJudgingService(db, {
    // The codes are handed to the load generator here, not mailed; nothing is published.
    mail: {
      send: async () => "",
      queue: () => Promise.reject(new Error("the bench's seed emails nobody")),
      retryDue: () => Promise.reject(new Error("the bench's seed emails nobody")),
      isRetrying: () => false,
    },
    storage: { signedUrl: () => "" },
    limiter: createRateLimiter(db),
    secret,
  });
  const setting = await q
    .selectFrom("site_settings")
    .select("value")
    .where("key", "=", "currentSeasonYear")
    .executeTakeFirst();
  const year = setting ? Number(JSON.parse(setting.value)) : 2026;
  const season = await q
    .selectFrom("seasons")
    .select("id")
    .where("year", "=", year)
    .executeTakeFirst();
  if (!season) throw new Error(`no season ${year} in the demo data`);
  const seasonId = Number(season.id);

  // Round 1 judges the season's screened-in entries; assignments are by category.
  const perCategory = await q
    .selectFrom("entries")
    .select(["category_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("season_id", "=", seasonId)
    .where("status", "in", [...JUDGEABLE_STATUSES])
    .where("category_id", "is not", null)
    .groupBy("category_id")
    .execute();
  const categories = perCategory.map((row) => ({ id: Number(row.category_id), n: Number(row.n) }));
  const entries = categories.reduce((sum, c) => sum + c.n, 0);
  if (entries < MIN_ENTRIES) {
    throw new Error(
      `the demo data has ${entries} judgeable entries in ${year}; need ${MIN_ENTRIES}`,
    );
  }

  const existing = (await judging.seasonRounds(seasonId)).find((r) => r.position === 1);
  let roundId: number;
  if (existing) {
    roundId = existing.id;
  } else {
    const created = await judging.createRound(BENCH_ACTOR, seasonId, {
      nameVi: "Vòng 1",
      nameEn: "Round 1",
    });
    if (!created.ok) throw new Error(`createRound: ${JSON.stringify(created)}`);
    roundId = created.id;
  }

  const random = seededRandom(20_260_417);
  const judges: { id: string; code: string }[] = [];
  const sizes: number[] = [];
  const judgesPerCategory = new Map<number, number>();
  for (let index = 0; index < judgeCount; index++) {
    const number = String(index + 1).padStart(4, "0");
    const made = await judging.createJudge(BENCH_ACTOR, seasonId, {
      name: `Giám khảo ${number}`,
      email: `bench-judge-${number}@example.com`,
      lang: index % 4 === 0 ? "en" : "vi",
    });
    if (!made.ok) throw new Error(`createJudge: ${JSON.stringify(made)}`);
    // Categories in a random order until the judge holds enough entries.
    const order = shuffled(categories, random);
    let held = 0;
    for (const category of order) {
      if (held >= MIN_ENTRIES_PER_JUDGE) break;
      const assigned = await judging.assign(BENCH_ACTOR, roundId, {
        judgeId: made.id,
        categoryId: category.id,
      });
      if (!assigned.ok) throw new Error(`assign: ${JSON.stringify(assigned)}`);
      held += category.n;
      judgesPerCategory.set(category.id, (judgesPerCategory.get(category.id) ?? 0) + 1);
    }
    sizes.push(held);
    const issued = await judging.issueCode(BENCH_ACTOR, made.id);
    if (!issued.ok) throw new Error(`issueCode: ${JSON.stringify(issued)}`);
    judges.push({ id: made.id, code: issued.code });
  }

  const state = (await judging.seasonRounds(seasonId)).find((r) => r.id === roundId)?.state;
  if (state === "draft" || state === "closed") {
    const moved = await judging.moveRound(BENCH_ACTOR, roundId, { to: "open" });
    if (!moved.ok) throw new Error(`moveRound: ${JSON.stringify(moved)}`);
  } else if (state !== "open") {
    throw new Error(`round 1 of ${year} is ${state}; it cannot take scores`);
  }

  sizes.sort((a, b) => a - b);
  const perCategoryJudges = categories.map((c) => judgesPerCategory.get(c.id) ?? 0);
  return {
    roundId,
    seasonYear: year,
    entries,
    categories: categories.length,
    judges,
    entriesPerJudge: {
      min: sizes[0] ?? 0,
      median: sizes[Math.floor(sizes.length / 2)] ?? 0,
      max: sizes[sizes.length - 1] ?? 0,
    },
    judgesPerCategory: { min: Math.min(...perCategoryJudges), max: Math.max(...perCategoryJudges) },
    seconds: (performance.now() - started) / 1000,
  };
}

/** mulberry32: the same assignments and the same sequence of actions on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
