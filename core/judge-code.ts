import { z } from "zod";

/**
 * Judge codes (PRODUCT §4, seed §1 "enter a judge code"): a judge signs in with a personal
 * code instead of a password. It carries 100 bits of entropy in Crockford's base 32 (no I, L,
 * O, U to misread), shown once as five groups of four (`K7M3-QZ9P-…`), typed back however the
 * judge likes (lower case, spaces, dashes, O for 0, I or L for 1), and stored only hashed.
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 20 characters × 5 bits. */
export const JUDGE_CODE_LENGTH = 20;

/** A code from 20 random bytes (only their low 5 bits are used), in its display form. */
export function judgeCode(random: Uint8Array): string {
  if (random.length < JUDGE_CODE_LENGTH) throw new RangeError("judgeCode needs 20 random bytes");
  let code = "";
  for (let i = 0; i < JUDGE_CODE_LENGTH; i++) code += ALPHABET[random[i]! & 31];
  return code.match(/.{4}/g)!.join("-");
}

/** What a judge typed, as the code it means (no separators, upper case), or null. */
export function normalizeJudgeCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s\-_.]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return code.length === JUDGE_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c))
    ? code
    : null;
}

/** The judge portal's sign-in form. */
export const judgeCodeSchema = z.object({
  code: z
    .string({ message: "judging.validation.codeInvalid" })
    .max(64, { message: "judging.validation.codeInvalid" })
    .transform((value, ctx) => {
      const code = normalizeJudgeCode(value);
      if (code === null) {
        ctx.addIssue({ code: "custom", message: "judging.validation.codeInvalid" });
        return z.NEVER;
      }
      return code;
    }),
});
