import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { demoCredentials } from "./support/demo-credentials";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { input, registerEntrant } from "./support/entry-journey";
import { errorOfField } from "./support/fields";
import { signInStaff } from "./support/sign-in";

// A form refused in the browser takes the person to its first field with a problem, in the
// page's order, when its button is clicked too: even when the press on the button is what
// leaves a wrong field, so that field's error appears and moves the button while the mouse
// button is still down.
const browser = useBrowser();

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("name") ?? null);

describe("a refused form clicked with the mouse", () => {
  test("the site settings focus their first field with a problem", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/cai-dat");
    await waitForHydration(page);
    // Left wrong: its error shows.
    await input(page, "contactEmail").fill("");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => errorOfField(input(page, "contactEmail")))
      .toBe(text("vi", "validation.required"));
    // Wrong too, and left by clicking the save button below it.
    await input(page, "paymentExpiryHours").fill("");
    await page.getByRole("button", { name: text("vi", "adminPlatform.save"), exact: true }).click();
    await expect.poll(() => focusedName(page)).toBe("contactEmail");
    await expect(errorOfField(input(page, "paymentExpiryHours"))).resolves.toBe(
      text("vi", "validation.required"),
    );
  });

  test("a news article left wrong by Tab goes on to the next field; its save shows the summary", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/noi-dung/tin-tuc/moi");
    await waitForHydration(page);
    const title = input(page, "titleVi");
    await title.fill("x");
    await title.fill("");
    await page.keyboard.press("Tab");
    await expect.poll(() => errorOfField(title)).toBe(text("vi", "validation.required"));
    // The keyboard went on, and no summary showed up to take it back to the top.
    await expect.poll(() => focusedName(page)).toBe("slugVi");
    expect(await page.locator(".form-alert--error").count()).toBe(0);
    await page
      .getByRole("button", { name: text("vi", "adminNews.actions.saveDraft"), exact: true })
      .click();
    await page.getByText(text("vi", "adminNews.errors.form")).waitFor();
    await expect.poll(() => focusedName(page)).toBe("titleVi");
  });

  test("an entrant's profile focuses its first field with a problem", async () => {
    const { page } = await openPage(browser());
    await registerEntrant(page, "vi");
    await page.goto("/tai-khoan/ho-so");
    await waitForHydration(page);
    const save = page.getByRole("button", { name: text("vi", "account.saveProfile"), exact: true });
    // The only wrong field, left by clicking the save button.
    await input(page, "address").fill("");
    await save.click();
    await expect.poll(() => focusedName(page)).toBe("address");
    // A field above it, left wrong before: the first in the page's order.
    await input(page, "fullName").fill("");
    await page.keyboard.press("Tab");
    await expect
      .poll(() => errorOfField(input(page, "fullName")))
      .toBe(text("vi", "validation.required"));
    await save.click();
    await expect.poll(() => focusedName(page)).toBe("fullName");
  });
});
