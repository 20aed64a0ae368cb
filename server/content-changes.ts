import { sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "./config";
import type { Db } from "./db/database";

/** The PostgreSQL channel on which a process announces that public content changed. */
export const CONTENT_CHANGED_CHANNEL = "vx_content_changed";

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

interface ContentChangeLogger {
  warn(object: object, message: string): void;
}

export interface ContentChanges {
  /** Content changed here: forget the local pages now and tell every other process. */
  changed(): void;
  /** Stops listening (the app closes). */
  close(): Promise<void>;
}

/**
 * How a content change reaches the anonymous HTML cache of every process. On SQLite there is
 * one process: the local cache is cleared. On PostgreSQL each process keeps one dedicated
 * connection LISTENing on `CONTENT_CHANGED_CHANNEL`, and a change is a NOTIFY sent through the
 * pool; every listener (this process's too) clears its cache, and clearing twice is harmless.
 * The listener reconnects after a lost connection and clears on reconnecting, since a change
 * may have gone by while it was away.
 */
export function createContentChanges(
  database: DatabaseConfig,
  db: Db,
  clearLocal: () => void,
  logger: ContentChangeLogger,
): ContentChanges {
  if (database.kind !== "postgres") {
    return { changed: clearLocal, close: async () => {} };
  }

  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const listen = async () => {
    const next = new pg.Client({ connectionString: database.url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      if (closed) return;
      logger.warn({ err: error }, "content change listener lost its connection; reconnecting");
      reconnectLater();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL) clearLocal();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    clearLocal();
  };
  void listen();

  return {
    changed() {
      clearLocal();
      sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, '')`
        .execute(db.kysely)
        .catch((error: unknown) =>
          logger.warn({ err: error }, "could not announce a content change to other processes"),
        );
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
