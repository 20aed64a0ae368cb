import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { DEMO_PDF_AUTHOR } from "../server/demo/demo-entry-files";
import { text } from "../server/test-support/text";
import { expectAxeClean } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { clickAndConfirm } from "./support/confirm";
import { CURRENT_SEASON, withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInJudge as signInAt } from "./support/judge";
import { mailTo } from "./support/outbox";
import { signInStaff } from "./support/sign-in";

// Judging in Chromium against the production server and its demo entries: the manager creates
// a round, edits its criteria, adds two judges and issues their codes (read from the outbox),
// assigns them to a category and opens the round; each judge signs in with the code and scores
// by keyboard (toasts seen and gone after five seconds), updates and deletes with confirmation,
// meets a second tab's change, declares a conflict — and no response the judge's browser gets
// carries an entrant's identity. The manager closes the round, reads the results by all three
// methods, advances, gives a prize and publishes: the public winners page shows the entry.
const browser = useBrowser();
const vi = (key: string, values?: Record<string, string | number>) => text("vi", key, values);

/** The numbers the page's notice `key` shows, by placeholder (the text must match the key's). */
async function noticeCounts(page: Page, key: string, names: readonly string[]) {
  const marked = vi(key, Object.fromEntries(names.map((name) => [name, `@@${name}@@`])));
  const order = [...marked.matchAll(/@@(\w+)@@/g)].map((m) => m[1]!);
  const pattern = marked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/@@\w+@@/g, "(\\d+)");
  const shown = (await page.locator(".flash__message").textContent()) ?? "";
  const found = new RegExp(pattern).exec(shown);
  expect(found, shown).not.toBeNull();
  return Object.fromEntries(order.map((name, i) => [name, Number(found![i + 1])]));
}

interface Category {
  id: number;
  code: string;
  name: string;
}

/**
 * The current season's category with the most accepted demo entries, one of them with a film
 * (`filmEntry`), and their owners' identity.
 */
function busiestCategory(): {
  category: Category;
  filmEntry: string;
  identity: string[];
  titles: string[];
} {
  return withDatabase((db) => {
    const category = db
      .prepare<[number], Category & { n: number; films: number }>(
        `SELECT c.id, c.code, c.name_vi AS name, count(*) AS n,
                sum(EXISTS (SELECT 1 FROM entry_files f WHERE f.entry_id = e.id AND f.field = 'video')) AS films
           FROM entries e
           JOIN categories c ON c.id = e.category_id
           JOIN seasons s ON s.id = e.season_id
          WHERE s.year = ? AND e.status = 'accepted'
          GROUP BY c.id ORDER BY n >= 3 DESC, films > 0 DESC, n DESC, c.id LIMIT 1`,
      )
      .get(CURRENT_SEASON);
    if (!category || category.n < 3 || category.films < 1)
      throw new Error("the demo needs 3 accepted entries in a category, one with a film");
    const film = db
      .prepare<[number], { id: string }>(
        `SELECT e.id FROM entries e JOIN entry_files f ON f.entry_id = e.id AND f.field = 'video'
          WHERE e.category_id = ? AND e.status = 'accepted' ORDER BY e.id LIMIT 1`,
      )
      .get(category.id)!;
    const owners = db
      .prepare<
        [number],
        {
          full_name: string;
          company_name: string | null;
          email: string;
          phone: string;
          tax_code: string | null;
          title: string;
        }
      >(
        `SELECT r.full_name, r.company_name, u.email, r.phone, r.tax_code, e.campaign_name AS title
           FROM entries e JOIN registrants r ON r.user_id = e.owner_user_id JOIN "user" u ON u.id = e.owner_user_id
          WHERE e.category_id = ? AND e.status = 'accepted'`,
      )
      .all(category.id);
    const identity = owners.flatMap((o) => [
      o.full_name,
      o.email,
      o.phone,
      o.company_name ?? "",
      o.tax_code ?? "",
    ]);
    return {
      category,
      filmEntry: film.id,
      identity: identity.filter((s) => s.length >= 6),
      titles: owners.map((o) => o.title),
    };
  });
}

/** Every text body the page receives (documents, data, JSON), for the blindness check. */
function recordBodies(page: Page): { url: string; body: string }[] {
  const bodies: { url: string; body: string }[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (
      !/html|json|text\/x-script|javascript|turbo|text\/plain/.test(type) ||
      response.url().includes("/assets/")
    )
      return;
    void response.text().then(
      (body) => bodies.push({ url: response.url(), body }),
      () => undefined,
    );
  });
  return bodies;
}

/** What in a PDF's bytes could name its maker: an information dictionary, XMP, the demo's author. */
function pdfMetadata(bytes: Buffer) {
  const utf16 = Buffer.from(DEMO_PDF_AUTHOR, "utf16le").swap16().toString("hex");
  return {
    info: bytes.includes("/Info") || bytes.includes("/Author"),
    xmp: bytes.includes("x:xmpmeta") || bytes.includes("/Metadata"),
    author: [DEMO_PDF_AUTHOR, utf16, utf16.toUpperCase()].some((form) => bytes.includes(form)),
  };
}

/** Opens the folded form (its summary) unless the field is already showing. */
async function reveal(page: Page, summary: string, field: string) {
  if (!(await page.getByLabel(field).isVisible())) {
    await page.locator("summary").filter({ hasText: summary }).click();
  }
}

async function signInJudge(page: Page, code: string) {
  await signInAt(page, code);
  await page.getByRole("heading", { name: vi("judging.portal.rounds.heading") }).waitFor();
}

/** Types a whole score sheet with the keyboard only: Tab from field to field, Enter to submit. */
async function typeSheet(page: Page, values: number[]) {
  await page.locator(".judge-sheet input[type=number]").first().focus();
  for (const [i, value] of values.entries()) {
    await page.keyboard.press("Control+A");
    await page.keyboard.type(String(value));
    if (i < values.length - 1) await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
}

/** Confirms the open dialog by keyboard (Enter on its focused confirm button); waits for the toast. */
async function confirmAndSee(page: Page, toastKey: string) {
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await page.keyboard.press("Enter");
  const toast = page.getByTestId("toast").filter({ hasText: vi(toastKey) });
  await toast.waitFor();
  return toast;
}

describe("judging, from round to winners", () => {
  test("manager, two judges, results, prize, publication", async () => {
    const { category, filmEntry, identity, titles } = busiestCategory();
    // Other journeys expect the demo's newest winners (2025): this season's go again after.
    onTestFinished(() => {
      withDatabase((db) => db.prepare("DELETE FROM winners WHERE year = ?").run(CURRENT_SEASON));
    });
    const admin = demoCredentials().admin;
    const stamp = Date.now();
    const judges = [
      { name: "Giám Khảo Một", email: `gk1-${stamp}@example.vn` },
      { name: "Giám Khảo Hai", email: `gk2-${stamp}@example.vn` },
    ];

    // The manager: a round with its criteria.
    const { page: office } = await openPage(browser());
    await signInStaff(office, admin.email, admin.password);
    await office.goto("/quan-tri/cham-giai");
    await waitForHydration(office);
    await reveal(office, vi("judgingAdmin.rounds.create"), vi("judgingAdmin.rounds.nameVi"));
    await office.getByLabel(vi("judgingAdmin.rounds.nameVi")).fill("Vòng sơ khảo thử nghiệm");
    await office.getByLabel(vi("judgingAdmin.rounds.nameEn")).fill("Trial preliminary round");
    await Promise.all([
      office.waitForURL(/\/quan-tri\/cham-giai\/vong\/\d+/),
      office.getByRole("button", { name: vi("judgingAdmin.rounds.create"), exact: true }).click(),
    ]);
    const roundPath = new URL(office.url()).pathname;
    await waitForHydration(office);
    await office.getByLabel(`${vi("judgingAdmin.round.weight")} 1`).fill("2");
    await Promise.all([
      office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.criteriaSaved"),
      office
        .getByRole("button", { name: vi("judgingAdmin.round.saveCriteria"), exact: true })
        .click(),
    ]);
    expect(await office.getByLabel(`${vi("judgingAdmin.round.weight")} 1`).inputValue()).toBe("2");
    await expectAxeClean(office);

    // Two judges, their codes issued and read from the outbox.
    const codes: string[] = [];
    for (const judge of judges) {
      await office.goto("/quan-tri/cham-giai/giam-khao");
      await waitForHydration(office);
      await reveal(office, vi("judgingAdmin.judges.create"), vi("judgingAdmin.judges.name"));
      await office.getByLabel(vi("judgingAdmin.judges.name")).fill(judge.name);
      await office.locator("input[name=email]").fill(judge.email);
      await Promise.all([
        office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.judges.created"),
        office.getByRole("button", { name: vi("judgingAdmin.judges.create"), exact: true }).click(),
      ]);
      const since = new Date(Date.now() - 1000);
      const row = office.locator(`tr[data-judge="${judge.email}"]`);
      await row.getByRole("button", { name: vi("judgingAdmin.judges.issue"), exact: true }).click();
      const shown = (await office.getByTestId("judge-code").textContent())!.trim();
      const mail = await mailTo(judge.email, "judgeCode", since);
      expect(mail.parsed.text).toContain(shown);
      codes.push(shown);
    }
    await expectAxeClean(office);

    // Both assigned to the category; the round opens. The form starts empty after each
    // assignment, so the first judge, given one entry by its code, is then given the category
    // without reloading; assigning that again is said to be done already.
    const filmCode = withDatabase(
      (db) =>
        db
          .prepare<[string], { code: string }>("SELECT code FROM entries WHERE id = ?")
          .get(filmEntry)!.code,
    );
    const assign = async (judge: string, target: { categoryId?: string; entryCode?: string }) => {
      await office.locator("select[name=judgeId]").selectOption({ label: judge });
      if (target.categoryId)
        await office.locator("select[name=categoryId]").selectOption(target.categoryId);
      if (target.entryCode) await office.locator("input[name=entryCode]").fill(target.entryCode);
      await office
        .getByRole("button", { name: vi("judgingAdmin.round.assign"), exact: true })
        .click();
    };
    const assigned = () =>
      office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.assigned");
    await office.goto(roundPath);
    await waitForHydration(office);
    // The section's own links say where the manager is (a round is under "rounds").
    const sectionNav = office.getByRole("navigation", { name: vi("judgingAdmin.title") });
    await expect(
      sectionNav
        .getByRole("link", { name: vi("judgingAdmin.nav.rounds") })
        .getAttribute("aria-current"),
    ).resolves.toBe("page");
    expect(await sectionNav.locator('[aria-current="page"]').count()).toBe(1);
    await Promise.all([assigned(), assign(judges[0]!.name, { entryCode: filmCode })]);
    await expect.poll(() => office.locator("input[name=entryCode]").inputValue()).toBe("");
    // The address already carries the notice: the table shows the second assignment instead.
    await assign(judges[0]!.name, { categoryId: String(category.id) });
    await expect
      .poll(() => office.locator("tbody tr").filter({ hasText: judges[0]!.name }).count())
      .toBe(2);
    await assign(judges[0]!.name, { categoryId: String(category.id) });
    await office.getByText(vi("judging.errors.alreadyAssignedCategory")).waitFor();
    await office.goto(roundPath);
    await waitForHydration(office);
    await Promise.all([assigned(), assign(judges[1]!.name, { categoryId: String(category.id) })]);
    await Promise.all([
      office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.moved"),
      clickAndConfirm(
        office,
        office.getByRole("button", { name: vi("judgingAdmin.move.open"), exact: true }),
      ),
    ]);

    // Judge one: keyboard scoring, update, delete, a second tab, a conflict.
    const one = await openPage(browser());
    const bodies = recordBodies(one.page);
    await signInJudge(one.page, codes[0]!);
    await expectAxeClean(one.page);
    await one.page
      .getByRole("link", { name: vi("judging.portal.rounds.open"), exact: true })
      .first()
      .click();
    await one.page.locator("table tbody tr").first().waitFor();
    const entryLinks = await one.page
      .locator("table tbody tr th a")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(entryLinks.length).toBeGreaterThanOrEqual(3);
    await one.page.goto(entryLinks[0]!);
    await waitForHydration(one.page);
    // A score off the scale: the field says what the scale is.
    await typeSheet(one.page, [11, 7, 9, 6, 7, 8]);
    await one.page.getByText(vi("judging.validation.scoreRange", { min: 1, max: 10 })).waitFor();
    await typeSheet(one.page, [8, 7, 9, 6, 7, 8]);
    // Weight 2 on the first criterion: (2×8 + 7 + 9 + 6 + 7 + 8) / 7 = 7.57.
    await expect.poll(() => one.page.getByTestId("live-total").textContent()).toBe("7,57");
    const scored = await confirmAndSee(one.page, "judging.portal.toast.scored");
    // The toast closes by itself after five seconds.
    await scored.waitFor({ state: "detached", timeout: 8000 });
    await expectAxeClean(one.page);

    await typeSheet(one.page, [9, 7, 9, 6, 7, 8]);
    await confirmAndSee(one.page, "judging.portal.toast.updated");
    await one.page
      .getByRole("button", { name: vi("judging.portal.sheet.delete"), exact: true })
      .click();
    await confirmAndSee(one.page, "judging.portal.toast.deleted");
    expect(await one.page.locator(".judge-sheet input[type=number]").first().inputValue()).toBe("");
    await typeSheet(one.page, [9, 8, 9, 7, 8, 8]);
    await confirmAndSee(one.page, "judging.portal.toast.scored");

    // A change typed but not saved is not lost on the way to the next entry: the sheet asks
    // first, and Enter (on "stay") keeps the judge on it with what they typed.
    const firstScore = one.page.locator(".judge-sheet input[type=number]").first();
    await firstScore.fill("4");
    const next = one.page.getByRole("link", { name: vi("judging.portal.entry.next"), exact: true });
    await next.click();
    const leave = one.page.getByRole("dialog", { name: vi("judging.portal.sheet.leaveTitle") });
    await leave.waitFor();
    await one.page.keyboard.press("Enter");
    await leave.waitFor({ state: "detached" });
    expect(one.page.url()).toBe(entryLinks[0]);
    expect(await firstScore.inputValue()).toBe("4");
    // Choosing to leave goes on, and the stored score stays as it was.
    await next.click();
    await Promise.all([
      one.page.waitForURL(entryLinks[1]!),
      leave
        .getByRole("button", { name: vi("judging.portal.sheet.leaveAnyway"), exact: true })
        .click(),
    ]);
    await one.page.goto(entryLinks[0]!);
    await waitForHydration(one.page);
    expect(await firstScore.inputValue()).toBe("9");
    // A saved sheet leaves without a question.
    await Promise.all([one.page.waitForURL(entryLinks[1]!), next.click()]);

    // A second tab of the same judge, opened before a change, does not overwrite it.
    const second = await one.context.newPage();
    await second.goto(entryLinks[1]!);
    await waitForHydration(second);
    await one.page.goto(entryLinks[1]!);
    await waitForHydration(one.page);
    await typeSheet(one.page, [6, 6, 6, 6, 6, 6]);
    await confirmAndSee(one.page, "judging.portal.toast.scored");
    await typeSheet(second, [3, 3, 3, 3, 3, 3]);
    await second.getByRole("dialog").waitFor();
    await second.keyboard.press("Enter");
    await second.getByText(vi("judging.errors.changedElsewhere")).waitFor();
    expect(await second.locator(".judge-sheet input[type=number]").first().inputValue()).toBe("6");
    await second.close();

    // A conflict on the third entry.
    await one.page.goto(entryLinks[2]!);
    await waitForHydration(one.page);
    await one.page
      .getByRole("button", { name: vi("judging.portal.conflict.declare"), exact: true })
      .click();
    await confirmAndSee(one.page, "judging.portal.toast.conflict");
    await one.page.getByText(vi("judging.portal.conflict.declared")).waitFor();

    // The list on a small phone: each total stays in view at the table box's edge, and a category
    // is named with its group (several groups have a "Chiến dịch").
    const listPath = new URL(entryLinks[0]!).pathname.replace(/\/[^/]+$/, "");
    await one.page.setViewportSize({ width: 320, height: 640 });
    await one.page.goto(listPath);
    await one.page.locator("table tbody tr").first().waitFor();
    const totals = () =>
      one.page.locator(".judge-entries__total").evaluateAll((cells) =>
        cells.map((cell) => {
          const box = cell.getBoundingClientRect();
          const scroller = cell.closest(".table-scroll")!.getBoundingClientRect();
          return box.width > 0 && box.left >= scroller.left && box.right <= scroller.right + 0.5;
        }),
      );
    const scroller = one.page.locator(".table-scroll").first();
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect((await totals()).every(Boolean)).toBe(true);
    expect(
      (await one.page.locator("table tbody tr td:nth-child(3)").allTextContents()).every((name) =>
        name.includes(" – "),
      ),
    ).toBe(true);
    await one.page.setViewportSize({ width: 1280, height: 800 });

    // Judge two scores the first two entries.
    const two = await openPage(browser());
    await signInJudge(two.page, codes[1]!);
    for (const [i, values] of [
      [7, 7, 8, 6, 7, 7],
      [5, 6, 5, 6, 5, 6],
    ].entries()) {
      await two.page.goto(entryLinks[i]!);
      await waitForHydration(two.page);
      await typeSheet(two.page, values);
      await confirmAndSee(two.page, "judging.portal.toast.scored");
    }

    // The film plays in the judge's browser: its copy without the makers' metadata, intact.
    await one.page.goto(entryLinks.find((link) => link.endsWith(`/${filmEntry}`))!);
    const played = await one.page.locator("video.judge-entry__video").evaluate(
      (video: HTMLVideoElement) =>
        new Promise<{ duration: number; width: number }>((resolve, reject) => {
          const done = () => resolve({ duration: video.duration, width: video.videoWidth });
          if (video.readyState >= 1) done();
          video.addEventListener("loadedmetadata", done);
          video.addEventListener("error", () => reject(new Error("the film does not play")));
          video.load();
        }),
    );
    expect(played.duration).toBeGreaterThan(1);
    expect(played.width).toBeGreaterThan(0);

    // Blind: nothing judge one's browser received names an entrant.
    await one.page.goto(new URL(entryLinks[0]!).pathname.replace(/\/[^/]+$/, ""));
    await one.page.waitForLoadState("networkidle");
    expect(bodies.length).toBeGreaterThan(5);
    const leaks = bodies.flatMap((b) =>
      identity.filter((s) => b.body.includes(s)).map((s) => `${b.url}: ${s}`),
    );
    expect(leaks).toEqual([]);
    // Pictures reach a judge re-encoded (/media/…), never as the uploaded file, whose camera
    // and author metadata (EXIF) can name the agency: no signed file link opens an image.
    const signed = new Set(
      bodies.flatMap((b) => [...b.body.matchAll(/\/tep\/[A-Za-z0-9._~%-]+/g)].map((m) => m[0])),
    );
    expect(bodies.some((b) => b.body.includes("/media/"))).toBe(true);
    const opened: string[] = [];
    const pdfs: { link: string; bytes: Buffer }[] = [];
    const films: { link: string; bytes: Buffer }[] = [];
    for (const link of signed) {
      const response = await one.page.request.get(link);
      const type = response.headers()["content-type"] ?? "";
      opened.push(`${response.status()} ${type}`);
      if (type.startsWith("application/pdf")) pdfs.push({ link, bytes: await response.body() });
      if (type.startsWith("video/")) films.push({ link, bytes: await response.body() });
    }
    expect(opened.filter((o) => /image\//.test(o))).toEqual([]);
    // The film likewise: the demo film names its maker (QuickTime user data), the copy not.
    expect(films.length).toBeGreaterThan(0);
    for (const { link, bytes } of films) {
      expect(bytes.subarray(4, 8).toString("latin1"), link).toBe("ftyp");
      expect(bytes.includes(Buffer.from(DEMO_PDF_AUTHOR, "utf8")), link).toBe(false);
    }
    // Documents likewise: every PDF a judge gets is the copy without the document information
    // (Author …) and XMP metadata that name its maker — the demo's idea articles carry both.
    expect(pdfs.length).toBeGreaterThan(0);
    for (const { link, bytes } of pdfs) {
      expect(pdfMetadata(bytes), link).toEqual({ info: false, xmp: false, author: false });
      const parsed = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(parsed.context.trailerInfo.Info, link).toBeUndefined();
      expect(parsed.catalog.has(PDFName.of("Metadata")), link).toBe(false);
    }

    // The manager: the conflict shows, the round closes, the results by every method.
    await office.goto(roundPath);
    await office.getByText("Giám Khảo Một").first().waitFor();
    expect(await office.locator("main").textContent()).toContain(
      vi("judgingAdmin.round.conflicts"),
    );
    await Promise.all([
      office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.round.moved"),
      clickAndConfirm(
        office,
        office.getByRole("button", { name: vi("judgingAdmin.move.closed"), exact: true }),
      ),
    ]);
    // A judge who opens the closed round (a page left open, a bookmark) is told so by name,
    // with where to go, instead of "page not found".
    const closedPage = await one.page.goto(new URL(entryLinks[0]!).pathname);
    expect(closedPage?.status()).toBe(200);
    await one.page
      .getByRole("heading", {
        level: 1,
        name: vi("judging.portal.closed.title", { round: "Vòng sơ khảo thử nghiệm" }),
      })
      .waitFor();
    expect(
      await one.page
        .getByRole("link", { name: vi("judging.portal.list.backToRounds") })
        .getAttribute("href"),
    ).toBe("/giam-khao");
    await expectAxeClean(one.page);
    for (const method of ["mean", "trimmedMean", "normalised"]) {
      await office.goto(`${roundPath}/ket-qua?method=${method}`);
      await office.locator(`table[data-results-method="${method}"]`).first().waitFor();
      const firstRank = await office
        .locator(
          `section[aria-label="${category.code} · ${category.name}"] table[data-results-method="${method}"] tbody tr`,
        )
        .first()
        .textContent();
      expect(firstRank).toMatch(/^1/);
    }
    await expectAxeClean(office);

    // Advance needs the next round; the best entry goes through, then gets a prize.
    await office.goto("/quan-tri/cham-giai");
    await waitForHydration(office);
    await reveal(office, vi("judgingAdmin.rounds.create"), vi("judgingAdmin.rounds.nameVi"));
    await office.getByLabel(vi("judgingAdmin.rounds.nameVi")).fill("Vòng chung khảo thử nghiệm");
    await office.getByLabel(vi("judgingAdmin.rounds.nameEn")).fill("Trial final round");
    await Promise.all([
      office.waitForURL(/\/quan-tri\/cham-giai\/vong\/\d+/),
      office.getByRole("button", { name: vi("judgingAdmin.rounds.create"), exact: true }).click(),
    ]);
    await office.goto(`${roundPath}/ket-qua`);
    await waitForHydration(office);
    await office.getByLabel(vi("judgingAdmin.results.count2"), { exact: true }).fill("1");
    await Promise.all([
      office.waitForURL(
        (u) => u.searchParams.get("notice") === "judgingAdmin.results.advancedDone",
      ),
      clickAndConfirm(
        office,
        office.getByRole("button", { name: vi("judgingAdmin.results.advanceSubmit"), exact: true }),
      ),
    ]);
    // The notice says how many went through and how many were shortlisted.
    const advancedCounts = await noticeCounts(office, "judgingAdmin.results.advancedDone", [
      "advanced",
      "shortlisted",
    ]);
    expect(advancedCounts.shortlisted).toBeGreaterThanOrEqual(1);
    expect(advancedCounts.advanced).toBeGreaterThanOrEqual(advancedCounts.shortlisted!);
    const best = office
      .locator(`section[aria-label="${category.code} · ${category.name}"] table tbody tr`)
      .first();
    const bestCode = (await best.locator("th").textContent())!.trim();
    const bestTitle = withDatabase(
      (db) =>
        db
          .prepare<[string], { campaign_name: string }>(
            "SELECT campaign_name FROM entries WHERE code = ?",
          )
          .get(bestCode)!.campaign_name,
    );
    expect(titles).toContain(bestTitle);
    await best.getByRole("combobox").selectOption("gold");
    await Promise.all([
      office.waitForURL((u) => u.searchParams.get("notice") === "judgingAdmin.results.prizeSaved"),
      best.getByRole("button", { name: vi("judgingAdmin.results.savePrize"), exact: true }).click(),
    ]);

    // Advancing shortlisted it (it was accepted).
    const statusOf = (code: string) =>
      withDatabase((db) =>
        db
          .prepare<[string], { status: string; email: string }>(
            `SELECT e.status, u.email FROM entries e JOIN "user" u ON u.id = e.owner_user_id
                WHERE e.code = ?`,
          )
          .get(code)!,
      );
    expect(statusOf(bestCode).status).toBe("shortlisted");

    // Publish, and the public winners page of the season shows the entry, in both languages.
    await office.goto("/quan-tri/cham-giai");
    await waitForHydration(office);
    expect(await office.locator("main").textContent()).toContain(
      vi("judgingAdmin.prizes.publishLead"),
    );
    const publishedSince = new Date(Date.now() - 1000);
    await Promise.all([
      office.waitForURL(
        (u) => u.searchParams.get("notice") === "judgingAdmin.prizes.publishedDone",
      ),
      clickAndConfirm(
        office,
        office.getByRole("button", { name: vi("judgingAdmin.prizes.publish"), exact: true }),
      ),
    ]);
    // The entry's status is its result now, and its entrant was told in their language.
    const { status, email } = statusOf(bestCode);
    expect(status).toBe("winner");
    const publishedCounts = await noticeCounts(office, "judgingAdmin.prizes.publishedDone", [
      "winner",
      "finalist",
      "notAwarded",
    ]);
    expect(publishedCounts.winner).toBeGreaterThanOrEqual(1);
    // The shortlisting's mail may be newer than `publishedSince`: wait for the one naming the result.
    const told = await mailTo(email, "entryStatusChanged", publishedSince, [
      bestCode,
      `${vi("email.entryStatusChanged.statusLabel")}: ${vi("entry.status.winner")}`,
    ]);
    expect(told.parsed.text).toContain(bestTitle);
    const { page: visitor } = await openPage(browser());
    await visitor.goto(`/danh-sach-thang-giai?year=${CURRENT_SEASON}`);
    await visitor.getByText(bestTitle).first().waitFor();
    expect(await visitor.locator("main").textContent()).toContain(vi("winners.prize.gold"));
    await visitor.goto(`/en/danh-sach-thang-giai?year=${CURRENT_SEASON}`);
    await visitor.getByText(bestTitle).first().waitFor();
    expect(await visitor.locator("main").textContent()).toContain("Gold");

    // The score log is intact after all of it.
    await office.goto("/quan-tri/cham-giai/nhat-ky-diem");
    expect(await office.getByTestId("chain-state").textContent()).toBe(
      vi("judgingAdmin.integrity.intact"),
    );

    // The audit log reads in the manager's terms: judges by name, states and prizes by label.
    await office.goto("/quan-tri/nhat-ky?pageSize=100");
    // A list's items, and a change's two ends ("Bản nháp → đổi thành Đang mở").
    const values = (await office.locator(".audit-summary dd").allTextContents()).flatMap((v) =>
      v.split(new RegExp(`, | → (?:${vi("adminPlatform.audit.changedTo")} )?`)),
    );
    expect(values).toContain(judges[0]!.name);
    expect(values).toContain(vi("judgingAdmin.state.open"));
    expect(values).toContain(vi("winners.prize.gold"));
    expect(values.filter((v) => ["open", "closed", "gold", "mean", "true"].includes(v))).toEqual(
      [],
    );
  }, 180_000);
});
