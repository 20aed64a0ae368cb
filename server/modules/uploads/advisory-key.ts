import { createHash } from "node:crypto";

/**
 * A PostgreSQL advisory-lock key (signed 64-bit, as text) for `name`: an upload's locks
 * (./pg-locks.ts) and an entrant's quota admissions (./quotas.ts).
 */
export function advisoryKey(name: string): string {
  return createHash("sha256").update(name).digest().readBigInt64BE(0).toString();
}
