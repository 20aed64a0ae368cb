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
