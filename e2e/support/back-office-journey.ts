import { forgetRegistrationLimits } from "./db";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterAll, expect } from "vitest";
import type { Lang } from "../../core/languages";
import { text } from "../../server/test-support/text";
import { waitForHydration } from "./browser";
import {
  chooseFirstCategory,
  input,
  PASSWORD,
  PDF,
  uniqueEmail,
  upload,
  waitSaved,
} from "./entry-journey";
import { linkIn, mailTo } from "./outbox";

/** The staff side of the season journeys: an enterprise entrant, downloads, spreadsheets. */

/** A business licence PDF for the registration form, removed after the file's tests. */
export function useLicenceFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-licence-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "giay-phep-kinh-doanh.pdf");
  writeFileSync(file, PDF);
  return file;
}

/** Registers an enterprise with its licence in `lang`, confirms the email; returns it. */
export async function registerEnterprise(
  page: Page,
  lang: Lang,
  licence: string,
  company: { companyName: string; representativeName: string; taxCode: string },
): Promise<string> {
  forgetRegistrationLimits();
  const prefix = lang === "en" ? "/en" : "";
  const email = uniqueEmail("doanh-nghiep");
  await page.goto(`${prefix}/dang-ky-du-thi`);
  await waitForHydration(page);
  await page.locator('input[name="type"][value="enterprise"]').check();
  await input(page, "companyName").fill(company.companyName);
  await input(page, "representativeName").fill(company.representativeName);
  await input(page, "businessRegistrationNumber").fill(company.taxCode);
  await input(page, "taxCode").fill(company.taxCode);
  await input(page, "phone").fill("028 3822 1234");
  await input(page, "email").fill(email);
  await input(page, "address").fill("25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh");
  await page.locator("#licence").setInputFiles(licence);
  await input(page, "password").fill(PASSWORD);
  await input(page, "acceptRules").check();
  await Promise.all([
    page.waitForURL((u) => u.searchParams.get("sent") === "1"),
    page.getByRole("button", { name: text(lang, "account.register"), exact: true }).click(),
  ]);
  const mail = await mailTo(email, "verification");
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await page.waitForURL((u) => u.pathname === `${prefix}/tai-khoan`);
  return email;
}

/**
 * Fills a complete entry in the first track's first category open to the entrant (a video
 * category for an enterprise), uploads its files and submits it. Returns its id and code.
 */
export async function submitCompleteEntry(
  page: Page,
  lang: Lang,
  file: (name: string) => string,
  fields: { brand: string; title: string },
): Promise<{ id: string; code: string }> {
  const prefix = lang === "en" ? "/en" : "";
  await page.goto(`${prefix}/nop-bai-du-thi`);
  await waitForHydration(page);
  await chooseFirstCategory(page);
  const trackId = await page.locator('input[name="trackId"]:checked').inputValue();
  const categoryId = await page.locator("#entry-categoryId").inputValue();
  await page.locator("#entry-brandName").fill(fields.brand);
  await waitSaved(page, lang);
  await page.waitForURL((u) => u.searchParams.has("entry"));
  const id = new URL(page.url()).searchParams.get("entry")!;
  await expect
    .poll(() => page.getByTestId("entry-code").textContent())
    .toMatch(/^[A-Z]{2,4}\d{2}-[A-Z][A-Z0-9]{1,4}-\d{4}$/);
  const code = (await page.getByTestId("entry-code").textContent())!.trim();
  await page.locator("#entry-campaignName").fill(fields.title);
  await page
    .locator("#entry-descriptionVi")
    .fill("Chiến dịch đưa du khách lên những chuyến đò đêm, nghe ca Huế giữa dòng sông.");
  await page
    .locator("#entry-descriptionEn")
    .fill("A campaign taking visitors on night boats to hear Huế songs on the river.");
  await page.locator("#entry-startMonth").selectOption("3");
  await page.locator("#entry-startYear").selectOption("2025");
  await page.locator("#entry-endMonth").selectOption("9");
  await page.locator("#entry-endYear").selectOption("2025");
  await waitSaved(page, lang);
  await upload(page, "images", [file("anh-1.png")]);
  await upload(page, "video", [file("phim-quang-cao.mp4")]);
  await upload(page, "ideaArticleVi", [file("y-tuong-vi.pdf")]);
  await upload(page, "legalCommitment", [file("cam-ket-phap-ly.pdf")]);
  await upload(page, "copyrightCommitment", [file("cam-ket-ban-quyen.pdf")]);
  await waitSaved(page, lang);
  await page
    .locator(".entry-form")
    .getByRole("button", { name: text(lang, "entryForm.submit"), exact: true })
    .click();
  await expect
    .poll(() => page.getByTestId("entry-status").textContent(), { timeout: 15_000 })
    .toBe(text(lang, "entry.status.submitted"));
  // Locked from now on, the award and category still show what was chosen on this page.
  await expect.poll(() => page.locator('input[name="trackId"]:checked').inputValue()).toBe(trackId);
  await expect(page.locator("#entry-categoryId").inputValue()).resolves.toBe(categoryId);
  await expect(page.locator("#entry-categoryId").isDisabled()).resolves.toBe(true);
  return { id, code };
}

/** Fetches a URL with the page's cookies (a download as the signed-in person gets it). */
export async function fetchAsPage(
  page: Page,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const response = await page.context().request.get(new URL(url, page.url()).toString(), {
    headers,
    maxRedirects: 0,
  });
  return { status: response.status(), headers: response.headers(), body: await response.body() };
}

/** The cells of an XLSX workbook's first sheet, as text, row by row. */
export async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the workbook has no sheet");
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(
      values
        .slice(1)
        .map((value) => (value === null || value === undefined ? "" : cellText(value))),
    );
  });
  return rows;
}

function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) {
    const rich = value as { richText?: { text: string }[]; text?: string; result?: unknown };
    if (rich.richText) return rich.richText.map((r) => r.text).join("");
    if (typeof rich.text === "string") return rich.text;
    if (rich.result !== undefined) return String(rich.result);
  }
  return String(value);
}
