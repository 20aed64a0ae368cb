import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { focused, openPage, useBrowser, waitForHydration } from "./support/browser";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// The back office's pager used with the keyboard: another page opens with its table in view
// and focused (a screen reader reads the table's caption), not at the top of the window with
// the focus left on the pager below the old rows.
const browser = useBrowser();
const vi = (key: string) => text("vi", key);

/** Where the list's table is: focused or not, and whether its top is on screen. */
function tableState(page: Page) {
  return page.locator("main table").evaluate((table) => {
    const top = table.getBoundingClientRect().top;
    return {
      focused: table === document.activeElement,
      topOnScreen: top >= 0 && top < window.innerHeight,
    };
  });
}

/** Whether the window is still scrolling (to a control just focused). */
function scrolling(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const y = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY !== y)));
      }),
  );
}

describe("the back-office tables' pager", () => {
  test("next and previous page land on the new rows, for the generic, entries and payments tables", async () => {
    const { page, problems } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    for (const list of ["/quan-tri/thi-sinh", "/quan-tri/bai-du-thi", "/quan-tri/thanh-toan"]) {
      await page.goto(`${list}?pageSize=10`);
      await waitForHydration(page);
      const pager = page.getByRole("navigation", { name: vi("adminKit.pager") });
      const next = pager.getByRole("link", { name: vi("adminKit.next"), exact: true });
      expect(await next.count(), `${list} has a second page`).toBe(1);

      // From the keyboard, at the bottom of the page (once the page has scrolled there).
      await next.focus();
      await expect.poll(() => scrolling(page)).toBe(false);
      await page.keyboard.press("Enter");
      await page.waitForURL((u) => u.searchParams.get("page") === "2");
      await expect.poll(() => tableState(page)).toEqual({ focused: true, topOnScreen: true });
      expect((await focused(page)).tag).toBe("table");

      // And back, with the pointer this time.
      await pager.getByRole("link", { name: vi("adminKit.previous"), exact: true }).click();
      await page.waitForURL((u) => (u.searchParams.get("page") ?? "1") === "1");
      await expect.poll(() => tableState(page)).toEqual({ focused: true, topOnScreen: true });
    }
    expect(problems.pageErrors).toEqual([]);
  });
});
