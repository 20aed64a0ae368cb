import { randomUUID } from "node:crypto";
import type { Insertable, Transaction } from "kysely";
import { DEFAULT_CRITERIA } from "../../core/judging-criteria";
import { aggregateRound } from "../../core/judging-results";
import { JUDGEABLE_STATUSES } from "../../core/judging-rounds";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import { createRateLimiter } from "../modules/identity/rate-limit";
import { judgingContext } from "../modules/judging/context";
import { publishWinners } from "../modules/judging/publish-winners";
import { coverPath } from "./demo-images";
import { seededRandom } from "./demo-registrants";
import { prizesFor } from "./judging-prizes";
import { insertScores, judgedEntry, scoreOf, type ScoreRecord } from "./judging-scores";

/**
 * The demo's judged season (PRODUCT §4): 2025, whose demo entries already carry their final
 * outcomes (winner, finalist, not awarded), judged by six judges from that year's public jury
 * in two locked rounds — an online preliminary round over every judgeable entry, then a final
 * round over the winners and finalists — with every score in the hash-chained score log, one
 * declared conflict, prizes for the winners, and those prizes published as the 2025 winners.
 * Scores come from a seeded generator and follow the entries' outcomes, so the rankings agree
 * with the statuses. Judges get no sign-in code here; the demo judge, the first of them, gets
 * this install's code afterwards (demo-accounts.ts). Loaded once (marker `demo.judging.loaded`),
 * after the demo entries and jury.
 */
const MARKER = "demo.judging.loaded";
export const DEMO_JUDGING_YEAR = 2025;

interface DemoJudge {
  /** As on the public jury page of the year, so the judge is linked to that profile. */
  name: string;
  email: string;
  lang: "vi" | "en";
}

export const DEMO_JUDGES: readonly DemoJudge[] = [
  { name: "Nguyễn Minh Châu", email: "chau.nguyen@vanxuan-demo.vn", lang: "vi" },
  { name: "Trần Quốc Bảo", email: "bao.tran@vanxuan-demo.vn", lang: "vi" },
  { name: "Lê Thu Hà", email: "ha.le@vanxuan-demo.vn", lang: "en" },
  { name: "Phạm Đức Anh", email: "anh.pham@vanxuan-demo.vn", lang: "vi" },
  { name: "Hoàng Ngọc Lan", email: "lan.hoang@vanxuan-demo.vn", lang: "vi" },
  { name: "Vũ Thanh Tùng", email: "tung.vu@vanxuan-demo.vn", lang: "en" },
];

/** The judge (index in DEMO_JUDGES) who declares a conflict on the first finalist. */
const CONFLICTED_JUDGE = 3;
const CONFLICT_NOTE = "Tôi từng cố vấn cho đơn vị thực hiện bài thi này trong năm 2025.";

/** A moment of the judged year, in Vietnam (UTC+7), as an ISO string. */
const vn = (year: number, monthDay: string, time = "09:00") =>
  new Date(`${year}-${monthDay}T${time}:00+07:00`).toISOString();

/**
 * Seeds the judged 2025 season once. Skipped when its marker exists or the season already has
 * judges (a jury manager's own work is never touched), and — without writing the marker, so a
 * later start still loads it — when the season or its judgeable entries are not there yet.
 */
export async function seedDemoJudging(
  db: Db,
  now = new Date(),
): Promise<"loaded" | "already present" | "nothing to judge"> {
  const q = db.kysely;
  const done = await q
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", MARKER)
    .executeTakeFirst();
  if (done) return "already present";
  const season = await q
    .selectFrom("seasons")
    .select(["id", "year", "ceremony_at"])
    .where("year", "=", DEMO_JUDGING_YEAR)
    .executeTakeFirst();
  if (!season) return "nothing to judge";
  const judged = await q
    .selectFrom("judges")
    .select("id")
    .where("season_id", "=", season.id)
    .limit(1)
    .executeTakeFirst();
  if (judged) return "already present";

  const seeded = await q
    .transaction()
    .execute((trx) => insertJudging(db, trx, Number(season.id), DEMO_JUDGING_YEAR, now));
  if (!seeded) return "nothing to judge";
  if (seeded.prizes === 0) return "loaded";

  // Published as the jury manager's "publish" does, at the ceremony (or now, if earlier);
  // outside the transaction above, since publishing runs its own.
  const ceremony = Date.parse(season.ceremony_at ?? "") || now.getTime();
  const publishedAt = new Date(Math.min(ceremony, now.getTime()));
  const ctx = judgingContext(db, {
    // The demo's results are already its entries' statuses: no status email is ever queued.
    mail: {
      send: async () => "",
      queue: () => Promise.reject(new Error("the demo's publication emails nobody")),
      retryDue: () => Promise.reject(new Error("the demo's publication emails nobody")),
      isRetrying: () => false,
    },
    storage: { signedUrl: () => "" },
    limiter: createRateLimiter(db),
    // No code is issued, so the key codes would be hashed under is never used.
    secret: "demo-judging",
    clock: () => publishedAt,
  });
  // No audit service in the context: the demo is nobody's action, so the actor is never recorded.
  // The demo entries already carry the results the prizes give, so publishing moves none.
  const published = await publishWinners(
    ctx,
    { id: "", email: "", role: "jury_manager", name: "" },
    Number(season.id),
  );
  if (!published.ok) throw new Error(`demo winners not published: ${published.formError ?? ""}`);
  // Demo entries carry no uploaded images: each published winner gets a drawn cover instead,
  // like the earlier years' demo winners, so the winners page looks like a real one.
  const winners = await db.kysely
    .selectFrom("winners")
    .select("id")
    .where("year", "=", DEMO_JUDGING_YEAR)
    .where("entry_id", "is not", null)
    .where("image", "is", null)
    .execute();
  for (const w of winners) {
    await db.kysely
      .updateTable("winners")
      .set({ image: coverPath(2500 + Number(w.id)) })
      .where("id", "=", w.id)
      .execute();
  }
  return "loaded";
}

/** Everything but the publishing, in one transaction; null when there is nothing to judge. */
async function insertJudging(
  db: Db,
  trx: Transaction<Database>,
  seasonId: number,
  year: number,
  now: Date,
): Promise<{ prizes: number } | null> {
  const random = seededRandom(year * 31 + 7);
  const nowMs = now.getTime();
  // Never later than the moment of seeding, whatever the clock says.
  const notAfterNow = (iso: string) => new Date(Math.min(Date.parse(iso), nowMs)).toISOString();

  const rows = await trx
    .selectFrom("entries as e")
    .leftJoin("categories as c", "c.id", "e.category_id")
    .leftJoin("tracks as t", "t.id", "e.track_id")
    .select([
      "e.id",
      "e.code",
      "e.status",
      "e.category_id",
      "c.code as category_code",
      "t.code as track_code",
    ])
    .where("e.season_id", "=", seasonId)
    .where("e.status", "in", [...JUDGEABLE_STATUSES])
    .orderBy("e.code")
    .execute();
  if (rows.length === 0) return null;
  const entries = rows.map((row) => judgedEntry(random, row));
  // The final round judges the entries that went on to an award decision.
  const finalists = entries.filter((e) => e.status === "winner" || e.status === "finalist");

  // Judges, linked to the year's public jury profiles by name.
  const jury = await trx
    .selectFrom("jury_members")
    .select(["id", "name"])
    .where("year", "=", year)
    .execute();
  const judgesCreated = notAfterNow(vn(year, "10-20"));
  const judges = DEMO_JUDGES.map((j) => ({
    ...j,
    id: randomUUID(),
    // A lenient or a harsh judge: what the normalised method corrects for.
    bias: (random.next() - 0.5) * 1.2,
  }));
  await trx
    .insertInto("judges")
    .values(
      judges.map((j) => ({
        id: j.id,
        season_id: seasonId,
        jury_member_id: jury.find((m) => m.name === j.name)?.id ?? null,
        name: j.name,
        email: j.email,
        lang: j.lang,
        code_hash: null,
        code_issued_at: null,
        code_revoked_at: null,
        created_at: judgesCreated,
        updated_at: judgesCreated,
      })),
    )
    .execute();

  // The two rounds, both locked: the results are final.
  const criteria = JSON.stringify(DEFAULT_CRITERIA);
  const rounds = [
    {
      position: 1,
      name_vi: "Vòng sơ khảo trực tuyến",
      name_en: "Online preliminary round",
      starts_on: `${year}-11-03`,
      ends_on: `${year}-11-14`,
      method: "mean",
      opens: vn(year, "11-03", "08:00"),
      days: 12,
      lockedAt: notAfterNow(vn(year, "11-17", "10:00")),
      entries: entries,
    },
    {
      position: 2,
      name_vi: "Vòng chung khảo",
      name_en: "Final round",
      starts_on: `${year}-11-24`,
      ends_on: `${year}-12-05`,
      method: "trimmedMean",
      opens: vn(year, "11-24", "08:00"),
      days: 12,
      lockedAt: notAfterNow(vn(year, "12-08", "10:00")),
      entries: finalists,
    },
  ];
  const roundsCreated = notAfterNow(vn(year, "10-22"));
  const roundIds: number[] = [];
  for (const round of rounds) {
    const { id } = await trx
      .insertInto("judging_rounds")
      .values({
        season_id: seasonId,
        position: round.position,
        name_vi: round.name_vi,
        name_en: round.name_en,
        starts_on: round.starts_on,
        ends_on: round.ends_on,
        state: "locked",
        method: round.method,
        criteria,
        created_at: roundsCreated,
        updated_at: round.lockedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    roundIds.push(Number(id));
  }
  const [firstRound, finalRound] = roundIds as [number, number];

  if (finalists.length > 0) {
    await trx
      .insertInto("round_entries")
      .values(
        finalists.map((e) => ({
          round_id: finalRound,
          entry_id: e.id,
          advanced_at: rounds[0]!.lockedAt,
        })),
      )
      .execute();
  }

  // Every judge on every category with an entry in the round.
  const assignments: Insertable<Database["judge_assignments"]>[] = [];
  for (const [r, round] of rounds.entries()) {
    const categories = [...new Set(round.entries.map((e) => e.categoryId))].filter(
      (id): id is number => id !== null,
    );
    for (const judge of judges) {
      for (const categoryId of categories) {
        assignments.push({
          round_id: roundIds[r]!,
          judge_id: judge.id,
          category_id: categoryId,
          entry_id: null,
          created_at: roundsCreated,
        });
      }
    }
  }
  if (assignments.length > 0)
    await trx.insertInto("judge_assignments").values(assignments).execute();

  // One judge knows the team behind an entry: declared before scoring, so never scored by them.
  const conflicted = finalists[0] ?? entries[0]!;
  const conflictJudge = judges[CONFLICTED_JUDGE]!;
  await trx
    .insertInto("judge_conflicts")
    .values({
      entry_id: conflicted.id,
      judge_id: conflictJudge.id,
      round_id: firstRound,
      note: CONFLICT_NOTE,
      declared_at: notAfterNow(vn(year, "11-03", "10:15")),
    })
    .execute();

  // The scores, in the order they were given, each with its record in the score log.
  const records: ScoreRecord[] = [];
  for (const [r, round] of rounds.entries()) {
    for (const judge of judges) {
      for (const entry of round.entries) {
        if (entry === conflicted && judge === conflictJudge) continue;
        records.push(scoreOf(random, roundIds[r]!, entry, judge, round.opens, round.days));
      }
    }
  }
  records.sort((a, b) => a.at - b.at || a.entry.code.localeCompare(b.entry.code));
  await insertScores(trx, db.kind, records, nowMs);

  // Prizes for the winners, by the final round's ranking in their category.
  const finalResults = aggregateRound(
    records
      .filter((s) => s.roundId === finalRound)
      .map((s) => ({ entryId: s.entry.id, judgeId: s.judgeId, total: s.total })),
  );
  const prizes = prizesFor(finalists, finalResults);
  if (prizes.length > 0) {
    const prizedAt = notAfterNow(vn(year, "12-09", "15:00"));
    await trx
      .insertInto("prizes")
      .values(
        prizes.map((p) => ({
          season_id: seasonId,
          entry_id: p.entryId,
          prize: p.prize,
          created_at: prizedAt,
          published_at: null,
        })),
      )
      .execute();
  }

  const stamp = now.toISOString();
  await trx
    .insertInto("site_settings")
    .values({ key: MARKER, value: JSON.stringify(stamp), updated_at: stamp })
    .execute();
  return { prizes: prizes.length };
}
