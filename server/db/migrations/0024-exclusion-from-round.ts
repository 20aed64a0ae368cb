import { sql, type Kysely, type Migration } from "kysely";

// An exclusion (judge ↔ registrant company) leaves the judge's scores on that registrant's
// entries out of the results from the round it applies from: the position of the judge's
// season's first round that was neither closed nor locked when it was added (one past every
// round when all had ended). Rounds closed or locked before keep the results they had.
// Exclusions added before this column: the same rule, applied at the time of migrating.
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("judge_exclusions")
    .addColumn("applies_from_position", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update judge_exclusions set applies_from_position = coalesce(
      (select min(r.position) from judging_rounds r join judges j on j.season_id = r.season_id
        where j.id = judge_exclusions.judge_id and r.state not in ('closed', 'locked')),
      (select coalesce(max(r.position), 0) + 1 from judging_rounds r
        join judges j on j.season_id = r.season_id
        where j.id = judge_exclusions.judge_id))`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("judge_exclusions").dropColumn("applies_from_position").execute();
}
