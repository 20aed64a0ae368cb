import { Transform, type TransformCallback } from "node:stream";
import type { JudgeCopyProblem } from "./cleaning-worker";

/**
 * A file of which no judges' copy can be made (a stream cleaner fails with it): the judges do
 * not get the file, and staff see the problem on the entry's page.
 */
export class UncleanableMedia extends Error {
  constructor(
    readonly problem: JudgeCopyProblem,
    message: string = problem,
  ) {
    super(message);
    this.name = "UncleanableMedia";
  }
}

/**
 * A film's cleaner as a stream: each chunk goes to `readChunk`, which passes on what it may
 * and throws `UncleanableMedia` to refuse the file (the stream then fails with it).
 */
export abstract class CleaningTransform extends Transform {
  protected abstract readChunk(chunk: Buffer): void;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.readChunk(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
