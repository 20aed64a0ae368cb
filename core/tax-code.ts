import { z } from "zod";
import { REQUIRED } from "./form-fields";

/**
 * Vietnamese tax codes (mã số thuế). Since the 2014 Law on Enterprises the enterprise code
 * (mã số doanh nghiệp) on the business registration certificate is the same number.
 *
 * - 10 digits: the 10th is a check digit over the first nine.
 * - 13 digits: a valid 10-digit code plus a branch / dependent unit suffix 001–999,
 *   usually written with a dash: `0100233488-001`.
 */

/** Weights of the first nine digits in the official check-digit rule. */
export const TAX_CODE_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

export interface TaxCode {
  /** The canonical form: `0100233488` or `0100233488-001`. */
  canonical: string;
  /** The 10-digit code of the enterprise itself. */
  base: string;
  /** The branch suffix (`001`–`999`), or null for the enterprise itself. */
  branch: string | null;
}

/**
 * The check digit for nine digits, or null when none exists: the weighted sum mod 11 is 0,
 * which would need a check "digit" of 10, so no valid code has those nine digits.
 */
export function taxCodeCheckDigit(firstNine: string): number | null {
  if (!/^\d{9}$/.test(firstNine)) return null;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += TAX_CODE_WEIGHTS[i]! * Number(firstNine[i]);
  const remainder = sum % 11;
  return remainder === 0 ? null : 10 - remainder;
}

// Spaces of any kind go; one dash (or a typographic dash pasted from a document) may separate
// the branch suffix.
const SHAPE = /^(\d{10})(?:[-‐‑‒–—]?(\d{3}))?$/;

/**
 * Reads a tax code as people type it: the code, or what is wrong with it — its shape (not 10
 * or 13 digits, a branch 000) or, the shape right, its check digit (a mistyped digit).
 */
export function readTaxCode(
  input: string,
): { ok: true; code: TaxCode } | { ok: false; problem: "shape" | "checkDigit" } {
  const compact = input.replace(/\s+/g, "");
  const match = SHAPE.exec(compact);
  const base = match?.[1];
  const branch = match?.[2] ?? null;
  if (!base || branch === "000") return { ok: false, problem: "shape" };
  if (taxCodeCheckDigit(base.slice(0, 9)) !== Number(base[9])) {
    return { ok: false, problem: "checkDigit" };
  }
  return { ok: true, code: { canonical: branch ? `${base}-${branch}` : base, base, branch } };
}

/** Parses a tax code as people type it (spaces, a dash before the branch); null if invalid. */
export function parseTaxCode(input: string): TaxCode | null {
  const read = readTaxCode(input);
  return read.ok ? read.code : null;
}

export function isValidTaxCode(input: string): boolean {
  return parseTaxCode(input) !== null;
}

/** The canonical form (`0100233488` / `0100233488-001`), or null if the code is invalid. */
export function normalizeTaxCode(input: string): string | null {
  return parseTaxCode(input)?.canonical ?? null;
}

/**
 * A required tax-code form field; outputs the canonical form. `invalidMessage` lets the
 * business registration number, which is the same number, name itself in its message;
 * `checkDigitMessage`, when given, is the message for ten digits whose check digit is wrong
 * (the shape message asks for digits the person has already typed).
 */
export function taxCodeField(
  invalidMessage = "validation.taxCode",
  checkDigitMessage: string = invalidMessage,
) {
  return z.string({ message: REQUIRED }).transform((raw, ctx) => {
    if (raw.trim() === "") {
      ctx.addIssue({ code: "custom", message: REQUIRED, input: raw });
      return z.NEVER;
    }
    const read = readTaxCode(raw);
    if (!read.ok) {
      const message = read.problem === "checkDigit" ? checkDigitMessage : invalidMessage;
      ctx.addIssue({ code: "custom", message, input: raw });
      return z.NEVER;
    }
    return read.code.canonical;
  });
}
