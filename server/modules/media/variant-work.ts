import type { MediaService } from "./service";

interface Logger {
  error(object: object, message: string): void;
}

/** How often a job looks for work waiting when nobody kicked it. */
const POLL_MS = 30_000;

/** A job's queue: what is waiting, oldest first, and doing one of it. */
export interface WorkQueue<Id> {
  pending(limit: number): Promise<Id[]>;
  complete(id: Id): Promise<unknown>;
}

/**
 * A background job over a queue kept in the database: does what is waiting, until none is
 * left. Kicked when work is added, and every 30 s anyway (work another process added, or one a
 * restart interrupted). `exclusive` runs the work in one process at a time (PostgreSQL advisory
 * lock); runs never overlap within a process. `what` names the job in the logs.
 */
export function startQueueWork<Id>(
  queue: WorkQueue<Id>,
  exclusive: (work: () => Promise<void>) => Promise<void>,
  log: Logger,
  what: { item: string; job: string; idName: string },
): { kick(): void; stop(): Promise<void>; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = async () => {
    // An item that failed (storage unreachable) is tried again on a later run, not in a loop.
    const failed = new Set<Id>();
    for (;;) {
      const ids = (await queue.pending(20 + failed.size)).filter((id) => !failed.has(id));
      if (ids.length === 0 || stopped) return;
      for (const id of ids) {
        if (stopped) return;
        await queue.complete(id).catch((error: unknown) => {
          failed.add(id);
          log.error({ err: error, [what.idName]: id }, what.item);
        });
      }
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = exclusive(drain)
      .catch((error: unknown) => log.error({ err: error }, what.job))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const timer = setInterval(kick, POLL_MS);
  timer.unref();
  // Work left waiting by a previous run of the process.
  setImmediate(kick);
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    /** Resolves once nothing is running (tests). */
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * The image-variants job: makes the variants of pictures stored with `variantsLater`, oldest
 * first, until none is left; kicked when a picture is stored.
 */
export function startVariantWork(
  media: Pick<MediaService, "pendingVariants" | "completeVariants">,
  exclusive: (work: () => Promise<void>) => Promise<void>,
  log: Logger,
) {
  return startQueueWork(
    {
      pending: (limit) => media.pendingVariants(limit),
      complete: (id) => media.completeVariants(id),
    },
    exclusive,
    log,
    { item: "image variants failed", job: "image variants job failed", idName: "mediaId" },
  );
}
