import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  REQUIRED,
  emailField,
  requiredText,
  whenFieldsValid,
} from "./form-fields";
import { LANGUAGES, langOfPath, localizePath } from "./languages";
import { PASSWORD_PROBLEM_MESSAGES, isPasswordSameAsEmail, newPasswordField } from "./password";
import { optionalPersonalIdField } from "./personal-id";
import { phoneField } from "./phone";
import { taxCodeField } from "./tax-code";
import { licenceFileProblemMessage } from "./upload-rules";

/**
 * Entrant accounts and registrant profiles (PRODUCT §3.1, seed §3 "Registrant", §5): one
 * schema per form, used by the browser form (zodResolver) and by the server, so both reject
 * the same input with the same message. Messages are i18n keys under `validation.*`.
 *
 * Outputs are normalised: text in NFC with single spaces, email lowercased, phone in E.164,
 * tax codes in canonical form (`0100233488`, `0100233488-001`), personal ID as 12 digits
 * or "" when not given. Parsing an output again gives the same output.
 */

export const REGISTRANT_TYPES = ["individual", "enterprise"] as const;
export type RegistrantType = (typeof REGISTRANT_TYPES)[number];

/** Maximum lengths of the free-text fields, in characters (for maxLength and counters). */
export const REGISTRANT_FIELD_MAX_LENGTH = {
  fullName: 120,
  companyName: 255,
  representativeName: 120,
  address: 300,
  email: EMAIL_MAX_LENGTH,
} as const;

const MAX = REGISTRANT_FIELD_MAX_LENGTH;
const LICENCE_REQUIRED = "validation.licenceRequired";
const ACCEPT_RULES = "validation.acceptRules";

/** Seed §5 "Individual: full name, address, phone required"; the personal ID is optional. */
const individualProfileFields = {
  fullName: requiredText(MAX.fullName),
  phone: phoneField(),
  address: requiredText(MAX.address),
  personalId: optionalPersonalIdField(),
};

/**
 * Seed §5 "Enterprise: company name, tax code (valid number), company address, business
 * registration number, registration certificate upload, representative name required".
 * The business registration number is the enterprise code, which by law is the tax code.
 */
const enterpriseProfileFields = {
  companyName: requiredText(MAX.companyName),
  businessRegistrationNumber: taxCodeField(
    "validation.businessRegistrationNumber",
    "validation.businessRegistrationNumberCheckDigit",
  ),
  taxCode: taxCodeField("validation.taxCode", "validation.taxCodeCheckDigit"),
  representativeName: requiredText(MAX.representativeName),
  phone: phoneField(),
  address: requiredText(MAX.address),
  /** The id of the licence file already uploaded (the upload itself is checked separately). */
  licenceFileId: z
    .string({ message: LICENCE_REQUIRED })
    .trim()
    .min(1, { message: LICENCE_REQUIRED }),
};

const registrantTypeError = { message: "validation.registrantType" };

// ---------------------------------------------------------------------------------------
// Registration (/dang-ky-du-thi)

const accountFields = {
  email: emailField(),
  password: newPasswordField(),
  /** A checkbox: the form holds a boolean, only `true` gets through. */
  acceptRules: z
    .boolean({ message: ACCEPT_RULES })
    .pipe(z.literal(true, { message: ACCEPT_RULES })),
  /** The language of the emails we send; the page's language when not given. */
  lang: z.enum(LANGUAGES, { message: "validation.lang" }).optional(),
};

export const individualRegistrationSchema = z.object({
  type: z.literal("individual"),
  ...individualProfileFields,
  ...accountFields,
});

export const enterpriseRegistrationSchema = z.object({
  type: z.literal("enterprise"),
  ...enterpriseProfileFields,
  ...accountFields,
});

export const registrationSchema = z
  .discriminatedUnion(
    "type",
    [individualRegistrationSchema, enterpriseRegistrationSchema],
    registrantTypeError,
  )
  .refine((value) => !isPasswordSameAsEmail(value.password, value.email), {
    path: ["password"],
    message: PASSWORD_PROBLEM_MESSAGES.sameAsEmail,
    when: whenFieldsValid("password", "email"),
  });

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
export type IndividualRegistration = z.output<typeof individualRegistrationSchema>;
export type EnterpriseRegistration = z.output<typeof enterpriseRegistrationSchema>;

// ---------------------------------------------------------------------------------------
// Profile editing: the registrant fields without email (changed with its own confirmation),
// password and acceptance of the rules. The type chosen at registration cannot change.

export const individualProfileSchema = z.object({
  type: z.literal("individual", { message: "validation.registrantTypeLocked" }),
  ...individualProfileFields,
});

export const enterpriseProfileSchema = z.object({
  type: z.literal("enterprise", { message: "validation.registrantTypeLocked" }),
  ...enterpriseProfileFields,
});

/** Either profile; the server should use `profileSchemaFor(stored type)` instead. */
export const profileEditSchema = z.discriminatedUnion(
  "type",
  [individualProfileSchema, enterpriseProfileSchema],
  registrantTypeError,
);

const PROFILE_SCHEMAS = {
  individual: individualProfileSchema,
  enterprise: enterpriseProfileSchema,
} as const;

/** The edit schema of a registrant of the given type: any other `type` is rejected. */
export function profileSchemaFor<T extends RegistrantType>(type: T): (typeof PROFILE_SCHEMAS)[T] {
  return PROFILE_SCHEMAS[type];
}

export type ProfileEditInput = z.input<typeof profileEditSchema>;
export type ProfileEdit = z.output<typeof profileEditSchema>;
export type IndividualProfile = z.output<typeof individualProfileSchema>;
export type EnterpriseProfile = z.output<typeof enterpriseProfileSchema>;

// ---------------------------------------------------------------------------------------
// Sign-in and account operations

/** Any non-empty password: the rule for new passwords must not lock out older accounts. */
const currentPasswordField = () => z.string({ message: REQUIRED }).min(1, { message: REQUIRED });

export const signInSchema = z.object({
  email: emailField(),
  password: currentPasswordField(),
});
export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField() });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;

const PASSWORD_MISMATCH = "validation.passwordMismatch";
const RESET_LINK_INVALID = "validation.resetLinkInvalid";

/**
 * Choosing a new password from the reset link. The server, which knows the account, should
 * also check `passwordProblem(newPassword, { email })`.
 */
export const passwordResetSchema = z
  .object({
    token: z.string({ message: RESET_LINK_INVALID }).trim().min(1, { message: RESET_LINK_INVALID }),
    newPassword: newPasswordField(),
    confirmPassword: currentPasswordField(),
  })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MISMATCH,
    when: whenFieldsValid("newPassword", "confirmPassword"),
  });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
export type PasswordReset = z.output<typeof passwordResetSchema>;

/**
 * Changing the password while signed in. The server should also check
 * `passwordProblem(newPassword, { email })` with the account's email.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: currentPasswordField(),
    newPassword: newPasswordField(),
    confirmPassword: currentPasswordField(),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "validation.passwordUnchanged",
    when: whenFieldsValid("currentPassword", "newPassword"),
  })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MISMATCH,
    when: whenFieldsValid("newPassword", "confirmPassword"),
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
export type PasswordChange = z.output<typeof passwordChangeSchema>;

/** Changing the sign-in email: confirmed by the current password, then at the new address. */
export const emailChangeSchema = z.object({
  newEmail: emailField(),
  currentPassword: currentPasswordField(),
});
/** The language the account's emails are written in (set at registration, changed here). */
export const emailLanguageSchema = z.object({
  emailLang: z.enum(LANGUAGES, { message: "validation.emailLanguage" }),
});
export type EmailLanguage = z.output<typeof emailLanguageSchema>;

export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export type EmailChange = z.output<typeof emailChangeSchema>;

/**
 * A change of email confirmed by its link after the new address became another account's (a
 * registration, an invitation or another change since the link was sent): nothing changes,
 * and the link lands on its page with this error, which says so.
 */
export const EMAIL_TAKEN_ERROR = "email_taken";

/** Where the authentication library's endpoints live; only its emailed links are reachable. */
export const AUTH_BASE_PATH = "/api/auth";

/** The emailed link that confirms an address: after registering, and for a change of email. */
export const EMAIL_LINK_PATH = `${AUTH_BASE_PATH}/verify-email`;

/**
 * Whether a `?next=` after signing in is an emailed link to open again (a change of email
 * finishes only in a browser signed in to the account): the sign-in page then says why it
 * asks to sign in first.
 */
export function isEmailLinkNext(next: string | null | undefined): boolean {
  return typeof next === "string" && next.startsWith(`${EMAIL_LINK_PATH}?`);
}

/**
 * A change-of-email link opened where its account is not signed in (another device, or the
 * session ended): the sign-in page, in the language of the link's landing page, which comes
 * back to the same link once signed in.
 */
export function signInFirstFor(link: URL): string {
  const callback = link.searchParams.get("callbackURL");
  const lang = callback ? langOfPath(new URL(callback, "http://localhost").pathname) : "vi";
  const next = encodeURIComponent(`${link.pathname}${link.search}`);
  return `${localizePath("/dang-nhap", lang)}?next=${next}`;
}

/**
 * The link's landing page (its `callbackURL`) with that error, as a path on this site:
 * whatever host the callback names, the answer never leaves the site.
 */
export function emailTakenLanding(callbackURL: string): string {
  const url = new URL(callbackURL, "http://localhost");
  url.searchParams.set("error", EMAIL_TAKEN_ERROR);
  return `${url.pathname}${url.search}`;
}

/**
 * A company replacing its business licence from the account page: the chosen file's declared
 * name, size and type, held to the registration's rules (`licenceFileProblemMessage`). The
 * browser checks the picked file with it before sending; the server checks the same facts of
 * the part it received, then the content itself.
 */
export const licenceReplacementSchema = z.object({
  licence: z
    .object(
      {
        name: z.string().max(255),
        size: z.number().int().nonnegative(),
        type: z.string().max(255),
      },
      { message: LICENCE_REQUIRED },
    )
    .superRefine((file, ctx) => {
      const problem = licenceFileProblemMessage(file);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type LicenceReplacement = z.output<typeof licenceReplacementSchema>;
