import type { Kysely } from "kysely";
import type { VnpayConfig } from "../../config";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit/service";
import type { MailService } from "../mail/service";
import type { SeasonsService } from "../seasons/service";
import type { SettingsService } from "../settings/service";

export interface PaymentsDeps {
  seasons: Pick<SeasonsService, "current">;
  settings: Pick<SettingsService, "get">;
  /** The owner's emails are queued with the payment's change; the mail job sends them. */
  mail: Pick<MailService, "queue" | "retryDue" | "isRetrying">;
  audit?: Pick<AuditService, "record">;
  /** VNPay's merchant; null hides the method. */
  vnpay: VnpayConfig | null;
  clock?: () => Date;
  /** The site's address: VNPay's return URL, links in emails. */
  publicUrl?: string;
  logger?: { error: (obj: object, msg: string) => void };
}

/** A query runner: the database or the transaction an operation runs in. */
export type Q = Kysely<Database>;

/** What every payments operation is handed: the database and the module's dependencies. */
export interface PaymentsContext {
  db: Db;
  deps: PaymentsDeps;
  clock: () => Date;
  /** The clock as the ISO instant stored in `*_at` columns. */
  now: () => string;
  publicUrl: string;
  /** Whether rows are locked with FOR UPDATE (PostgreSQL; SQLite runs one writer at a time). */
  lockRows: boolean;
}

/**
 * What settling a payment needs of the context: the entries module hands its own when a move
 * of an entry settles the payment holding it (`settle-entry-payment.ts`).
 */
export type SettleContext = Pick<PaymentsContext, "db" | "now" | "lockRows" | "publicUrl"> & {
  deps: Pick<PaymentsDeps, "mail" | "logger">;
};

export function paymentsContext(db: Db, deps: PaymentsDeps): PaymentsContext {
  const clock = deps.clock ?? (() => new Date());
  return {
    db,
    deps,
    clock,
    now: () => clock().toISOString(),
    publicUrl: deps.publicUrl ?? "http://localhost:3000",
    lockRows: db.kind === "postgres",
  };
}
