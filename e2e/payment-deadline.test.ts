import { randomUUID } from "node:crypto";
import { describe, expect, onTestFinished, test } from "vitest";
import { formatVnd } from "../core/dates";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { CURRENT_SEASON, setLateDeadline, setSubmissionWindow, withDatabase } from "./support/db";
import { registerEntrant } from "./support/entry-journey";

// The checkout page of an entrant as a deadline passes while it is open, in Chromium against
// the production server: the season's dates are moved behind the server's back (it reads them
// on every request) instead of waiting for the clock.
const browser = useBrowser();

const HOUR_MS = 3_600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
let madeEntries = 0;

/** One submitted, unpaid entry of the entrant's, in a category given a late fee for the test. */
function submittedEntry(email: string, lateFeeVnd: number): { code: string; standardVnd: number } {
  return withDatabase((db) => {
    const user = db
      .prepare<[string], { id: string }>("SELECT id FROM user WHERE email = ?")
      .get(email)!;
    const category = db
      .prepare<
        [number],
        { id: number; track_id: number; season_id: number; code: string; fee_vnd: number }
      >(
        `SELECT c.id, t.id AS track_id, s.id AS season_id, c.code, c.fee_vnd FROM categories c
         JOIN category_groups g ON g.id = c.group_id JOIN tracks t ON t.id = g.track_id
         JOIN seasons s ON s.id = t.season_id
         WHERE s.year = ? AND c.allow_individual = 1 ORDER BY c.id LIMIT 1`,
      )
      .get(CURRENT_SEASON)!;
    const before = db
      .prepare<[number], { late: number | null }>(
        "SELECT late_fee_vnd AS late FROM categories WHERE id = ?",
      )
      .get(category.id)!.late;
    db.prepare("UPDATE categories SET late_fee_vnd = ? WHERE id = ?").run(lateFeeVnd, category.id);
    onTestFinished(() =>
      withDatabase((d) => {
        d.prepare("UPDATE categories SET late_fee_vnd = ? WHERE id = ?").run(before, category.id);
      }),
    );
    const code = `VX26-${category.code}-7${String(madeEntries++).padStart(3, "0")}`;
    const at = new Date().toISOString();
    db.prepare(
      `INSERT INTO entries (id, owner_user_id, season_id, track_id, category_id, code, status,
         brand_name, campaign_name, description_vi, description_en, video_link, credits, version,
         created_at, updated_at, submitted_at)
       VALUES (?, ?, ?, ?, ?, ?, 'submitted', 'Nón Lá', 'Mùa nước nổi', '', '', '', '{}', 1, ?, ?, ?)`,
    ).run(
      randomUUID(),
      user.id,
      category.season_id,
      category.track_id,
      category.id,
      code,
      at,
      at,
      at,
    );
    return { code, standardVnd: category.fee_vnd };
  });
}

describe("a deadline passing while the checkout is open", () => {
  test("a fee that changed while the page was open is not charged unseen: the page shows the new one", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "vi");
    const lateVnd = 9_900_000;
    const { standardVnd } = submittedEntry(email, lateVnd);
    onTestFinished(
      setSubmissionWindow({ opensAt: fromNow(-30 * 24 * HOUR_MS), closesAt: fromNow(HOUR_MS) }),
    );
    onTestFinished(setLateDeadline(fromNow(2 * HOUR_MS)));
    await page.goto("/nop-bai-du-thi/thanh-toan");
    await waitForHydration(page);
    const total = page.getByTestId("checkout-total");
    await expect.poll(() => total.textContent()).toBe(formatVnd(standardVnd, "vi"));

    // The submission deadline passes while the page is open: the late fee applies now.
    setSubmissionWindow({ opensAt: fromNow(-30 * 24 * HOUR_MS), closesAt: fromNow(-60_000) });
    await page.getByRole("button", { name: text("vi", "payment.submit") }).click();
    await page.getByText(text("vi", "paymentCore.problems.feesChanged"), { exact: true }).waitFor();
    // No payment was made, and the page now shows what would be charged.
    expect(page.url()).toMatch(/\/nop-bai-du-thi\/thanh-toan$/);
    await expect.poll(() => total.textContent()).toBe(formatVnd(lateVnd, "vi"));
    await expect
      .poll(() => page.locator(".pay-table").first().textContent())
      .toContain(text("vi", "payment.tier.late"));
    expect(await page.getByText(text("vi", "payment.noHistory")).count()).toBe(1);

    // Pressed again, at the amount shown: the payment is made at the late fee.
    await page.getByRole("button", { name: text("vi", "payment.submit") }).click();
    await page.waitForURL((u) => /\/nop-bai-du-thi\/thanh-toan\/VXP/.test(u.pathname));
    await expect.poll(() => page.locator("main").textContent()).toContain(formatVnd(lateVnd, "vi"));
  });

  test("past the last deadline an unpaid entry is named as no longer payable, not offered at 0 ₫", async () => {
    const { page } = await openPage(browser(), { locale: "en-GB" });
    const email = await registerEntrant(page, "en");
    const { code } = submittedEntry(email, 9_900_000);
    onTestFinished(
      setSubmissionWindow({ opensAt: fromNow(-30 * 24 * HOUR_MS), closesAt: fromNow(-HOUR_MS) }),
    );
    onTestFinished(setLateDeadline(fromNow(-60_000)));
    await page.goto("/en/nop-bai-du-thi/thanh-toan");
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId("fees-closed").textContent())
      .toBe(text("en", "payment.feesClosed_one", { codes: code }));
    // Nothing to choose, no total, no button that could only be refused.
    expect(await page.getByTestId("checkout-total").count()).toBe(0);
    expect(await page.getByRole("button", { name: text("en", "payment.submit") }).count()).toBe(0);
    // The dashboard does not say "none" is due.
    await page.goto("/en/tai-khoan");
    await waitForHydration(page);
    const card = page.locator(".entries-list__item", { hasText: code });
    await expect.poll(() => card.textContent()).toContain(text("en", "account.entries.feesClosed"));
  });
});
