import type { Kysely, Migration } from "kysely";

// Emails whose sending failed for a reason that may pass (the SMTP server unreachable or busy,
// the outbox's store failing): the composed message waits here and the mail-retry job sends it
// again, later and later (server/modules/mail/retries.ts). A row is deleted once the message
// goes; one that runs out of attempts keeps who, what and why (`given_up_at`) without its
// body, which carries links with tokens.
export default (): Migration => ({ up, down });

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_retries")
    // The message's id (its Message-ID and outbox name); a retry sends the same message.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("template", "text")
    .addColumn("lang", "text")
    // The composed message as JSON; null once given up.
    .addColumn("message", "text")
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("last_error", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // ISO times: due when at or before now; null once given up.
    .addColumn("next_attempt_at", "text")
    .addColumn("given_up_at", "text")
    .execute();
  await db.schema
    .createIndex("mail_retries_next_attempt_idx")
    .on("mail_retries")
    .column("next_attempt_at")
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_retries").execute();
}
