import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import pg from "pg";
import { advisoryKey } from "./advisory-key";
import type { UploadLocks } from "./locks";
import type { UploadLogger } from "./types";

/** Asks whichever process holds an upload's lock to let go (payload: the upload id). */
const RELEASE_CHANNEL = "vx_upload_release";
/** How long a request waits for an upload's lock before it is answered "locked". */
const ACQUIRE_TIMEOUT_MS = 30_000;
const RETRY_MS = 50;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

/** A lock this process holds or is taking, with the holder's "please let go". */
interface Claim {
  release: RequestRelease;
  held: boolean;
}

/**
 * Upload locks shared by every process on one PostgreSQL database: session advisory locks
 * (`pg_try_advisory_lock`) on one dedicated connection per process, held while locked, so a
 * process that dies releases its locks with its connection. Within the process a map of
 * claims keeps two requests apart (advisory locks are re-entrant within a session). A request
 * that finds the lock taken asks the holder to let go, as tus expects, by calling it here or
 * by NOTIFY to the other processes, and tries again until its own request ends or the timeout.
 */
export function pgUploadLocks(url: string, log: UploadLogger): UploadLocks {
  const claims = new Map<string, Claim>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = (): Promise<pg.Client> =>
    (client ??= (async () => {
      const connection = new pg.Client({ connectionString: url });
      const lost = (error?: unknown) => {
        if (client === null) return;
        client = null;
        if (closed) return;
        // Our locks went with the connection: the writers holding them must stop.
        log.error({ err: error }, "upload lock connection lost");
        for (const claim of claims.values()) if (claim.held) void claim.release();
      };
      connection.on("error", lost);
      connection.on("end", () => lost());
      connection.on("notification", (message) => {
        const claim = message.payload ? claims.get(message.payload) : undefined;
        if (message.channel === RELEASE_CHANNEL && claim?.held) void claim.release();
      });
      try {
        await connection.connect();
        await connection.query(`LISTEN ${RELEASE_CHANNEL}`);
      } catch (error) {
        client = null;
        await connection.end().catch(() => undefined);
        throw error;
      }
      return connection;
    })());

  // One statement at a time on the lock connection: pg queues overlapping queries itself, but
  // that use is deprecated (pg 9 drops it), so requests wait their turn here instead.
  let queue: Promise<unknown> = Promise.resolve();
  const query = <Row extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    const result = queue.then(async () => (await connect()).query<Row>(text, values));
    queue = result.catch(() => undefined);
    return result;
  };
  const tryLock = async (key: string): Promise<boolean> => {
    const result = await query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1::bigint) AS locked",
      [key],
    );
    return result.rows[0]?.locked === true;
  };
  const unlock = async (key: string): Promise<void> => {
    await query("SELECT pg_advisory_unlock($1::bigint)", [key]);
  };

  /** Takes `name` for this process; false when another request or process has it. */
  const claim = async (name: string, release: RequestRelease): Promise<boolean> => {
    if (claims.has(name)) return false;
    const mine: Claim = { release, held: false };
    claims.set(name, mine);
    try {
      mine.held = await tryLock(advisoryKey(name));
    } finally {
      if (!mine.held) claims.delete(name);
    }
    return mine.held;
  };
  const unclaim = async (name: string): Promise<void> => {
    if (!claims.delete(name)) throw new Error("Releasing an unlocked lock!");
    await unlock(advisoryKey(name));
  };

  const tus: Locker = {
    newLock(id: string): Lock {
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
          let asked = false;
          while (!signal.aborted && Date.now() < deadline) {
            if (await claim(id, requestRelease)) return;
            const local = claims.get(id);
            if (local) {
              await local.release();
            } else if (!asked) {
              asked = true;
              await query("SELECT pg_notify($1, $2)", [RELEASE_CHANNEL, id]);
            }
            await sleep(RETRY_MS, signal);
          }
          throw ERRORS.ERR_LOCK_TIMEOUT;
        },
        unlock: () => unclaim(id),
      };
    },
  };

  return {
    tus,
    async exclusive(id, work) {
      // A finish cannot be cut short: a second one waits for it (its caller then reads the result).
      const name = `finish:${id}`;
      while (!(await claim(name, () => undefined))) await sleep(RETRY_MS * 4);
      try {
        return await work();
      } finally {
        await unclaim(name);
      }
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      if (open) await (await open.catch(() => null))?.end().catch(() => undefined);
    },
  };
}
