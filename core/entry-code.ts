import { normalizedField } from "./form-fields";

/**
 * Entry codes (PRODUCT §3.3): `<TRACKCODE><YY>-<CATEGORYCODE>-<NNNN>`, e.g. `VX26-TVC-0042`
 * or `VXS26-TAL-0007`. The track code (VX, VXC, VXS) and the season's two-digit year make the
 * prefix, so a code says at a glance which track and year it belongs to; the category code
 * is the category's own short code (TVC, OLW, …); the sequence is unique per season and
 * category, 1–9999, always written with four digits. Codes are ASCII upper case so they
 * survive bank memos (VietQR) and invoices unchanged.
 */

export const ENTRY_SEQUENCE_MIN = 1;
export const ENTRY_SEQUENCE_MAX = 9999;

/** Track codes: 2–4 capital letters (VX, VXC, VXS). */
export const TRACK_CODE_PATTERN = /^[A-Z]{2,4}$/;
/** Category codes: a capital letter then 1–4 capitals or digits (TVC, OLW, GPX, …). */
export const CATEGORY_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,4}$/;

const ENTRY_CODE_PATTERN = /^([A-Z]{2,4})(\d{2})-([A-Z][A-Z0-9]{1,4})-(\d{4})$/;

export interface EntryCodeParts {
  trackCode: string;
  /** The season's year, four digits (2026); the code holds its last two. */
  seasonYear: number;
  categoryCode: string;
  sequence: number;
}

/** The longest code the grammar allows (for database columns and inputs). */
export const ENTRY_CODE_MAX_LENGTH = 4 + 2 + 1 + 5 + 1 + 4;

export function isEntrySequence(value: number): boolean {
  return Number.isInteger(value) && value >= ENTRY_SEQUENCE_MIN && value <= ENTRY_SEQUENCE_MAX;
}

/**
 * The entry code of the parts. Throws on parts that cannot make a valid code: that is a
 * programming or data error (codes come from the category tree and a counter), not a user's.
 */
export function formatEntryCode(parts: EntryCodeParts): string {
  const { trackCode, seasonYear, categoryCode, sequence } = parts;
  if (!TRACK_CODE_PATTERN.test(trackCode)) throw new RangeError(`Bad track code: ${trackCode}`);
  if (!CATEGORY_CODE_PATTERN.test(categoryCode)) {
    throw new RangeError(`Bad category code: ${categoryCode}`);
  }
  if (!Number.isInteger(seasonYear) || seasonYear < 2000 || seasonYear > 2099) {
    throw new RangeError(`Bad season year: ${seasonYear}`);
  }
  if (!isEntrySequence(sequence)) throw new RangeError(`Bad entry sequence: ${sequence}`);
  return `${entryCodePrefix(parts)}-${String(sequence).padStart(4, "0")}`;
}

/**
 * The prefix every code of a season, track and category shares (`VX26-TVC`): the sequence is
 * counted per prefix, and a draft moved to a category with another prefix needs a new code.
 */
export function entryCodePrefix(parts: Omit<EntryCodeParts, "sequence">): string {
  const yy = String(parts.seasonYear % 100).padStart(2, "0");
  return `${parts.trackCode}${yy}-${parts.categoryCode}`;
}

/** The prefix of an issued code (`VX26-TVC-0042` → `VX26-TVC`). */
export function entryCodePrefixOf(code: string): string {
  return code.slice(0, code.lastIndexOf("-"));
}

/**
 * The parts of an entry code, or null when it is not one. Tolerates what people do when
 * typing a code from a memo or an invoice: surrounding spaces and lower case. Sequence
 * 0000 is not a code.
 */
export function parseEntryCode(input: string): EntryCodeParts | null {
  const match = ENTRY_CODE_PATTERN.exec(input.trim().toUpperCase());
  if (!match) return null;
  const sequence = Number(match[4]);
  if (!isEntrySequence(sequence)) return null;
  return {
    trackCode: match[1]!,
    seasonYear: 2000 + Number(match[2]),
    categoryCode: match[3]!,
    sequence,
  };
}

/** The canonical form of an entry code (`vx26-tvc-0042 ` → `VX26-TVC-0042`), or null. */
export function normalizeEntryCode(input: string): string | null {
  const parts = parseEntryCode(input);
  return parts ? formatEntryCode(parts) : null;
}

export function isEntryCode(input: string): boolean {
  return parseEntryCode(input) !== null;
}

/** Every entry code written in a text such as a bank transfer memo, canonical, in order. */
export function findEntryCodes(text: string): string[] {
  const found: string[] = [];
  for (const match of text
    .toUpperCase()
    .matchAll(/(?<![A-Z0-9])[A-Z]{2,4}\d{2}-[A-Z][A-Z0-9]{1,4}-\d{4}(?![A-Z0-9])/g)) {
    const code = normalizeEntryCode(match[0]);
    if (code && !found.includes(code)) found.push(code);
  }
  return found;
}

/**
 * Seed §5 "Entry code required": a form field (payment memo lookup, a judge's search) that
 * takes a code as people type it and gives its canonical form.
 */
export function entryCodeField() {
  return normalizedField(normalizeEntryCode, "validation.entryCode");
}
