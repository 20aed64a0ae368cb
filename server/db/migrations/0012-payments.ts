import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// Payments (PRODUCT §5): one payment covers one or more entries of one entrant, its amount
// fixed when it is created; every state change is an event (who, when, from, to, why). An
// entry sits in at most one live (pending or paid) payment, enforced by a partial unique
// index, so nothing is ever paid twice. Bank statement lines are remembered by a fingerprint:
// importing the same statement twice adds nothing. VAT e-invoice requests, one per payment.
export default (kind: DatabaseKind): Migration => ({ up: (db) => up(db, kind), down });

async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const id = kind === "postgres" ? "serial" : "integer";
  const idColumn = (c: ColumnDefinitionBuilder) =>
    kind === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement();
  const money = kind === "postgres" ? "bigint" : "integer";

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Short, unique, memo-safe (letters and digits only): what the entrant writes in the
    // transfer memo and what every screen, receipt and statement match names.
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("season_id", "integer", (c) => c.notNull().references("seasons.id"))
    .addColumn("owner_user_id", "text", (c) => c.notNull())
    // "vietqr" | "vnpay"
    .addColumn("method", "text", (c) => c.notNull())
    // "pending" | "paid" | "failed" | "expired" | "refunded"
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("amount_vnd", money, (c) => c.notNull().check(sql`amount_vnd >= 0`))
    // The transfer memo (VietQR) or order info (VNPay) as it was issued.
    .addColumn("memo", "text", (c) => c.notNull())
    // VNPay's vnp_TxnRef: unique per attempt (null for transfers).
    .addColumn("gateway_ref", "text", (c) => c.unique())
    // VNPay's vnp_TransactionNo or the bank statement line that paid it.
    .addColumn("gateway_transaction", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    // Bumped by every state change: a second writer that read an older one changes nothing.
    .addColumn("state_version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex("payments_owner_idx")
    .on("payments")
    .columns(["owner_user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("payments_season_state_idx")
    .on("payments")
    .columns(["season_id", "state", "created_at"])
    .execute();
  await db.schema
    .createIndex("payments_state_expires_idx")
    .on("payments")
    .columns(["state", "expires_at"])
    .execute();

  await db.schema
    .createTable("payment_entries")
    .addColumn("payment_id", "text", (c) =>
      c.notNull().references("payments.id").onDelete("cascade"),
    )
    .addColumn("entry_id", "text", (c) => c.notNull().references("entries.id"))
    // "early_bird" | "standard" | "late": the tier the fee was fixed at.
    .addColumn("tier", "text", (c) => c.notNull())
    .addColumn("fee_vnd", money, (c) => c.notNull().check(sql`fee_vnd >= 0`))
    // 1 while the payment is pending or paid; 0 once it failed, expired or was refunded.
    .addColumn("live", "integer", (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint("payment_entries_pk", ["payment_id", "entry_id"])
    .execute();
  // At most one live payment per entry: the database refuses a second, whatever the code does.
  await sql`create unique index payment_entries_live_entry on payment_entries (entry_id) where live = 1`.execute(
    db,
  );

  await db.schema
    .createTable("payment_events")
    .addColumn("id", id, idColumn)
    .addColumn("payment_id", "text", (c) =>
      c.notNull().references("payments.id").onDelete("cascade"),
    )
    .addColumn("from_state", "text")
    .addColumn("to_state", "text", (c) => c.notNull())
    // null for the gateway, the bank statement and scheduled expiry
    .addColumn("actor_user_id", "text")
    // "entrant" | "staff role" | "vnpay" | "statement" | "system"
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("actor_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    // JSON: what the gateway or the statement line said.
    .addColumn("detail", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_events_payment_idx")
    .on("payment_events")
    .columns(["payment_id", "id"])
    .execute();

  await db.schema
    .createTable("statement_imports")
    .addColumn("id", id, idColumn)
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_sha256", "text", (c) => c.notNull())
    .addColumn("imported_by", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addColumn("lines_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lines_new", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lines_matched", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("statement_lines")
    .addColumn("id", id, idColumn)
    .addColumn("import_id", "integer", (c) => c.notNull().references("statement_imports.id"))
    // A fingerprint of the line (date, amount, memo, bank reference): the same line imported
    // again, from the same file or an overlapping one, is recognised and skipped.
    .addColumn("fingerprint", "text", (c) => c.notNull().unique())
    .addColumn("booked_on", "text", (c) => c.notNull())
    .addColumn("amount_vnd", money, (c) => c.notNull())
    .addColumn("memo", "text", (c) => c.notNull())
    .addColumn("bank_ref", "text", (c) => c.notNull().defaultTo(""))
    // "matched" (confirmed a payment), "partial" (reference found, amount differs),
    // "unknown" (no reference), "resolved" (a person settled it), "ignored"
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("payment_id", "text", (c) => c.references("payments.id"))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("resolved_by", "text")
    .addColumn("resolved_at", "text")
    .execute();
  await db.schema
    .createIndex("statement_lines_outcome_idx")
    .on("statement_lines")
    .columns(["outcome", "id"])
    .execute();

  await db.schema
    .createTable("vat_requests")
    .addColumn("id", id, idColumn)
    .addColumn("payment_id", "text", (c) =>
      c.notNull().unique().references("payments.id").onDelete("cascade"),
    )
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("tax_code", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // "requested" | "issued"
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("invoice_number", "text")
    .addColumn("issued_at", "text")
    .addColumn("issued_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("vat_requests").execute();
  await db.schema.dropTable("statement_lines").execute();
  await db.schema.dropTable("statement_imports").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_entries").execute();
  await db.schema.dropTable("payments").execute();
}
