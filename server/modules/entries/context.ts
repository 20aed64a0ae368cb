import type { Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AuditService } from "../audit/service";
import type { MailService } from "../mail/service";
import type { SeasonsService } from "../seasons/service";

/** What the entries operations need of the file storage: removing an object no entry uses any more. */
export interface EntryFileStorage {
  delete(key: string): Promise<void>;
}

/**
 * What the entries operations need of the media module: an uploaded image's variants by media
 * id, private ones with freshly signed links (a stored link would expire while the form is open).
 */
export interface EntryImages {
  resolveMany(
    refs: readonly { mediaId: number }[],
  ): Promise<({ id: number | null; src: string; srcset: unknown } | null)[]>;
}

export interface EntriesDeps {
  seasons: Pick<SeasonsService, "current">;
  /** Signs image links each time an entry is read (without it, `variants` is as stored). */
  images?: EntryImages;
  /** Emails are queued with the change they tell of; the mail job sends them. */
  mail: Pick<MailService, "queue" | "retryDue" | "isRetrying">;
  /** Staff status changes record an audit entry (entrants' own actions are in the history). */
  audit?: Pick<AuditService, "record">;
  storage?: EntryFileStorage;
  clock?: () => Date;
  /** The site's address, for the dashboard link in the receipt. */
  publicUrl?: string;
  /** Where failures that must not fail the operation go (a receipt that could not be sent). */
  logger?: { error: (obj: object, msg: string) => void };
}

/** A query runner: the database or the transaction an operation runs in. */
export type Q = Kysely<Database>;

/** What every entries operation is handed: the database and the module's dependencies, resolved. */
export interface EntriesContext {
  db: Db;
  deps: EntriesDeps;
  clock: () => Date;
  /** The clock as the ISO instant stored in `*_at` columns. */
  now: () => string;
  publicUrl: string;
  /** Whether rows are locked with FOR UPDATE (PostgreSQL; SQLite runs one writer at a time). */
  lockRows: boolean;
}

export function entriesContext(db: Db, deps: EntriesDeps): EntriesContext {
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
