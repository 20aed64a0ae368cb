/**
 * An audit entry's summary (a small JSON object) as readable `key: value` lines for the
 * audit log page: nested objects flatten to `a.b`, arrays join with ", ", long values are cut.
 */
export interface SummaryPair {
  key: string;
  value: string;
}

const MAX_VALUE = 160;
const MAX_PAIRS = 20;

function text(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(text).join(", ");
  return JSON.stringify(value);
}

function cut(value: string): string {
  return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
}

export function summaryPairs(summary: unknown): SummaryPair[] {
  if (summary === null || typeof summary !== "object" || Array.isArray(summary)) {
    return summary === null || summary === undefined
      ? []
      : [{ key: "", value: cut(text(summary)) }];
  }
  const pairs: SummaryPair[] = [];
  const walk = (object: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === "object" && !Array.isArray(value) && depth < 2) {
        walk(value as Record<string, unknown>, name, depth + 1);
      } else {
        pairs.push({ key: name, value: cut(text(value)) });
      }
    }
  };
  walk(summary as Record<string, unknown>, "", 0);
  return pairs.length > MAX_PAIRS
    ? [...pairs.slice(0, MAX_PAIRS), { key: "…", value: `+${pairs.length - MAX_PAIRS}` }]
    : pairs;
}
