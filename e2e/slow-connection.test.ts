import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration, type OpenedPage } from "./support/browser";
import { PDF } from "./support/entry-journey";
import { linkIn, mailTo } from "./support/outbox";

// An entrant on an ordinary mobile connection (300 ms added to every request): they act as soon
// as each page shows — before React has hydrated it — and everything they choose must stick:
// the registration type, the entry's award, the winners filter; the entry goes from empty to
// submitted with its uploads, and no false "saved in another tab" conflict appears.
const browser = useBrowser();

const PASSWORD = "mua-thu-ha-noi-2026";
const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;
const vi = (key: string, vars: Record<string, string | number> = {}) => text("vi", key, vars);

const dir = mkdtempSync(path.join(tmpdir(), "e2e-slow-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  await sharp({ create: { width: 320, height: 240, channels: 3, background: "#7a1f1f" } })
    .png()
    .toFile(file("anh-1.png"));
  for (const name of ["y-tuong.pdf", "cam-ket-phap-ly.pdf", "cam-ket-ban-quyen.pdf", "gp.pdf"]) {
    writeFileSync(file(name), PDF);
  }
});

/** A page whose every request takes 300 ms more, on a 4G-like line (CDP network conditions). */
async function slowPage(): Promise<OpenedPage> {
  const opened = await openPage(browser());
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send("Network.enable");
  // Every page as on a first visit: its scripts come over the slow line too.
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 300,
    downloadThroughput: (4 * 1024 * 1024) / 8,
    uploadThroughput: (1 * 1024 * 1024) / 8,
  });
  opened.context.setDefaultTimeout(20_000);
  return opened;
}

/** Opens a page and returns as soon as its server HTML has started to arrive. */
async function openAtOnce(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "commit" });
}

const isHydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.documentElement).some((key) => key.startsWith("__react")),
  );

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/**
 * Presses "Đăng ký" and waits for the form to be accepted: the account page, or the "check your
 * inbox" page when registering no longer signs in before the address is confirmed.
 */
async function register(page: Page) {
  const accepted = page
    .waitForURL(
      (u) =>
        u.pathname === "/tai-khoan" ||
        (u.pathname === "/dang-ky-du-thi" && u.searchParams.get("sent") === "1"),
      { timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      const shown = await page.locator(".field__error, .form-alert").allTextContents();
      throw new Error(`registration not accepted; the form says: ${shown.join(" | ")}`, {
        cause: error,
      });
    });
  await page.getByRole("button", { name: vi("account.register"), exact: true }).click();
  await accepted;
}

/** No "saved in another tab" message anywhere on the page. */
async function expectNoConflict(page: Page) {
  const alerts = await page.locator('[role="alert"], .entry-form__save').allTextContents();
  for (const text of alerts) {
    expect(text).not.toContain(vi("entryForm.conflict.message"));
    expect(text).not.toContain(vi("entryForm.save.conflict"));
  }
}

describe("on a slow connection, acting before the page is interactive", () => {
  test("an enterprise registers: the type chosen at once sticks and its fields appear", async () => {
    const { page, problems } = await slowPage();
    await openAtOnce(page, "/dang-ky-du-thi");
    const enterprise = page.getByRole("radio", { name: vi("registration.fields.type.enterprise") });
    await enterprise.click();
    expect(await isHydrated(page), "the click landed before hydration").toBe(false);
    await waitForHydration(page);
    expect(await enterprise.isChecked()).toBe(true);
    await input(page, "companyName").waitFor();
    await input(page, "companyName").fill("Công ty TNHH Sáng Tạo Sông Hồng");
    await input(page, "businessRegistrationNumber").fill("0314409058");
    await input(page, "taxCode").fill("0314409058");
    await input(page, "representativeName").fill("Nguyễn Thị Hồng");
    await input(page, "phone").fill("0912 345 678");
    await input(page, "email").fill(uniqueEmail("songhong"));
    await input(page, "address").fill("5 Hàng Bài, Hoàn Kiếm, Hà Nội");
    await page.locator("#licence").setInputFiles(file("gp.pdf"));
    await input(page, "password").fill(PASSWORD);
    await input(page, "acceptRules").check();
    expect(await enterprise.isChecked()).toBe(true);
    await register(page);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });

  test("an individual registers, then fills an entry from empty to submitted with uploads", async () => {
    const { page, problems } = await slowPage();
    const email = uniqueEmail("slow");

    // Registration: typed and ticked before hydration, all of it kept.
    await openAtOnce(page, "/dang-ky-du-thi");
    await page.getByRole("radio", { name: vi("registration.fields.type.individual") }).click();
    await input(page, "fullName").fill("Lý Thị Mai");
    await input(page, "acceptRules").check();
    await waitForHydration(page);
    expect(await input(page, "fullName").inputValue()).toBe("Lý Thị Mai");
    expect(await input(page, "acceptRules").isChecked()).toBe(true);
    await input(page, "phone").fill("0912 345 678");
    await input(page, "email").fill(email);
    await input(page, "address").fill("34 Tràng Tiền, Hoàn Kiếm, Hà Nội");
    await input(page, "password").fill(PASSWORD);
    await register(page);
    const mail = await mailTo(email, "verification");
    await page.goto(linkIn(mail, "/api/auth/verify-email"));
    await page.waitForURL((u) => u.pathname === "/tai-khoan");

    // The entry form: the award is chosen the moment it shows.
    await openAtOnce(page, "/nop-bai-du-thi");
    const award = page.getByRole("radio", { name: "Giải Vạn Xuân", exact: true });
    await award.click();
    expect(await isHydrated(page), "the click landed before hydration").toBe(false);
    await waitForHydration(page);
    expect(await award.isChecked(), "the award stays chosen").toBe(true);
    const category = page.locator("#entry-categoryId");
    await expect.poll(() => category.isEnabled()).toBe(true);
    const value = await category
      .locator("option")
      .evaluateAll((options) =>
        (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== ""),
      );
    await category.selectOption(value!);
    await page.locator("#entry-brandName").fill("Cà phê Phố Cổ");
    await page.waitForURL((u) => u.searchParams.has("entry"), { timeout: 20_000 });
    expect(await award.isChecked()).toBe(true);

    await page.locator("#entry-campaignName").fill("Hương vị ký ức");
    await page
      .locator("#entry-descriptionVi")
      .fill("Chiến dịch kể lại câu chuyện những quán cà phê lâu đời của phố cổ Hà Nội.");
    await page
      .locator("#entry-descriptionEn")
      .fill("A campaign retelling the old coffee houses of Hanoi.");
    await page.locator("#entry-startMonth").selectOption("3");
    await page.locator("#entry-startYear").selectOption("2025");
    await page.locator("#entry-videoLink").fill("https://youtu.be/dQw4w9WgXcQ");
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 20_000 })
      .toContain(vi("entryForm.save.savedAt", { time: "" }).trim());

    // The saved draft comes from the server filled in: at once here, and without JavaScript.
    const entryUrl = page.url();
    const noScript = await browser().newContext({
      baseURL: new URL(entryUrl).origin,
      javaScriptEnabled: false,
      locale: "vi-VN",
    });
    try {
      await noScript.addCookies(await page.context().cookies());
      const plain = await noScript.newPage();
      // The last edits reach the server a moment after the last keystroke.
      await expect
        .poll(
          async () => {
            await plain.goto(entryUrl);
            return plain.locator("#entry-videoLink").inputValue();
          },
          { timeout: 20_000 },
        )
        // The server keeps links in their canonical form.
        .toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      expect(await plain.locator("#entry-brandName").inputValue()).toBe("Cà phê Phố Cổ");
      expect(await plain.locator("#entry-campaignName").inputValue()).toBe("Hương vị ký ức");
      expect(await plain.locator("#entry-descriptionEn").inputValue()).toBe(
        "A campaign retelling the old coffee houses of Hanoi.",
      );
      expect(
        await plain.getByRole("radio", { name: "Giải Vạn Xuân", exact: true }).isChecked(),
      ).toBe(true);
      expect(await plain.locator("#entry-categoryId").inputValue()).toBe(value);
      expect(await plain.locator("#entry-startYear").inputValue()).toBe("2025");
    } finally {
      await noScript.close();
    }
    await page.goto(entryUrl, { waitUntil: "commit" });
    await page.locator("#entry-brandName").waitFor();
    expect(await page.locator("#entry-brandName").inputValue()).toBe("Cà phê Phố Cổ");
    await waitForHydration(page);
    expect(await page.locator("#entry-brandName").inputValue()).toBe("Cà phê Phố Cổ");
    expect(await award.isChecked()).toBe(true);

    // Files one by one, each pick right after the previous one is done …
    const done = async (field: string, count: number) =>
      expect
        .poll(() => page.locator(`.upload[data-field="${field}"] .upload__file`).count(), {
          timeout: 30_000,
        })
        .toBe(count);
    const pick = (field: string, name: string) =>
      page.locator(`.upload[data-field="${field}"] input[type=file]`).setInputFiles(file(name));
    await pick("images", "anh-1.png");
    await done("images", 1);
    await pick("ideaArticleVi", "y-tuong.pdf");
    await done("ideaArticleVi", 1);
    await pick("legalCommitment", "cam-ket-phap-ly.pdf");
    await done("legalCommitment", 1);
    // … and submit pressed while the last one is still on its way.
    await pick("copyrightCommitment", "cam-ket-ban-quyen.pdf");
    await page
      .locator(".entry-form")
      .getByRole("button", { name: vi("entryForm.submit"), exact: true })
      .click();
    await expect
      .poll(() => page.getByTestId("entry-status").textContent(), { timeout: 30_000 })
      .toBe(vi("entry.status.submitted"));
    await done("copyrightCommitment", 1);
    await expectNoConflict(page);

    // Autosave carries on after the submission, without a conflict.
    await page.locator("#entry-campaignName").fill("Hương vị ký ức Hà Nội");
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 20_000 })
      .toContain(vi("entryForm.save.savedAt", { time: "" }).trim());
    await expectNoConflict(page);
    expect(await award.isChecked()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });

  test("the winners filter: the first tick shows at once and applies", async () => {
    const { page, problems } = await slowPage();
    // The page has loaded, its own script too (which waits for a person before loading React):
    // someone has read a little and now narrows the list.
    await page.goto("/danh-sach-thang-giai", { waitUntil: "networkidle" });
    const first = page.locator('.winners-filter input[name="category"]').first();
    await first.click();
    // Checked the moment it is clicked, as a plain checkbox is — not once React has loaded.
    expect(await first.isChecked()).toBe(true);
    expect(await isHydrated(page)).toBe(false);
    const code = await first.getAttribute("value");
    await page.getByRole("button", { name: vi("winners.apply") }).click();
    await page.waitForURL((u) => u.searchParams.getAll("category").includes(code!), {
      timeout: 20_000,
    });
    await expect.poll(() => first.isChecked()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });
});

describe("every form's error summary", () => {
  test("is brought into view and focused after the button at the bottom was pressed", async () => {
    // A short window: the form's button is below the message's place.
    const { page } = await openPage(browser(), { viewport: { width: 390, height: 420 } });
    await page.goto("/dang-nhap");
    await waitForHydration(page);
    await input(page, "email").fill(uniqueEmail("nobody"));
    await input(page, "password").fill("not-the-password-1");
    const button = page.getByRole("button", { name: vi("account.signIn"), exact: true });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    const summary = page.locator(".form-alert--error");
    await expect.poll(() => summary.textContent()).toBe(vi("auth.invalidCredentials"));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches(".form-alert--error")))
      .toBe(true);
    await expect
      .poll(() =>
        summary.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
  });
});
