import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { catalogText } from "../core/i18n/lookup";
import { DEMO_ACCOUNTS } from "../server/demo/demo-accounts";
import { text } from "../server/test-support/text";
import { demoCredentials } from "./support/demo-credentials";
import { seriousViolations } from "./support/axe";
import { baseUrl, openPage, useBrowser, waitForHydration } from "./support/browser";
import { forgetRegistrationLimits } from "./support/db";
import { linkIn, mailTo } from "./support/outbox";
import { PASSWORD as ENTRANT_PASSWORD, registerEntrant } from "./support/entry-journey";
import { e2eServer } from "./support/server";

// The account journeys in Chromium against the production server: registering (both types, both
// languages), confirming the email from the outbox, signing out and in, resetting the
// password, the back-office sign-in — and axe on each of these pages.
const browser = useBrowser();
// Each journey registers from 127.0.0.1 with the per-IP budget a person would have.
beforeEach(() => forgetRegistrationLimits());

const PASSWORD = "mua-thu-ha-noi-2026";
const NEW_PASSWORD = "song-hong-chay-mai";
const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;

// A tiny, well-formed PDF: the server checks the licence by its content.
const licenceDir = mkdtempSync(path.join(tmpdir(), "e2e-licence-"));
const LICENCE = path.join(licenceDir, "giay-phep-kinh-doanh.pdf");
writeFileSync(
  LICENCE,
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
// Text under a .pdf name: the browser lets it through, the server refuses it by its content.
const NOT_A_PDF = path.join(licenceDir, "khong-phai-pdf.pdf");
writeFileSync(NOT_A_PDF, "Giấy phép kinh doanh (not really a PDF)\n");
// A type the licence never is: the browser refuses it before sending.
const WORD_FILE = path.join(licenceDir, "giay-phep.docx");
writeFileSync(WORD_FILE, "not a licence\n");
// The renewed licence a company uploads later (another PDF).
const NEW_LICENCE = path.join(licenceDir, "giay-phep-moi.pdf");
writeFileSync(
  NEW_LICENCE,
  "%PDF-1.4\n% renewed 2026\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
afterAll(() => rmSync(licenceDir, { recursive: true, force: true }));

async function expectAxeClean(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${page.url()}:\n\n${violations.join("\n\n")}\n`).toEqual([]);
}

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

interface Individual {
  fullName: string;
  phone: string;
  email: string;
  address: string;
}

interface Enterprise {
  companyName: string;
  taxCode: string;
  representativeName: string;
  phone: string;
  email: string;
  address: string;
}

async function fillIndividual(page: Page, person: Individual) {
  for (const [name, value] of Object.entries(person)) await input(page, name).fill(value);
  await input(page, "password").fill(PASSWORD);
  await input(page, "acceptRules").check();
}

async function fillEnterprise(page: Page, company: Enterprise) {
  await page.locator('input[name="type"][value="enterprise"]').check();
  const { taxCode, ...rest } = company;
  for (const [name, value] of Object.entries(rest)) await input(page, name).fill(value);
  await input(page, "businessRegistrationNumber").fill(taxCode);
  await input(page, "taxCode").fill(taxCode);
  await page.locator("#licence").setInputFiles(LICENCE);
  await input(page, "password").fill(PASSWORD);
  await input(page, "acceptRules").check();
}

/** Opens the verification link from the outbox; the dashboard then shows the address confirmed. */
async function confirmEmail(page: Page, email: string, prefix: "" | "/en") {
  const mail = await mailTo(email, "verification");
  expect(mail.entry.lang).toBe(prefix === "/en" ? "en" : "vi");
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await page.waitForURL(`${baseUrl()}${prefix}/tai-khoan?verified=1`);
  await expect
    .poll(() => page.locator(".form-alert--success").allTextContents())
    .toContain(catalogText(prefix === "/en" ? "en" : "vi", "account.emailVerified"));
}

/** The stored licence of the registrant with this email: its owner and type (server's database). */
function storedLicence(email: string) {
  const db = new Database(e2eServer().dbFile, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db
      .prepare<[string], { id: string; owner: string | null; userId: string; mime: string }>(
        `SELECT f.id AS id, f.owner_user_id AS owner, u.id AS userId, f.mime AS mime
           FROM "user" u JOIN registrants r ON r.user_id = u.id
           JOIN files f ON f.id = r.licence_file_id WHERE u.email = ?`,
      )
      .get(email);
  } finally {
    db.close();
  }
}

async function submitAndLand(page: Page, button: string, url: string) {
  await Promise.all([
    page.waitForURL((u) => u.pathname + u.search === url),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
}

describe("identity journeys", () => {
  test("an individual registers in Vietnamese, confirms the email, signs out and in, resets the password", async () => {
    const { page, problems } = await openPage(browser());
    const email = uniqueEmail("an");
    await page.goto("/dang-ky-du-thi");
    await waitForHydration(page);
    await expectAxeClean(page);

    await fillIndividual(page, {
      fullName: "Trần Văn An",
      phone: "0912 345 678",
      email,
      address: "12 Lê Thánh Tôn, Quận 1, TP. Hồ Chí Minh",
    });
    // Registering does not sign in: the emailed link confirms the address and signs in.
    await submitAndLand(page, "Đăng ký", "/dang-ky-du-thi?sent=1");
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(catalogText("vi", "account.registrationSentTitle")!);
    await expectAxeClean(page);

    await confirmEmail(page, email, "");
    await expect.poll(() => page.locator("main").textContent()).toContain("Trần Văn An");
    await expect(page.locator("main").textContent()).resolves.not.toContain("chưa được xác nhận");

    await submitAndLand(page, "Đăng xuất", "/");
    expect((await page.goto("/tai-khoan"))?.url()).toContain("/dang-nhap?next=%2Ftai-khoan");
    await waitForHydration(page);
    await expectAxeClean(page);
    await input(page, "email").fill(email);
    await input(page, "password").fill(PASSWORD);
    await submitAndLand(page, "Đăng nhập", "/tai-khoan");

    // Forgotten password: the emailed link leads to the form for a new one.
    await submitAndLand(page, "Đăng xuất", "/");
    await page.goto("/quen-mat-khau");
    await waitForHydration(page);
    const asked = new Date();
    await input(page, "email").fill(email);
    await page.getByRole("button", { name: "Gửi liên kết đặt lại mật khẩu" }).click();
    await page.getByText("liên kết đặt lại mật khẩu đã được gửi").waitFor();
    const reset = await mailTo(email, "passwordReset", asked);
    await page.goto(linkIn(reset, "/api/auth/reset-password/"));
    await page.waitForURL((u) => u.pathname === "/dat-lai-mat-khau" && u.searchParams.has("token"));
    await waitForHydration(page);
    await input(page, "newPassword").fill(NEW_PASSWORD);
    await input(page, "confirmPassword").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
    await page.getByText("Đã đổi mật khẩu. Mời bạn đăng nhập lại.").waitFor();

    await page.goto("/dang-nhap");
    await waitForHydration(page);
    await input(page, "email").fill(email);
    await input(page, "password").fill(PASSWORD);
    await page.getByRole("button", { name: "Đăng nhập", exact: true }).click();
    await page.getByText("Email hoặc mật khẩu không đúng.").waitFor();
    await input(page, "password").fill(NEW_PASSWORD);
    await submitAndLand(page, "Đăng nhập", "/tai-khoan");
    expect(problems.hydration).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });

  test("an enterprise registers in English with its licence, keeping what was typed when refused", async () => {
    const { page, problems } = await openPage(browser(), { locale: "en-US" });
    await page.goto("/en/dang-ky-du-thi");
    await waitForHydration(page);
    await page.locator('input[name="type"][value="enterprise"]').check();
    await expectAxeClean(page);

    const company: Enterprise = {
      companyName: "Minh Phat Advertising Co., Ltd",
      taxCode: "0314409058",
      representativeName: "Lê Thị Bích",
      phone: "028 3822 1234",
      email: uniqueEmail("minh-phat"),
      address: "25 Nguyen Hue, District 1, Ho Chi Minh City",
    };
    await fillEnterprise(page, company);
    // A text file named .pdf passes the browser's check; the server refuses it by content.
    await page.locator("#licence").setInputFiles(NOT_A_PDF);
    // Chosen, not yet received: the hint says so, and names it.
    const licenceHint = page.locator("#licence-hint");
    await expect(licenceHint.textContent()).resolves.toBe(
      catalogText("en", "registration.fields.licenceFile.chosen")!.replace(
        "{{name}}",
        "khong-phai-pdf.pdf",
      ),
    );
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.getByText(catalogText("en", "validation.licenceType")!).first().waitFor();
    // Refused: nothing is kept, and the field does not say it has the file.
    await expect(licenceHint.textContent()).resolves.toBe(
      catalogText("en", "registration.fields.licenceFile.hint"),
    );
    expect(new URL(page.url()).pathname).toBe("/en/dang-ky-du-thi");
    for (const [name, value] of Object.entries(company)) {
      await expect(input(page, name).inputValue()).resolves.toBe(value);
    }
    await expect(input(page, "acceptRules").isChecked()).resolves.toBe(true);
    expect(storedLicence(company.email)).toBeUndefined();

    await page.locator("#licence").setInputFiles(LICENCE);
    await input(page, "password").fill(PASSWORD);
    await submitAndLand(page, "Register", "/en/dang-ky-du-thi?sent=1");
    const licence = storedLicence(company.email);
    expect(licence?.mime).toBe("application/pdf");
    expect(licence?.owner).toBe(licence?.userId);

    await confirmEmail(page, company.email, "/en");
    const main = page.locator("main");
    await expect.poll(() => main.textContent()).toContain(company.companyName);
    await expect(main.textContent()).resolves.toContain("0314409058");
    await expectAxeClean(page);

    // The licence on file is linked from the profile; the company replaces it, by keyboard.
    const licenceLink = page.getByRole("link", {
      name: catalogText("en", "account.licence.view")!,
    });
    await expect(licenceLink.getAttribute("data-licence-id")).resolves.toBe(licence!.id);
    const picker = page.locator("#replace-licence");
    const replace = page.getByRole("button", {
      name: catalogText("en", "account.licence.replace")!,
    });
    const pickerError = page.locator("#replace-licence-error");
    // Nothing chosen: the browser says so at the picker and keeps the keyboard there.
    await picker.focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => replace.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => pickerError.textContent())
      .toBe(catalogText("en", "validation.licenceRequired"));
    await expect.poll(() => picker.evaluate((i) => i === document.activeElement)).toBe(true);
    // A Word file is refused by the browser, by the same rule the server holds.
    await picker.setInputFiles(WORD_FILE);
    await expect
      .poll(() => pickerError.textContent())
      .toBe(catalogText("en", "validation.licenceType"));
    // Text named .pdf gets past the browser; the server refuses it by content, keeping the old.
    await picker.setInputFiles(NOT_A_PDF);
    await expect.poll(() => pickerError.count()).toBe(0);
    await replace.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => pickerError.textContent())
      .toBe(catalogText("en", "validation.licenceType"));
    expect(storedLicence(company.email)?.id).toBe(licence!.id);

    await picker.setInputFiles(NEW_LICENCE);
    await replace.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator(".form-alert--success").allTextContents())
      .toContain(catalogText("en", "account.licence.replaced"));
    const renewed = storedLicence(company.email);
    expect(renewed?.id).not.toBe(licence!.id);
    expect(renewed?.owner).toBe(renewed?.userId);
    await expect.poll(() => licenceLink.getAttribute("data-licence-id")).toBe(renewed!.id);
    // The link opens the new file, the owner's own.
    const opened = await page.request.get((await licenceLink.getAttribute("href"))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    expect((await opened.text()).includes("renewed 2026")).toBe(true);
    await expectAxeClean(page);
    expect(problems.hydration).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });

  test.each([
    { lang: "en", type: "individual" },
    { lang: "vi", type: "enterprise" },
  ] as const)(
    "a registration as $type in $lang asks to check the inbox",
    async ({ lang, type }) => {
      const prefix = lang === "en" ? "/en" : "";
      const { page } = await openPage(browser(), { locale: lang === "en" ? "en-US" : "vi-VN" });
      await page.goto(`${prefix}/dang-ky-du-thi`);
      await waitForHydration(page);
      const email = uniqueEmail(`${type}-${lang}`);
      if (type === "individual") {
        await fillIndividual(page, {
          fullName: "Hoàng Minh Châu",
          phone: "+84 987 654 321",
          email,
          address: "8 Tràng Tiền, Hoàn Kiếm, Hà Nội",
        });
      } else {
        await fillEnterprise(page, {
          companyName: "Công ty Cổ phần Sáng Tạo Việt",
          taxCode: "0100233488",
          representativeName: "Đỗ Thu Hà",
          phone: "0243 826 1234",
          email,
          address: "5 Lý Thường Kiệt, Hà Nội",
        });
      }
      await submitAndLand(
        page,
        lang === "en" ? "Register" : "Đăng ký",
        `${prefix}/dang-ky-du-thi?sent=1`,
      );
      const mail = await mailTo(email, "verification");
      expect(mail.entry.lang).toBe(lang);
    },
  );

  test("switching between individual and company keeps each type's own values", async () => {
    const { page } = await openPage(browser());
    await page.goto("/dang-ky-du-thi");
    await waitForHydration(page);
    const field = (name: string) => page.locator(`input[name="${name}"]`);
    const choose = (type: string) => page.locator(`input[name="type"][value="${type}"]`).check();
    await field("fullName").fill("Lê Văn Cá Nhân");
    await field("personalId").fill("012345678901");
    await choose("enterprise");
    expect(await field("companyName").inputValue()).toBe("");
    expect(await field("businessRegistrationNumber").inputValue()).toBe("");
    await field("companyName").fill("Công ty Nhầm Lẫn");
    await field("businessRegistrationNumber").fill("0100233488");
    await choose("individual");
    expect(await field("fullName").inputValue()).toBe("Lê Văn Cá Nhân");
    expect(await field("personalId").inputValue()).toBe("012345678901");
    await choose("enterprise");
    expect(await field("companyName").inputValue()).toBe("Công ty Nhầm Lẫn");
    expect(await field("businessRegistrationNumber").inputValue()).toBe("0100233488");
  });

  test("a change of email confirmed on another device asks to sign in there, then finishes", async () => {
    const laptop = await openPage(browser());
    const oldEmail = await registerEntrant(laptop.page, "en");
    const newEmail = uniqueEmail("new.address");
    await waitForHydration(laptop.page);
    await input(laptop.page, "newEmail").fill(newEmail);
    await laptop.page
      .locator('form:has(input[name="newEmail"]) input[name="currentPassword"]')
      .fill(ENTRANT_PASSWORD);
    await laptop.page
      .getByRole("button", { name: text("en", "account.changeEmail"), exact: true })
      .click();
    await laptop.page.getByText(text("en", "account.emailChangeSent")).waitFor();

    // The link is opened on a phone that has never signed in: the sign-in page says why.
    const phone = await openPage(browser());
    const mail = await mailTo(newEmail, "emailChange");
    await phone.page.goto(linkIn(mail, "/api/auth/verify-email"));
    await phone.page.waitForURL(
      (u) => u.pathname === "/en/dang-nhap" && u.searchParams.has("next"),
    );
    await waitForHydration(phone.page);
    await expect
      .poll(() => phone.page.locator(".form-alert--info").textContent())
      .toBe(catalogText("en", "account.signInToFinishEmailChange"));
    await expectAxeClean(phone.page);
    // Signing in with the current address goes back through the link, which now completes.
    await input(phone.page, "email").fill(oldEmail);
    await input(phone.page, "password").fill(ENTRANT_PASSWORD);
    await Promise.all([
      phone.page.waitForURL(
        (u) => u.pathname === "/en/tai-khoan" && u.searchParams.get("emailChanged") === "1",
      ),
      phone.page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    await expect
      .poll(() => phone.page.locator(".form-alert--success").allTextContents())
      .toContain(text("en", "account.emailChanged", { email: newEmail }));
    expect(phone.problems.hydration).toEqual([]);
    expect(phone.problems.pageErrors).toEqual([]);
  });

  test("the demo admin signs in to the back office and finds the outbox", async () => {
    const { page } = await openPage(browser());
    await page.goto("/quan-tri");
    await page.waitForURL((u) => u.pathname === "/quan-tri/dang-nhap");
    await waitForHydration(page);
    await expectAxeClean(page);
    await input(page, "email").fill(DEMO_ACCOUNTS.admin.email);
    await input(page, "password").fill(demoCredentials().admin.password);
    await submitAndLand(page, "Đăng nhập", "/quan-tri");

    const nav = page.getByRole("navigation", { name: "Các mục quản trị" });
    // The URL changes before the back-office shell has rendered its navigation.
    await nav.getByRole("link", { name: "Hộp thư đi" }).waitFor();
    await expect(nav.getByRole("link").allTextContents()).resolves.toContain("Hộp thư đi");
    await expect(page.locator(".admin__whoami").textContent()).resolves.toContain(
      DEMO_ACCOUNTS.admin.email,
    );
    await nav.getByRole("link", { name: "Hộp thư đi" }).click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/hop-thu");
    // The URL changes before the outbox renders: the dashboard (and its tables) may still show.
    await page.getByRole("heading", { level: 1, name: "Hộp thư đi" }).waitFor();
    await page.getByRole("table").waitFor();
    await expect(page.getByRole("table").textContent()).resolves.toContain("@example.vn");
  });
});
