import type { Kysely, Migration } from "kysely";
import type { DatabaseKind } from "../database";

// A transfer staff confirm from a statement line whose amount differs from the payment's keeps
// what the bank received, so the payment, the totals and the entrant's email say that amount.
// Null: the payment's own amount came in (every payment confirmed before).
export default (kind: DatabaseKind): Migration => ({
  up: (db) => up(db, kind === "postgres" ? "bigint" : "integer"),
  down,
});

async function up(db: Kysely<unknown>, money: "bigint" | "integer"): Promise<void> {
  await db.schema.alterTable("payments").addColumn("received_vnd", money).execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("received_vnd").execute();
}
