import os from "node:os";

export interface CpuGate {
  /**
   * Runs `work` once a slot is free, first come first served; `urgent` work (someone is
   * waiting on it to go on: a sign-in) goes ahead of every queued task that is not.
   */
  run<T>(work: () => Promise<T>, urgent?: boolean): Promise<T>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
}

/**
 * Work that keeps a core busy for tens or hundreds of milliseconds — an uploaded picture's
 * variants, a password's hash — takes a slot here, and there is one slot fewer than cores: the
 * cheap requests (a draft's autosave, a page, an upload's next chunk) always find a core free,
 * however many pictures arrive at once. Heavy work waits its turn instead of slowing everyone.
 */
export function createCpuGate(slots = Math.max(1, os.availableParallelism() - 1)): CpuGate {
  let running = 0;
  const urgentQueue: (() => void)[] = [];
  const queue: (() => void)[] = [];
  return {
    async run(work, urgent = false) {
      if (running < slots) running += 1;
      // A finishing task hands its slot straight to the next in line (running stays the same).
      else await new Promise<void>((resolve) => (urgent ? urgentQueue : queue).push(resolve));
      try {
        return await work();
      } finally {
        const next = urgentQueue.shift() ?? queue.shift();
        if (next) next();
        else running -= 1;
      }
    },
    load: () => ({ running, waiting: urgentQueue.length + queue.length }),
  };
}

/** The process's one gate for heavy work (every caller shares the same cores). */
export const heavyWork = createCpuGate();
