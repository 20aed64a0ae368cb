import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { formatVietnamDateTime } from "../core/dates";
import { DEFAULT_CRITERIA } from "../core/judging-criteria";
import { LANG_COOKIE } from "../core/languages";
import { text } from "../server/test-support/text";
import {
  baseUrl,
  openPage,
  useBrowser,
  waitForHydration,
  type OpenedPage,
} from "./support/browser";
import { CURRENT_SEASON, withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// A staff member whose Chromium speaks US English (`--lang=en-US`, locale en-US) works on the
// Vietnamese back office: a round's start date shows and is typed DD/MM/YYYY, as the product
// writes dates, not the mm/dd/yyyy the browser's own date input would use; an impossible day
// is refused at the field, with and without the page's script.
const browser = useBrowser(["--lang=en-US"]);
const vi = (key: string) => text("vi", key);

/** A draft round of the current season starting on `startsOn`, removed after the test. */
function draftRound(startsOn: string): number {
  const id = withDatabase((db) => {
    const season = db
      .prepare<[number], { id: number }>("SELECT id FROM seasons WHERE year = ?")
      .get(CURRENT_SEASON);
    if (!season) throw new Error(`No season ${CURRENT_SEASON} in the e2e database`);
    const last = db
      .prepare<[number], { position: number | null }>(
        "SELECT max(position) AS position FROM judging_rounds WHERE season_id = ?",
      )
      .get(season.id);
    const now = new Date().toISOString();
    const row = db
      .prepare(
        `INSERT INTO judging_rounds (season_id, position, name_vi, name_en, starts_on, ends_on,
           state, method, criteria, created_at, updated_at)
         VALUES (?, ?, 'Vòng thử ngày tháng', 'Date trial round', ?, NULL, 'draft', 'mean', ?, ?, ?)`,
      )
      .run(
        season.id,
        (last?.position ?? 0) + 1,
        startsOn,
        JSON.stringify(DEFAULT_CRITERIA),
        now,
        now,
      );
    return Number(row.lastInsertRowid);
  });
  onTestFinished(() => {
    withDatabase((db) => db.prepare("DELETE FROM judging_rounds WHERE id = ?").run(id));
  });
  return id;
}

const storedStart = (id: number) =>
  withDatabase(
    (db) =>
      db
        .prepare<[number], { starts_on: string | null }>(
          "SELECT starts_on FROM judging_rounds WHERE id = ?",
        )
        .get(id)?.starts_on,
  );

/** An en-US browser context that has chosen the Vietnamese site, signed in as an admin. */
async function englishBrowserOnVietnamesePages(javaScriptEnabled: boolean): Promise<OpenedPage> {
  const opened = await openPage(browser(), { locale: "en-US", javaScriptEnabled });
  await opened.context.addCookies([{ name: LANG_COOKIE, value: "vi", url: baseUrl() }]);
  return opened;
}

const startsOn = (page: Page) => page.getByLabel(vi("judgingAdmin.rounds.startsOn"));
const fieldError = (page: Page) =>
  page
    .locator(".field")
    .filter({ has: startsOn(page) })
    .locator(".field__error");

async function openDetails(page: Page, id: number) {
  await page.goto(`/quan-tri/cham-giai/vong/${id}?year=${CURRENT_SEASON}`);
  const summary = page.locator("summary").filter({ hasText: vi("judgingAdmin.round.details") });
  if (!(await startsOn(page).isVisible())) await summary.click();
}

describe("date fields in a browser set to US English", () => {
  test("show, read and refuse DD/MM/YYYY, typed with the keyboard", async () => {
    const id = draftRound("2026-11-01");
    const admin = demoCredentials().admin;
    const { page } = await englishBrowserOnVietnamesePages(true);
    await signInStaff(page, admin.email, admin.password);
    await openDetails(page, id);
    await waitForHydration(page);

    // The stored 2026-11-01 reads as 1 November, day first, in a text field with its format.
    const field = startsOn(page);
    await expect(page.evaluate(() => navigator.language)).resolves.toBe("en-US");
    await expect(field.getAttribute("type")).resolves.toBe("text");
    // A phone shows its digit keypad with the decimal separator (no `/` on it).
    await expect(field.getAttribute("inputmode")).resolves.toBe("decimal");
    await expect(field.inputValue()).resolves.toBe("01/11/2026");
    const hintId = (await field.getAttribute("aria-describedby"))!.split(" ")[0]!;
    await expect(page.locator(`[id="${hintId}"]`).textContent()).resolves.toContain(
      text("vi", "common.dateHint"),
    );

    // 05/03/2026 typed with the keyboard and sent with Enter is 5 March, not 3 May.
    await field.focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("05/03/2026");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.saved"),
      page.keyboard.press("Enter"),
    ]);
    expect(storedStart(id)).toBe("2026-03-05");
    await openDetails(page, id);
    await expect(startsOn(page).inputValue()).resolves.toBe("05/03/2026");

    // 31/02/2026 is refused at the field, before anything is sent; the text stays as typed.
    await startsOn(page).fill("31/02/2026");
    await page.getByRole("button", { name: vi("judgingAdmin.round.save") }).click();
    await expect.poll(() => fieldError(page).textContent()).toBe(vi("validation.noSuchDay"));
    await expect(startsOn(page).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(startsOn(page).inputValue()).resolves.toBe("31/02/2026");
    expect(storedStart(id)).toBe("2026-03-05");

    // Digits only, as typed on that keypad: 06032026 is 6 March.
    await startsOn(page).fill("06032026");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.saved"),
      page.getByRole("button", { name: vi("judgingAdmin.round.save") }).click(),
    ]);
    expect(storedStart(id)).toBe("2026-03-06");
    await openDetails(page, id);
    await expect(startsOn(page).inputValue()).resolves.toBe("06/03/2026");
  });

  test("the server refuses the same day with the same words when the page has no script", async () => {
    const id = draftRound("2026-11-01");
    const admin = demoCredentials().admin;
    // Signed in with the script (the sign-in form), then the round page without it.
    const signedIn = await englishBrowserOnVietnamesePages(true);
    await signInStaff(signedIn.page, admin.email, admin.password);
    const { context, page } = await englishBrowserOnVietnamesePages(false);
    await context.addCookies(await signedIn.context.cookies());
    await openDetails(page, id);
    await expect(startsOn(page).inputValue()).resolves.toBe("01/11/2026");

    await startsOn(page).fill("31/02/2026");
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: vi("judgingAdmin.round.save") }).click(),
    ]);
    await page.waitForLoadState("load");
    await expect(fieldError(page).textContent()).resolves.toBe(vi("validation.noSuchDay"));
    await expect(startsOn(page).inputValue()).resolves.toBe("31/02/2026");
    expect(storedStart(id)).toBe("2026-11-01");

    // 5.3.2026, as some write it, is read as 5 March too.
    await startsOn(page).fill("5.3.2026");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.saved"),
      page.getByRole("button", { name: vi("judgingAdmin.round.save") }).click(),
    ]);
    expect(storedStart(id)).toBe("2026-03-05");
  });

  test("the payments filter and the news form: links, stored times and refusals", async () => {
    const admin = demoCredentials().admin;
    const { page } = await englishBrowserOnVietnamesePages(true);
    await signInStaff(page, admin.email, admin.password);

    // An old link's ISO day reads DD/MM/YYYY; a day that does not exist is shown as typed,
    // with why, and left out of the filter.
    await page.goto("/quan-tri/thanh-toan?from=2026-11-01&to=31%2F02%2F2026");
    const from = page.getByLabel(vi("paymentAdmin.filters.from"), { exact: true });
    const to = page.getByLabel(vi("paymentAdmin.filters.to"), { exact: true });
    await expect(from.inputValue()).resolves.toBe("01/11/2026");
    await expect(to.inputValue()).resolves.toBe("31/02/2026");
    await expect(
      page.locator(".field").filter({ has: to }).locator(".field__error").textContent(),
    ).resolves.toBe(vi("validation.noSuchDay"));

    // A stored publication time shows as DD/MM/YYYY HH:mm in Vietnam time.
    const article = withDatabase((db) =>
      db
        .prepare<[], { id: number; published_at: string }>(
          "SELECT id, published_at FROM news_articles WHERE published_at IS NOT NULL ORDER BY id LIMIT 1",
        )
        .get(),
    );
    if (!article) throw new Error("the demo has no published article");
    await page.goto(`/quan-tri/noi-dung/tin-tuc/${article.id}`);
    const publishedAt = page.getByLabel(vi("adminNews.fields.publishedAt"));
    await expect(publishedAt.getAttribute("type")).resolves.toBe("text");
    await expect(publishedAt.inputValue()).resolves.toBe(
      formatVietnamDateTime(article.published_at),
    );
  });
});
