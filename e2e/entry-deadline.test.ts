import { describe, expect, onTestFinished, test } from "vitest";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { readSubmissionWindow, setSubmissionWindow, withDatabase } from "./support/db";
import { chooseFirstCategory, registerEntrant, waitSaved } from "./support/entry-journey";

// The entry form of an entrant typing as the submission deadline passes, in Chromium against
// the production server: the season's window is closed behind the server's back (it reads it
// on every request) while the form is open.
const browser = useBrowser();

describe("the deadline passing while the entry form is open", () => {
  test("the next autosave says the deadline passed and that the change was not saved", async () => {
    const { page } = await openPage(browser(), { locale: "en-GB" });
    await registerEntrant(page, "en");
    await page.goto("/en/nop-bai-du-thi");
    await waitForHydration(page);
    await chooseFirstCategory(page);
    await page.locator("#entry-brandName").fill("Lotus Tea");
    await waitSaved(page, "en");
    // The first save gives the draft its address.
    const entryOf = () => new URL(page.url()).searchParams.get("entry");
    await expect.poll(entryOf).toBeTruthy();
    const entryId = entryOf()!;

    const { opensAt } = readSubmissionWindow();
    onTestFinished(
      setSubmissionWindow({ opensAt, closesAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    await page.locator("#entry-campaignName").fill("Typed after the deadline");
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
      .toBe(text("en", "entryForm.save.lockedByDeadline"));
    // The server kept the entry as it was at the deadline.
    const saved = withDatabase((db) =>
      db
        .prepare<[string], { brand: string; campaign: string }>(
          "SELECT brand_name AS brand, campaign_name AS campaign FROM entries WHERE id = ?",
        )
        .get(entryId)!,
    );
    expect(saved).toEqual({ brand: "Lotus Tea", campaign: "" });
  });
});
