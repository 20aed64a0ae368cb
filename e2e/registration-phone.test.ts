import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { MOBILE, openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import { input, PASSWORD, uniqueEmail } from "./support/entry-journey";
import { errorOfField } from "./support/fields";

// The registration form on a phone (390 px): a refused submission takes the person to the
// first field with a problem as the form reads top to bottom, whatever type was chosen; a
// tap on the rules' box counts even when leaving the field above it shows that field's error.
const browser = useBrowser();

describe("the registration form on a phone", () => {
  test("a company's refused form focuses its first field with a problem, in the form's order", async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE });
    await page.goto("/dang-ky-du-thi");
    await waitForHydration(page);
    await page.locator('input[name="type"][value="enterprise"]').check();
    await input(page, "companyName").waitFor();
    // The shared fields below are filled wrongly too; the company's come first on the page.
    await input(page, "phone").fill("12");
    await page.getByRole("button", { name: text("vi", "account.register"), exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("companyName");
    await expect(errorOfField(input(page, "companyName"))).resolves.toBe(
      text("vi", "validation.required"),
    );
  });

  test("a tap on the rules' box counts when leaving the field above shows its error", async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE });
    await page.goto("/dang-ky-du-thi");
    await waitForHydration(page);
    await input(page, "fullName").fill("Phạm Thị Bình");
    await input(page, "phone").fill("0912 345 678");
    await input(page, "email").fill(uniqueEmail("binh"));
    await input(page, "address").fill("34 Tràng Tiền, Hoàn Kiếm, Hà Nội");
    // Too short: leaving the field shows an error right above the box.
    await input(page, "password").fill(PASSWORD.slice(0, 4));
    const box = input(page, "acceptRules");
    await box.scrollIntoViewIfNeeded();
    const at = await box.boundingBox();
    if (!at) throw new Error("the rules' box is not shown");
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await settled(page);
    await page.mouse.up();
    await expect.poll(() => box.isChecked()).toBe(true);
    // The password's problem still shows, once the tap is done.
    await expect.poll(() => errorOfField(input(page, "password"))).not.toBe("");
  });
});
