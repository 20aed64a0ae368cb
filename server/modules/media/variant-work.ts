import type { MediaService } from "./service";

interface Logger {
  error(object: object, message: string): void;
}

/** How often the job looks for images waiting for variants when nobody kicked it. */
const POLL_MS = 30_000;

/**
 * The image-variants job: makes the variants of pictures stored with `variantsLater`, oldest
 * first, until none is left. Kicked when a picture is stored, and every 30 s anyway (a picture
 * another process stored, or one a restart interrupted). `exclusive` runs the work in one
 * process at a time (PostgreSQL advisory lock); runs never overlap within a process.
 */
export function startVariantWork(
  media: Pick<MediaService, "pendingVariants" | "completeVariants">,
  exclusive: (work: () => Promise<void>) => Promise<void>,
  log: Logger,
): { kick(): void; stop(): Promise<void>; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const drain = async () => {
    // An image that failed (storage unreachable) is tried again on a later run, not in a loop.
    const failed = new Set<number>();
    for (;;) {
      const ids = (await media.pendingVariants(20 + failed.size)).filter((id) => !failed.has(id));
      if (ids.length === 0 || stopped) return;
      for (const id of ids) {
        if (stopped) return;
        await media.completeVariants(id).catch((error: unknown) => {
          failed.add(id);
          log.error({ err: error, mediaId: id }, "image variants failed");
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
      .catch((error: unknown) => log.error({ err: error }, "image variants job failed"))
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
  // Pictures left waiting by a previous run of the process.
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
