import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { formatVietnamDateTime } from "../core/dates";
import { BACK_OFFICE_SECTIONS, type BackOfficeSection } from "../core/roles";
import { identityHttpApp, localized, text } from "./test-support/identity-http";
import { mailRetries } from "./modules/mail/retries";
import { queuedMailSent, withOutboxBlocked } from "./test-support/mail";
import {
  individualProfile,
  postSignIn,
  sessionCookieOf,
  signInThroughForm,
  TEST_ORIGIN,
  TEST_PASSWORD,
  WHO,
} from "./test-support/sign-in";
import { TEST_NOW } from "./test-support/signed-in-app";

// The identity rules as a browser meets them: back-office access by role, CSRF, the HTML
// cache and signed-in pages, and account forms rendered on the server. Registration, sign-in
// and the /api/auth door over HTTP have files of their own beside this one.

/** Every back-office section's path (web/routes.ts), checked against core/roles.ts below. */
const SECTION_PATHS: Record<BackOfficeSection, string> = {
  dashboard: "/quan-tri",
  entries: "/quan-tri/bai-du-thi",
  registrants: "/quan-tri/thi-sinh",
  content: "/quan-tri/noi-dung",
  payments: "/quan-tri/thanh-toan",
  judging: "/quan-tri/cham-giai",
  seasons: "/quan-tri/mua-giai",
  settings: "/quan-tri/cai-dat",
  users: "/quan-tri/nguoi-dung",
  outbox: "/quan-tri/hop-thu",
  audit: "/quan-tri/nhat-ky",
};

const http = identityHttpApp();
const { cookies, request } = http;

describe("back office access", () => {
  it("lists every section of core/roles.ts", () => {
    expect(Object.keys(SECTION_PATHS).sort()).toEqual(Object.keys(BACK_OFFICE_SECTIONS).sort());
  });

  const cases = (Object.keys(SECTION_PATHS) as BackOfficeSection[]).flatMap((section) =>
    (["vi", "en"] as const).map((lang) => ({
      section,
      lang,
      url: localized(SECTION_PATHS[section], lang),
    })),
  );

  it.each(cases)(
    "$url: visitors to sign in, entrants refused, staff by role",
    async ({ section, lang, url }) => {
      const allowed = BACK_OFFICE_SECTIONS[section] as readonly string[];
      for (const who of WHO) {
        const cookie = cookies.get(who);
        const response = await request("GET", url, cookie ? { cookie } : {});
        const outcome = `${who} → ${response.statusCode} ${response.headers.location ?? ""}`;
        if (who === "visitor") {
          expect(outcome).toBe(
            `visitor → 302 ${localized("/quan-tri/dang-nhap", lang)}?next=${encodeURIComponent(url)}`,
          );
        } else if (allowed.includes(who)) {
          expect(outcome).toBe(`${who} → 200 `);
          expect(response.body).toContain(text(lang, `admin.sections.${section}`));
          expect(response.headers["x-html-cache"]).toBeUndefined();
        } else {
          expect(outcome).toBe(`${who} → 403 `);
          // The refusal shows no back-office content.
          expect(response.body).not.toContain("admin__nav");
        }
      }
    },
  );

  it("shows admins the outbox with the mail the site sent", async () => {
    await request("POST", "/quen-mat-khau", {
      form: { email: "entrant@example.vn" },
      headers: { origin: TEST_ORIGIN },
    });
    // The reset email is filed just after the answer.
    await queuedMailSent(http.db);
    for (const lang of ["vi", "en"] as const) {
      const response = await request("GET", localized("/quan-tri/hop-thu", lang), {
        cookie: cookies.get("admin")!,
      });
      expect(response.statusCode).toBe(200);
      const outbox = text(lang, "admin.sections.outbox");
      // A back-office page: its title, its breadcrumbs back to the dashboard, its one heading.
      expect(response.body).toMatch(new RegExp(`<title>${outbox}[^<]*</title>`));
      expect(response.body).toContain(`aria-label="${text(lang, "adminKit.breadcrumbs")}"`);
      expect(response.body).toContain(`<span aria-current="page">${outbox}</span>`);
      expect(response.body).toMatch(new RegExp(`<h1[^>]*>${outbox}</h1>`));
      // Each email with the time it went, DD/MM/YYYY HH:mm in Vietnam time.
      const row = /<tr><td>([^<]*)<\/td><td>entrant@example\.vn<\/td>/.exec(response.body);
      expect(row?.[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    }
  });

  it("shows admins the emails not sent yet, and sends them again when asked", async () => {
    // Filing the message fails for now: the mail job's attempt, just after the answer, fails.
    const answer = await withOutboxBlocked(path.join(http.dataDir, "outbox"), async () => {
      const answered = await request("POST", "/en/quen-mat-khau", {
        form: { email: "entrant@example.vn" },
        headers: { origin: TEST_ORIGIN },
      });
      await queuedMailSent(http.db);
      return answered;
    });
    // The entrant is told what any request is told: the email is on its way.
    expect(answer.statusCode).toBeLessThan(400);
    const admin = { cookie: cookies.get("admin")! };
    // And one queued by a publication, not tried yet (due a second from the app's clock, so
    // the app's own mail job leaves it to "send again now").
    await mailRetries(http.db.kysely).queue(
      [
        {
          id: "0000000000001-queued",
          messageId: "<0000000000001-queued@vanxuan-awards.example>",
          createdAt: TEST_NOW.toISOString(),
          from: "no-reply@vanxuan-awards.example",
          to: "queued@example.vn",
          subject: "Entry status",
          text: "Queued",
          html: "<p>Queued</p>",
          replyTo: null,
          template: "entryStatusChanged",
          lang: "en",
        },
      ],
      new Date(TEST_NOW.getTime() + 1_000),
    );

    const waiting = await request("GET", "/en/quan-tri/hop-thu", admin);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain(text("en", "admin.outboxUndelivered"));
    const row = /<tr><td>[^<]*<\/td><td>entrant@example\.vn<\/td>.*?<\/tr>/.exec(waiting.body);
    expect(row?.[0]).toContain(">1</td>");
    // The next attempt a minute after the first, in Vietnam time.
    expect(row?.[0]).toContain(
      formatVietnamDateTime(new Date(TEST_NOW.getTime() + 60_000).toISOString()),
    );
    expect(row?.[0]).not.toContain("token");
    const queued = /<tr><td>[^<]*<\/td><td>queued@example\.vn<\/td>.*?<\/tr>/.exec(waiting.body);
    expect(queued?.[0]).toContain(">0</td>");
    expect(queued?.[0]).toContain(`<td>${text("en", "admin.outboxQueued")}</td><td>—</td>`);

    expect(waiting.body).toContain(text("en", "admin.outboxRetryNow"));

    // "Send again now": only staff with the outbox section may; the others change nothing.
    const retryNow = { form: { intent: "retryNow" }, headers: { origin: TEST_ORIGIN } };
    for (const who of ["entrant", "editor"] as const) {
      const refusedAnswer = await request("POST", "/en/quan-tri/hop-thu", {
        ...retryNow,
        cookie: cookies.get(who)!,
      });
      expect(refusedAnswer.statusCode, who).toBeGreaterThanOrEqual(300);
      expect(refusedAnswer.headers.location ?? "", who).not.toContain("outboxRetried");
    }
    const stillWaiting = await request("GET", "/en/quan-tri/hop-thu", admin);
    expect(stillWaiting.body).toContain(text("en", "admin.outboxUndelivered"));

    const sentNow = await request("POST", "/en/quan-tri/hop-thu", { ...retryNow, ...admin });
    expect(sentNow.statusCode).toBe(302);
    expect(sentNow.headers.location).toBe("/en/quan-tri/hop-thu?notice=admin.outboxRetriedAll");
    const sent = await request("GET", sentNow.headers.location!, admin);
    expect(sent.body).not.toContain(text("en", "admin.outboxUndelivered"));
    expect(sent.body).toContain(text("en", "admin.outboxRetriedAll"));
    const audited = await http.db.kysely
      .selectFrom("audit_log")
      .select(["actor_email", "summary"])
      .where("action", "=", "mail.retryNow")
      .execute();
    expect(audited).toEqual([
      {
        actor_email: "admin@vanxuan-awards.example",
        summary: JSON.stringify({ sent: 2, waiting: 0, givenUp: 0 }),
      },
    ]);
  });

  it("shows staff who they are, with only their sections in the navigation", async () => {
    const response = await request("GET", "/en/quan-tri", { cookie: cookies.get("finance")! });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("finance@vanxuan-awards.example");
    expect(response.body).toContain('href="/en/quan-tri/thanh-toan"');
    expect(response.body).not.toContain('href="/en/quan-tri/hop-thu"');
  });
});

describe("cross-site requests", () => {
  it("refuses a POST without an Origin (or any same-site sign) and with a foreign Origin", async () => {
    const form = { email: "admin@vanxuan-awards.example", password: TEST_PASSWORD };
    const none = await request("POST", "/quan-tri/dang-nhap", { form });
    expect(none.statusCode).toBe(403);
    const foreign = await request("POST", "/quan-tri/dang-nhap", {
      form,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(sessionCookieOf(foreign)).toBe("");
    const crossSite = await request("POST", "/dang-xuat", {
      cookie: cookies.get("entrant")!,
      headers: { "sec-fetch-site": "cross-site", referer: "https://evil.example/" },
    });
    expect(crossSite.statusCode).toBe(403);
    // The forged sign-out did not end the session.
    const still = await request("GET", "/tai-khoan", { cookie: cookies.get("entrant")! });
    expect(still.statusCode).toBe(200);
  });
});

describe("the HTML cache and signed-in pages", () => {
  it("never serves or stores a signed-in page through the anonymous cache", async () => {
    const cookie = cookies.get("entrant")!;
    http.app.htmlCache.clear();
    const signedIn = await request("GET", "/", { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["x-html-cache"]).toBeUndefined();

    const anonymous = await request("GET", "/");
    expect(anonymous.headers["x-html-cache"]).toBe("miss");
    const cached = await request("GET", "/");
    expect(cached.headers["x-html-cache"]).toBe("hit");
    for (const page of [anonymous.body, cached.body]) {
      expect(page).not.toContain("Phạm Thị Riêng Tư");
      expect(page).not.toContain("entrant@example.vn");
    }

    // With the anonymous page cached, the signed-in visitor still gets their own.
    const again = await request("GET", "/", { cookie });
    expect(again.headers["x-html-cache"]).toBeUndefined();
    const dashboard = await request("GET", "/tai-khoan", { cookie });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain("Phạm Thị Riêng Tư");
    expect(dashboard.headers["x-html-cache"]).toBeUndefined();
  });
});

describe("account forms before (or without) JavaScript", () => {
  it("render the stored profile into the edit form's inputs", async () => {
    const response = await request("GET", "/tai-khoan/ho-so", { cookie: cookies.get("entrant")! });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('value="Phạm Thị Riêng Tư"');
    expect(response.body).toContain('value="1 Tràng Tiền, Hà Nội"');
  });

  it("carry the reset link's token in the new-password form", async () => {
    const response = await request("GET", "/dat-lai-mat-khau?token=tok_abc123");
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<input[^>]*type="hidden"[^>]*value="tok_abc123"/);
  });
});

describe("the signed-in person of a request", () => {
  /** The form's inputs as a browser would post them back. */
  function inputsOf(html: string): Record<string, string> {
    const values: Record<string, string> = {};
    for (const [, name, value] of html.matchAll(/<input[^>]*name="(\w+)"[^>]*value="([^"]*)"/g)) {
      values[name!] = value!.replaceAll("&amp;", "&");
    }
    return values;
  }

  it("is looked up once for all the loaders of a page", async () => {
    const spy = vi.spyOn(http.app.services.identity, "currentUser");
    try {
      const dashboard = await request("GET", "/tai-khoan", { cookie: cookies.get("entrant")! });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.body).toContain("Phạm Thị Riêng Tư");
      // The root loader (the header's account menu) and the dashboard's loader.
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("keep the language the account's emails are written in, changed on the account page", async () => {
    const cookie = cookies.get("entrant")!;
    const langOf = async () =>
      (
        await http.db.kysely
          .selectFrom("user")
          .select("lang")
          .where("email", "=", "entrant@example.vn")
          .executeTakeFirstOrThrow()
      ).lang;
    const page = await request("GET", "/tai-khoan", { cookie });
    expect(page.body).toContain(text("vi", "account.emailLanguage"));
    expect(await langOf()).toBe("vi");
    try {
      const refused = await request("POST", "/tai-khoan", {
        cookie,
        headers: { origin: TEST_ORIGIN },
        form: { intent: "changeEmailLanguage", emailLang: "fr" },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(text("vi", "validation.emailLanguage"));
      expect(await langOf()).toBe("vi");
      const saved = await request("POST", "/tai-khoan", {
        cookie,
        headers: { origin: TEST_ORIGIN },
        form: { intent: "changeEmailLanguage", emailLang: "en" },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain(text("vi", "account.emailLanguageSaved"));
      expect(await langOf()).toBe("en");
      // The page shows the stored choice.
      expect(saved.body).toMatch(/<option value="en" selected="">English<\/option>/);
    } finally {
      await http.db.kysely
        .updateTable("user")
        .set({ lang: "vi" })
        .where("email", "=", "entrant@example.vn")
        .execute();
    }
  });

  it("is read again after an action changed them (a form posted without JavaScript)", async () => {
    const cookie = cookies.get("entrant")!;
    const form = await request("GET", "/tai-khoan/ho-so", { cookie });
    const original = inputsOf(form.body);
    expect(original.address).toBe("1 Tràng Tiền, Hà Nội");
    try {
      const saved = await request("POST", "/tai-khoan/ho-so", {
        cookie,
        headers: { origin: TEST_ORIGIN },
        form: { ...original, address: "2 Tràng Tiền, Hà Nội" },
      });
      expect(saved.statusCode).toBe(200);
      // The page rendered after the action shows the stored address, not the one before it.
      expect(saved.body).toContain('value="2 Tràng Tiền, Hà Nội"');
    } finally {
      const restored = await request("POST", "/tai-khoan/ho-so", {
        cookie,
        headers: { origin: TEST_ORIGIN },
        form: original,
      });
      expect(restored.body).toContain('value="1 Tràng Tiền, Hà Nội"');
    }
  });
});

describe("a change of email from the account page", () => {
  /**
   * An entrant (emails in `lang`) signed in at the account page who asks to move to `newEmail`;
   * the session cookie and the link mailed to the new address.
   */
  async function askedToChange(
    lang: "vi" | "en",
    email: string,
    newEmail: string,
    name: string,
    /** The language of the pages the change is asked on; the emails' by default. */
    pageLang: "vi" | "en" = lang,
  ) {
    const { identity } = http.app.services;
    const userId = await identity.createEntrant({
      email,
      password: TEST_PASSWORD,
      profile: individualProfile(name, "3 Tràng Tiền, Hà Nội"),
    });
    await identity.setEmailLanguage(userId, lang);
    const cookie = await signInThroughForm(
      http.app,
      localized("/dang-nhap", pageLang),
      email,
      TEST_PASSWORD,
    );
    const asked = await request("POST", localized("/tai-khoan", pageLang), {
      cookie,
      headers: { origin: TEST_ORIGIN },
      form: { intent: "changeEmail", newEmail, currentPassword: TEST_PASSWORD },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(text(pageLang, "account.emailChangeSent"));
    const mail = await http.outboxMail(newEmail, "emailChange");
    expect(mail.lang).toBe(lang);
    const link = new URL(
      mail.text.split(/\s+/).find((word) => word.includes("/api/auth/verify-email?"))!,
    );
    return { userId, cookie, link };
  }
  it.each(["vi", "en"] as const)(
    "ends with the new address confirmed and the old one told (%s)",
    async (lang) => {
      const oldEmail = `doi-email-${lang}@example.vn`;
      const newEmail = `doi-email-${lang}-moi@example.vn`;
      const { userId, cookie, link } = await askedToChange(lang, oldEmail, newEmail, "Đỗ Thị Mai");
      const followed = await request("GET", link.pathname + link.search, { cookie });
      expect(followed.statusCode).toBe(302);
      const landing = new URL(String(followed.headers.location), TEST_ORIGIN);
      expect(landing.pathname + landing.search).toBe(localized("/tai-khoan?emailChanged=1", lang));

      const page = await request("GET", landing.pathname + landing.search, { cookie });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(text(lang, "account.emailChanged", { email: newEmail }));
      expect(page.body).not.toContain(text(lang, "account.verifyPrompt", { email: newEmail }));
      const row = await http.db.kysely
        .selectFrom("user")
        .select(["email", "emailVerified"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect({ email: row.email, verified: Boolean(row.emailVerified) }).toEqual({
        email: newEmail,
        verified: true,
      });
      // The old address is told, in the account's language; the new one needs no second link.
      const notice = await http.outboxMail(oldEmail, "emailChanged");
      expect(notice.lang).toBe(lang);
      expect(notice.text).toContain(newEmail);
      await expect(http.outboxMail(newEmail, "verification")).rejects.toThrow(/no verification/);

      // A link that could not be used (here: opened without this account's session) says so.
      const failed = await request(
        "GET",
        localized("/tai-khoan?emailChanged=1?error=unauthorized", lang),
        { cookie },
      );
      expect(failed.body).toContain(
        text(lang, "account.emailChangeLinkFailed", { email: newEmail }),
      );
      expect(failed.body).not.toContain(text(lang, "account.emailChanged", { email: newEmail }));
    },
  );

  it.each(["vi", "en"] as const)(
    "opened where the account is not signed in, asks to sign in there and then finishes (%s)",
    async (lang) => {
      const oldEmail = `doi-email-may-khac-${lang}@example.vn`;
      const newEmail = `doi-email-may-khac-${lang}-moi@example.vn`;
      const { userId, link } = await askedToChange(lang, oldEmail, newEmail, "Lê Văn Hai Máy");
      const linkPath = link.pathname + link.search;

      // Another browser, no session: the sign-in page in the link's language, coming back here.
      const opened = await request("GET", linkPath);
      expect(opened.statusCode).toBe(302);
      const signIn = String(opened.headers.location);
      expect(signIn).toBe(`${localized("/dang-nhap", lang)}?next=${encodeURIComponent(linkPath)}`);
      const page = await request("GET", signIn);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(text(lang, "account.signInToFinishEmailChange"));
      // Nothing changed yet.
      const before = await http.db.kysely
        .selectFrom("user")
        .select("email")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(before.email).toBe(oldEmail);

      const signedIn = await postSignIn(http.app, signIn, oldEmail, TEST_PASSWORD);
      expect(signedIn.statusCode).toBe(302);
      expect(signedIn.headers.location).toBe(linkPath);
      const phoneCookie = sessionCookieOf(signedIn)!;
      const followed = await request("GET", linkPath, { cookie: phoneCookie });
      expect(followed.statusCode).toBe(302);
      const landing = new URL(String(followed.headers.location), TEST_ORIGIN);
      expect(landing.pathname + landing.search).toBe(localized("/tai-khoan?emailChanged=1", lang));
      const after = await http.db.kysely
        .selectFrom("user")
        .select(["email", "emailVerified"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect({ email: after.email, verified: Boolean(after.emailVerified) }).toEqual({
        email: newEmail,
        verified: true,
      });
      // A plain sign-in page carries no such notice.
      const plain = await request("GET", localized("/dang-nhap", lang));
      expect(plain.body).not.toContain(text(lang, "account.signInToFinishEmailChange"));
    },
  );

  it.each([
    ["en", "vi"],
    ["vi", "en"],
  ] as const)(
    "leads to pages in the language its email is written in (%s), whichever page asked (%s)",
    async (lang, pageLang) => {
      const oldEmail = `doi-email-ngon-ngu-${lang}@example.vn`;
      const newEmail = `doi-email-ngon-ngu-${lang}-moi@example.vn`;
      const { cookie, link } = await askedToChange(
        lang,
        oldEmail,
        newEmail,
        "Trần Hai Thứ Tiếng",
        pageLang,
      );
      const linkPath = link.pathname + link.search;
      // Opened on another device: the sign-in page the reader of this email can read.
      const opened = await request("GET", linkPath);
      expect(opened.headers.location).toBe(
        `${localized("/dang-nhap", lang)}?next=${encodeURIComponent(linkPath)}`,
      );
      const followed = await request("GET", linkPath, { cookie });
      const landing = new URL(String(followed.headers.location), TEST_ORIGIN);
      expect(landing.pathname + landing.search).toBe(localized("/tai-khoan?emailChanged=1", lang));
    },
  );

  it.each(["vi", "en"] as const)(
    "says so when the new address became another account's before the link was opened (%s)",
    async (lang) => {
      const { identity } = http.app.services;
      const email = `doi-email-bi-chiem-${lang}@example.vn`;
      const wanted = `dia-chi-bi-chiem-${lang}@example.vn`;
      const { userId, cookie, link } = await askedToChange(lang, email, wanted, "Đỗ Văn Chậm");
      // Before the link is opened, the address gets an account of its own.
      await identity.createEntrant({
        email: wanted,
        password: TEST_PASSWORD,
        profile: individualProfile("Người Đến Trước", "6 Tràng Tiền, Hà Nội"),
      });

      const followed = await request("GET", link.pathname + link.search, { cookie });
      expect(followed.statusCode).toBe(302);
      const landing = String(followed.headers.location);
      expect(landing).toBe(localized("/tai-khoan?emailChanged=1&error=email_taken", lang));
      const page = await request("GET", landing, { cookie });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(text(lang, "account.emailChangeTaken", { email }));
      expect(page.body).not.toContain(text(lang, "account.emailChangeLinkFailed", { email }));
      expect(page.body).not.toContain(text(lang, "account.emailChanged", { email: wanted }));
      const row = await http.db.kysely
        .selectFrom("user")
        .select("email")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(email);
    },
  );
});
