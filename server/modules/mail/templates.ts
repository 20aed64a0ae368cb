import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Lang } from "../../../core/languages";
import type { JudgeCopyProblem } from "../../../core/entry-limits";
import { formatVietnamDateTime } from "../../../core/dates";
import { detailLines } from "./template-details";
import {
  oneLine,
  paragraphs,
  statusDetails,
  statusFacts,
  statusIntro,
  statusNoteLabel,
  type EntryStatusChangedData,
  type StatusNames,
} from "./entry-status-texts";

/** What each template needs from the caller; every text comes from the `email` catalogue section. */
export interface EmailTemplateData {
  /** Sent after registration: confirms the address with an expiring link. */
  verification: { name: string; url: string; expiresInHours: number };
  /** `expiresAt`: when the link stops working (ISO), stated as a Vietnam date and time. */
  passwordReset: { name: string; url: string; expiresAt: string };
  /** Sent to the NEW address; the link confirms the change. */
  emailChange: { name: string; url: string; newEmail: string; expiresInHours?: number };
  /**
   * Sent to the OLD address once the change is made, so an owner who did not ask for it learns
   * of it (the footer's contacts are their way back): `url` is the sign-in page.
   */
  emailChanged: { name: string; url: string; newEmail: string };
  /** `url` is the entrant's dashboard. */
  welcome: { name: string; url: string };
  /** Sent when an entry is submitted; `url` is the entrant's dashboard, dates already formatted. */
  entryReceipt: {
    name: string;
    url: string;
    code: string;
    title: string;
    category: string;
    submittedAt: string;
    deadline: string;
  };
  /** An entry moved along its lifecycle (see entry-status-texts.ts). */
  entryStatusChanged: EntryStatusChangedData;
  /** A staff invitation (admins): `url` sets the first password; `role` is its label. */
  staffInvitation: { name: string; url: string; role: string; expiresInHours: number };
  /**
   * To an account's owner when someone tries to register with their address: `url` is the
   * sign-in page, `resetUrl` the forgotten-password page.
   */
  registrationAttempt: { name: string; url: string; resetUrl: string };
  /**
   * A payment became paid: `url` downloads the receipt; the amount is already formatted in
   * the recipient's language, the entry codes listed.
   */
  paymentConfirmed: {
    name: string;
    url: string;
    reference: string;
    amount: string;
    entryCodes: string;
    paidAt: string;
  };
  /**
   * A paid payment was refunded: `url` is the entrant's checkout page (the entries may be paid
   * again); the amount and date already formatted in the recipient's language, `reason` the
   * staff member's words, the entries the payment covered by code and title with each one's
   * status now (its label in the recipient's language).
   */
  paymentRefunded: {
    name: string;
    url: string;
    reference: string;
    amount: string;
    refundedAt: string;
    reason: string;
    entries: { code: string; title: string; status: string }[];
    /**
     * Whether an entry is back to waiting for its fee (true when omitted). False when every
     * entry had been screened and keeps its status: nothing to pay again, `url` the dashboard.
     */
    payAgain?: boolean;
  };
  /** A judge's personal code (shown once on the staff page, sent once here) and the portal. */
  judgeCode: { name: string; url: string; judgeCode: string; season: string };
  /**
   * A film or document of an entry of which no judges' copy could be made (judges will not
   * see it), while the entrant can still replace it: `url` is the entry's form, `field` the
   * file's part of the form in the recipient's language, `problem` why.
   */
  entryFileNotJudgeable: {
    name: string;
    url: string;
    code: string;
    title: string;
    field: string;
    fileName: string;
    problem: JudgeCopyProblem;
  };
}

export type EmailTemplate = keyof EmailTemplateData;
export const EMAIL_TEMPLATES = [
  "verification",
  "passwordReset",
  "emailChange",
  "emailChanged",
  "welcome",
  "entryReceipt",
  "entryStatusChanged",
  "staffInvitation",
  "registrationAttempt",
  "paymentConfirmed",
  "paymentRefunded",
  "judgeCode",
  "entryFileNotJudgeable",
] as const satisfies readonly EmailTemplate[];

/** The footer's facts, from the site settings (see `emailSiteFrom` in service.ts). */
export interface EmailSite {
  /** The competition's website in the recipient's language; omitted from the footer when not http(s). */
  websiteUrl: string;
  contactEmail: string;
  /** Empty when the organisers have not published one. */
  contactPhone: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

type EmailTexts = typeof vi.email;
const CATALOGUES: Record<Lang, { siteName: string; email: EmailTexts; statuses: StatusNames }> = {
  vi: { siteName: vi.site.name, email: vi.email, statuses: vi.entry.status },
  en: { siteName: en.site.name, email: en.email, statuses: en.entry.status },
};

const COLORS = {
  page: "#faf6ef",
  card: "#ffffff",
  text: "#1f1a17",
  muted: "#5b524c",
  brand: "#7a1f1f",
  border: "#e5ddd2",
};
const FONT = "Arial, Helvetica, sans-serif";

export class InvalidEmailDataError extends Error {}

/** Renders one email in one language: subject, HTML (escaped, table-based) and plain text. */
export function renderEmail<T extends EmailTemplate>(
  template: T,
  lang: Lang,
  data: EmailTemplateData[T],
  site: EmailSite,
): RenderedEmail {
  const { siteName, email, statuses } = CATALOGUES[lang];
  const common = email.common;
  // Newlines or control characters in a name would forge lines in the plain-text part.
  const name = oneLine(data.name).slice(0, 200);
  const url = httpUrl(data.url, "url");
  const vars: Record<string, string> = {
    brand: email.brand,
    siteName,
    name,
    newEmail: "newEmail" in data ? oneLine(data.newEmail) : "",
    role: "role" in data ? oneLine(data.role) : "",
    resetUrl: "resetUrl" in data ? httpUrl(data.resetUrl, "resetUrl") : "",
    ...("category" in data
      ? {
          code: oneLine(data.code),
          title: oneLine(data.title),
          category: oneLine(data.category),
          submittedAt: oneLine(data.submittedAt),
          deadline: oneLine(data.deadline),
        }
      : {}),
    ...("paidAt" in data
      ? {
          reference: oneLine(data.reference),
          amount: oneLine(data.amount),
          entryCodes: oneLine(data.entryCodes),
          paidAt: oneLine(data.paidAt),
        }
      : {}),
    ...("refundedAt" in data
      ? {
          reference: oneLine(data.reference),
          amount: oneLine(data.amount),
          entryCodes: data.entries.map((entry) => oneLine(entry.code)).join(", "),
          refundedAt: oneLine(data.refundedAt),
        }
      : {}),
    ...("judgeCode" in data
      ? { judgeCode: oneLine(data.judgeCode), season: oneLine(data.season) }
      : {}),
    ...("fileName" in data
      ? {
          code: oneLine(data.code),
          title: oneLine(data.title),
          field: oneLine(data.field),
          fileName: oneLine(data.fileName),
          problem: email.entryFileNotJudgeable.problems[data.problem] ?? "",
        }
      : {}),
  };
  const status =
    "status" in data ? statusFacts(data, email.entryStatusChanged, statuses, vars) : null;
  const refund = "refundedAt" in data ? refundFacts(data) : null;
  // A refund that leaves nothing to pay again says so, and leads to the dashboard.
  const texts =
    "refundedAt" in data && data.payAgain === false
      ? { ...email.paymentRefunded, ...email.paymentRefunded.nothingToPay }
      : email[template];

  const expiry = expiryText(lang, common, data);
  const content: EmailContent = {
    lang,
    subject: interpolate(texts.subject, vars),
    preheader: interpolate(texts.preheader, vars),
    greeting: name ? interpolate(common.greeting, vars) : common.greetingNoName,
    intro: interpolate(status ? statusIntro(email, status) : texts.intro, vars),
    details: status
      ? statusDetails(email, status, vars)
      : detailLines(template, email, vars, refund?.entries),
    note: status?.note
      ? { label: statusNoteLabel(email, status), text: status.note }
      : refund?.note
        ? { label: email.paymentRefunded.reasonLabel, text: refund.note }
        : "fileName" in data
          ? {
              label: email.entryFileNotJudgeable.fixLabel,
              text: email.entryFileNotJudgeable.fixes[data.problem] ?? "",
            }
          : null,
    button: interpolate(status?.changes ? email.entryStatusChanged.buttonEdit : texts.button, vars),
    url,
    linkFallback: common.linkFallback,
    expiry,
    ignore: interpolate(
      status?.changes ? email.entryStatusChanged.ignoreChanges : texts.ignore,
      vars,
    ),
    signOff: common.signOff,
    signature: interpolate(common.signature, vars),
    siteName,
    contactHeading: common.contactHeading,
    contacts: contactLines(common, site),
    reason: interpolate(texts.reason, vars),
  };
  return { subject: content.subject, html: toHtml(content), text: toText(content) };
}

interface EmailContent {
  lang: Lang;
  subject: string;
  preheader: string;
  greeting: string;
  intro: string;
  /** Facts listed under the intro (an entry's code, title …), label and value. */
  details: { label: string; value: string }[];
  /** A staff member's words (a status change's reason), kept as their paragraphs. */
  note: { label: string; text: string } | null;
  button: string;
  url: string;
  linkFallback: string;
  expiry: string | null;
  ignore: string;
  signOff: string;
  signature: string;
  siteName: string;
  contactHeading: string;
  contacts: { label: string; value: string; href: string }[];
  reason: string;
}

/** A refund's entries on one line each and the staff member's reason kept as paragraphs. */
function refundFacts(data: EmailTemplateData["paymentRefunded"]) {
  return {
    entries: data.entries.map((entry) => ({
      code: oneLine(entry.code),
      title: oneLine(entry.title),
      status: oneLine(entry.status),
    })),
    note: paragraphs(data.reason),
  };
}

function expiryText(
  lang: Lang,
  common: EmailTexts["common"],
  data: EmailTemplateData[EmailTemplate],
): string | null {
  const plural = (count: number) => new Intl.PluralRules(lang).select(count) === "one";
  if ("expiresAt" in data) {
    const dateTime = formatVietnamDateTime(data.expiresAt);
    if (!dateTime) throw new Error(`expiresAt is not a date: ${String(data.expiresAt)}`);
    return interpolate(common.expiresAt, { dateTime });
  }
  if ("expiresInHours" in data && data.expiresInHours !== undefined) {
    const count = positiveCount(data.expiresInHours, "expiresInHours");
    const text = plural(count) ? common.expiresHours_one : common.expiresHours_other;
    return interpolate(text, { count: String(count) });
  }
  return null;
}

function contactLines(common: EmailTexts["common"], site: EmailSite): EmailContent["contacts"] {
  const lines: EmailContent["contacts"] = [];
  const contactEmail = oneLine(site.contactEmail);
  if (contactEmail)
    lines.push({ label: common.email, value: contactEmail, href: `mailto:${contactEmail}` });
  const phone = oneLine(site.contactPhone);
  if (phone)
    lines.push({ label: common.phone, value: phone, href: `tel:${phone.replace(/[^0-9+]/g, "")}` });
  const website = safeHttpUrl(site.websiteUrl);
  if (website) lines.push({ label: common.website, value: website, href: website });
  return lines;
}

// ---------------------------------------------------------------------------------------------
// HTML: one 600px table, inline styles (mail clients drop <style>), text-only header (images are
// blocked by default in most clients), a button plus the same link written out.

function toHtml(c: EmailContent): string {
  const e = escapeHtml;
  const p = (text: string, fontSize = 16) =>
    `<p style="margin:0 0 16px;font-family:${FONT};font-size:${fontSize}px;line-height:1.5;color:${COLORS.text};">${e(text)}</p>`;
  const contacts = c.contacts
    .map(
      (line) =>
        `${e(line.label)}: <a href="${e(line.href)}" style="color:${COLORS.brand};">${e(line.value)}</a>`,
    )
    .join("<br>");
  return `<!doctype html>
<html lang="${c.lang}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${e(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" lang="${c.lang}" style="width:100%;max-width:600px;background-color:${COLORS.card};border:1px solid ${COLORS.border};">
<tr><td style="padding:20px 32px;background-color:${COLORS.brand};font-family:${FONT};font-size:18px;line-height:1.4;font-weight:bold;color:#ffffff;">${e(c.siteName)}</td></tr>
<tr><td style="padding:32px 32px 16px;">
${p(c.greeting)}
${p(c.intro)}
${
  c.details.length > 0
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;">
${c.details
  .map(
    (line) =>
      `<tr><td style="padding:2px 16px 2px 0;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLORS.muted};vertical-align:top;">${e(line.label)}</td><td style="padding:2px 0;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLORS.text};font-weight:bold;">${e(line.value)}</td></tr>`,
  )
  .join("\n")}
</table>
`
    : ""
}${
    c.note
      ? `<p style="margin:0 0 4px;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLORS.muted};">${e(c.note.label)}</p>
<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLORS.brand};background-color:${COLORS.page};font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.text};">${c.note.text
          .split("\n\n")
          .map((para) => `<p style="margin:0 0 8px;">${para.split("\n").map(e).join("<br>")}</p>`)
          .join("")}</div>
`
      : ""
  }<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="background-color:${COLORS.brand};border-radius:4px;">
<a href="${e(c.url)}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:4px;">${e(c.button)}</a>
</td></tr>
</table>
${p(c.linkFallback, 14)}
<p style="margin:0 0 16px;font-family:${FONT};font-size:14px;line-height:1.5;word-break:break-all;"><a href="${e(c.url)}" style="color:${COLORS.brand};text-decoration:underline;">${e(c.url)}</a></p>
${c.expiry ? p(c.expiry) : ""}
${p(c.ignore)}
<p style="margin:24px 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.text};">${e(c.signOff)}<br>${e(c.signature)}</p>
</td></tr>
<tr><td style="padding:20px 32px;background-color:${COLORS.page};border-top:1px solid ${COLORS.border};font-family:${FONT};font-size:13px;line-height:1.6;color:${COLORS.muted};">
<p style="margin:0 0 8px;font-weight:bold;color:${COLORS.text};">${e(c.siteName)}</p>
${
  contacts
    ? `<p style="margin:0 0 8px;">${e(c.contactHeading)}<br>${contacts}</p>
`
    : ""
}<p style="margin:0;">${e(c.reason)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function toText(c: EmailContent): string {
  const paragraphs = [
    c.greeting,
    c.intro,
    ...(c.details.length > 0
      ? [c.details.map((line) => `${line.label}: ${line.value}`).join("\n")]
      : []),
    ...(c.note ? [`${c.note.label}:\n${c.note.text}`] : []),
    `${c.button}:\n${c.url}`,
    c.expiry,
    c.ignore,
    `${c.signOff}\n${c.signature}`,
  ].filter((part): part is string => part !== null);
  const footer = [
    c.siteName,
    ...(c.contacts.length > 0 ? [c.contactHeading] : []),
    ...c.contacts.map((line) => `${line.label}: ${line.value}`),
    "",
    c.reason,
  ];
  // "-- " is the standard signature separator: clients fold or dim what follows.
  return `${paragraphs.join("\n\n")}\n\n-- \n${footer.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------------

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Replaces every `{{var}}`; a variable the text names but the caller lacks is a bug, so it throws. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`email text needs {{${key}}}`);
    return value;
  });
}

function safeHttpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Links in our emails lead only to web pages: never `javascript:`, `data:` or relative URLs. */
function httpUrl(value: string, field: string): string {
  const url = safeHttpUrl(value);
  if (!url) throw new InvalidEmailDataError(`${field} must be an absolute http(s) URL`);
  return url;
}

function positiveCount(value: number, field: string): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new InvalidEmailDataError(`${field} must be a positive whole number`);
  return value;
}
