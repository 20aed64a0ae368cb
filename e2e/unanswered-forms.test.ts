import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { seriousViolations } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { forgetRegistrationLimits } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// A form sent while the connection is down — or while the app behind the gateway restarts —
// gets no answer. The page stays as it was, with everything typed, and says so until the next
// attempt; sending again once the connection is back goes through. Before, the error page
// replaced the form and everything typed into it was lost.
const browser = useBrowser();
const vi = (key: string, vars: Record<string, string | number> = {}) => text("vi", key, vars);
const unique = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;

/** How the form's POSTs fail while `failing()`: no connection, or a gateway's 502 page. */
async function failPosts(page: Page, how: "offline" | "gateway", failing: () => boolean) {
  let failed = 0;
  await page.route("**/*", async (route) => {
    if (!failing() || route.request().method() !== "POST") return route.fallback();
    failed += 1;
    if (how === "offline") return route.abort("internetdisconnected");
    return route.fulfill({
      status: 502,
      contentType: "text/html",
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
    });
  });
  return () => failed;
}

const notice = (page: Page) => page.getByRole("alert").filter({ hasText: vi("common.unanswered") });

async function expectNoErrorPage(page: Page) {
  expect(await page.getByRole("heading", { name: vi("error.title") }).count()).toBe(0);
}

describe("a form that gets no answer", () => {
  test("registration while offline: the form keeps everything, and goes through once online", async () => {
    forgetRegistrationLimits();
    const { page, problems } = await openPage(browser());
    await page.goto("/dang-ky-du-thi");
    await waitForHydration(page);
    const typed = {
      fullName: "Đỗ Thị Hồng Nhung",
      phone: "0912 345 678",
      email: unique("nhung"),
      address: "12 Lý Thái Tổ, Hoàn Kiếm, Hà Nội",
      password: "hoa-sua-mua-thu-2026",
    };
    for (const [name, value] of Object.entries(typed)) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await page.locator('input[name="acceptRules"]').check();

    let offline = true;
    const failed = await failPosts(page, "offline", () => offline);
    const register = page.getByRole("button", { name: vi("account.register"), exact: true });
    await register.click();
    await notice(page).waitFor();
    expect(failed()).toBe(1);
    await expectNoErrorPage(page);
    expect(new URL(page.url()).pathname).toBe("/dang-ky-du-thi");
    for (const [name, value] of Object.entries(typed)) {
      expect(await page.locator(`input[name="${name}"]`).inputValue(), name).toBe(value);
    }
    expect(await page.locator('input[name="acceptRules"]').isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Back online: the same button sends it; the notice goes with the new attempt.
    offline = false;
    await register.click();
    await expect
      .poll(
        async () =>
          new URL(page.url()).searchParams.get("sent") ??
          (await page.locator(".field__error, .form-alert, [role=alert]").allTextContents()).join(
            " | ",
          ),
        { timeout: 15_000 },
      )
      .toBe("1");
    expect(await notice(page).count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  });

  test("sign-in while the gateway answers 502: the email stays, and it signs in afterwards", async () => {
    const { page } = await openPage(browser());
    const { entrant } = demoCredentials();
    await page.goto("/dang-nhap");
    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(entrant.email);
    await page.locator('input[name="password"]').fill(entrant.password);

    let down = true;
    const failed = await failPosts(page, "gateway", () => down);
    const signIn = page.getByRole("button", { name: "Đăng nhập", exact: true });
    await signIn.click();
    await notice(page).waitFor();
    expect(failed()).toBe(1);
    await expectNoErrorPage(page);
    expect(await page.locator('input[name="email"]').inputValue()).toBe(entrant.email);

    // It can be closed from the keyboard.
    await notice(page)
      .getByRole("button", { name: vi("toast.close") })
      .press("Enter");
    await expect.poll(() => notice(page).count()).toBe(0);

    down = false;
    await Promise.all([page.waitForURL((u) => u.pathname === "/tai-khoan"), signIn.click()]);
  });

  test("a back-office form (inviting a staff member): what was chosen stays, then it is sent", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/nguoi-dung");
    await waitForHydration(page);
    const invite = page.locator('section[aria-labelledby="invite-heading"]');
    const email = unique("ke-toan");
    await invite.locator('input[name="email"]').fill(email);
    await invite.locator('input[name="name"]').fill("Lê Minh Kế Toán");
    await invite.locator('select[name="role"]').selectOption("finance");

    let offline = true;
    await failPosts(page, "offline", () => offline);
    const send = invite.getByRole("button", { name: vi("adminPlatform.users.invite") });
    await send.click();
    await notice(page).waitFor();
    await expectNoErrorPage(page);
    expect(await invite.locator('input[name="email"]').inputValue()).toBe(email);
    expect(await invite.locator('input[name="name"]').inputValue()).toBe("Lê Minh Kế Toán");
    expect(await invite.locator('select[name="role"]').inputValue()).toBe("finance");

    offline = false;
    await send.click();
    await expect
      .poll(() => page.getByRole("table").getByText(email).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await notice(page).count()).toBe(0);
  });
});
