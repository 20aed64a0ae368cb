import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Lang } from "../core/languages";
import { text } from "../server/test-support/text";
import { expectNoViolations } from "./support/axe";
import { focusedControl, newContext, useBrowser, waitForHydration } from "./support/browser";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { chooseFirstCategory, waitSaved } from "./support/entry-journey";
import { signInJudge } from "./support/judge";
import { signInEntrant, signInStaff } from "./support/sign-in";

// The pages behind a sign-in, and the sign-in pages' error states, audited by axe-core (WCAG
// 2.1 A/AA, every impact: minor and moderate fail too) in both languages: the entrant's
// account, profile, entry form and payment; the judge portal; the back office for each role,
// its forms with their errors and a confirmation open. One signed-in context per role keeps
// the file short. Beside axe, the keyboard: after a form leads to a new page the first Tab is
// the skip link (not wherever the old page's button was), invalid forms focus their first
// field with its error read with it, and a confirmation holds the focus, closes on Esc and
// gives the focus back to its button.
const browser = useBrowser();
const vi = (key: string) => text("vi", key);

/** Opens `path` (a Vietnamese path; `/en` put in front for English) and waits for hydration. */
async function open(page: Page, path: string, lang: Lang = "vi") {
  const response = await page.goto(lang === "en" ? `/en${path}` : path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

async function audit(page: Page, path: string, lang: Lang = "vi") {
  await open(page, path, lang);
  await expectNoViolations(page);
}

/** Sends the form of `button` from the keyboard with nothing filled in. */
async function sendEmpty(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.focus();
  await page.keyboard.press("Enter");
}

/** After a sign-in led to a new page, the first Tab reaches the skip link at the top. */
async function expectKeyboardAtTop(page: Page) {
  // The new page is in place once its title has been announced.
  await expect.poll(() => page.locator("[data-route-announcer]").textContent()).not.toBe("");
  await page.keyboard.press("Tab");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute("href")))
    .toBe("#main");
}

describe("accessibility behind the sign-ins (axe, WCAG 2.1 A/AA, every impact)", () => {
  test("sign-in, registration, reset and judge code pages in their error states", async () => {
    const context = await newContext(browser());
    try {
      const page = await context.newPage();
      // A wrong password: the refusal is an alert, and it has the focus.
      await open(page, "/dang-nhap");
      await page.locator('input[name="email"]').fill("khong-co@example.vn");
      await page.locator('input[name="password"]').fill("sai-mat-khau-2026");
      await page.getByRole("button", { name: vi("account.signIn"), exact: true }).click();
      const refusal = page.getByRole("alert").filter({ hasText: /\S/ });
      await refusal.first().waitFor();
      await expectNoViolations(page);

      // Registration sent empty: the first field has the focus, its error read with it.
      await open(page, "/dang-ky-du-thi", "en");
      await sendEmpty(
        page,
        page.getByRole("button", { name: text("en", "account.register"), exact: true }),
      );
      await expect.poll(() => focusedControl(page).then((f) => f.name)).toBe("fullName");
      const field = await focusedControl(page);
      expect(field.invalid).toBe("true");
      expect(field.describedBy).not.toEqual([]);
      await expectNoViolations(page);

      await open(page, "/quen-mat-khau");
      await sendEmpty(
        page,
        page.getByRole("button", { name: vi("account.sendResetLink"), exact: true }),
      );
      await expect.poll(() => focusedControl(page).then((f) => f.invalid)).toBe("true");
      await expectNoViolations(page);

      await audit(page, "/dat-lai-mat-khau?token=khong-hop-le", "en");

      // A judge code that is no code: the field says so.
      await open(page, "/giam-khao");
      await page.getByLabel(vi("judging.portal.signIn.code")).fill("khong-phai-ma");
      await page
        .getByRole("button", { name: vi("judging.portal.signIn.submit"), exact: true })
        .click();
      await expect.poll(() => focusedControl(page).then((f) => f.invalid)).toBe("true");
      await expectNoViolations(page);
    } finally {
      await context.close();
    }
  });

  describe("the entrant", () => {
    let context: BrowserContext;
    let page: Page;
    const drafts: string[] = [];
    beforeAll(async () => {
      context = await newContext(browser());
      page = await context.newPage();
      const { entrant } = demoCredentials();
      await signInEntrant(page, entrant.email, entrant.password);
    });
    afterAll(async () => {
      await context.close();
      // The draft made here goes, so the demo entrant's list stays as other files expect it.
      withDatabase((db) => {
        for (const id of drafts) {
          db.prepare("DELETE FROM entry_status_history WHERE entry_id = ?").run(id);
          db.prepare("DELETE FROM entries WHERE id = ?").run(id);
        }
      });
    });

    test("account and profile; the keyboard starts at the top after signing in", async () => {
      // The sign-in's button went with its page: the first Tab is the skip link.
      await waitForHydration(page);
      await expectKeyboardAtTop(page);
      await expectNoViolations(page);
      await audit(page, "/tai-khoan", "en");
      await audit(page, "/tai-khoan/ho-so");

      // The password change sent empty focuses its first field, its error read with it.
      await open(page, "/tai-khoan");
      await sendEmpty(
        page,
        page.getByRole("button", { name: vi("account.changePassword"), exact: true }),
      );
      await expect.poll(() => focusedControl(page).then((f) => f.name)).toBe("currentPassword");
      expect((await focusedControl(page)).describedBy).not.toEqual([]);
      await expectNoViolations(page);
    });

    test("the entry form: new, a draft, the draft sent with items missing; payment", async () => {
      await audit(page, "/nop-bai-du-thi");
      await chooseFirstCategory(page);
      await page.locator("#entry-brandName").fill("Thương hiệu kiểm tra truy cập");
      await waitSaved(page, "vi");
      // The address takes the draft's id once the first save answered.
      await page.waitForURL((u) => u.searchParams.has("entry"));
      const id = new URL(page.url()).searchParams.get("entry");
      drafts.push(id!);
      await expectNoViolations(page);

      // Sent with items missing: the list of them is an alert and has the focus.
      await page
        .locator("main")
        .getByRole("button", { name: vi("entryForm.submit"), exact: true })
        .click();
      const missing = page.locator(".entry-form__missing");
      await missing.waitFor();
      await expect(missing.getAttribute("role")).resolves.toBe("alert");
      await expect
        .poll(() => missing.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      await expectNoViolations(page);

      await audit(page, `/nop-bai-du-thi?entry=${id}`, "en");
      await audit(page, "/nop-bai-du-thi/thanh-toan");
      await audit(page, "/nop-bai-du-thi/thanh-toan", "en");
    });
  });

  test("the judge: the portal, a round's entries and a scoring page", async () => {
    // The demo's rounds are locked (judged); one opens for this test, as a manager would.
    const previous = withDatabase((db) => {
      const row = db
        .prepare<[], { id: number; state: string }>(
          "SELECT id, state FROM judging_rounds ORDER BY id LIMIT 1",
        )
        .get();
      if (!row) throw new Error("The demo has no judging round");
      db.prepare("UPDATE judging_rounds SET state = 'open' WHERE id = ?").run(row.id);
      return row;
    });
    const context = await newContext(browser());
    try {
      const page = await context.newPage();
      await signInJudge(page, demoCredentials().judge.code);
      const enter = page.getByRole("link", { name: vi("judging.portal.rounds.open"), exact: true });
      await enter.first().waitFor();
      await expectNoViolations(page);
      const round = (await enter.first().getAttribute("href"))!;
      await audit(page, round);
      const entry = await page
        .locator("table tbody tr th a")
        .first()
        .evaluate((a) => (a as HTMLAnchorElement).pathname);
      await audit(page, entry);
      await audit(page, entry, "en");
      await audit(page, "/giam-khao", "en");
    } finally {
      await context.close();
      withDatabase((db) =>
        db
          .prepare("UPDATE judging_rounds SET state = ? WHERE id = ?")
          .run(previous.state, previous.id),
      );
    }
  });

  describe("the back office", () => {
    /** Signs `role` in, runs `work` in that one context, closes it. */
    async function asStaff(
      role: "admin" | "editor" | "finance" | "juryManager",
      work: (page: Page) => Promise<void>,
    ) {
      const context = await newContext(browser());
      try {
        const page = await context.newPage();
        const who = demoCredentials()[role];
        await signInStaff(page, who.email, who.password);
        await waitForHydration(page);
        await work(page);
      } finally {
        await context.close();
      }
    }

    /** The page's first link to one item under `under` (its id has a digit; "moi", "xuat" none). */
    async function firstDetail(page: Page, under: string): Promise<string> {
      const hrefs = await page
        .locator(`main a[href^="${under}/"]`)
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const href = hrefs.find((h) => /^[^/?#]*\d[^/?#]*$/.test(h.slice(under.length + 1)));
      expect(href, `a link to one item under ${under}`).toBeTruthy();
      return href!;
    }

    test("admin: dashboard, entries, registrants, users with a confirmation open", async () => {
      await asStaff("admin", async (page) => {
        await expectKeyboardAtTop(page);
        await expectNoViolations(page);
        await audit(page, "/quan-tri", "en");
        await audit(page, "/quan-tri/bai-du-thi");
        await audit(page, await firstDetail(page, "/quan-tri/bai-du-thi"));
        await audit(page, "/quan-tri/thi-sinh", "en");
        await audit(page, await firstDetail(page, "/en/quan-tri/thi-sinh"));

        // The invitation sent empty focuses its first field, its error read with it.
        await open(page, "/quan-tri/nguoi-dung");
        await sendEmpty(
          page,
          page.getByRole("button", { name: vi("adminPlatform.users.invite"), exact: true }),
        );
        await expect.poll(() => focusedControl(page).then((f) => f.invalid)).toBe("true");
        expect((await focusedControl(page)).describedBy).not.toEqual([]);

        // A confirmation opened from the keyboard: axe on it, Tab stays in it (the page
        // behind is inert), Esc closes it and the focus is back on its button.
        const opener = page
          .getByRole("button", { name: new RegExp(`^${vi("adminPlatform.users.deactivate")} `) })
          .first();
        await opener.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("alertdialog");
        await dialog.waitFor();
        await expectNoViolations(page);
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press("Tab");
          // Chromium passes through the document itself between the last and first control.
          const place = await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return "document";
            return el.closest("dialog") ? "dialog" : "page";
          });
          expect(place).not.toBe("page");
        }
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
        await expect
          .poll(() => opener.evaluate((button) => button === document.activeElement))
          .toBe(true);
      });
    });

    test("editor: news (a new article sent with errors), jury, documents", async () => {
      await asStaff("editor", async (page) => {
        await audit(page, "/quan-tri/noi-dung/tin-tuc");
        await open(page, "/quan-tri/noi-dung/tin-tuc/moi", "en");
        await sendEmpty(
          page,
          page.getByRole("button", {
            name: text("en", "adminNews.actions.saveDraft"),
            exact: true,
          }),
        );
        await expect.poll(() => focusedControl(page).then((f) => f.name)).toBe("titleVi");
        expect((await focusedControl(page)).invalid).toBe("true");
        await expectNoViolations(page);
        // The current season has no jurors yet in the demo; the last one's list has.
        await audit(page, "/quan-tri/noi-dung/chuyen-gia?year=2025", "en");
        await audit(page, await firstDetail(page, "/en/quan-tri/noi-dung/chuyen-gia"));
        await audit(page, "/quan-tri/noi-dung/tai-lieu");
      });
    });

    test("finance: payments, one payment, statements, VAT invoices, fees", async () => {
      await asStaff("finance", async (page) => {
        await audit(page, "/quan-tri/thanh-toan");
        await audit(page, await firstDetail(page, "/quan-tri/thanh-toan"));
        await audit(page, "/quan-tri/thanh-toan/sao-ke", "en");
        await audit(page, "/quan-tri/thanh-toan/hoa-don-vat");
        await audit(page, "/quan-tri/thanh-toan/le-phi", "en");
      });
    });

    test("jury manager: rounds, judges, one round, its results, the score log", async () => {
      await asStaff("juryManager", async (page) => {
        await audit(page, "/quan-tri/cham-giai");
        await audit(page, "/quan-tri/cham-giai/giam-khao", "en");
        const round = withDatabase(
          (db) =>
            db.prepare<[], { id: number }>("SELECT id FROM judging_rounds ORDER BY id").get()!.id,
        );
        await audit(page, `/quan-tri/cham-giai/vong/${round}`);
        await audit(page, `/quan-tri/cham-giai/vong/${round}/ket-qua`, "en");
        await audit(page, "/quan-tri/cham-giai/nhat-ky-diem");
      });
    });
  });
});
