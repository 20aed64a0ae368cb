import { z } from "zod";
import { STAFF_ROLES } from "./roles";
import { chatWidgetSchema, seoDefaultsSchema, socialLinksSchema } from "./site-settings";

/**
 * Back-office rules for seasons, the category tree, site settings, staff accounts and the
 * audit log (PRODUCT §1, §2, §7). Forms post text; each schema accepts what a form sends
 * and speaks in i18n keys (`adminPlatform.validation.*`, `validation.*`).
 */

// --- Vietnam time ---------------------------------------------------------------------------

/** Vietnam keeps UTC+7 all year (no daylight saving), so the offset is a constant. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;
const DATE_TIME = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/;

/** `31/12/2026 23:59` (Vietnam time; the time may be left out = 00:00) → ISO UTC, or null. */
export function parseVietnamDateTime(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59) return null;
  const utc = Date.UTC(year!, month! - 1, day!, hour, minute) - VIETNAM_OFFSET_MS;
  // 31/02 would roll over into March: refuse it rather than guess.
  const check = new Date(utc + VIETNAM_OFFSET_MS);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null;
  return new Date(utc).toISOString();
}

/** An ISO instant as `DD/MM/YYYY HH:mm` in Vietnam time; "" for none. */
export function formatVietnamDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const d = new Date(time + VIETNAM_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const optionalDateTime = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || parseVietnamDateTime(v) !== null, {
    message: "adminPlatform.validation.dateTime",
  });

export const SEASON_DATE_FIELDS = [
  "registrationOpensAt",
  "registrationClosesAt",
  "submissionOpensAt",
  "submissionClosesAt",
  "earlyBirdDeadline",
  "lateDeadline",
  "ceremonyAt",
] as const;
export type SeasonDateField = (typeof SEASON_DATE_FIELDS)[number];

const at = (v: string) => (v ? Date.parse(parseVietnamDateTime(v) ?? "") : NaN);

/** A season's dates as the form sends them (DD/MM/YYYY HH:mm, Vietnam time), in order. */
export const seasonDatesSchema = z
  .object({
    nameVi: z.string().trim().min(1, { message: "validation.required" }).max(120, {
      message: "validation.tooLong",
    }),
    nameEn: z.string().trim().max(120, { message: "validation.tooLong" }).default(""),
    registrationOpensAt: optionalDateTime,
    registrationClosesAt: optionalDateTime,
    submissionOpensAt: optionalDateTime,
    submissionClosesAt: optionalDateTime,
    earlyBirdDeadline: optionalDateTime,
    lateDeadline: optionalDateTime,
    ceremonyAt: optionalDateTime,
  })
  .superRefine((v, ctx) => {
    const before = (a: SeasonDateField, b: SeasonDateField, message: string, orEqual = false) => {
      const x = at(v[a]);
      const y = at(v[b]);
      if (Number.isNaN(x) || Number.isNaN(y)) return;
      if (orEqual ? x > y : x >= y) ctx.addIssue({ code: "custom", path: [b], message });
    };
    before(
      "registrationOpensAt",
      "registrationClosesAt",
      "adminPlatform.validation.closesBeforeOpens",
    );
    before("submissionOpensAt", "submissionClosesAt", "adminPlatform.validation.closesBeforeOpens");
    before("submissionOpensAt", "earlyBirdDeadline", "adminPlatform.validation.earlyBirdOutside");
    before(
      "earlyBirdDeadline",
      "submissionClosesAt",
      "adminPlatform.validation.earlyBirdOutside",
      true,
    );
    before("submissionClosesAt", "lateDeadline", "adminPlatform.validation.lateBeforeClose");
    // One of the two window dates alone leaves the header button unscheduled: ask for both.
    if ((v.submissionOpensAt === "") !== (v.submissionClosesAt === "")) {
      const missing = v.submissionOpensAt === "" ? "submissionOpensAt" : "submissionClosesAt";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "adminPlatform.validation.windowBoth",
      });
    }
    if (v.earlyBirdDeadline && !v.submissionClosesAt) {
      ctx.addIssue({
        code: "custom",
        path: ["submissionClosesAt"],
        message: "adminPlatform.validation.windowBoth",
      });
    }
    if (v.lateDeadline && !v.submissionClosesAt) {
      ctx.addIssue({
        code: "custom",
        path: ["submissionClosesAt"],
        message: "adminPlatform.validation.windowBoth",
      });
    }
  });

export type SeasonDatesForm = z.infer<typeof seasonDatesSchema>;

/** The stored form of the dates: ISO UTC or null. */
export function seasonDatesToIso(form: SeasonDatesForm): Record<SeasonDateField, string | null> {
  const out = {} as Record<SeasonDateField, string | null>;
  for (const field of SEASON_DATE_FIELDS) out[field] = parseVietnamDateTime(form[field]);
  return out;
}

// --- Category tree --------------------------------------------------------------------------

const slug = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(80, { message: "validation.tooLong" })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "adminPlatform.validation.slug" });
const code = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(12, { message: "validation.tooLong" })
  .regex(/^[A-Z0-9]+$/, { message: "adminPlatform.validation.code" });
const nameVi = z
  .string()
  .trim()
  .min(1, { message: "validation.required" })
  .max(160, { message: "validation.tooLong" });
const nameEn = z.string().trim().max(160, { message: "validation.tooLong" }).default("");
const longText = z.string().trim().max(2000, { message: "validation.tooLong" }).default("");

/** A checkbox as a form sends it (absent, "on", "1", "true") or as react-hook-form holds it. */
export const checkbox = z.preprocess(
  (v) => v === true || v === "on" || v === "1" || v === "true",
  z.boolean(),
);

/** Whole VND as typed: digits (dots, commas and spaces as thousands separators allowed). */
const vnd = (required: boolean) =>
  z
    .string()
    .trim()
    .default("")
    .transform((v) => v.replace(/[.,\s₫]/g, ""))
    .refine((v) => (required ? v !== "" : true), { message: "validation.required" })
    .refine((v) => v === "" || (/^\d{1,12}$/.test(v) && Number.isSafeInteger(Number(v))), {
      message: "adminPlatform.validation.vnd",
    })
    .transform((v) => (v === "" ? null : Number(v)));

export const trackSchema = z.object({
  slug,
  code,
  nameVi,
  nameEn,
  taglineVi: longText,
  taglineEn: longText,
});

export const groupSchema = z.object({ slug, nameVi, nameEn });

export const categorySchema = z
  .object({
    slug,
    code,
    nameVi,
    nameEn,
    descriptionVi: longText,
    descriptionEn: longText,
    feeVnd: vnd(true),
    earlyBirdFeeVnd: vnd(false),
    lateFeeVnd: vnd(false),
    videoRequired: checkbox,
    allowIndividual: checkbox,
    allowEnterprise: checkbox,
  })
  .superRefine((v, ctx) => {
    if (!v.allowIndividual && !v.allowEnterprise) {
      ctx.addIssue({
        code: "custom",
        path: ["allowEnterprise"],
        message: "adminPlatform.validation.eligibility",
      });
    }
  });

export type TrackInput = z.output<typeof trackSchema>;
export type GroupInput = z.output<typeof groupSchema>;
export type CategoryInput = z.output<typeof categorySchema>;

export const TREE_NODE_KINDS = ["track", "group", "category"] as const;
export type TreeNodeKind = (typeof TREE_NODE_KINDS)[number];

// --- Site settings (the form is flat; the stored settings are nested) ------------------------

const s = socialLinksSchema.shape;
const seoLang = seoDefaultsSchema.shape.vi.shape;

export const siteSettingsFormSchema = z.object({
  contactEmail: z.email({ message: "validation.email" }),
  contactPhone: z
    .string()
    .trim()
    .max(30, { message: "validation.tooLong" })
    .regex(/^[0-9+()\s.-]*$/, { message: "validation.phone" })
    .default(""),
  socialWebsite: s.website,
  socialEmail: s.email,
  socialFacebook: s.facebook,
  socialYoutube: s.youtube,
  socialLinkedin: s.linkedin,
  socialTiktok: s.tiktok,
  chatProvider: chatWidgetSchema.shape.provider,
  chatAccountId: chatWidgetSchema.shape.accountId,
  seoTitleVi: seoLang.title,
  seoDescriptionVi: seoLang.description,
  seoImageVi: seoLang.image,
  seoTitleEn: seoLang.title,
  seoDescriptionEn: seoLang.description,
  seoImageEn: seoLang.image,
});

export type SiteSettingsForm = z.output<typeof siteSettingsFormSchema>;

// --- Staff accounts -------------------------------------------------------------------------

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: "adminPlatform.validation.role" });

export const inviteStaffSchema = z.object({
  email: z.email({ message: "validation.email" }).max(200, { message: "validation.tooLong" }),
  name: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(120, { message: "validation.tooLong" }),
  role: staffRoleSchema,
  lang: z.enum(["vi", "en"], { message: "validation.lang" }).default("vi"),
});

export const changeRoleSchema = z.object({
  userId: z.string().min(1).max(100),
  role: staffRoleSchema,
});

export const setActiveSchema = z.object({
  userId: z.string().min(1).max(100),
  active: checkbox,
});

/** Invitations last longer than a password reset: people do not open them at once. */
export const INVITATION_EXPIRES_HOURS = 72;

/** Page sizes the back-office tables offer. */
export function pageParam(value: string | null): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, 100_000) : 1;
}
