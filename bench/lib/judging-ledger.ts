// The ledger of the judging benchmark (bench/judging.bench.ts): every write the server
// acknowledged, kept by the judges' clients and checked against the database afterwards.

export interface ScoreState {
  version: number;
  total: number;
  scores: Record<string, number>;
  comment: string;
}

/** What the server acknowledged, to be found in the database afterwards. */
export class Ledger {
  /** `${entryId}|${judgeId}` → the last acknowledged state (null: deleted). */
  readonly final = new Map<string, ScoreState | null>();
  /**
   * A write whose answer never came (timeout, reset): it may or may not have committed, so
   * either state is accepted for that pair until a later write is acknowledged.
   */
  readonly unanswered = new Map<string, Pick<ScoreState, "scores" | "comment"> | null>();
  /** `${entryId}|${judgeId}|${action}|${version}` → acknowledged writes with that log record. */
  readonly writes = new Map<string, number>();
  acknowledged = 0;

  acknowledge(key: string, action: string, version: number, state: ScoreState | null): void {
    this.final.set(key, state);
    this.unanswered.delete(key);
    const write = `${key}|${action}|${version}`;
    this.writes.set(write, (this.writes.get(write) ?? 0) + 1);
    this.acknowledged++;
  }
}
