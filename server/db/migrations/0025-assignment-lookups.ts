import type { Kysely, Migration } from "kysely";

// A judge's assignments in a round looked up by what they name: "is entry e this judge's, by
// its category or by itself" (judging/queries.ts `assignedTo`) is asked for every entry of a
// round, per judge, on the round's page, the dashboard and the judge's portal. With only
// (round, judge) indexed, a judge given hundreds of single entries had all of them read for
// each entry. The two indexes begin with (round, judge), so the old index is dropped. A round's
// progress for all judges at once (judging/round-progress.ts) finds a category's entries by it.
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("judge_assignments_round_judge_entry_idx")
    .on("judge_assignments")
    .columns(["round_id", "judge_id", "entry_id"])
    .execute();
  await db.schema
    .createIndex("judge_assignments_round_judge_category_idx")
    .on("judge_assignments")
    .columns(["round_id", "judge_id", "category_id"])
    .execute();
  await db.schema.dropIndex("judge_assignments_round_judge_idx").execute();
  await db.schema.createIndex("entries_category_idx").on("entries").column("category_id").execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("entries_category_idx").execute();
  await db.schema
    .createIndex("judge_assignments_round_judge_idx")
    .on("judge_assignments")
    .columns(["round_id", "judge_id"])
    .execute();
  await db.schema.dropIndex("judge_assignments_round_judge_category_idx").execute();
  await db.schema.dropIndex("judge_assignments_round_judge_entry_idx").execute();
}
