/**
 * Payment references: short, unique, and safe in a bank transfer memo (letters and digits,
 * no marks). `VXP26K7M3QZ` = "VXP", the season's two-digit year, six characters of
 * Crockford's base 32 (no I, L, O, U: nothing to misread). The "P" keeps references apart
 * from entry codes (`VX26-TV-0042`, which banks may print as `VX26TV0042`).
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PATTERN = /VXP\d{2}[0-9A-HJKMNP-TV-Z]{6}/g;

/** A new reference for a season, from six random bytes (or fewer: only the low 5 bits count). */
export function paymentReference(seasonYear: number, random: Uint8Array): string {
  if (random.length < 6) throw new RangeError("paymentReference needs 6 random bytes");
  let tail = "";
  for (let i = 0; i < 6; i++) tail += ALPHABET[random[i]! & 31];
  return `VXP${String(seasonYear % 100).padStart(2, "0")}${tail}`;
}

export function isPaymentReference(value: string): boolean {
  return /^VXP\d{2}[0-9A-HJKMNP-TV-Z]{6}$/.test(value);
}

/**
 * The references a statement memo mentions, in order, without repeats. Banks upper-case,
 * cut and decorate memos ("MBVCB.123.vxp26k7m3qz VX26TV0042.CT tu …", "VXP26-K7M3QZ"), so
 * the search ignores case and the spaces, dots and dashes inside a reference.
 */
export function extractReferences(memo: string): string[] {
  const squeezed = memo.toUpperCase().replace(/[\s.\-_/]+/g, "");
  const found = new Set<string>();
  for (const match of squeezed.matchAll(PATTERN)) found.add(match[0]);
  return [...found];
}

/**
 * The memo of a transfer: the reference, then as many entry codes (without dashes) as fit in
 * the 25 characters a VietQR memo holds.
 */
export function transferMemo(reference: string, entryCodes: readonly (string | null)[]): string {
  let memo = reference;
  for (const code of entryCodes) {
    if (!code) continue;
    const next = `${memo} ${code.replace(/-/g, "")}`;
    if (next.length > 25) break;
    memo = next;
  }
  return memo;
}
