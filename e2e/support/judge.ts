import type { Page } from "playwright-core";
import { text } from "../../server/test-support/text";
import { waitForHydration } from "./browser";

const vi = (key: string) => text("vi", key);

/**
 * Signs a judge in with their code on the portal's sign-in page (`at`, `/giam-khao` unless the
 * page is already there with its `?next=`); resolves once the answer to the sign-in came.
 */
export async function signInJudge(page: Page, code: string, at: string | null = "/giam-khao") {
  if (at !== null) await page.goto(at);
  await waitForHydration(page);
  await page.getByLabel(vi("judging.portal.signIn.code")).fill(code.toLowerCase());
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: vi("judging.portal.signIn.submit"), exact: true }).click(),
  ]);
}
