import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { formatDay } from "../core/dates";
import { text } from "../server/test-support/text";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { confirmation } from "./support/confirm";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// The staff entry page's status form and the entries table's bulk bar, by keyboard: a refused
// change puts the keyboard on the first field in error in the page's order, a due day already
// over is refused at its field before anything is sent or confirmed, and a change that went
// through leaves the keyboard on the form, not at the page's start.
const browser = useBrowser();
const vi = (key: string, values?: Record<string, string | number>) => text("vi", key, values);
const DAY_MS = 86_400_000;

/** The DD/MM/YYYY of a day `days` from now in Vietnam. */
const vietnamDay = (days: number) =>
  formatDay(new Date(Date.now() + days * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10));

/** Paid 2026 entries, lowest codes first (the screening journey takes the highest). */
function paidEntries(): { id: string; code: string }[] {
  return withDatabase((db) =>
    db
      .prepare<[], { id: string; code: string }>(
        `SELECT e.id, e.code FROM entries e JOIN seasons s ON s.id = e.season_id
          WHERE s.year = 2026 AND e.status = 'paid' AND e.code IS NOT NULL
          ORDER BY e.code ASC LIMIT 2`,
      )
      .all(),
  );
}

const statusOf = (id: string) =>
  withDatabase(
    (db) =>
      db.prepare<[string], { status: string }>("SELECT status FROM entries WHERE id = ?").get(id)!
        .status,
  );

/** The name (form field) or text of what has the keyboard focus. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const text = el?.textContent?.trim().slice(0, 80) ?? "";
    return el?.getAttribute("name") ?? `${el?.tagName.toLowerCase()}:${text}`;
  });

/** Every POST the page sends from now on. */
function posts(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  return sent;
}

/** A paid 2026 entry's staff page, signed in as the demo admin and hydrated. */
async function openPaidEntry() {
  const [entry] = paidEntries();
  if (!entry) throw new Error("No paid 2026 entry in the e2e database");
  const { page } = await openPage(browser());
  const admin = demoCredentials().admin;
  await signInStaff(page, admin.email, admin.password);
  await page.goto(`/quan-tri/bai-du-thi/${entry.id}`);
  await waitForHydration(page);
  return { entry, page };
}

describe("the staff entry page's status form", () => {
  test("focuses the first field in error in the page's order and refuses a due day already over at its field", async () => {
    const { entry, page } = await openPaidEntry();
    const sent = posts(page);
    const form = page.locator("form").filter({ has: page.locator('select[name="to"]') });
    const submit = form.getByRole("button", { name: vi("entryReview.action.submit") });

    // "Needs changes" with neither a reason nor a date: the reason, above the date, is first.
    await form.getByLabel(vi("entryReview.action.to")).selectOption("needs_changes");
    await submit.click();
    await form.getByText(vi("entryAdmin.validation.dueDateRequired")).waitFor();
    await expect.poll(() => focusedField(page)).toBe("reason");

    // A reason and yesterday: the date is refused where it was typed, in the server's words,
    // and nothing is sent.
    await form.getByLabel(vi("entryReview.action.reason")).fill("Thiếu bản có phụ đề.");
    await form.getByLabel(vi("entryReview.action.changesDueOn")).fill(vietnamDay(-1));
    await submit.click();
    await form.getByText(vi("entryAdmin.validation.dueDatePast")).waitFor();
    await expect.poll(() => focusedField(page)).toBe("changesDueOn");
    expect(sent).toEqual([]);
    expect(statusOf(entry.id)).toBe("paid");
  });

  test("after a change the keyboard is back on the form's button and the form is empty", async () => {
    const { entry, page } = await openPaidEntry();
    const form = page.locator("form").filter({ has: page.locator('select[name="to"]') });
    await form.getByLabel(vi("entryReview.action.to")).selectOption("needs_changes");
    await form.getByLabel(vi("entryReview.action.reason")).fill("Thiếu bản có phụ đề.");
    await form.getByLabel(vi("entryReview.action.changesDueOn")).fill(vietnamDay(7));
    // By keyboard, as a screen-reader user sends it.
    await form.getByRole("button", { name: vi("entryReview.action.submit") }).focus();
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "entryReview.notices.changed"),
      page.keyboard.press("Enter"),
    ]);
    await page.getByText(vi("entryReview.notices.changed")).waitFor();
    expect(statusOf(entry.id)).toBe("needs_changes");

    await expect.poll(() => focusedField(page)).toBe(`button:${vi("entryReview.action.submit")}`);
    expect(await form.getByLabel(vi("entryReview.action.to")).inputValue()).toBe("");
    expect(await form.getByLabel(vi("entryReview.action.reason")).inputValue()).toBe("");
  });

  test("takes a rejection back: named as reopening, a reason asked for before anything is sent", async () => {
    const { entry, page } = await openPaidEntry();
    const form = page.locator("form").filter({ has: page.locator('select[name="to"]') });
    const to = form.getByLabel(vi("entryReview.action.to"));
    const reason = form.getByLabel(vi("entryReview.action.reason"));
    const submit = form.getByRole("button", { name: vi("entryReview.action.submit") });
    // A paid entry has no decision to take back.
    expect(await to.locator("option").allTextContents()).not.toContain(
      vi("entryReview.action.reopenScreening"),
    );
    await to.selectOption("rejected");
    await reason.fill("Sai hạng mục.");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "entryReview.notices.changed"),
      submit.click(),
    ]);
    expect(statusOf(entry.id)).toBe("rejected");

    // Rejected: the one move is reopening, and its reason is required in the browser.
    const sent = posts(page);
    await expect
      .poll(() => to.locator("option").allTextContents())
      .toEqual([vi("entryReview.action.choose"), vi("entryReview.action.reopenScreening")]);
    await to.selectOption({ label: vi("entryReview.action.reopenScreening") });
    await form.getByText(vi("entryReview.action.reopenHint"), { exact: false }).waitFor();
    await submit.click();
    await form.getByText(vi("entryAdmin.validation.reasonRequired")).waitFor();
    await expect.poll(() => focusedField(page)).toBe("reason");
    expect(sent).toEqual([]);

    await reason.fill("Từ chối nhầm: bài đúng hạng mục.");
    // The address already carries the notice of the rejection: the database says when.
    await submit.click();
    await expect.poll(() => statusOf(entry.id)).toBe("paid");
    // The history keeps the decision taken back, with its reason.
    await page.getByText("Từ chối nhầm: bài đúng hạng mục.").waitFor();
    await expect
      .poll(() => to.locator("option").allTextContents())
      .toContain(vi("entry.status.accepted"));
  });
});

describe("the entries table's bulk bar", () => {
  test("refuses a due day already over at its field, before asking to confirm", async () => {
    const [, entry] = paidEntries();
    if (!entry) throw new Error("Fewer than two paid 2026 entries in the e2e database");
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto(`/quan-tri/bai-du-thi?q=${entry.code}`);
    await waitForHydration(page);
    const sent = posts(page);
    await page.getByRole("checkbox", { name: new RegExp(entry.code) }).check();
    const bar = page.getByRole("group", { name: vi("entryAdmin.bulk.heading") });
    await bar.getByLabel(vi("entryAdmin.bulk.to")).selectOption("needs_changes");
    await bar.getByLabel(vi("entryAdmin.bulk.reason")).fill("Thiếu bản có phụ đề.");
    await bar.getByLabel(vi("entryAdmin.bulk.changesDueOn")).fill(vietnamDay(-1));
    await bar.getByRole("button", { name: vi("entryAdmin.bulk.submit"), exact: true }).click();
    await bar.getByText(vi("entryAdmin.validation.dueDatePast")).waitFor();
    await expect.poll(() => focusedField(page)).toBe("changesDueOn");
    expect(await confirmation(page).count()).toBe(0);
    expect(sent).toEqual([]);
    expect(statusOf(entry.id)).toBe("paid");
  });
});
