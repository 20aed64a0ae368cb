import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { text } from "../server/test-support/text";
import { demoCredentials } from "./support/demo-credentials";
import { focusedControl, openPage, useBrowser, waitForHydration } from "./support/browser";
import { answerConfirmation, confirmation } from "./support/confirm";
import { signInEntrant, signInStaff } from "./support/sign-in";
import { withDatabase } from "./support/db";

// Signed-in pages used with the keyboard alone: after a form's answer the keyboard's place is
// where the person was (not the page's start), and a refusal is read out where the focus goes.
const browser = useBrowser();

/** A back-office page as the demo admin sees it, hydrated. */
async function adminPage(path: string): Promise<Page> {
  const { page } = await openPage(browser());
  const { admin } = demoCredentials();
  await signInStaff(page, admin.email, admin.password);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** Pressed with no entry ticked: the focus on the first row's box, and an alert saying why. */
async function expectSelectEntriesSaid(page: Page): Promise<void> {
  await expect.poll(async () => (await focusedControl(page)).name).toBe("entries");
  // The box the focus lands on is not where the problem is said: an alert says it.
  const said = page
    .getByRole("alert")
    .filter({ hasText: text("vi", "entryAdmin.validation.selectEntries") });
  await expect.poll(() => said.count()).toBe(1);
}

/** A VAT request for a paid payment that has none (the demo data has none): one company asks. */
function requestVat(): { id: number; reference: string; paymentId: string } {
  return withDatabase((db) => {
    const payment = db
      .prepare<[], { id: string; reference: string }>(
        `SELECT id, reference FROM payments WHERE state = 'paid'
           AND id NOT IN (SELECT payment_id FROM vat_requests) ORDER BY reference LIMIT 1`,
      )
      .get();
    if (!payment) throw new Error("No paid payment in the e2e database");
    const at = new Date().toISOString();
    const inserted = db
      .prepare(
        `INSERT INTO vat_requests
           (payment_id, company_name, tax_code, address, email, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 'requested', ?, ?)`,
      )
      .run(
        payment.id,
        "Công ty TNHH Bàn Phím",
        "0312345678",
        "1 Lê Lợi, Quận 1, TP. Hồ Chí Minh",
        "ke-toan@example.org",
        at,
        at,
      );
    return {
      id: Number(inserted.lastInsertRowid),
      reference: payment.reference,
      paymentId: payment.id,
    };
  });
}

describe("signed-in pages by keyboard", () => {
  test("the account's email language, saved with Enter, keeps the focus on its button", async () => {
    const { page } = await openPage(browser());
    const { entrant } = demoCredentials();
    await signInEntrant(page, entrant.email, entrant.password);
    await waitForHydration(page);
    const save = page.getByRole("button", {
      name: text("vi", "account.saveEmailLanguage"),
      exact: true,
    });
    await save.focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("alert")
      .or(page.getByRole("status"))
      .filter({ hasText: text("vi", "account.emailLanguageSaved") })
      .waitFor();
    await expect
      .poll(async () => (await focusedControl(page)).text)
      .toBe(text("vi", "account.saveEmailLanguage"));
  });

  test("a statement import sent without a file focuses the file field, its error read with it", async () => {
    const page = await adminPage("/en/quan-tri/thanh-toan/sao-ke");
    await page
      .getByRole("button", { name: text("en", "paymentAdmin.statements.submit"), exact: true })
      .focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focusedControl(page)).name).toBe("file");
    const file = await focusedControl(page);
    expect(file.invalid).toBe("true");
    expect(file.describedBy).toContain(text("en", "paymentCore.statement.fileMissing"));
  });

  test("a bulk status change sent with no entry ticked says so aloud as it focuses the first box", async () => {
    const page = await adminPage("/quan-tri/bai-du-thi");
    await page.locator('select[name="to"]').selectOption("accepted");
    await page
      .getByRole("button", { name: text("vi", "entryAdmin.bulk.submit"), exact: true })
      .focus();
    await page.keyboard.press("Enter");
    await expectSelectEntriesSaid(page);
  });

  test("the first judge of a season, added with Enter, leaves the focus on the box to add another", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    // 2024 has no judges in the demo data: its add box starts open and closes once one exists.
    const email = `ban-phim-${Date.now()}@example.org`;
    try {
      await page.goto("/quan-tri/cham-giai/giam-khao?year=2024");
      await waitForHydration(page);
      const box = page.locator("details").filter({
        has: page.locator("summary", { hasText: text("vi", "judgingAdmin.judges.create") }),
      });
      await box.locator('input[name="name"]').fill("Trần Thị Bàn Phím");
      await box.locator('input[name="email"]').fill(email);
      await box.locator('button[type="submit"]').focus();
      await page.keyboard.press("Enter");
      await page.locator(`tr[data-judge="${email}"]`).waitFor();
      await expect.poll(async () => (await focusedControl(page)).tag).toBe("summary");
      expect((await focusedControl(page)).text).toBe(text("vi", "judgingAdmin.judges.create"));
    } finally {
      withDatabase((db) => db.prepare("DELETE FROM judges WHERE email = ?").run(email));
    }
  });

  test("publishing the selection to the library with no entry ticked says so as it focuses the first box", async () => {
    const page = await adminPage("/quan-tri/bai-du-thi");
    await page
      .getByRole("button", { name: text("vi", "library.admin.bulkPublish"), exact: true })
      .focus();
    await page.keyboard.press("Enter");
    await expectSelectEntriesSaid(page);
    // Nothing to publish: no "publish 0 entries?" question.
    expect(await confirmation(page).count()).toBe(0);
  });

  test("a VAT invoice marked issued without its number focuses the number, its error read with it", async () => {
    const request = requestVat();
    try {
      const { page } = await openPage(browser());
      const { admin } = demoCredentials();
      await signInStaff(page, admin.email, admin.password);
      await page.goto(`/en/quan-tri/thanh-toan/hoa-don-vat?q=${request.reference}`);
      await waitForHydration(page);
      await page
        .getByRole("button", { name: text("en", "paymentAdmin.vat.issue"), exact: true })
        .focus();
      await page.keyboard.press("Enter");
      await answerConfirmation(page);
      await expect.poll(async () => (await focusedControl(page)).name).toBe("invoiceNumber");
      const field = await focusedControl(page);
      expect(field.invalid).toBe("true");
      expect(field.describedBy).toContain(text("en", "paymentCore.vat.invoiceNumberRequired"));
    } finally {
      withDatabase((db) => db.prepare("DELETE FROM vat_requests WHERE id = ?").run(request.id));
    }
  });

  test("a VAT invoice refused for its payment (refunded meanwhile) focuses that refusal, not the number", async () => {
    const request = requestVat();
    const setState = (state: string) =>
      withDatabase((db) =>
        db.prepare("UPDATE payments SET state = ? WHERE id = ?").run(state, request.paymentId),
      );
    try {
      const { page } = await openPage(browser());
      const { admin } = demoCredentials();
      await signInStaff(page, admin.email, admin.password);
      await page.goto(`/en/quan-tri/thanh-toan/hoa-don-vat?q=${request.reference}`);
      await waitForHydration(page);
      // Refunded after the page was shown (by another member of staff, say).
      setState("refunded");
      await page.getByLabel(text("en", "paymentAdmin.vat.invoiceNumber")).fill("HD-0001234");
      await page
        .getByRole("button", { name: text("en", "paymentAdmin.vat.issue"), exact: true })
        .focus();
      await page.keyboard.press("Enter");
      await answerConfirmation(page);
      const refusal = text("en", "paymentCore.vat.refunded");
      await expect.poll(async () => (await focusedControl(page)).text).toBe(refusal);
      // The number was right: it is kept, and not marked wrong.
      const number = page.getByLabel(text("en", "paymentAdmin.vat.invoiceNumber"));
      expect(await number.inputValue()).toBe("HD-0001234");
      expect(await number.getAttribute("aria-invalid")).toBeNull();
    } finally {
      setState("paid");
      withDatabase((db) => db.prepare("DELETE FROM vat_requests WHERE id = ?").run(request.id));
    }
  });

  test("a page opened inside the app has its title read out; the first page's HTML has no such region", async () => {
    const { page } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    const served = await (await page.goto("/quan-tri"))!.text();
    expect(served).not.toContain("data-route-announcer");
    await waitForHydration(page);
    const announcer = page.locator("[data-route-announcer]");
    await expect(announcer.getAttribute("aria-live")).resolves.toBe("polite");
    await expect(announcer.textContent()).resolves.toBe("");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/thi-sinh"),
      page
        .getByRole("navigation", { name: text("vi", "admin.navLabel") })
        .getByRole("link", { name: text("vi", "admin.sections.registrants"), exact: true })
        .click(),
    ]);
    await expect
      .poll(() => announcer.textContent())
      .toMatch(new RegExp(`^${text("vi", "registrantsAdmin.title")} \\| `));
    expect(await announcer.textContent()).toBe(await page.title());
  });
});
