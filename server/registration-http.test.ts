import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatVietnamDateTime } from "../core/dates";
import { LIMITS } from "./modules/identity/rate-limit";
import { multipart, type MultipartBody } from "./test-support/http";
import { heavyWork } from "./cpu-gate";
import { identityHttpApp, localized, text } from "./test-support/identity-http";
import { holdHeavyWork } from "./test-support/races";
import { sessionCookieOf, TEST_ORIGIN, TEST_PASSWORD } from "./test-support/sign-in";
import { TEST_NOW } from "./test-support/signed-in-app";

// Registration as a browser meets it: refusals that keep what was typed (and store no file),
// the same answer for a taken address, and an enterprise with its licence through to the
// emailed confirmation link.

const http = identityHttpApp();
const { request, signIn, outboxMail } = http;

/** A multipart form POSTed as a browser on this site does. */
const postMultipart = (url: string, body: MultipartBody, ip?: string) =>
  request("POST", url, {
    multipart: body,
    headers: { origin: TEST_ORIGIN },
    ...(ip ? { ip } : {}),
  });

/** Every file under a folder (the stored uploads in the app's data dir). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("registration form refusals", () => {
  it("answers invalid fields with 400, the values kept (not the password) and errors on the fields", async () => {
    const response = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: {
        type: "individual",
        fullName: "Nguyễn Văn Giữ Lại",
        phone: "0912 345 678",
        email: "khong-phai-email",
        address: "",
        password: "bi-mat-khong-hien",
      },
    });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('value="Nguyễn Văn Giữ Lại"');
    expect(html).toContain('value="khong-phai-email"');
    expect(html).toContain('value="0912 345 678"');
    expect(html).not.toContain("bi-mat-khong-hien");
    expect(html).toContain(text("vi", "validation.email"));
    expect(html).toContain(text("vi", "validation.required"));
    expect(html).toContain(text("vi", "validation.acceptRules"));
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("keeps the English page's values and speaks English", async () => {
    const response = await request("POST", "/en/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: {
        type: "enterprise",
        companyName: "Minh Phat Advertising",
        taxCode: "0100233480",
        email: "entrant@example.vn",
        password: "short",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Minh Phat Advertising"');
    expect(response.body).toContain('value="0100233480"');
    expect(response.body).not.toContain('value="short"');
    expect(response.body).toContain(text("en", "validation.acceptRules"));
  });

  it("answers an email that already has an account exactly like a new one: check your email", async () => {
    const form = (email: string) => ({
      type: "individual",
      fullName: "Người Đến Sau",
      phone: "0912345678",
      email,
      address: "2 Hàng Bài, Hà Nội",
      password: "mot-mat-khau-du-dai",
      acceptRules: "on",
    });
    const taken = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: form("entrant@example.vn"),
      ip: "192.0.2.31",
    });
    const fresh = await request("POST", "/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: form("nguoi-moi@example.vn"),
      ip: "192.0.2.31",
    });
    for (const response of [taken, fresh]) {
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/dang-ky-du-thi?sent=1");
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(response.body).toBe(fresh.body);
    }
    const page = await request("GET", "/dang-ky-du-thi?sent=1");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text("vi", "account.registrationSent"));
    // The owner of the taken address is told, the new address gets its confirmation.
    expect((await outboxMail("entrant@example.vn", "registrationAttempt")).lang).toBe("vi");
    expect((await outboxMail("nguoi-moi@example.vn", "verification")).lang).toBe("vi");
  });

  it.each(["vi", "en"] as const)(
    "answers two registrations of one new address at the same moment alike: one account, the other as a taken address (%s)",
    async (lang) => {
      const email = `cung-luc-${lang}@example.vn`;
      const register = (ip: string) =>
        request("POST", localized("/dang-ky-du-thi", lang), {
          headers: { origin: TEST_ORIGIN },
          form: {
            type: "individual",
            fullName: "Người Cùng Lúc",
            phone: "0912345678",
            email,
            address: "2 Hàng Bài, Hà Nội",
            password: "mot-mat-khau-du-dai",
            acceptRules: "on",
          },
          ip,
        });
      // Both check the address, then wait at their password's hash (held here) with every slot
      // of the gate taken and one holder queued: both found the address free.
      const gate = holdHeavyWork();
      const racing = [register("192.0.2.41"), register("192.0.2.42")];
      for (let tries = 0; heavyWork.load().waiting < 3; tries += 1) {
        if (tries > 500) throw new Error("the registrations never reached the hash");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await gate.release();
      const responses = await Promise.all(racing);
      // The address that has its account by now: the check's own answer.
      const later = await register("192.0.2.43");
      for (const response of [...responses, later]) {
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(localized("/dang-ky-du-thi?sent=1", lang));
        expect(response.headers["set-cookie"]).toBeUndefined();
        expect(response.body).toBe(later.body);
      }
      expect(
        await http.db.kysely.selectFrom("user").select("id").where("email", "=", email).execute(),
      ).toHaveLength(1);
      const page = await request("GET", localized("/dang-ky-du-thi?sent=1", lang));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(text(lang, "account.registrationSent"));
      expect((await outboxMail(email, "verification")).lang).toBe(lang);
      expect((await outboxMail(email, "registrationAttempt")).lang).toBe(lang);
    },
  );

  it("stores no licence for a refused registration (12 invalid tries with a 2 MiB PDF)", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n"),
      Buffer.alloc(2 * 1024 * 1024, 0x20),
      Buffer.from("\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
    ]);
    const filesBefore = filesUnder(http.dataDir).length;
    const rowsBefore = (await http.db.kysely.selectFrom("files").select("id").execute()).length;
    const post = (fields: Record<string, string>, ip: string) =>
      postMultipart(
        "/dang-ky-du-thi",
        multipart(fields, { field: "licence", name: "giay-phep.pdf", data: pdf }),
        ip,
      );
    const company = {
      type: "enterprise",
      companyName: "Công ty Thử Nghiệm",
      businessRegistrationNumber: "0314409058",
      taxCode: "0314409058",
      representativeName: "Lê Văn Thử",
      phone: "028 3822 1234",
      address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
      password: TEST_PASSWORD,
      acceptRules: "on",
      licenceFileId: "selected",
    };
    for (let i = 0; i < 12; i += 1) {
      const response = await post({ ...company, email: "khong-phai-email" }, "192.0.2.32");
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(text("vi", "validation.email"));
    }
    // A valid form over the per-IP registration limit is refused before the file is stored.
    for (let i = 0; i < LIMITS.registrationPerIp.limit; i += 1) {
      await http.app.services.limiter.consume("register:ip:192.0.2.33", LIMITS.registrationPerIp);
    }
    const limited = await post({ ...company, email: "gioi-han@example.vn" }, "192.0.2.33");
    expect(limited.statusCode).toBe(429);
    expect(filesUnder(http.dataDir).length).toBe(filesBefore);
    expect((await http.db.kysely.selectFrom("files").select("id").execute()).length).toBe(
      rowsBefore,
    );
  });
});

describe("registration over HTTP", () => {
  const enterprise = {
    type: "enterprise",
    companyName: "Công ty TNHH Quảng cáo Minh Phát",
    businessRegistrationNumber: "0314409058",
    taxCode: "0314409058",
    representativeName: "Lê Thị Bích",
    phone: "028 3822 1234",
    email: "minh-phat@example.vn",
    address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
    password: TEST_PASSWORD,
    acceptRules: "on",
    licenceFileId: "selected",
  };
  it("refuses a text file named .pdf as the licence, by its content, keeping the rest", async () => {
    const response = await postMultipart(
      "/dang-ky-du-thi",
      multipart(enterprise, {
        field: "licence",
        name: "giay-phep.pdf",
        data: Buffer.from("Đây không phải là tệp PDF.\n"),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text("vi", "validation.licenceType"));
    expect(response.body).toContain(`value="${enterprise.companyName}"`);
    expect(response.body).not.toContain(TEST_PASSWORD);
    expect(
      await http.db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", enterprise.email)
        .execute(),
    ).toEqual([]);
  });

  it("takes a PDF licence up to 50 MB and holds a scan to 20 MB, by its content", async () => {
    const MiB = 1024 * 1024;
    const pngHeader = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const registrationOf = (email: string) =>
      http.db.kysely
        .selectFrom("registrants")
        .innerJoin("user", "user.id", "registrants.user_id")
        .innerJoin("files", "files.id", "registrants.licence_file_id")
        .select(["files.mime", "files.bytes"])
        .where("user.email", "=", email)
        .execute();

    // A PNG scan one byte over 20 MB, even named .pdf, is refused with the message in Vietnamese.
    const bigScan = await postMultipart(
      "/dang-ky-du-thi",
      multipart(
        { ...enterprise, email: "scan-lon@example.vn" },
        {
          field: "licence",
          name: "giay-phep.pdf",
          data: Buffer.concat([pngHeader, Buffer.alloc(20 * MiB + 1 - pngHeader.length)]),
        },
      ),
      "203.0.113.61",
    );
    expect(bigScan.statusCode).toBe(400);
    expect(bigScan.body).toContain(text("vi", "validation.licenceTooLarge"));
    expect(await registrationOf("scan-lon@example.vn")).toEqual([]);

    // A 30 MB PDF is a document: kept whole.
    const size = 30 * MiB;
    const start = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n");
    const document = Buffer.concat([start, Buffer.alloc(size - start.length, 0x20)]);
    const kept = await postMultipart(
      "/dang-ky-du-thi",
      multipart(
        { ...enterprise, email: "pdf-lon@example.vn" },
        { field: "licence", name: "giay-phep.pdf", data: document },
      ),
      "203.0.113.62",
    );
    expect(kept.statusCode).toBe(302);
    expect(await registrationOf("pdf-lon@example.vn")).toEqual([
      { mime: "application/pdf", bytes: size },
    ]);

    // Over 50 MB: 413, said in English on the English page, with what was typed kept.
    const tooBig = await postMultipart(
      "/en/dang-ky-du-thi",
      multipart(
        { ...enterprise, email: "pdf-qua-lon@example.vn" },
        { field: "licence", name: "licence.pdf", data: Buffer.alloc(50 * MiB + 1, 0x25) },
      ),
      "203.0.113.63",
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toContain(text("en", "validation.licenceTooLarge"));
    expect(tooBig.body).toContain(`value="${enterprise.companyName}"`);
    expect(tooBig.body).not.toContain(TEST_PASSWORD);
  });

  it("registers an enterprise with a PDF licence, signs it in, and verifies through the emailed link", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    const response = await postMultipart(
      "/en/dang-ky-du-thi",
      multipart(enterprise, { field: "licence", name: "licence.pdf", data: pdf }),
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/en/dang-ky-du-thi?sent=1");
    expect(sessionCookieOf(response)).toBe("");

    const row = await http.db.kysely
      .selectFrom("registrants")
      .innerJoin("user", "user.id", "registrants.user_id")
      .innerJoin("files", "files.id", "registrants.licence_file_id")
      .select(["user.id as userId", "files.owner_user_id as owner", "files.mime", "user.lang"])
      .where("user.email", "=", enterprise.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner: row.userId, mime: "application/pdf", lang: "en" });

    const mail = await outboxMail(enterprise.email, "verification");
    expect(mail.lang).toBe("en");
    const link = mail.text.split(/\s+/).find((word) => word.includes("/api/auth/verify-email?"));
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(TEST_ORIGIN);
    // Before confirming, the account can sign in; the dashboard offers to resend the link.
    const signedIn = await signIn(enterprise.email, TEST_PASSWORD, "/en/dang-nhap");
    expect(signedIn.headers.location).toBe("/en/tai-khoan");
    const before = await request("GET", "/en/tai-khoan", { cookie: sessionCookieOf(signedIn) });
    expect(before.body).toContain('value="resendVerification"');

    // The emailed link confirms the address and signs the browser in.
    const followed = await request("GET", url.pathname + url.search);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${TEST_ORIGIN}/en/tai-khoan?verified=1`);
    const cookie = sessionCookieOf(followed);
    expect(cookie).toMatch(/session_token=/);
    const setCookie = String(followed.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const after = await request("GET", "/en/tai-khoan?verified=1", { cookie });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(text("en", "account.emailVerified"));
    expect(after.body).not.toContain('value="resendVerification"');
  });
});

describe("the confirmation link sent again", () => {
  it("leads to the account page in the language of its email, whichever page asked for it", async () => {
    const email = "gui-lai-tieng-anh@example.vn";
    const registered = await request("POST", "/en/dang-ky-du-thi", {
      headers: { origin: TEST_ORIGIN },
      form: {
        type: "individual",
        fullName: "Hoàng Gửi Lại",
        phone: "0912 345 678",
        email,
        address: "3 Tràng Tiền, Hà Nội",
        password: TEST_PASSWORD,
        acceptRules: "on",
      },
    });
    expect(registered.statusCode).toBe(302);
    expect((await outboxMail(email, "verification")).lang).toBe("en");
    // Signed in on a Vietnamese page, the entrant asks for the link again.
    const cookie = sessionCookieOf(await signIn(email, TEST_PASSWORD, "/dang-nhap"));
    const resent = await request("POST", "/tai-khoan", {
      cookie,
      headers: { origin: TEST_ORIGIN },
      form: { intent: "resendVerification" },
    });
    expect(resent.statusCode).toBe(200);
    const mail = await outboxMail(email, "verification");
    expect(mail.lang).toBe("en");
    const link = new URL(
      mail.text.split(/\s+/).find((word) => word.includes("/api/auth/verify-email?"))!,
    );
    const followed = await request("GET", link.pathname + link.search);
    expect(followed.headers.location).toBe(`${TEST_ORIGIN}/en/tai-khoan?verified=1`);
  });
});

describe("registration outside the season's window", () => {
  /** Moves the current season's registration window; the page asked for afresh each time. */
  async function windowOf(opens: string | null, closes: string | null) {
    const season = await http.app.services.seasons.current();
    await http.db.kysely
      .updateTable("seasons")
      .set({ registration_opens_at: opens, registration_closes_at: closes })
      .where("year", "=", season!.year)
      .execute();
    return season!.year;
  }
  let fresh = 0;
  const page = (path: string) => request("GET", `${path}?window=${(fresh += 1)}`);

  it("says when registration opens or closed instead of the form, and refuses a form sent anyway", async () => {
    const current = await http.app.services.seasons.current();
    const original = await http.db.kysely
      .selectFrom("seasons")
      .select(["registration_opens_at", "registration_closes_at"])
      .where("year", "=", current!.year)
      .executeTakeFirstOrThrow();
    const day = 86_400_000;
    try {
      const opens = new Date(Date.UTC(2099, 6, 14, 17, 0)).toISOString(); // 15/07/2099 00:00 VN
      const year = await windowOf(opens, null);
      const early = await page("/dang-ky-du-thi");
      expect(early.statusCode).toBe(200);
      expect(early.body).toContain(
        text("vi", "registration.window.opensOn", { year, date: "15/07/2099", time: "00:00" }),
      );
      expect(early.body).not.toContain('name="password"');

      const closed = new Date(TEST_NOW.getTime() - day);
      await windowOf(null, closed.toISOString());
      const [date, time] = formatVietnamDateTime(closed.toISOString()).split(" ");
      const late = await page("/en/dang-ky-du-thi");
      expect(late.body).toContain(
        text("en", "registration.window.closedOn", { year, date: date!, time: time! }),
      );
      expect(late.body).toContain(text("en", "registration.window.registeredHint"));
      expect(late.body).toContain('href="/en/dang-nhap"');

      // A form opened before the close and sent after it: refused, nothing stored.
      const email = "muon-qua@example.vn";
      const sent = await request("POST", "/dang-ky-du-thi", {
        headers: { origin: TEST_ORIGIN },
        form: {
          type: "individual",
          fullName: "Phạm Muộn",
          phone: "0912 345 678",
          email,
          address: "1 Tràng Tiền, Hà Nội",
          password: TEST_PASSWORD,
          acceptRules: "on",
        },
      });
      expect(sent.statusCode).toBe(403);
      expect(sent.body).toContain(
        text("vi", "registration.window.closedOn", { year, date: date!, time: time! }),
      );
      const stored = await http.db.kysely
        .selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirst();
      expect(stored).toBeUndefined();

      // Open again: the form is back.
      await windowOf(null, new Date(TEST_NOW.getTime() + day).toISOString());
      expect((await page("/dang-ky-du-thi")).body).toContain('name="password"');
    } finally {
      await windowOf(original.registration_opens_at, original.registration_closes_at);
    }
  });
});
