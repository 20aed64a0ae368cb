// Figures of the judging benchmark (bench/judging.bench.ts): latency percentiles and the
// answers counted by status.

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in ms. */
export function summarise(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    count: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Answers other than 200, as "409 ×3, no answer ×1"; "none" when every answer was 200. */
export function formatStatuses(counts: Map<string, number>): string {
  const byStatus = new Map<string, number>();
  for (const [key, n] of counts) {
    const status = key.split(" ").pop()!;
    if (status === "200") continue;
    const label = status === "0" ? "no answer" : status;
    byStatus.set(label, (byStatus.get(label) ?? 0) + n);
  }
  return byStatus.size === 0
    ? "none"
    : [...byStatus].map(([status, n]) => `${status} ×${n}`).join(", ");
}

/** Server errors and requests that got no answer in the measured phase. */
export function failures(counts: Map<string, number>): number {
  let n = 0;
  for (const [key, count] of counts) {
    const status = Number(key.split(" ").pop());
    if (status === 0 || status >= 500) n += count;
  }
  return n;
}
