import type { Locator, Page } from "playwright-core";

/** The page's own confirmation (web/components/confirm-dialog.tsx), open or about to be. */
export function confirmation(page: Page): Locator {
  return page.getByRole("alertdialog");
}

/**
 * Waits for the confirmation a click opened and answers it: "confirm" presses the action's
 * button (the form is then sent), "cancel" presses "Huỷ". Returns the question it asked.
 */
export async function answerConfirmation(
  page: Page,
  answer: "confirm" | "cancel" = "confirm",
): Promise<string> {
  const dialog = confirmation(page);
  await dialog.waitFor();
  const question = (await dialog.locator(".confirm-dialog__question").textContent()) ?? "";
  const [go, back] = [dialog.getByRole("button").first(), dialog.getByRole("button").last()];
  await (answer === "confirm" ? go : back).click();
  await dialog.waitFor({ state: "detached" });
  return question;
}

/** Clicks a button that asks first, and confirms: the form is sent as the button says. */
export async function clickAndConfirm(page: Page, button: Locator): Promise<string> {
  await button.click();
  return answerConfirmation(page);
}
