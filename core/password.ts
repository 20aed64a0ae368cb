import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";
import { REQUIRED } from "./form-fields";

/**
 * Password rule in the spirit of OWASP ASVS 2.1: long enough, not one everybody uses, not
 * the account's own email; any characters allowed (spaces, Vietnamese letters, emoji) and no
 * composition rules, which only push people to "Matkhau123!".
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "tooShort" | "tooLong" | "common" | "sameAsEmail";

/** The i18n key of each problem; the texts spell out the limits above. */
export const PASSWORD_PROBLEM_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  tooShort: "validation.passwordTooShort",
  tooLong: "validation.passwordTooLong",
  common: "validation.passwordCommon",
  sameAsEmail: "validation.passwordSameAsEmail",
};

/**
 * Length in characters as a person counts them: Unicode code points of the composed (NFC)
 * form, so "ệ" typed as e + two combining marks counts once, and an emoji counts once.
 */
export function passwordLength(password: string): number {
  let count = 0;
  for (const _ of password.normalize("NFC")) count++;
  return count;
}

/** On the common-password list (case-insensitive), or one character repeated. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1*$/su.test(lower);
}

/** Whether the password is the account's email address or the part before the "@". */
export function isPasswordSameAsEmail(password: string, email: string): boolean {
  const lowerPassword = password.trim().toLowerCase();
  const lowerEmail = email.trim().toLowerCase();
  if (lowerEmail === "") return false;
  const at = lowerEmail.lastIndexOf("@");
  const localPart = at > 0 ? lowerEmail.slice(0, at) : lowerEmail;
  return lowerPassword === lowerEmail || lowerPassword === localPart;
}

/**
 * The first problem with a new password, or null if it is acceptable. Pass the account's
 * email when it is known (registration, change and reset of password on the server).
 */
export function passwordProblem(
  password: string,
  context: { email?: string | undefined } = {},
): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (length > PASSWORD_MAX_LENGTH) return "tooLong";
  if (isCommonPassword(password)) return "common";
  if (context.email !== undefined && isPasswordSameAsEmail(password, context.email)) {
    return "sameAsEmail";
  }
  return null;
}

/**
 * A new password form field (the email check needs the email, so forms that have one add it
 * as a cross-field check). The value is kept exactly as typed: no trimming.
 */
export function newPasswordField() {
  return z.string({ message: REQUIRED }).check((ctx) => {
    if (ctx.value === "") {
      ctx.issues.push({ code: "custom", message: REQUIRED, input: ctx.value });
      return;
    }
    const problem = passwordProblem(ctx.value);
    if (problem) {
      ctx.issues.push({
        code: "custom",
        message: PASSWORD_PROBLEM_MESSAGES[problem],
        input: ctx.value,
      });
    }
  });
}
