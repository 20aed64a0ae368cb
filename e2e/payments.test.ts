import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { formatVnd } from "../core/dates";
import { pdfText } from "../server/test-support/pdf-text";
import { text } from "../server/test-support/text";
import { vnpayResult } from "../server/test-support/vnpay-simulator";
import { expectAxeClean } from "./support/axe";
import { fetchAsPage } from "./support/back-office-journey";
import { answerConfirmation, confirmation } from "./support/confirm";
import { baseUrl, openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import { CURRENT_SEASON, withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { PASSWORD, registerEntrant } from "./support/entry-journey";
import { squeezedCells } from "./support/layout";
import { errorOfField } from "./support/fields";
import { linkIn, mailTo } from "./support/outbox";
import { signInStaff } from "./support/sign-in";

// Paying entry fees in Chromium against the production server: an entrant pays two entries by
// VietQR (the QR code and the memo on the page), staff import a bank statement holding the
// transfer, both entries show paid and the receipt PDF reads correctly; another entrant pays by
// VNPay through the local gateway simulator (e2e/global-setup.ts) and comes back to "paid".
const browser = useBrowser();
const tmp = mkdtempSync(path.join(tmpdir(), "e2e-statement-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let madeEntries = 0;

/** Submitted entries of the account, written beside the server (as if the entry form had sent them). */
function submittedEntries(email: string, count: number): { id: string; code: string }[] {
  return withDatabase((db) => {
    const user = db
      .prepare<[string], { id: string }>("SELECT id FROM user WHERE email = ?")
      .get(email)!;
    const category = db
      .prepare<[number], { id: number; track_id: number; season_id: number; code: string }>(
        `SELECT c.id, t.id AS track_id, s.id AS season_id, c.code FROM categories c
         JOIN category_groups g ON g.id = c.group_id JOIN tracks t ON t.id = g.track_id
         JOIN seasons s ON s.id = t.season_id
         WHERE s.year = ? AND c.allow_individual = 1 ORDER BY c.id LIMIT 1`,
      )
      .get(CURRENT_SEASON)!;
    const at = new Date().toISOString();
    return Array.from({ length: count }, (_, i) => {
      const id = randomUUID();
      // Numbered in the file (codes are unique: a random pick could take one twice).
      const code = `VX26-${category.code}-8${String(madeEntries++).padStart(3, "0")}`;
      db.prepare(
        `INSERT INTO entries (id, owner_user_id, season_id, track_id, category_id, code, status,
           brand_name, campaign_name, description_vi, description_en, video_link, credits, version,
           created_at, updated_at, submitted_at)
         VALUES (?, ?, ?, ?, ?, ?, 'submitted', 'Bánh Tráng', ?, '', '', '', '{}', 1, ?, ?, ?)`,
      ).run(
        id,
        user.id,
        category.season_id,
        category.track_id,
        category.id,
        code,
        `Mùa gặt ${i + 1}`,
        at,
        at,
        at,
      );
      return { id, code };
    });
  });
}

/**
 * Where the fee cell of a payment table on a phone is overlapped: in each row of its head and
 * body, the fee cell must lie in the table's box and paint above whatever passes beneath it;
 * at rest (`atRest`), the cell beside it must also end where it begins, so no column is cut in
 * two under it (the next one starts beneath it, whole). One line per problem.
 */
function feeOverlaps(page: Page, atRest: boolean): Promise<string[]> {
  return page.locator(".pay-table :is(thead, tbody) tr").evaluateAll(
    (rows, rest) =>
      rows.flatMap((row) => {
        const fee = row.querySelector(".pay-amount")!;
        const at = fee.getBoundingClientRect();
        const box = row.closest(".table-scroll")!.getBoundingClientRect();
        const name = (cell: Element | undefined) => `"${cell?.textContent?.trim().slice(0, 20)}"`;
        const problems: string[] = [];
        if (at.left < box.left - 0.5 || at.right > box.right + 0.5)
          problems.push(`${name(fee)} out of its box`);
        const top = document.elementFromPoint(at.left + 2, at.top + at.height / 2);
        if (!top || !fee.contains(top))
          problems.push(`${name(top ?? undefined)} over ${name(fee)}`);
        const beside = [...row.children]
          .filter((cell) => cell !== fee && cell.getBoundingClientRect().left < at.left - 0.5)
          .at(-1);
        if (rest && beside && beside.getBoundingClientRect().right > at.left + 0.5)
          problems.push(`${name(beside)} runs under ${name(fee)}`);
        return problems;
      }),
    atRest,
  );
}

const statusOf = (id: string) =>
  withDatabase(
    (db) =>
      db.prepare<[string], { status: string }>("SELECT status FROM entries WHERE id = ?").get(id)!
        .status,
  );

async function pay(page: Page, lang: "vi" | "en", method: "vietqr" | "vnpay") {
  const prefix = lang === "en" ? "/en" : "";
  await page.goto(`${prefix}/nop-bai-du-thi/thanh-toan`);
  await waitForHydration(page);
  await page.locator(`input[name="method"][value="${method}"]`).check();
  await page.getByRole("button", { name: text(lang, "payment.submit") }).click();
}

describe("paying entry fees", () => {
  test("an entrant pays two entries by VietQR; the statement import marks them paid; the receipt reads back", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "vi");
    const entries = submittedEntries(email, 2);
    await page.goto("/nop-bai-du-thi/thanh-toan");
    await waitForHydration(page);
    await expectAxeClean(page);
    // On a phone the table scrolls in its own box: no cell squeezed to a letter a line.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await squeezedCells(page)).toEqual([]);
    // The fees stay in view at the table box's edge while the other columns scroll beneath.
    const feeCells = () =>
      page.locator(".pay-table .pay-amount").evaluateAll((cells) =>
        cells.map((cell) => {
          const box = cell.getBoundingClientRect();
          const scroller = cell.closest(".table-scroll")!.getBoundingClientRect();
          return box.width > 0 && box.left >= scroller.left && box.right <= scroller.right + 0.5;
        }),
      );
    const scroller = page.locator(".table-scroll").first();
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await feeCells()).toEqual([true, true, true]);
    await scroller.evaluate((box) => box.scrollBy(80, 0));
    expect(await feeCells()).toEqual([true, true, true]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await pay(page, "vi", "vietqr");
    await page.waitForURL((u) =>
      /\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    await expect.poll(() => page.locator(".pay-qr svg").count()).toBe(1);
    await expectAxeClean(page);
    const facts = await page.locator(".pay-transfer .facts").textContent();
    expect(facts).toContain(reference);
    const memo = (await page.locator(".pay-copy-row strong").nth(2).textContent())!;
    expect(memo.startsWith(reference)).toBe(true);
    const amountText = (await page.locator(".pay-copy-row strong").nth(1).textContent())!;
    const amount = Number(amountText.replace(/\D/g, ""));
    expect(formatVnd(amount, "vi")).toBe(amountText);

    // The account page says both entries wait for this transfer and leads back to it, not to
    // a checkout that has nothing left to pay.
    await page.goto("/tai-khoan");
    for (const entry of entries) {
      const item = page.locator(`.entries-list__item[data-entry-id="${entry.id}"]`);
      await expect(item.textContent()).resolves.toContain(`Đang chờ thanh toán (mã ${reference}`);
      expect(await item.getByRole("link", { name: /^Thanh toán:/ }).count()).toBe(0);
      const toPayment = item.getByRole("link", { name: /^Xem thông tin chuyển khoản:/ });
      expect(await toPayment.getAttribute("href")).toBe(`/nop-bai-du-thi/thanh-toan/${reference}`);
    }
    await page.goto(`/nop-bai-du-thi/thanh-toan/${reference}`);

    // Staff import the bank's statement (CSV) holding the transfer.
    const staff = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(staff.page, admin.email, admin.password);
    const csv = path.join(tmp, "sao-ke.csv");
    writeFileSync(
      csv,
      "\uFEFFNgày giao dịch,Số tiền ghi có,Nội dung,Số tham chiếu\n" +
        `02/09/2026,"${amount.toLocaleString("vi-VN")}","MBVCB.9981.${memo}.CT tu 0011",FT${Date.now()}\n` +
        `02/09/2026,"150.000","chuyen tien nham",FT${Date.now() + 1}\n`,
    );
    await staff.page.goto("/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(staff.page);
    await expectAxeClean(staff.page);
    await staff.page.locator("#statement-file").setInputFiles(csv);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.statements.submit") })
      .click();
    await expect
      .poll(() => staff.page.locator('[data-testid="statement-summary"]').textContent())
      .toContain("1 dòng khớp");
    // Importing the same statement again changes nothing.
    await staff.page.locator("#statement-file").setInputFiles(csv);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.statements.submit") })
      .click();
    await expect
      .poll(() => staff.page.locator('[data-testid="statement-summary"]').textContent())
      .toContain("0 dòng khớp");
    expect(entries.map((e) => statusOf(e.id))).toEqual(["paid", "paid"]);
    // A credit whose date cannot be read is not imported, and is listed with its row and amount.
    const undated = path.join(tmp, "sao-ke-ngay-sai.csv");
    writeFileSync(
      undated,
      "\uFEFFNgày giao dịch,Số tiền ghi có,Nội dung,Số tham chiếu\n" +
        `31/02/2026,"2.500.000","chuyen tien ngay sai",FT${Date.now() + 2}\n` +
        `02/09/2026,"170.000","chuyen tien dung ngay",FT${Date.now() + 3}\n`,
    );
    await staff.page.locator("#statement-file").setInputFiles(undated);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.statements.submit") })
      .click();
    const notImported = staff.page.locator('[data-testid="statement-not-imported"]');
    await expect
      .poll(() => notImported.getByRole("heading").textContent())
      .toBe(text("vi", "paymentAdmin.statements.notImported.title_one", { count: 1 }));
    expect(await notImported.locator("tbody tr").first().textContent()).toContain("31/02/2026");
    await expectAxeClean(staff.page);

    // The fees page checks an amount in the browser with the server's schema: a decimal is
    // refused on its field before anything is sent.
    await staff.page.goto("/quan-tri/thanh-toan/le-phi");
    await waitForHydration(staff.page);
    await expectAxeClean(staff.page);
    const fee = staff.page.getByLabel(text("vi", "adminPlatform.fields.feeVnd")).first();
    await fee.fill("1500000.5");
    let posted = false;
    staff.page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.fees.save") })
      .first()
      .click();
    await expect.poll(() => fee.getAttribute("aria-invalid")).toBe("true");
    expect(await staff.page.locator("main").textContent()).toContain(
      text("vi", "adminPlatform.validation.vnd"),
    );
    expect(posted).toBe(false);

    // The entrant sees both paid and downloads the receipt.
    await page.goto("/tai-khoan");
    for (const entry of entries) {
      await expect
        .poll(() => page.locator(`[data-entry-id="${entry.id}"] .status-label`).textContent())
        .toBe(text("vi", "entry.status.paid"));
    }
    await page.goto(`/nop-bai-du-thi/thanh-toan/${reference}`);
    const receiptHref = await page
      .getByRole("link", { name: text("vi", "payment.receipt") })
      .getAttribute("href");
    const receipt = await fetchAsPage(page, receiptHref!);
    expect(receipt.status).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    const pdf = await pdfText(receipt.body);
    expect(pdf).toContain("Biên nhận thanh toán");
    expect(pdf).toContain(reference);
    for (const entry of entries) expect(pdf).toContain(entry.code);

    // Staff see it paid in the list, from the statement.
    await staff.page.goto(`/quan-tri/thanh-toan?q=${reference}`);
    await waitForHydration(staff.page);
    await expectAxeClean(staff.page);
    await expect
      .poll(() => staff.page.locator("main table tbody").textContent())
      .toContain(text("vi", "paymentAdmin.state.paid"));
    // A whole payment with its statement import and receipt: over 50 s on a loaded machine.
  }, 120_000);

  test("on a phone the payment's entries scroll clear of the fee column, codes whole; a refused VAT request focuses its first wrong field", async () => {
    const { page } = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    const email = await registerEntrant(page, "vi");
    const entries = submittedEntries(email, 3);
    // At rest the checkout's fee column, held to the box's edge, cuts no column beside it.
    await page.goto("/nop-bai-du-thi/thanh-toan");
    await waitForHydration(page);
    await page.locator(".table-scroll:has(.pay-table)").scrollIntoViewIfNeeded();
    expect(await feeOverlaps(page, true)).toEqual([]);
    await pay(page, "vi", "vietqr");
    await page.waitForURL((u) =>
      /\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    await waitForHydration(page);
    const scroller = page.locator(".table-scroll:has(.pay-table)");
    // The page may draw the table again as it settles (the payment's state is revalidated):
    // scroll whichever table is there, again if one was replaced under the action.
    await expect
      .poll(() =>
        scroller
          .evaluate((element) => {
            element.scrollIntoView({ block: "center" });
            return element.isConnected;
          })
          .catch(() => false),
      )
      .toBe(true);
    expect(await squeezedCells(page)).toEqual([]);
    // Each code on one line, never broken at its hyphens.
    const codeLines = await page.locator(".pay-table tbody td.pay-code").evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return [cell.textContent, new Set([...range.getClientRects()].map((r) => r.top)).size];
      }),
    );
    expect(codeLines).toEqual(
      [...entries].sort((a, b) => a.code.localeCompare(b.code)).map((e) => [e.code, 1]),
    );
    // The fee holds to the box's edge: at rest it cuts no column beside it; scrolled, the
    // other columns pass beneath it; scrolled to the end, none is left beneath it.
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await feeOverlaps(page, true)).toEqual([]);
    await scroller.evaluate((box) => box.scrollBy(100, 0));
    expect(await feeOverlaps(page, false)).toEqual([]);
    await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    const hidden = await page.locator(".pay-table tbody tr").evaluateAll((rows) =>
      rows.flatMap((row) => {
        const fee = row.querySelector(".pay-amount")!.getBoundingClientRect();
        return [...row.children]
          .filter((cell) => !cell.classList.contains("pay-amount"))
          .filter((cell) => cell.getBoundingClientRect().right > fee.left + 0.5)
          .map((cell) => cell.textContent);
      }),
    );
    expect(hidden).toEqual([]);

    // A company may ask for a VAT invoice once paid; the browser refuses a wrong tax code and
    // e-mail address, and the person is taken to the first of them.
    withDatabase((db) => {
      db.prepare(
        "UPDATE registrants SET type = 'enterprise', company_name = 'Công ty Bánh Tráng' WHERE user_id = (SELECT id FROM user WHERE email = ?)",
      ).run(email);
      db.prepare("UPDATE payments SET state = 'paid', paid_at = ? WHERE reference = ?").run(
        new Date().toISOString(),
        reference,
      );
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/nop-bai-du-thi/thanh-toan/${reference}`);
    await waitForHydration(page);
    await page.locator("#vat-companyName").fill("Công ty Bánh Tráng");
    await page.locator("#vat-address").fill("34 Tràng Tiền, Hoàn Kiếm, Hà Nội");
    await page.locator("#vat-taxCode").fill("12");
    await page.locator("#vat-email").fill("khong-phai-email");
    await page.getByRole("button", { name: text("vi", "payment.vat.submit") }).click();
    await expect.poll(() => page.locator("#vat-email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("vat-taxCode");
  });

  test("a short transfer on the statement confirms its payment only with a note, the amounts in the question", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "vi");
    const entries = submittedEntries(email, 1);
    await pay(page, "vi", "vietqr");
    await page.waitForURL((u) =>
      /\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    const amountText = (await page.locator(".pay-copy-row strong").nth(1).textContent())!;
    const amount = Number(amountText.replace(/\D/g, ""));
    const short = amount - 500_000;

    const staff = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(staff.page, admin.email, admin.password);
    const csv = path.join(tmp, "sao-ke-thieu.csv");
    writeFileSync(
      csv,
      "SAO KE TAI KHOAN\nNgày giao dịch;Số tiền ghi có;Nội dung;Số tham chiếu\n" +
        `02/12/2026;"${short.toLocaleString("vi-VN")},00";${reference} chuyen thieu;FT${Date.now()}\n`,
    );
    await staff.page.goto("/en/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(staff.page);
    await staff.page.locator("#statement-file").setInputFiles(csv);
    await staff.page
      .getByRole("button", { name: text("en", "paymentAdmin.statements.submit") })
      .click();
    await expect
      .poll(() => staff.page.locator('[data-testid="statement-summary"]').textContent())
      .toBe(
        text("en", "paymentAdmin.statements.summary_one", {
          count: 1,
          matched: 0,
          partial: 1,
          unknown: 0,
          already: 0,
        }),
      );

    const asked: string[] = [];
    let posted = false;
    staff.page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    const row = staff.page.locator("main table tbody tr", { hasText: reference });
    const note = row.locator('input[name="note"]');
    const confirm = row.getByRole("button", { name: text("en", "paymentAdmin.statements.pay") });
    // No note: the page's schema stops it before any question or request.
    await confirm.click();
    await expect.poll(() => note.getAttribute("aria-invalid")).toBe("true");
    expect(await row.textContent()).toContain(
      text("en", "paymentCore.statement.noteRequiredForDifference"),
    );
    expect(await confirmation(staff.page).count()).toBe(0);
    expect(posted).toBe(false);
    // With a note, the question states both amounts and the difference (cancelled here).
    await note.fill("Paid the rest in cash");
    await confirm.click();
    asked.push(await answerConfirmation(staff.page, "cancel"));
    expect(asked[0]).toBe(
      text("en", "paymentAdmin.statements.payAskShort", {
        line: formatVnd(short, "en"),
        payment: formatVnd(amount, "en"),
        difference: formatVnd(500_000, "en"),
      }),
    );
    expect(asked[0]).toContain("₫500,000");
    expect(posted).toBe(false);

    // In Vietnamese, accepted: the payment is paid, its history giving the note as the reason.
    await staff.page.goto("/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(staff.page);
    const viRow = staff.page.locator("main table tbody tr", { hasText: reference });
    await viRow.locator('input[name="note"]').fill("Khách nộp bù 500.000 ₫ tiền mặt");
    await viRow.getByRole("button", { name: text("vi", "paymentAdmin.statements.pay") }).click();
    asked.push(await answerConfirmation(staff.page));
    await expect
      .poll(() => staff.page.locator("main").textContent())
      .toContain(text("vi", "paymentAdmin.statements.resolved"));
    expect(asked[1]).toBe(
      text("vi", "paymentAdmin.statements.payAskShort", {
        line: formatVnd(short, "vi"),
        payment: formatVnd(amount, "vi"),
        difference: formatVnd(500_000, "vi"),
      }),
    );
    expect(asked[1]!.replace(/\s/g, " ")).toContain("thiếu 500.000 ₫");
    expect(statusOf(entries[0]!.id)).toBe("paid");
    const reason = withDatabase(
      (db) =>
        db
          .prepare<[string], { reason: string }>(
            `SELECT e.reason FROM payment_events e JOIN payments p ON p.id = e.payment_id
             WHERE p.reference = ? AND e.to_state = 'paid'`,
          )
          .get(reference)!.reason,
    );
    expect(reason).toBe("Khách nộp bù 500.000 ₫ tiền mặt");
  }, 120_000);

  test("a refund without a reason is refused at the field in the page's language, by the page and by the server", async () => {
    const paid = withDatabase(
      (db) =>
        db
          .prepare<[], { id: string }>(
            "SELECT id FROM payments WHERE state = 'paid' ORDER BY created_at LIMIT 1",
          )
          .get()!.id,
    );
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto(`/en/quan-tri/thanh-toan/${paid}`);
    await waitForHydration(page);
    const reason = page.getByLabel(text("en", "paymentAdmin.refund.reason"));
    const submit = page.getByRole("button", { name: text("en", "paymentAdmin.refund.submit") });
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });

    // Blank: the page's check (the server's schema) says so at the field, before any question.
    await reason.fill("   ");
    await submit.click();
    const required = text("en", "paymentCore.validation.reasonRequired");
    await expect.poll(() => errorOfField(reason)).toBe(required);
    await expect(reason.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(reason.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(await confirmation(page).count()).toBe(0);
    expect(posted).toBe(false);

    // With a reason, the question is asked (cancelled here: nothing is refunded).
    await reason.fill("Entry withdrawn before judging");
    await submit.click();
    await answerConfirmation(page, "cancel");
    await expect(errorOfField(reason)).resolves.toBe("");
    expect(posted).toBe(false);

    // The server gives the same answer to a form that reached it (sent before the page's script
    // ran, say): at the field, focused, in Vietnamese on the Vietnamese page.
    await page.goto(`/quan-tri/thanh-toan/${paid}`);
    await waitForHydration(page);
    const viReason = page.getByLabel(text("vi", "paymentAdmin.refund.reason"));
    await viReason.fill("  ");
    await viReason.evaluate((input) => (input as HTMLInputElement).form!.requestSubmit());
    await expect
      .poll(() => errorOfField(viReason))
      .toBe(text("vi", "paymentCore.validation.reasonRequired"));
    expect(posted).toBe(true);
    await expect(viReason.evaluate((input) => input === document.activeElement)).resolves.toBe(
      true,
    );
    expect(
      withDatabase(
        (db) =>
          db
            .prepare<[string], { state: string }>("SELECT state FROM payments WHERE id = ?")
            .get(paid)!.state,
      ),
    ).toBe("paid");
  });

  test("a statement over the size limit is refused at its field before it is sent, the columns kept", async () => {
    const { page } = await openPage(browser());
    const finance = demoCredentials().finance;
    await signInStaff(page, finance.email, finance.password);
    await page.goto("/en/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(page);
    // A year of a busy account's transfers: a little over 5 MB.
    const big = path.join(tmp, "sao-ke-ca-nam.csv");
    const line = `02/09/2026,"1.500.000","CHUYEN TIEN THANH TOAN DON HANG",FT0000000001\n`;
    writeFileSync(
      big,
      "Ngày giao dịch,Số tiền ghi có,Nội dung,Số tham chiếu\n" +
        line.repeat(Math.ceil((5 * 1024 * 1024) / line.length) + 10),
    );
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const file = page.locator("#statement-file");
    await file.setInputFiles(big);
    const memo = page.getByLabel(text("en", "paymentAdmin.statements.memoColumn"));
    await memo.fill("Diễn giải");
    await page.getByRole("button", { name: text("en", "paymentAdmin.statements.submit") }).click();
    await expect
      .poll(() => errorOfField(file))
      .toBe(text("en", "paymentCore.statement.fileTooLarge"));
    await expect(file.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(memo.inputValue()).resolves.toBe("Diễn giải");
    expect(posted).toBe(false);
    await expectAxeClean(page);
  });

  test("a statement with one amount column and a Nợ/Có column pays from its credits only, the column picked in the page", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "vi");
    const [entry] = submittedEntries(email, 1);
    await pay(page, "vi", "vietqr");
    await page.waitForURL((u) =>
      /\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    const amountText = (await page.locator(".pay-copy-row strong").nth(1).textContent())!;
    const amount = Number(amountText.replace(/\D/g, ""));

    const staff = await openPage(browser());
    const finance = demoCredentials().finance;
    await signInStaff(staff.page, finance.email, finance.password);
    const stamp = Date.now();
    // Money going out first, with the payment's reference and its exact amount; then the
    // transfer in; a transfer in without a reference; a row whose direction is no word we read.
    const csv = path.join(tmp, "sao-ke-no-co.csv");
    writeFileSync(
      csv,
      "\uFEFFNgày giao dịch,Số tiền,Nợ/Có,Nội dung,Số tham chiếu\n" +
        `02/12/2026,"${amount.toLocaleString("vi-VN")}",Ghi nợ,"HOAN TIEN ${reference}",FT${stamp}\n` +
        `02/12/2026,"${amount.toLocaleString("vi-VN")}",C,"${reference} chuyen khoan",FT${stamp + 1}\n` +
        `02/12/2026,"180.000",Có,"chuyen tien khong ma",FT${stamp + 2}\n` +
        `02/12/2026,"190.000",Chuyển,"chieu khong ro",FT${stamp + 3}\n`,
    );
    await staff.page.goto("/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(staff.page);
    const amountColumn = staff.page.getByLabel(text("vi", "paymentAdmin.statements.amountColumn"));
    const directionColumn = staff.page.getByLabel(
      text("vi", "paymentAdmin.statements.directionColumn"),
    );
    expect(await directionColumn.inputValue()).toBe("");
    await amountColumn.fill("Số tiền");
    // Typed without its marks, as a keyboard without Vietnamese input would.
    await directionColumn.fill("No/Co");
    await staff.page.locator("#statement-file").setInputFiles(csv);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.statements.submit") })
      .click();
    await expect
      .poll(() => staff.page.locator('[data-testid="statement-summary"]').textContent())
      .toBe(
        text("vi", "paymentAdmin.statements.summary_other", {
          count: 2,
          matched: 1,
          partial: 0,
          unknown: 1,
          already: 0,
        }),
      );
    const notImported = staff.page.locator('[data-testid="statement-not-imported"]');
    expect(await notImported.getByRole("heading").textContent()).toBe(
      text("vi", "paymentAdmin.statements.notImported.titleAny_one", { count: 1 }),
    );
    expect(await notImported.locator("tbody tr").first().textContent()).toContain(
      text("vi", "paymentAdmin.statements.notImported.reasons.directionUnreadable", {
        value: "Chuyển",
      }),
    );
    expect(statusOf(entry!.id)).toBe("paid");
    // The debit line is not a line to look at either.
    expect(await staff.page.locator("main").textContent()).not.toContain(`HOAN TIEN ${reference}`);
    await expectAxeClean(staff.page);

    // The columns are remembered; emptied again, a file of credits alone reads as before.
    await staff.page.goto("/quan-tri/thanh-toan/sao-ke");
    await waitForHydration(staff.page);
    expect(await directionColumn.inputValue()).toBe("No/Co");
    expect(await amountColumn.inputValue()).toBe("Số tiền");
    await amountColumn.fill("Số tiền ghi có");
    await directionColumn.fill("");
    const plain = path.join(tmp, "sao-ke-co.csv");
    writeFileSync(
      plain,
      "\uFEFFNgày giao dịch,Số tiền ghi có,Nội dung,Số tham chiếu\n" +
        `02/12/2026,"160.000","chuyen tien khong ma",FT${stamp + 4}\n`,
    );
    await staff.page.locator("#statement-file").setInputFiles(plain);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.statements.submit") })
      .click();
    await expect
      .poll(() => staff.page.locator('[data-testid="statement-summary"]').textContent())
      .toContain("1 dòng không rõ");
    await staff.page.goto("/quan-tri/thanh-toan/sao-ke");
    expect(await directionColumn.inputValue()).toBe("");
  });

  test("an entrant cancels a transfer they have not made, and pays its entry in a new payment", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "en");
    const [entry] = submittedEntries(email, 1);
    await pay(page, "en", "vietqr");
    await page.waitForURL((u) =>
      /\/en\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    const stateOf = () =>
      withDatabase(
        (db) =>
          db
            .prepare<[string], { state: string }>("SELECT state FROM payments WHERE reference = ?")
            .get(reference)!.state,
      );
    await waitForHydration(page);
    const cancel = page.getByRole("button", { name: text("en", "payment.cancel.submit") });
    // The question names the payment, in the page's own dialog; saying no changes nothing.
    await cancel.click();
    const dialog = confirmation(page);
    await dialog.getByRole("button", { name: text("en", "payment.cancel.keep") }).waitFor();
    expect(await answerConfirmation(page, "cancel")).toBe(
      text("en", "payment.cancel.confirm", { reference }),
    );
    await settled(page);
    expect(stateOf()).toBe("pending");

    await cancel.click();
    await answerConfirmation(page);
    await page.getByText(text("en", "payment.cancel.done")).waitFor();
    expect(await page.locator(".pay-state").textContent()).toBe(
      text("en", "payment.state.cancelled"),
    );
    expect(await page.locator(".pay-qr").count()).toBe(0);
    expect(await cancel.count()).toBe(0);
    expect(stateOf()).toBe("cancelled");
    expect(statusOf(entry!.id)).toBe("submitted");
    await expectAxeClean(page);

    // Opened again later, the page still says what happened and where to pay instead.
    await page.reload();
    await page.getByTestId("payment-ended").waitFor();
    expect(await page.getByTestId("payment-ended").locator("p").textContent()).toBe(
      text("en", "payment.endedNote.cancelled"),
    );

    // The entry is offered again and goes into a new payment.
    await page.getByRole("link", { name: text("en", "payment.cancel.payAgain") }).click();
    await page.waitForURL((u) => u.pathname === "/en/nop-bai-du-thi/thanh-toan");
    await page.locator(`input[name="entryIds"][value="${entry!.id}"]`).waitFor();
    await pay(page, "en", "vietqr");
    await page.waitForURL(
      (u) =>
        /\/en\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname) &&
        !u.pathname.endsWith(reference),
    );
  });

  test("another entrant pays by VNPay through the gateway and comes back to a paid state", async () => {
    const { page } = await openPage(browser(), { locale: "en-US" });
    const email = await registerEntrant(page, "en");
    const [entry] = submittedEntries(email, 1);

    await pay(page, "en", "vnpay");
    await page.waitForURL((u) => u.pathname === "/paymentv2/vpcpay.html");
    await page.getByRole("link", { name: "Thanh toán" }).click();
    await page.waitForURL((u) => u.pathname === "/en/nop-bai-du-thi/thanh-toan/vnpay");
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(text("en", "payment.vnpayReturn.paid"));
    expect(statusOf(entry!.id)).toBe("paid");
  });

  test("back from VNPay before its confirmation, the return page shows the payment paid once it arrives", async () => {
    const { page } = await openPage(browser(), { locale: "en-US" });
    const email = await registerEntrant(page, "en");
    const [entry] = submittedEntries(email, 1);

    await pay(page, "en", "vnpay");
    await page.waitForURL((u) => u.pathname === "/paymentv2/vpcpay.html");
    // The gateway's answer, sent back with the browser before the IPN has reached the site.
    const result = new URLSearchParams(
      vnpayResult(Object.fromEntries(new URL(page.url()).searchParams)),
    );
    await page.goto(`/en/nop-bai-du-thi/thanh-toan/vnpay?${result}`);
    await waitForHydration(page);
    await page.getByText(text("en", "payment.vnpayReturn.waiting")).waitFor();

    const ipn = await fetch(`${baseUrl()}/api/payments/vnpay/ipn?${result}`);
    expect(((await ipn.json()) as { RspCode: string }).RspCode).toBe("00");
    expect(statusOf(entry!.id)).toBe("paid");
    // The page said it would update: it does, without the entrant reloading it.
    await page.getByText(text("en", "payment.vnpayReturn.paid")).waitFor({ timeout: 15_000 });
    expect(await page.getByText(text("en", "payment.vnpayReturn.waiting")).count()).toBe(0);
  });

  test("a card charged but held by VNPay (07) keeps its entry, shows finance a notice and a filter, and is released", async () => {
    const { page } = await openPage(browser(), { locale: "en-US" });
    const email = await registerEntrant(page, "en");
    const [entry] = submittedEntries(email, 1);
    await pay(page, "en", "vnpay");
    await page.waitForURL((u) => u.pathname === "/paymentv2/vpcpay.html");
    const order = Object.fromEntries(new URL(page.url()).searchParams);
    const result = new URLSearchParams(vnpayResult(order, { responseCode: "07" }));
    const ipn = await fetch(`${baseUrl()}/api/payments/vnpay/ipn?${result}`);
    expect(((await ipn.json()) as { RspCode: string }).RspCode).toBe("00");
    expect(statusOf(entry!.id)).toBe("submitted");
    const reference = order.vnp_TxnRef!;
    const id = withDatabase((db) =>
      db
        .prepare<[string], { id: string; state: string }>(
          "SELECT id, state FROM payments WHERE reference = ?",
        )
        .get(reference)!,
    );
    expect(id.state).toBe("pending");

    const staff = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(staff.page, admin.email, admin.password);
    // The list says how many payments need finance and leads to them, flagged.
    await staff.page.goto("/en/quan-tri/thanh-toan");
    await waitForHydration(staff.page);
    const lead = staff.page.getByTestId("payments-attention").getByRole("link");
    expect(await lead.textContent()).toMatch(/^\d+ payments? with VNPay money to handle/);
    await lead.click();
    await staff.page.waitForURL((u) => u.searchParams.get("attention") === "open");
    const row = staff.page.getByRole("row").filter({ hasText: reference });
    await row.getByText(text("en", "paymentAdmin.attention.badge")).waitFor();
    // The URL changes as the filtered list is drawn: the box shows ticked once it is.
    await expect
      .poll(() =>
        staff.page
          .getByRole("checkbox", { name: text("en", "paymentAdmin.filters.attention") })
          .isChecked(),
      )
      .toBe(true);
    await expectAxeClean(staff.page);

    // The payment's page says what happened and what to do, in Vietnamese too.
    await row.getByRole("link", { name: reference }).click();
    await staff.page.waitForURL((u) => u.pathname === `/en/quan-tri/thanh-toan/${id.id}`);
    const notice = staff.page.getByTestId("payment-attention");
    expect(await notice.getByRole("heading").textContent()).toBe(
      text("en", "paymentAdmin.attention.heldForReview.title"),
    );
    await expectAxeClean(staff.page);
    await staff.page.goto(`/quan-tri/thanh-toan/${id.id}`);
    expect(
      await staff.page.getByTestId("payment-attention").getByRole("heading").textContent(),
    ).toBe(text("vi", "paymentAdmin.attention.heldForReview.title"));
    expect(await staff.page.getByTestId("payment-attention").textContent()).toContain(
      result.get("vnp_TransactionNo")!,
    );

    // VNPay reversed the charge: finance releases the payment, with a reason checked first.
    await waitForHydration(staff.page);
    const reason = staff.page.getByLabel(text("vi", "paymentAdmin.attention.release.reason"));
    const release = staff.page.getByRole("button", {
      name: text("vi", "paymentAdmin.attention.release.submit"),
    });
    await release.click();
    await expect
      .poll(() => errorOfField(reason))
      .toBe(text("vi", "paymentCore.validation.reasonRequired"));
    await expect(reason.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(await confirmation(staff.page).count()).toBe(0);
    await reason.fill("VNPay đã huỷ giao dịch bị tạm giữ");
    await release.click();
    expect(await answerConfirmation(staff.page)).toBe(
      text("vi", "paymentAdmin.attention.release.ask", { reference }),
    );
    await staff.page
      .getByRole("status")
      .getByText(text("vi", "paymentAdmin.attention.release.done"))
      .waitFor();
    expect(await staff.page.getByTestId("payment-attention").count()).toBe(0);
    expect(await staff.page.getByTestId("payment-release").count()).toBe(0);
    expect(await staff.page.locator(".payment-events").textContent()).toContain(
      "VNPay đã huỷ giao dịch bị tạm giữ",
    );
    expect(statusOf(entry!.id)).toBe("submitted");
    await expectAxeClean(staff.page);
    // Its entry is free: the entrant's checkout offers it again.
    await page.goto("/en/nop-bai-du-thi/thanh-toan");
    await waitForHydration(page);
    expect(await page.locator(`input[name="entryIds"][value="${entry!.id}"]`).count()).toBe(1);
  });

  test("the receipt link of the payment email, opened where no one is signed in, downloads the receipt once signed in", async () => {
    const { page } = await openPage(browser());
    const email = await registerEntrant(page, "en");
    submittedEntries(email, 1);
    await pay(page, "en", "vietqr");
    await page.waitForURL((u) =>
      /\/en\/nop-bai-du-thi\/thanh-toan\/VXP26[0-9A-Z]{6}$/.test(u.pathname),
    );
    const reference = page.url().split("/").pop()!;
    const paymentId = withDatabase(
      (db) =>
        db
          .prepare<[string], { id: string }>("SELECT id FROM payments WHERE reference = ?")
          .get(reference)!.id,
    );

    // Finance confirms the transfer by hand; the entrant is emailed in English.
    const staff = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(staff.page, admin.email, admin.password);
    await staff.page.goto(`/quan-tri/thanh-toan/${paymentId}`);
    await waitForHydration(staff.page);
    await staff.page
      .getByRole("button", { name: text("vi", "paymentAdmin.confirm.submit") })
      .click();
    await answerConfirmation(staff.page);
    const mail = await mailTo(email, "paymentConfirmed", new Date(0), reference);
    expect(mail.entry.lang).toBe("en");
    const link = linkIn(mail, `/en/nop-bai-du-thi/thanh-toan/${reference}/bien-nhan`);

    // Opened on another device: the English sign-in page, then the PDF itself.
    const phone = await openPage(browser());
    await phone.page.goto(link);
    await phone.page.waitForURL((u) => u.pathname === "/en/dang-nhap");
    await waitForHydration(phone.page);
    await phone.page.locator('input[name="email"]').fill(email);
    await phone.page.locator('input[name="password"]').fill(PASSWORD);
    const [download] = await Promise.all([
      phone.page.waitForEvent("download", { timeout: 15_000 }),
      phone.page.getByRole("button", { name: text("en", "account.signIn"), exact: true }).click(),
    ]);
    const file = await download.path();
    const pdf = await pdfText(readFileSync(file));
    expect(pdf).toContain(reference);
  }, 120_000);
});
