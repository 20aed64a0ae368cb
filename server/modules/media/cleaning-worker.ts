import { Worker } from "node:worker_threads";

import type { JudgeCopyProblem } from "../../../core/entry-limits";

/** Why a file could not be copied for judges (staff and the entrant see it; judges see it is missing). */
export type { JudgeCopyProblem };

/** A document still not done after this is given up as too complex. */
export const JUDGE_COPY_TIMEOUT_MS = 90_000;

/**
 * Runs the CommonJS `source` in a worker thread of its own heap (`heapMb`) and waits for its
 * one message. Running out of that heap or of time (JUDGE_COPY_TIMEOUT_MS) makes the file
 * "tooComplex" rather than the server slow or out of memory; a worker that fails otherwise, or
 * stops without answering, rejects. The buffers in `transferList` are handed over, not copied.
 */
export function runCleaningWorker<M>(options: {
  name: string;
  source: string;
  workerData: object;
  transferList: ArrayBuffer[];
  heapMb: number;
}): Promise<{ ok: true; message: M } | { ok: false; problem: JudgeCopyProblem }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.source, {
      eval: true,
      workerData: options.workerData,
      transferList: options.transferList,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    type Outcome = { ok: true; message: M } | { ok: false; problem: JudgeCopyProblem };
    let settled = false;
    const settle = (outcome: Outcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(
      () => settle({ ok: false, problem: "tooComplex" }),
      JUDGE_COPY_TIMEOUT_MS,
    );
    worker.on("message", (message: M) => settle({ ok: true, message }));
    worker.on("error", (error: Error & { code?: string }) =>
      settle(
        error.code === "ERR_WORKER_OUT_OF_MEMORY" ? { ok: false, problem: "tooComplex" } : error,
      ),
    );
    worker.on("exit", () =>
      settle(new Error(`the ${options.name} worker stopped without an answer`)),
    );
  });
}
