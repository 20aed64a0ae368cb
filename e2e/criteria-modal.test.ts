import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO_PDF_PASSWORD } from "../server/demo/demo-documents";
import {
  focused,
  openPage,
  settled,
  useBrowser,
  waitForHydration,
  wheelAt,
} from "./support/browser";

// Seed §2: the criteria modal is a modal dialog — named, focus kept inside, page behind not
// scrollable, Esc and the close button close it, focus goes back to its opener — and it is
// locked: a click outside does not close it. Its opener is a link to the criteria document in
// the viewer, followed as such without JavaScript (e2e/ssr-without-javascript.test.ts).
const browser = useBrowser();

// A short window, so the home page is several screens tall and scrolling is observable.
const SHORT = { width: 1280, height: 500 };
const TITLE = "Tiêu chí giải thưởng mùa giải 2026";

async function openHome(): Promise<Page> {
  const { page } = await openPage(browser(), { viewport: SHORT });
  await page.goto("/");
  await waitForHydration(page);
  return page;
}

const opener = (page: Page) =>
  page
    .getByRole("navigation", { name: "Điều hướng chính" })
    .getByRole("link", { name: "Tiêu chí giải thưởng" });
const dialog = (page: Page) => page.getByRole("dialog", { name: TITLE });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const focusInDialog = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));
/**
 * Native modal dialogs let Tab leave the document for the browser's own UI (the HTML spec
 * allows it), never for the page behind: focus is in the dialog or not in the page at all.
 */
const focusNotBehind = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest("dialog[open]") || !document.hasFocus());

/** The wheel over the middle of the page, once the page has received it and drawn since. */
const wheel = (page: Page, deltaY: number) => wheelAt(page, 640, 300, deltaY);

describe("criteria modal", () => {
  test("opens named, is locked against outside clicks and blocks page scrolling", async () => {
    const page = await openHome();
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeGreaterThan(300);

    // With the modal closed the page scrolls (smoothly: wait for it to come to rest).
    await wheel(page, 200);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const at = await scrollY(page);
        await settled(page);
        return (await scrollY(page)) === at;
      })
      .toBe(true);
    const before = await scrollY(page);

    await opener(page).click();
    await dialog(page).waitFor({ state: "visible" });
    expect(await page.getByRole("dialog").count()).toBe(1);
    expect(await dialog(page).getByRole("heading", { name: TITLE }).isVisible()).toBe(true);
    // It holds the season's criteria document in the viewer (e2e/pdf-viewer.test.ts).
    await dialog(page)
      .getByRole("region", { name: `Trình xem tài liệu: ${TITLE}` })
      .waitFor({ state: "visible" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      "hidden",
    );
    expect(await scrollY(page)).toBe(before);

    // The page behind does not scroll, whether the wheel is over the panel or the backdrop.
    await wheel(page, 400);
    expect(await scrollY(page)).toBe(before);
    await wheelAt(page, 5, 5, 400);
    expect(await scrollY(page)).toBe(before);

    // Locked: a click on the backdrop (the point hits the <dialog> itself, not its panel)
    // leaves it open.
    expect(await page.evaluate(() => document.elementFromPoint(5, 5)?.tagName)).toBe("DIALOG");
    await page.mouse.click(5, 5);
    await settled(page);
    expect(await dialog(page).isVisible()).toBe(true);

    // The page behind is inert: even a script cannot move focus to it.
    expect(
      await page.evaluate(() => {
        document.querySelector<HTMLElement>(".site-header a")?.focus();
        return !!document.activeElement?.closest("dialog[open]");
      }),
    ).toBe(true);
  });

  test("Tab keeps focus inside; Escape closes and focus returns to the opener", async () => {
    const page = await openHome();
    await opener(page).focus();
    await page.keyboard.press("Enter");
    await dialog(page).waitFor({ state: "visible" });
    expect(await focusInDialog(page)).toBe(true);
    let backInDialog = 0;
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await focusNotBehind(page), `after Tab ${i + 1}`).toBe(true);
      if (await focusInDialog(page)) backInDialog++;
    }
    expect(backInDialog, "Tab cycles back into the dialog").toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusNotBehind(page), `after Shift+Tab ${i + 1}`).toBe(true);
    }
    if (!(await focusInDialog(page))) await page.keyboard.press("Tab");
    expect(await focusInDialog(page)).toBe(true);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Tiêu chí giải thưởng" });
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });

  test("the close button closes it, focus returns and the page scrolls again", async () => {
    const page = await openHome();
    await opener(page).click();
    await dialog(page).waitFor({ state: "visible" });
    await dialog(page).getByRole("button", { name: "Đóng" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Tiêu chí giải thưởng" });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      "hidden",
    );
    await wheel(page, 200);
    expect(await scrollY(page)).toBeGreaterThan(0);
  });

  test("English: the dialog is named in English", async () => {
    const { page } = await openPage(browser(), { viewport: SHORT });
    await page.goto("/en");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Award criteria" })
      .click();
    const english = page.getByRole("dialog", { name: "Award criteria for the 2026 season" });
    await english.waitFor({ state: "visible" });
    // The sample document is offered under its English title, and opens as the English page.
    const sample = english.locator(".criteria-sample a");
    expect(await sample.textContent()).toBe(
      `Password-protected sample document (password: ${DEMO_PDF_PASSWORD})`,
    );
    const pdf = await page.request.get((await sample.getAttribute("href"))!);
    expect(await pdf.text()).toContain(
      `<title>Password-protected sample document (password: ${DEMO_PDF_PASSWORD}) |`,
    );
    await english.getByRole("button", { name: "Close" }).click();
    await english.waitFor({ state: "detached" });
  });
});
