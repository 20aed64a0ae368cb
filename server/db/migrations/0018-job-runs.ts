import type { Kysely, Migration } from "kysely";

// When each scheduled job last started, whichever app process ran it: a process whose timer
// fires sooner than the job's period after that skips its turn, so with several processes a
// job runs once per period rather than once per process (server/db/advisory-lock.ts).
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_started_at", "text", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
}
