import { z } from "zod";
import { REQUIRED } from "./form-fields";
import { linkProblem, type LinkProblem } from "./safe-link";

/** Site-wide settings an admin edits (PRODUCT §7); messages are i18n keys. */

export { isSafeLink, linkProblem, type LinkProblem } from "./safe-link";

const LINK_MESSAGES: Readonly<Record<LinkProblem, string>> = {
  url: "validation.url",
  scheme: "validation.urlScheme",
};

/** An optional link: "" or an http(s)/mailto address (surrounding spaces trimmed first). */
const optionalUrl = z
  .string()
  .trim()
  .max(500, { message: "validation.tooLong" })
  .superRefine((value, ctx) => {
    if (value === "") return;
    const problem = linkProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: LINK_MESSAGES[problem] });
  })
  .default("");

export const chatWidgetSchema = z.object({
  provider: z.enum(["none", "messenger", "zalo"]).default("none"),
  /** Messenger page username or id, or the Zalo Official Account id. */
  accountId: z
    .string()
    .trim()
    .max(100, { message: "validation.tooLong" })
    .regex(/^[A-Za-z0-9._-]*$/, { message: "validation.chatAccountId" })
    .default(""),
});

export const socialLinksSchema = z.object({
  website: optionalUrl,
  email: z.union([z.literal(""), z.email({ message: "validation.email" })]).default(""),
  facebook: optionalUrl,
  youtube: optionalUrl,
  linkedin: optionalUrl,
  tiktok: optionalUrl,
});

/** An image for link previews: an https URL or a path on this site (`/media/…`). */
const imageRef = z
  .string()
  .trim()
  .max(500, { message: "validation.tooLong" })
  .refine((v) => v === "" || /^\/[^/\\]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: "validation.url",
  })
  .default("");

const seoLangSchema = z.object({
  /** The title of pages that have none of their own (the home page); "" = the site name. */
  title: z.string().trim().max(70, { message: "validation.tooLong" }).default(""),
  description: z.string().trim().max(200, { message: "validation.tooLong" }).default(""),
  image: imageRef,
});

/** SEO defaults per language: used by page meta when a page has no title/description/image. */
export const seoDefaultsSchema = z.object({ vi: seoLangSchema, en: seoLangSchema });
export type SeoDefaults = z.infer<typeof seoDefaultsSchema>;

export const EMPTY_SEO_DEFAULTS: SeoDefaults = {
  vi: { title: "", description: "", image: "" },
  en: { title: "", description: "", image: "" },
};

/**
 * Where entrants transfer fees (VietQR, PRODUCT §5): the bank's NAPAS BIN (6 digits), its
 * name as entrants know it, the account number and holder as the bank shows them, and how
 * long a created payment holds its amount before it expires.
 */
export const paymentSettingsSchema = z.object({
  bankBin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: "validation.bankBin" })
    .default("970436"),
  bankName: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(100, { message: "validation.tooLong" })
    .default("Vietcombank"),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{4,19}$/, { message: "validation.bankAccount" })
    .default("0011004000000"),
  accountHolder: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(70, { message: "validation.tooLong" })
    .default("BAN TO CHUC GIAI THUONG VAN XUAN"),
  expiryHours: z.coerce
    .number({ message: "validation.number" })
    .int({ message: "validation.number" })
    .min(1, { message: "validation.paymentExpiry" })
    .max(720, { message: "validation.paymentExpiry" })
    .default(72),
});

export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = paymentSettingsSchema.parse({});

export const siteSettingsSchema = z.object({
  currentSeasonYear: z.number().int().min(2000).max(2100),
  contactEmail: z.email({ message: "validation.email" }),
  /** Optional: the footer shows the phone only when there is one. */
  contactPhone: z
    .string()
    .trim()
    .max(30, { message: "validation.tooLong" })
    .regex(/^[0-9+()\s.-]*$/, { message: "validation.phone" })
    .default(""),
  social: socialLinksSchema,
  chatWidget: chatWidgetSchema,
  seo: seoDefaultsSchema.default(EMPTY_SEO_DEFAULTS),
  payments: paymentSettingsSchema.default(DEFAULT_PAYMENT_SETTINGS),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type ChatWidgetSettings = z.infer<typeof chatWidgetSchema>;

/** Whether the chat launcher should appear at all (PRODUCT §12: off until configured). */
export function isChatWidgetConfigured(chat: ChatWidgetSettings): boolean {
  return chat.provider !== "none" && chat.accountId.length > 0;
}

/** Where the launcher leads: the Messenger conversation or the Zalo Official Account chat. */
export function chatWidgetUrl(chat: ChatWidgetSettings): string | null {
  if (!isChatWidgetConfigured(chat)) return null;
  const id = encodeURIComponent(chat.accountId);
  return chat.provider === "messenger" ? `https://m.me/${id}` : `https://zalo.me/${id}`;
}

// The settings page posts one flat form; the stored settings are nested.

const s = socialLinksSchema.shape;
const seoLang = seoDefaultsSchema.shape.vi.shape;
const payment = paymentSettingsSchema.shape;

/**
 * A field the form must not send empty: left empty it says "required"; filled, its own rule
 * speaks (an email, a BIN, an account number, a number of hours).
 */
const filled = <T extends z.ZodType>(rule: T) =>
  z
    .string({ message: REQUIRED })
    .trim()
    .min(1, { message: REQUIRED })
    // Typed as taking a string: what reaches the rule is one (some rules also take more).
    .pipe(rule as unknown as z.ZodType<z.output<T>, string>);

export const siteSettingsFormSchema = z
  .object({
    contactEmail: filled(z.email({ message: "validation.email" })),
    contactPhone: siteSettingsSchema.shape.contactPhone,
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
    paymentBankBin: filled(payment.bankBin),
    paymentBankName: filled(payment.bankName),
    paymentAccountNumber: filled(payment.accountNumber),
    paymentAccountHolder: filled(payment.accountHolder),
    paymentExpiryHours: filled(payment.expiryHours),
  })
  .superRefine((v, ctx) => {
    // A chat widget with no account shows nothing on the site: say so rather than save it.
    if (v.chatProvider !== "none" && v.chatAccountId === "") {
      ctx.addIssue({
        code: "custom",
        path: ["chatAccountId"],
        message: "adminPlatform.validation.chatAccountRequired",
      });
    }
  });

export type SiteSettingsForm = z.output<typeof siteSettingsFormSchema>;

/** The settings as the flat form shows them (also the shape of the audit summary). */
export function settingsToForm(s: SiteSettings): Record<string, string> {
  return {
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    socialWebsite: s.social.website,
    socialEmail: s.social.email,
    socialFacebook: s.social.facebook,
    socialYoutube: s.social.youtube,
    socialLinkedin: s.social.linkedin,
    socialTiktok: s.social.tiktok,
    chatProvider: s.chatWidget.provider,
    chatAccountId: s.chatWidget.accountId,
    seoTitleVi: s.seo.vi.title,
    seoDescriptionVi: s.seo.vi.description,
    seoImageVi: s.seo.vi.image,
    seoTitleEn: s.seo.en.title,
    seoDescriptionEn: s.seo.en.description,
    seoImageEn: s.seo.en.image,
    paymentBankBin: s.payments.bankBin,
    paymentBankName: s.payments.bankName,
    paymentAccountNumber: s.payments.accountNumber,
    paymentAccountHolder: s.payments.accountHolder,
    paymentExpiryHours: String(s.payments.expiryHours),
  };
}

/** The flat form back into (part of) the nested settings. */
export function formToSettings(f: SiteSettingsForm): Partial<SiteSettings> {
  return {
    contactEmail: f.contactEmail,
    contactPhone: f.contactPhone,
    social: {
      website: f.socialWebsite,
      email: f.socialEmail,
      facebook: f.socialFacebook,
      youtube: f.socialYoutube,
      linkedin: f.socialLinkedin,
      tiktok: f.socialTiktok,
    },
    chatWidget: { provider: f.chatProvider, accountId: f.chatAccountId },
    seo: {
      vi: { title: f.seoTitleVi, description: f.seoDescriptionVi, image: f.seoImageVi },
      en: { title: f.seoTitleEn, description: f.seoDescriptionEn, image: f.seoImageEn },
    },
    payments: {
      bankBin: f.paymentBankBin,
      bankName: f.paymentBankName,
      accountNumber: f.paymentAccountNumber,
      accountHolder: f.paymentAccountHolder,
      expiryHours: f.paymentExpiryHours,
    },
  };
}
