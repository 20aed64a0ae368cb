import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import {
  baseUrl,
  focused,
  openPage,
  settled,
  useBrowser,
  waitForHydration,
} from "./support/browser";
import { setLateDeadline, setSubmissionWindow, type SubmissionWindow } from "./support/db";

// PRODUCT §2 / seed §2: the header's "submit entry" button is enabled exactly while the
// current season's submission window is open; otherwise it is aria-disabled, opens nothing,
// and its tooltip says when submission opens or that it closed (DD/MM/YYYY, Vietnam time).
const browser = useBrowser();

const DAY_MS = 86_400_000;

/** `days` from today at `hour`:00 UTC. 20:00 UTC is already the next day in Vietnam (UTC+7). */
function utcAt(days: number, hour: number): Date {
  const date = new Date();
  date.setUTCHours(hour, 0, 0, 0);
  return new Date(date.getTime() + days * DAY_MS);
}

const dayMonthYear = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(date);
const vietnamDate = (date: Date) => dayMonthYear(date, "Asia/Ho_Chi_Minh");
/** A moment not at a day's edge reads with its time: `DD/MM/YYYY HH:mm`, Vietnam time. */
const vietnamMoment = (date: Date) =>
  `${vietnamDate(date)} ${new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Ho_Chi_Minh",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date)}`;

function useWindow(window: SubmissionWindow): void {
  const restore = setSubmissionWindow(window);
  onTestFinished(restore);
}

async function openAt(path: string): Promise<Page> {
  const { page } = await openPage(browser());
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

const submitButton = (page: Page, name = "Nộp bài dự thi") =>
  page.locator(".site-header").getByRole("button", { name });

async function tooltipOf(
  page: Page,
  name?: string,
): Promise<{ role: string | null; text: string | null }> {
  const id = await submitButton(page, name).getAttribute("aria-describedby");
  expect(id).toBeTruthy();
  const tooltip = page.locator(`[id="${id}"]`);
  return { role: await tooltip.getAttribute("role"), text: await tooltip.textContent() };
}

describe("submit-entry button", () => {
  test("open window: a menu with registration and submission, operable by keyboard", async () => {
    const closesAt = utcAt(30, 20);
    useWindow({ opensAt: utcAt(-1, 0).toISOString(), closesAt: closesAt.toISOString() });
    const page = await openAt("/");
    const button = submitButton(page);

    expect(await button.getAttribute("aria-disabled")).toBeNull();
    expect(await button.getAttribute("aria-haspopup")).toBe("menu");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await tooltipOf(page)).toEqual({
      role: "tooltip",
      text: `Hạn nộp bài: ${vietnamMoment(closesAt)}`,
    });
    // The home page announces the deadline too.
    expect(await page.locator(".hero__deadline").textContent()).toBe(
      `Hạn nộp bài: ${vietnamMoment(closesAt)}`,
    );

    await button.click();
    const menu = page.getByRole("menu", { name: "Nộp bài dự thi" });
    await menu.waitFor({ state: "visible" });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const items = await menu
      .getByRole("menuitem")
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(items).toEqual([
      ["Đăng ký dự thi", "/dang-ky-du-thi"],
      ["Nộp bài", "/nop-bai-du-thi"],
    ]);

    // Keyboard: ArrowDown from the button enters the menu, arrows cycle, Esc closes.
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await focused(page)).text).toBe("Đăng ký dự thi");
    await page.keyboard.press("ArrowDown");
    expect((await focused(page)).text).toBe("Nộp bài");
    await page.keyboard.press("ArrowDown");
    expect((await focused(page)).text).toBe("Đăng ký dự thi");
    await page.keyboard.press("ArrowUp");
    expect((await focused(page)).text).toBe("Nộp bài");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Nộp bài dự thi" });

    // Choosing an item navigates there and closes the menu.
    await button.click();
    await menu.getByRole("menuitem", { name: "Nộp bài" }).click();
    // The entry form is for signed-in entrants: a visitor signs in first and comes back.
    await page.waitForURL(`${baseUrl()}/dang-nhap?next=%2Fnop-bai-du-thi`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await menu.isVisible()).toBe(false);
  });

  test("closed window: aria-disabled, opens nothing, tooltip gives the closing date", async () => {
    const closedAt = utcAt(-10, 20);
    expect(vietnamDate(closedAt)).not.toBe(dayMonthYear(closedAt, "UTC"));
    useWindow({ opensAt: utcAt(-60, 0).toISOString(), closesAt: closedAt.toISOString() });
    const page = await openAt("/");
    const button = submitButton(page);

    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    // Not `disabled`: still focusable, so keyboard and screen-reader users reach the explanation.
    expect(await button.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
    await button.focus();
    expect(await focused(page)).toMatchObject({ tag: "button", text: "Nộp bài dự thi" });
    expect(await tooltipOf(page)).toEqual({
      role: "tooltip",
      text: `Cổng nộp bài đã đóng vào ${vietnamMoment(closedAt)}.`,
    });
    expect(await page.locator(".hero__deadline").count()).toBe(0);

    // force: playwright would otherwise wait for an aria-disabled control to become enabled.
    await button.click({ force: true });
    await settled(page);
    expect(await page.getByRole("menu", { includeHidden: true }).count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await settled(page);
    expect(await page.getByRole("menuitem").count()).toBe(0);
    expect(page.url()).toBe(`${baseUrl()}/`);

    // The tooltip shows on hover.
    await page.mouse.move(0, 400);
    await button.hover();
    const id = await button.getAttribute("aria-describedby");
    await page.locator(`[id="${id}"]`).waitFor({ state: "visible" });
  });

  test("late period: past the deadline, before the late one, entries still go in", async () => {
    const closedAt = utcAt(-2, 20);
    const lateDeadline = utcAt(6, 20);
    useWindow({ opensAt: utcAt(-60, 0).toISOString(), closesAt: closedAt.toISOString() });
    onTestFinished(setLateDeadline(lateDeadline.toISOString()));
    let page = await openAt("/");
    const button = submitButton(page);
    expect(await button.getAttribute("aria-disabled")).toBeNull();
    const late = `Nhận bài nộp muộn (phí nộp muộn) đến ${vietnamMoment(lateDeadline)}`;
    expect(await tooltipOf(page)).toEqual({ role: "tooltip", text: late });
    expect(await page.locator(".hero__deadline").textContent()).toBe(late);
    await button.click();
    await page.getByRole("menu", { name: "Nộp bài dự thi" }).waitFor({ state: "visible" });

    page = await openAt("/en");
    expect(await tooltipOf(page, "Submit entry")).toEqual({
      role: "tooltip",
      text: `Late entries, at the late fee, until ${vietnamMoment(lateDeadline)}`,
    });

    // Once the late deadline has passed too, the button says submission closed then.
    setLateDeadline(utcAt(-1, 20).toISOString());
    page = await openAt("/");
    expect(await submitButton(page).getAttribute("aria-disabled")).toBe("true");
    expect((await tooltipOf(page)).text).toBe(
      `Cổng nộp bài đã đóng vào ${vietnamMoment(utcAt(-1, 20))}.`,
    );
  });

  test("future window: the tooltip gives the opening date", async () => {
    const opensAt = utcAt(10, 20);
    expect(vietnamDate(opensAt)).not.toBe(dayMonthYear(opensAt, "UTC"));
    useWindow({ opensAt: opensAt.toISOString(), closesAt: utcAt(40, 0).toISOString() });
    const page = await openAt("/");
    expect(await submitButton(page).getAttribute("aria-disabled")).toBe("true");
    expect(await tooltipOf(page)).toEqual({
      role: "tooltip",
      text: `Cổng nộp bài sẽ mở vào ${vietnamMoment(opensAt)}.`,
    });
    await submitButton(page).click({ force: true });
    await settled(page);
    expect(await page.getByRole("menu", { includeHidden: true }).count()).toBe(0);
  });

  test("English: the same states in English", async () => {
    const closedAt = utcAt(-3, 20);
    const restoreClosed = setSubmissionWindow({
      opensAt: utcAt(-60, 0).toISOString(),
      closesAt: closedAt.toISOString(),
    });
    onTestFinished(restoreClosed);
    let page = await openAt("/en");
    expect(await submitButton(page, "Submit entry").getAttribute("aria-disabled")).toBe("true");
    expect(await tooltipOf(page, "Submit entry")).toEqual({
      role: "tooltip",
      text: `Submission closed on ${vietnamMoment(closedAt)}.`,
    });

    const opensAt = utcAt(5, 20);
    setSubmissionWindow({ opensAt: opensAt.toISOString(), closesAt: utcAt(35, 0).toISOString() });
    page = await openAt("/en/bai-du-thi");
    expect(await tooltipOf(page, "Submit entry")).toEqual({
      role: "tooltip",
      text: `Submission opens on ${vietnamMoment(opensAt)}.`,
    });

    // A deadline in its day's last minute (23:59:59 in Vietnam) reads as the day alone.
    const closesAt = new Date(utcAt(20, 16).getTime() + 59 * 60_000 + 59_999);
    setSubmissionWindow({ opensAt: utcAt(-1, 0).toISOString(), closesAt: closesAt.toISOString() });
    page = await openAt("/en");
    const button = submitButton(page, "Submit entry");
    expect(await button.getAttribute("aria-disabled")).toBeNull();
    expect(await tooltipOf(page, "Submit entry")).toEqual({
      role: "tooltip",
      text: `Deadline: ${vietnamDate(closesAt)}`,
    });
    await button.click();
    const items = await page
      .getByRole("menu", { name: "Submit entry" })
      .getByRole("menuitem")
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(items).toEqual([
      ["Registration", "/en/dang-ky-du-thi"],
      ["Submit", "/en/nop-bai-du-thi"],
    ]);
  });
});
