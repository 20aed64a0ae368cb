import type { Page } from "playwright-core";
import { waitForHydration } from "./browser";

/**
 * Signs in through a page's form as a person does (the page hydrated, the fields typed, the
 * button clicked) and waits until the browser lands on `lands`.
 */
export async function signInThroughForm(
  page: Page,
  { at, email, password, lands }: { at: string; email: string; password: string; lands: string },
): Promise<void> {
  await page.goto(at);
  await waitForHydration(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((u) => u.pathname === lands),
    page.getByRole("button", { name: "Đăng nhập", exact: true }).click(),
  ]);
}

/** Signs a staff member in at the back-office door; resolves on the dashboard (/quan-tri). */
export function signInStaff(page: Page, email: string, password: string): Promise<void> {
  return signInThroughForm(page, {
    at: "/quan-tri/dang-nhap",
    email,
    password,
    lands: "/quan-tri",
  });
}

/** Signs an entrant in at /dang-nhap; resolves on their account page (/tai-khoan). */
export function signInEntrant(page: Page, email: string, password: string): Promise<void> {
  return signInThroughForm(page, { at: "/dang-nhap", email, password, lands: "/tai-khoan" });
}
