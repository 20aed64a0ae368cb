import { z } from "zod";

/**
 * Building blocks for the form schemas in core/. Messages are i18n keys. A field reports at
 * most one problem, so the form shows one clear sentence per field.
 *
 * None of these uses zod's `abort`: an explicitly aborted issue anywhere in an object stops
 * its cross-field checks (password confirmation, …), and the form should show those at the
 * same time as the other fields' problems.
 */

export const REQUIRED = "validation.required";
export const TOO_LONG = "validation.tooLong";

/** Text as people mean it: composed Unicode (NFC), one space between words, no edge spaces. */
export function cleanText(value: string): string {
  return value.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** Required free text of at most `max` characters (after cleaning). */
export function requiredText(max: number) {
  return z
    .string({ message: REQUIRED })
    .overwrite(cleanText)
    .min(1, { message: REQUIRED })
    .max(max, { message: TOO_LONG });
}

/** The longest email address SMTP can carry (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** A required email address, trimmed and lowercased. */
export function emailField() {
  return z
    .string({ message: REQUIRED })
    .overwrite((value) => value.trim().toLowerCase())
    .min(1, { message: REQUIRED })
    .max(EMAIL_MAX_LENGTH, { message: TOO_LONG })
    .pipe(z.email({ message: "validation.email" }));
}

/**
 * A required field with its own format rule: `normalize` returns the canonical value, or
 * null when the input is not valid. Empty input is "required", anything else "invalid".
 */
export function normalizedField(normalize: (value: string) => string | null, invalid: string) {
  return z.string({ message: REQUIRED }).transform((raw, ctx) => {
    if (raw.trim() === "") {
      ctx.addIssue({ code: "custom", message: REQUIRED, input: raw });
      return z.NEVER;
    }
    const value = normalize(raw);
    if (value === null) {
      ctx.addIssue({ code: "custom", message: invalid, input: raw });
      return z.NEVER;
    }
    return value;
  });
}

/** Like `normalizedField`, but empty or missing input is allowed and comes out as "". */
export function optionalNormalizedField(
  normalize: (value: string) => string | null,
  invalid: string,
) {
  return z
    .string({ message: invalid })
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === "") return "";
      const value = normalize(raw);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: invalid, input: raw });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * The `when` of a cross-field check over text fields: run it as soon as those fields hold
 * valid strings, even while other fields still have problems (zod's default would wait
 * for the whole object to be valid).
 */
export function whenFieldsValid(...fields: string[]) {
  return (payload: z.core.ParsePayload): boolean => {
    const value = payload.value;
    if (typeof value !== "object" || value === null) return false;
    const record = value as Record<string, unknown>;
    return (
      fields.every((field) => typeof record[field] === "string") &&
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])))
    );
  };
}

/**
 * A checkbox: `true` from react-hook-form in the browser; "on", "true" or "1" from a posted
 * form; absent (an unticked box sends nothing) = false.
 */
export const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");
