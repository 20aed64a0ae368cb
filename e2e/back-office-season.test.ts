import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { formatDate, formatDay, formatVietnamDateTime } from "../core/dates";
import { taxCodeCheckDigit } from "../core/tax-code";
import { text } from "../server/test-support/text";
import { expectAxeClean } from "./support/axe";
import { openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import {
  fetchAsPage,
  readXlsx,
  registerEnterprise,
  submitCompleteEntry,
  useLicenceFile,
} from "./support/back-office-journey";
import {
  CURRENT_SEASON,
  setRegistrationWindow,
  setSiteSetting,
  setSubmissionWindow,
  withDatabase,
} from "./support/db";
import { answerConfirmation, clickAndConfirm, confirmation } from "./support/confirm";
import { demoCredentials } from "./support/demo-credentials";
import {
  chooseFirstCategory,
  PASSWORD,
  registerEntrant,
  upload,
  useEntryFiles,
  waitSaved,
} from "./support/entry-journey";
import { mailTo } from "./support/outbox";
import { signInStaff, signInThroughForm } from "./support/sign-in";

// Running the season in Chromium against the production server and its demo entries: staff
// filter and search the entries table, open an enterprise's entry (its video answers byte
// ranges, its licence opens), send it back for changes; the entrant gets the email in English,
// edits and resubmits; staff accept it and the history shows every step; the table's XLSX and
// CSV exports read back; a 2027 season is created from 2026 and made current, the header and
// the entry form follow it, and 2026 is made current again. axe on every back-office page.
const browser = useBrowser();
const file = useEntryFiles();
const licence = useLicenceFile();
const DAY_MS = 86_400_000;
const vi = (key: string, values?: Record<string, string | number>) => text("vi", key, values);

/** A valid tax code no other journey uses (core/tax-code.ts check digit). */
function freshTaxCode(): string {
  for (;;) {
    const nine = `03${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const check = taxCodeCheckDigit(nine);
    if (check !== null) return `${nine}${check}`;
  }
}

const ENTRY_TITLE = "Chuyến đò đêm trên sông Hương";
const BROKEN_FILM = "phim-hong.mp4";

/** An MP4 whose `ftyp` box is followed by filler and no movie box: no copy can be made of it. */
function brokenMp4(): Buffer {
  const ftyp = Buffer.from("000000186674797069736f6d0000020069736f6d6d703431", "hex");
  const mdat = Buffer.alloc(3 * 1024 * 1024);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "ascii");
  return Buffer.concat([ftyp, mdat]);
}

/** The rows of the entries table as text. */
const tableRows = (page: Page) => page.locator("main table tbody tr").allTextContents();

/** Moves the open staff entry page's entry to `to` through its status form. */
async function changeStatus(
  page: Page,
  to: string,
  extra: { reason?: string; changesDueOn?: string } = {},
) {
  // From the page's clean address, so the notice of this change is what the address gains.
  const url = new URL(page.url());
  if (url.searchParams.has("notice")) {
    url.searchParams.delete("notice");
    await page.goto(url.toString());
    await waitForHydration(page);
  }
  const form = page.locator("form").filter({ has: page.locator('select[name="to"]') });
  await form.getByLabel(vi("entryReview.action.to")).selectOption(to);
  if (extra.reason !== undefined) {
    await form.getByLabel(vi("entryReview.action.reason")).fill(extra.reason);
  }
  if (extra.changesDueOn !== undefined) {
    await form.getByLabel(vi("entryReview.action.changesDueOn")).fill(extra.changesDueOn);
  }
  await Promise.all([
    page.waitForURL((u) => u.searchParams.has("notice")),
    form.getByRole("button", { name: vi("entryReview.action.submit") }).click(),
  ]);
  await waitForHydration(page);
}

/**
 * Makes `year` the current season on the seasons page, confirming (and, while the current
 * season is still open, ticking that its intake stops), and waits for it to say so.
 */
async function makeCurrent(page: Page, year: number) {
  await page.goto(`/quan-tri/mua-giai?year=${year}`);
  await waitForHydration(page);
  const acknowledge = page.locator('input[name="acknowledgeOpen"]');
  if ((await acknowledge.count()) > 0) await acknowledge.check();
  await Promise.all([
    page.waitForURL(
      (u) => u.searchParams.get("notice") === "adminPlatform.seasons.makeCurrent.done",
    ),
    clickAndConfirm(
      page,
      page.getByRole("button", { name: vi("adminPlatform.seasons.makeCurrent.submit", { year }) }),
    ),
  ]);
  await expect
    .poll(() => page.locator("main").textContent())
    .toContain(vi("adminPlatform.seasons.makeCurrent.isCurrent", { year }));
}

/** The YYYY-MM-DD of a day `days` from now in Vietnam. */
const vietnamDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10);

describe("running the season in the back office", () => {
  test("staff screen an entrant's entry: needs changes, resubmitted, accepted, with its history", async () => {
    // The entrant: an enterprise registering in English, with a complete submitted entry.
    const entrant = await openPage(browser(), { locale: "en-US" });
    const email = await registerEnterprise(entrant.page, "en", licence, {
      companyName: "Công ty TNHH Đò Đêm Sông Hương",
      representativeName: "Tôn Nữ Minh Thư",
      taxCode: freshTaxCode(),
    });
    const entry = await submitCompleteEntry(entrant.page, "en", file, {
      brand: "Du lịch Cố Đô",
      title: ENTRY_TITLE,
    });
    // Once submitted, the entrant replaces the film with one judges cannot be given (an MP4
    // header and filler, no movie): it passes the upload's checks, and its copy fails after.
    writeFileSync(file(BROKEN_FILM), brokenMp4());
    await entrant.page.goto(`/en/nop-bai-du-thi?entry=${entry.id}`);
    await waitForHydration(entrant.page);
    await upload(entrant.page, "video", [file(BROKEN_FILM)]);

    // Staff: the dashboard and the entries table of the demo season.
    const staff = await openPage(browser());
    const { page } = staff;
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectAxeClean(page);

    await page.goto("/quan-tri/bai-du-thi");
    await waitForHydration(page);
    await page.locator("main table").waitFor();
    await expectAxeClean(page);
    expect((await tableRows(page)).length).toBeGreaterThan(10);

    // Filter by status through the filter form: only shortlisted entries, the URL keeps it.
    const shortlisted = vi("entry.status.shortlisted");
    const filters = page.locator("main form").filter({ has: page.locator('[name="status"]') });
    await filters.locator('select[name="status"]').selectOption("shortlisted");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("status") === "shortlisted"),
      filters.locator('button[type="submit"]').first().click(),
    ]);
    // The table shows the filtered page once the navigation has loaded it.
    await expect
      .poll(async () => {
        const rows = await tableRows(page);
        return rows.length > 0 && rows.every((row) => row.includes(shortlisted));
      })
      .toBe(true);

    // Search without diacritics finds a demo title written with them.
    await page.goto("/quan-tri/bai-du-thi?q=tet+nay+con+ve");
    await page.locator("main table").waitFor();
    const found = await tableRows(page);
    expect(found.length).toBeGreaterThan(0);
    for (const row of found) expect(row).toContain("Tết này con về");

    // The entrant's entry, found by its title without marks, opens its staff page.
    const search = page.locator('main input[name="q"]');
    await search.fill("chuyen do dem tren song huong");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("q") === "chuyen do dem tren song huong"),
      search.press("Enter"),
    ]);
    await expect.poll(() => tableRows(page)).toHaveLength(1);
    expect((await tableRows(page))[0]).toContain(entry.code);
    await Promise.all([
      page.waitForURL((u) => u.pathname === `/quan-tri/bai-du-thi/${entry.id}`),
      page.locator("main table tbody tr").first().getByRole("link").first().click(),
    ]);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain(ENTRY_TITLE);
    await expectAxeClean(page);

    // The video plays through a short-lived link that serves byte ranges.
    const video = page.locator("main video").first();
    await video.waitFor({ state: "attached" });
    const videoSrc =
      (await video.getAttribute("src")) ??
      (await video.locator("source").first().getAttribute("src"));
    expect(videoSrc).toBeTruthy();
    const range = await fetchAsPage(page, videoSrc!, { Range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.body.length).toBe(100);
    expect(range.body.subarray(4, 8).toString("latin1")).toBe("ftyp");
    // That file is an MP4 header and filler, no film: judges cannot be given a copy without
    // its metadata, so they get none, and staff see why under the video.
    const judgeCopy = page.locator("main figure.entry-review__video [data-judge-copy]");
    await expect
      .poll(async () => {
        if (
          (await judgeCopy.count()) === 0 ||
          (await judgeCopy.textContent()) !== vi("entryReview.files.judgeCopy.unreadable")
        ) {
          await page.reload();
          await page.getByRole("heading", { level: 1 }).waitFor();
        }
        return judgeCopy.textContent();
      })
      .toBe(vi("entryReview.files.judgeCopy.unreadable"));
    await waitForHydration(page);

    // The entrant is told too, under the film on their form, with what to do while the entry
    // is still open: replace it.
    await entrant.page.goto(`/en/nop-bai-du-thi?entry=${entry.id}`);
    await waitForHydration(entrant.page);
    const entrantNotice = entrant.page
      .locator("li.upload__file", { hasText: BROKEN_FILM })
      .locator('[data-judge-copy="unreadable"]');
    await expect(entrantNotice.textContent()).resolves.toBe(
      `${text("en", "entryForm.judgeCopy.unreadable")} ${text("en", "entryForm.judgeCopy.replace.unreadable")}`,
    );
    // And emailed, in English, since they may not come back to the form on their own.
    const notJudgeable = await mailTo(email, "entryFileNotJudgeable", undefined, BROKEN_FILM);
    expect(notJudgeable.entry.lang).toBe("en");
    expect(notJudgeable.parsed.subject).toContain(entry.code);

    // The licence opens in the page's viewer and as the PDF the enterprise uploaded.
    const licenceFile = page.locator("main details").filter({
      has: page.locator('a[download="giay-phep-kinh-doanh.pdf"]'),
    });
    await licenceFile.locator("summary").click();
    await expect.poll(() => licenceFile.getAttribute("open")).not.toBeNull();
    const licenceLink = licenceFile.locator('a[download="giay-phep-kinh-doanh.pdf"]');
    await licenceLink.waitFor();
    const licencePdf = await fetchAsPage(page, (await licenceLink.getAttribute("href"))!);
    expect(licencePdf.status).toBe(200);
    expect(licencePdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Submitted → paid (the admin records the payment), then sent back for changes.
    await changeStatus(page, "paid");
    const reason = "Vui lòng bổ sung bản cam kết bản quyền có chữ ký và con dấu.";
    const changesDueOn = vietnamDay(10);
    const sentBack = new Date();
    // Typed day first, as the field asks (DD/MM/YYYY).
    await changeStatus(page, "needs_changes", { reason, changesDueOn: formatDay(changesDueOn) });
    await expect(page.locator("main").textContent()).resolves.toContain(
      vi("entry.status.needs_changes"),
    );

    // The entrant is told in English, with the reason and the due date.
    // The payment's mail may be filed after `sentBack`: wait for the one with the reason.
    const mail = await mailTo(email, "entryStatusChanged", sentBack, reason);
    expect(mail.entry.lang).toBe("en");
    expect(mail.parsed.subject).toContain(entry.code);
    expect(mail.parsed.text).toContain(reason);
    // The season still takes entries after that day: editing ends when it stops, and the
    // email names that moment rather than the day staff gave.
    const season = withDatabase((db) =>
      db
        .prepare<[number], { submission_closes_at: string; late_deadline: string | null }>(
          "SELECT submission_closes_at, late_deadline FROM seasons WHERE year = ?",
        )
        .get(CURRENT_SEASON),
    )!;
    const locksAt = [
      `${changesDueOn}T16:59:59.000Z`,
      season.late_deadline ?? season.submission_closes_at,
    ].sort((a, b) => Date.parse(b) - Date.parse(a))[0]!;
    expect(mail.parsed.text).toContain(
      `${text("en", "email.entryStatusChanged.dueLabel")}: ${formatVietnamDateTime(locksAt)}`,
    );

    // The entrant signs in again, edits the entry and resubmits it.
    const back = await openPage(browser());
    await signInThroughForm(back.page, {
      at: "/dang-nhap",
      email,
      password: PASSWORD,
      lands: "/tai-khoan",
    });
    await back.page.goto(`/en/nop-bai-du-thi?entry=${entry.id}`);
    await waitForHydration(back.page);
    await expect(back.page.locator("main").textContent()).resolves.toContain(reason);
    await back.page
      .locator("#entry-descriptionEn")
      .fill("Night boats on the Perfume River with Huế songs: the signed commitment is attached.");
    await waitSaved(back.page, "en");
    // A film judges cannot be given does not count: the entrant uploads a playable one again.
    await upload(back.page, "video", [file("phim-quang-cao.mp4")]);
    await back.page
      .locator(".entry-form")
      .getByRole("button", { name: text("en", "entryForm.resubmit"), exact: true })
      .click();
    // Paid already: the resubmitted entry comes straight back to screening as paid.
    await expect
      .poll(() => back.page.getByTestId("entry-status").textContent(), { timeout: 15_000 })
      .toBe(text("en", "entry.status.paid"));
    // It says the entry went back for review: no new receipt is sent for a resubmission.
    const said = (await back.page.locator("main").textContent()) ?? "";
    expect(said).toContain(text("en", "entryForm.resubmitted", { code: entry.code }));
    expect(said).not.toContain(text("en", "entryForm.submitted", { code: entry.code }));

    // Staff accept it; the history tells the whole story.
    await page.reload();
    await waitForHydration(page);
    await changeStatus(page, "accepted");
    const main = (await page.locator("main").textContent()) ?? "";
    expect(main).toContain(vi("entry.status.accepted"));
    for (const status of ["submitted", "paid", "needs_changes", "accepted"]) {
      expect(main).toContain(vi(`entry.status.${status}`));
    }
    expect(main).toContain(reason);
    const history = withDatabase((db) =>
      db
        .prepare<[string], { from_status: string; to_status: string; actor_role: string }>(
          "SELECT from_status, to_status, actor_role FROM entry_status_history WHERE entry_id = ? ORDER BY id",
        )
        .all(entry.id),
    );
    expect(history.map((h) => `${h.from_status}→${h.to_status}:${h.actor_role}`)).toEqual([
      "draft→submitted:entrant",
      "submitted→paid:admin",
      "paid→needs_changes:admin",
      "needs_changes→submitted:entrant",
      "submitted→paid:system",
      "paid→accepted:admin",
    ]);

    // The registrants back office finds the company without its marks.
    await page.goto("/quan-tri/thi-sinh?q=do+dem+song+huong");
    await page.locator("main table").waitFor();
    await expect(page.locator("main table").textContent()).resolves.toContain(
      "Công ty TNHH Đò Đêm Sông Hương",
    );
    await expectAxeClean(page);
    // Its page: the profile, the licence and the entry, linking back to the entry's page.
    await Promise.all([
      page.waitForURL((u) => /^\/quan-tri\/thi-sinh\/[^/]+$/.test(u.pathname)),
      page.locator('main table a[href*="/quan-tri/thi-sinh/"]').first().click(),
    ]);
    await expect.poll(() => page.locator("main").textContent()).toContain(entry.code);
    await expect(page.locator("main").textContent()).resolves.toContain(email);
    await expect(
      page.locator(`main a[href$="/quan-tri/bai-du-thi/${entry.id}"]`).count(),
    ).resolves.toBeGreaterThan(0);
    await expectAxeClean(page);
  }, 240_000);

  test("the entries table exports its filter and a selection, and changes the selection's status in bulk", async () => {
    // Export: the table's current filter as XLSX and CSV, Vietnamese intact.
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/bai-du-thi?q=tet+nay+con+ve");
    await page.locator("main table").waitFor();
    const shown = await tableRows(page);
    expect(shown.length).toBeGreaterThan(0);
    const exportLinks = await page
      .locator('main a[href*="/quan-tri/bai-du-thi/xuat"]')
      .evaluateAll((links) => (links as HTMLAnchorElement[]).map((a) => a.href));
    const xlsxLink = exportLinks.find((href) => href.includes("format=xlsx"));
    const csvLink = exportLinks.find((href) => href.includes("format=csv"));
    expect(xlsxLink, exportLinks.join("\n")).toBeDefined();
    expect(csvLink, exportLinks.join("\n")).toBeDefined();
    const xlsx = await fetchAsPage(page, xlsxLink!);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(/^attachment/);
    const sheet = await readXlsx(xlsx.body);
    const matching = withDatabase(
      (db) =>
        db
          .prepare<[], { code: string }>(
            "SELECT code FROM entries WHERE campaign_name = 'Tết này con về' AND status != 'draft' AND season_id = (SELECT id FROM seasons WHERE year = 2026)",
          )
          .all().length,
    );
    // A heading row, then every entry of the filter (all pages, not only the one shown).
    expect(sheet.length - 1).toBeGreaterThanOrEqual(matching);
    expect(sheet.length - 1).toBeGreaterThanOrEqual(shown.length);
    for (const row of sheet.slice(1)) expect(row.join(" ")).toContain("Tết này con về");
    const csv = await fetchAsPage(page, csvLink!);
    expect(csv.status).toBe(200);
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body.toString("utf8").trim().split(/\r?\n/);
    expect(lines.length).toBe(sheet.length);
    expect(lines[1]).toContain("Tết này con về");

    // Two ticked rows: their own export, then a bulk change (confirmed) marks them paid.
    await page.goto("/quan-tri/bai-du-thi?status=submitted");
    await waitForHydration(page);
    await page.locator("main table").waitFor();
    const boxes = page.locator('main table tbody input[type="checkbox"][name="entries"]');
    const picked = [
      (await boxes.nth(0).getAttribute("value"))!,
      (await boxes.nth(1).getAttribute("value"))!,
    ].map((value) => value.split(":")[0]!);
    const bulk = page.locator("fieldset").filter({ hasText: vi("entryAdmin.bulk.heading") });
    // Nothing ticked and no status: the page says so itself, without asking to confirm.
    await bulk.getByRole("button", { name: vi("entryAdmin.bulk.submit") }).click();
    await bulk.getByText(vi("entryAdmin.validation.selectEntries")).waitFor();
    await bulk.getByText(vi("entryAdmin.validation.statusRequired")).waitFor();
    // Where the focus is instead, if not on the first row's box, says what took it.
    const focusedOnFirstRow = () =>
      boxes
        .nth(0)
        .evaluate((box) =>
          box === document.activeElement
            ? "first row"
            : (document.activeElement?.outerHTML.slice(0, 160) ?? "nothing"),
        );
    await expect.poll(focusedOnFirstRow).toBe("first row");
    // The same form sent as a plain form post (as when clicked before the page's script ran):
    // the server refuses it, and the page it answers with focuses the same box once hydrated.
    const answered = page.waitForEvent("load");
    await page.evaluate(() => {
      const box = document.querySelector<HTMLInputElement>("main input[name=entries]");
      box?.blur();
      HTMLFormElement.prototype.submit.call(box!.form!);
    });
    await answered;
    await waitForHydration(page);
    await bulk.getByText(vi("entryAdmin.validation.selectEntries")).waitFor();
    await expect.poll(focusedOnFirstRow).toBe("first row");
    expect(await confirmation(page).count()).toBe(0);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    // Ticking re-renders the table; the box just ticked keeps the focus (a keyboard user goes on).
    await settled(page);
    expect(await boxes.nth(1).evaluate((box) => box === document.activeElement)).toBe(true);
    const selectionLink = page.getByRole("link", {
      name: vi("entryAdmin.export.selectionXlsx", { count: 2 }),
    });
    const selection = await fetchAsPage(page, (await selectionLink.getAttribute("href"))!);
    expect(selection.status).toBe(200);
    expect((await readXlsx(selection.body)).length).toBe(3);
    await bulk.getByLabel(vi("entryAdmin.bulk.to")).selectOption("paid");
    await bulk.getByRole("button", { name: vi("entryAdmin.bulk.submit") }).click();
    await answerConfirmation(page);
    await page.getByText(vi("entryAdmin.bulk.done_other", { changed: 2, skipped: 0 })).waitFor();
    const statuses = withDatabase((db) =>
      db
        .prepare<[string, string], { status: string }>(
          "SELECT status FROM entries WHERE id IN (?, ?)",
        )
        .all(picked[0]!, picked[1]!)
        .map((row) => row.status),
    );
    expect(statuses).toEqual(["paid", "paid"]);
    // The submitted filter no longer lists them once the page has loaded again.
    await page.goto("/quan-tri/bai-du-thi?status=submitted");
    await page.locator("main table").waitFor();
    const values = await page
      .locator('main table tbody input[name="entries"]')
      .evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((i) => i.value.split(":")[0]));
    expect(values).not.toContain(picked[0]);
    expect(values).not.toContain(picked[1]);
    await expectAxeClean(page);

    // The audit log names the entry by its code and the change in words, not codes.
    const code = withDatabase(
      (db) =>
        db
          .prepare<[string], { code: string }>("SELECT code FROM entries WHERE id = ?")
          .get(picked[0]!)!.code,
    );
    await page.goto("/quan-tri/nhat-ky?q=entry.status&type=entry");
    const row = page.locator("main table tbody tr").filter({ hasText: code }).first();
    await row.waitFor();
    const logged = (await row.textContent()) ?? "";
    // One line for the move: its status before → after, by their names.
    expect(logged).toContain(vi("adminPlatform.audit.fields.status"));
    expect(logged).toContain(`→ ${vi("adminPlatform.audit.changedTo")} ${vi("entry.status.paid")}`);
    expect(logged).not.toContain(picked[0]!);
    expect(logged).not.toMatch(/\bpaid\b/);
  });

  test("a new season is created from 2026 and made current; the header and the entry form follow it", async () => {
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    // A new season from 2026, made current: the header and the entry form follow it.
    const nextYear = CURRENT_SEASON + 1;
    // Whatever happens below, the other journeys get the 2026 season back.
    onTestFinished(setSiteSetting("currentSeasonYear", CURRENT_SEASON));
    await page.goto(`/quan-tri/mua-giai?year=${CURRENT_SEASON}`);
    await waitForHydration(page);
    await Promise.all([
      page.waitForURL(
        (u) =>
          u.searchParams.get("year") === String(nextYear) &&
          u.searchParams.get("notice") === "adminPlatform.seasons.next.created",
      ),
      clickAndConfirm(
        page,
        page.getByRole("button", { name: vi("adminPlatform.seasons.next.submit") }),
      ),
    ]);
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(vi("adminPlatform.seasons.next.created"));
    await expectAxeClean(page);
    await makeCurrent(page, nextYear);

    // The header's button now speaks of 2027's window (opening on 01/08/2027, shifted a year).
    const opensAt = withDatabase((db) =>
      db
        .prepare<[number], { submission_opens_at: string }>(
          "SELECT submission_opens_at FROM seasons WHERE year = ?",
        )
        .get(nextYear),
    )!.submission_opens_at;
    expect(formatDate(opensAt, "vi")).toBe(`01/08/${nextYear}`);
    const visitor = await openPage(browser());
    await expect
      .poll(
        async () => {
          await visitor.page.goto("/");
          return visitor.page.locator(".submit-menu__button").getAttribute("aria-disabled");
        },
        { timeout: 15_000 },
      )
      .toBe("true");
    await expect(visitor.page.locator(".submit-menu").textContent()).resolves.toContain(
      vi("submit.opensOn", { date: formatDate(opensAt, "vi") }),
    );

    // 2027's registration opens on 15/07/2027 (shifted a year): until then the page says so.
    await visitor.page.goto("/dang-ky-du-thi");
    await expect(visitor.page.locator("main").textContent()).resolves.toContain(
      vi("registration.window.opensOn", {
        year: nextYear,
        date: `15/07/${nextYear}`,
        time: "00:00",
      }),
    );
    expect(await visitor.page.locator('input[name="fullName"]').count()).toBe(0);
    await expectAxeClean(visitor.page);

    // With 2027's registration and submission windows open, a new draft is numbered in 2027.
    onTestFinished(
      setRegistrationWindow(
        { opensAt: new Date(Date.now() - DAY_MS).toISOString(), closesAt: null },
        nextYear,
      ),
    );
    onTestFinished(
      setSubmissionWindow(
        {
          opensAt: new Date(Date.now() - DAY_MS).toISOString(),
          closesAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        },
        nextYear,
      ),
    );
    const entrant = await openPage(browser());
    await registerEntrant(entrant.page, "vi");
    await entrant.page.goto("/nop-bai-du-thi");
    await waitForHydration(entrant.page);
    await chooseFirstCategory(entrant.page);
    await entrant.page.locator("#entry-brandName").fill("Du lịch Cố Đô 2027");
    await waitSaved(entrant.page, "vi");
    await expect
      .poll(() => entrant.page.getByTestId("entry-code").textContent())
      .toMatch(new RegExp(`^[A-Z]{2,4}${String(nextYear).slice(2)}-`));

    // 2026 is made current again through the same form.
    await makeCurrent(page, CURRENT_SEASON);
  }, 120_000);
});
