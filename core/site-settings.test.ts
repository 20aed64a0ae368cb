import { describe, expect, it } from "vitest";
import {
  chatWidgetUrl,
  DEFAULT_PAYMENT_SETTINGS,
  isChatWidgetConfigured,
  isSafeLink,
  linkProblem,
  settingsToForm,
  siteSettingsFormSchema,
  siteSettingsSchema,
  type SiteSettings,
} from "./site-settings";

const valid: SiteSettings = {
  currentSeasonYear: 2026,
  contactEmail: "lienhe@example.org",
  contactPhone: "+84 28 3822 6868",
  social: {
    website: "https://example.org",
    email: "",
    facebook: "",
    youtube: "",
    linkedin: "",
    tiktok: "",
  },
  chatWidget: { provider: "none", accountId: "" },
  seo: {
    vi: { title: "", description: "", image: "" },
    en: { title: "", description: "", image: "" },
  },
  payments: DEFAULT_PAYMENT_SETTINGS,
};

/** The i18n keys of the problems zod reports, by field path. */
function problems(input: unknown): Record<string, string> {
  const result = siteSettingsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("siteSettingsSchema", () => {
  it("accepts valid settings", () => {
    expect(siteSettingsSchema.parse(valid)).toEqual(valid);
  });

  it("fills in empty social links and a disabled chat widget", () => {
    const { social: _social, chatWidget: _chat, ...rest } = valid;
    const parsed = siteSettingsSchema.parse({ ...rest, social: {}, chatWidget: {} });
    expect(parsed.social.facebook).toBe("");
    expect(parsed.chatWidget).toEqual({ provider: "none", accountId: "" });
  });

  it("rejects a malformed contact email with an i18n key", () => {
    expect(problems({ ...valid, contactEmail: "not-an-email" })).toEqual({
      contactEmail: "validation.email",
    });
  });

  it("rejects a malformed social email and URL with i18n keys", () => {
    expect(
      problems({ ...valid, social: { ...valid.social, email: "a@", website: "example dot org" } }),
    ).toEqual({ "social.email": "validation.email", "social.website": "validation.url" });
  });

  it("accepts http(s) and mailto social links, trimming the spaces around them", () => {
    const social = {
      ...valid.social,
      website: "  https://vanxuan.example/gioi-thieu ",
      facebook: "HTTPS://facebook.com/vanxuanawards",
      youtube: "http://youtube.com/@vanxuan",
      linkedin: "mailto:lienhe@vanxuan.example",
    };
    expect(problems({ ...valid, social })).toEqual({});
    expect(siteSettingsSchema.parse({ ...valid, social }).social.website).toBe(
      "https://vanxuan.example/gioi-thieu",
    );
  });

  it("refuses javascript:, data: and other schemes in any case, with whitespace or control characters", () => {
    const attacks = [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "  javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      "\u0001\u001fjavascript:alert(1)",
      "javascript\u0000:alert(1)",
      "\u00a0javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "DATA:text/html,<script>alert(1)</script>",
      " d\ta\rta:text/html,x",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
    ];
    for (const attack of attacks) {
      expect(linkProblem(attack), JSON.stringify(attack)).toBe("scheme");
      expect(isSafeLink(attack), JSON.stringify(attack)).toBe(false);
      expect(
        problems({ ...valid, social: { ...valid.social, facebook: attack } }),
        JSON.stringify(attack),
      ).toEqual({ "social.facebook": "validation.urlScheme" });
    }
  });

  it("refuses addresses that are not links at all, and https links with spaces inside", () => {
    for (const bad of ["facebook.com/vanxuan", "https://", "https://exa mple.org", "mailto:"]) {
      expect(linkProblem(bad), bad).toBe("url");
    }
    expect(isSafeLink("https://facebook.com/vanxuanawards")).toBe(true);
    expect(isSafeLink("mailto:lienhe@vanxuan.example")).toBe(true);
  });

  it("accepts no phone (the footer hides it) but rejects letters in one", () => {
    expect(problems({ ...valid, contactPhone: "   " })).toEqual({});
    expect(problems({ ...valid, contactPhone: "call us" })).toEqual({
      contactPhone: "validation.phone",
    });
  });

  it("rejects a chat account id with unsafe characters", () => {
    expect(
      problems({
        ...valid,
        chatWidget: { provider: "zalo", accountId: "a/b?c" },
      }),
    ).toEqual({
      "chatWidget.accountId": "validation.chatAccountId",
    });
  });

  it("every message is an i18n key", () => {
    const messages = Object.values(
      problems({
        ...valid,
        contactEmail: "x",
        contactPhone: "abc",
        social: { ...valid.social, youtube: "nope", email: "nope" },
        chatWidget: { provider: "messenger", accountId: "x".repeat(101) },
      }),
    );
    expect(messages.length).toBeGreaterThanOrEqual(5);
    for (const message of messages) expect(message).toMatch(/^validation\.\w+$/);
  });
});

describe("siteSettingsFormSchema (the settings page's flat form)", () => {
  const form = settingsToForm(valid);
  const formProblems = (input: Record<string, string>) => {
    const result = siteSettingsFormSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  const required = [
    "contactEmail",
    "paymentBankBin",
    "paymentBankName",
    "paymentAccountNumber",
    "paymentAccountHolder",
    "paymentExpiryHours",
  ];

  it("says a required field left empty (or blank) is required, not that it is invalid", () => {
    for (const field of required) {
      for (const empty of ["", "   "]) {
        expect(formProblems({ ...form, [field]: empty }), `${field}: "${empty}"`).toEqual({
          [field]: "validation.required",
        });
      }
    }
  });

  it("keeps each field's own rule once it is filled", () => {
    expect(
      formProblems({
        ...form,
        contactEmail: "not-an-email",
        paymentBankBin: "12345",
        paymentAccountNumber: "12 34",
        paymentExpiryHours: "0",
      }),
    ).toEqual({
      contactEmail: "validation.email",
      paymentBankBin: "validation.bankBin",
      paymentAccountNumber: "validation.bankAccount",
      paymentExpiryHours: "validation.paymentExpiry",
    });
    expect(siteSettingsFormSchema.parse({ ...form, contactEmail: " lienhe@example.org " })).toEqual(
      expect.objectContaining({ contactEmail: "lienhe@example.org", paymentExpiryHours: 72 }),
    );
  });

  it("asks for the chat account once a chat widget is chosen", () => {
    for (const chatProvider of ["messenger", "zalo"]) {
      expect(formProblems({ ...form, chatProvider, chatAccountId: " " })).toEqual({
        chatAccountId: "adminPlatform.validation.chatAccountRequired",
      });
    }
    expect(formProblems({ ...form, chatProvider: "none", chatAccountId: "" })).toEqual({});
    expect(formProblems({ ...form, chatProvider: "zalo", chatAccountId: "4318257" })).toEqual({});
  });

  it("leaves optional fields optional", () => {
    expect(formProblems({ ...form, contactPhone: "", socialEmail: "", seoTitleVi: "" })).toEqual(
      {},
    );
  });
});

describe("chat widget", () => {
  it("has no URL until both a provider and an account are set", () => {
    expect(chatWidgetUrl({ provider: "none", accountId: "vanxuan" })).toBeNull();
    expect(chatWidgetUrl({ provider: "messenger", accountId: "" })).toBeNull();
    expect(chatWidgetUrl({ provider: "zalo", accountId: "" })).toBeNull();
    expect(isChatWidgetConfigured({ provider: "none", accountId: "" })).toBe(false);
  });

  it("leads to the Messenger conversation", () => {
    expect(chatWidgetUrl({ provider: "messenger", accountId: "vanxuanawards" })).toBe(
      "https://m.me/vanxuanawards",
    );
  });

  it("leads to the Zalo Official Account", () => {
    expect(chatWidgetUrl({ provider: "zalo", accountId: "4318765432109876" })).toBe(
      "https://zalo.me/4318765432109876",
    );
  });

  it("trims the account id when parsed through the schema", () => {
    const { chatWidget } = siteSettingsSchema.parse({
      ...valid,
      chatWidget: { provider: "messenger", accountId: "  van.xuan  " },
    });
    expect(chatWidgetUrl(chatWidget)).toBe("https://m.me/van.xuan");
  });
});
