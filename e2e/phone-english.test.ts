import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { demoCredentials } from "./support/demo-credentials";
import { signInEntrant, signInStaff } from "./support/sign-in";

// PRODUCT §6–7 on a phone, in English: a person signed in on a 375 px touch screen finds each
// page as wide as the screen; every form control and trail link a target a finger can hit
// (WCAG 2.5.8: 24 × 24 px); the page's heading on the first screen, with the back office's
// sections in one sideways-scrolling row above it; the entry form's sticky bar small enough
// to leave room above the keyboard; and the interface's words (titles, column heads, field
// labels, the sections) in English. Names and titles people typed stay as typed.
const browser = useBrowser();

const PHONE = { width: 375, height: 740 };

/** Vietnamese letters English never uses (the language switch's own "Tiếng Việt" aside). */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

const BACK_OFFICE = [
  "/en/quan-tri",
  "/en/quan-tri/bai-du-thi",
  "/en/quan-tri/thi-sinh",
  "/en/quan-tri/thanh-toan",
  "/en/quan-tri/thanh-toan/sao-ke",
  "/en/quan-tri/thanh-toan/le-phi",
  "/en/quan-tri/cham-giai?year=2025",
  "/en/quan-tri/cham-giai/giam-khao",
  "/en/quan-tri/mua-giai",
  "/en/quan-tri/noi-dung/tai-lieu",
  "/en/quan-tri/noi-dung/tin-tuc/moi",
  "/en/quan-tri/noi-dung/chuyen-gia/moi?year=2026",
  "/en/quan-tri/nguoi-dung",
  "/en/quan-tri/nhat-ky",
];

const ACCOUNT = [
  "/en/tai-khoan",
  "/en/tai-khoan/ho-so",
  "/en/nop-bai-du-thi",
  "/en/nop-bai-du-thi/thanh-toan",
];

interface PhoneLayout {
  scrollWidth: number;
  clientWidth: number;
  /** Visible controls (and trail and sort links) smaller than 24 × 24 px. */
  small: string[];
  /** The page's h1: how far down the page it starts. */
  headingTop: number | null;
  /** How many rows the back office's section links take (one: they scroll sideways). */
  navRows: number;
  /** The header and the entry form's status bar, both sticky: their height together. */
  stickyHeight: number;
  /** Interface text in Vietnamese letters. */
  vietnamese: string[];
}

function measure(page: Page, vietnamese: RegExp): Promise<PhoneLayout> {
  return page.evaluate((source) => {
    const letters = new RegExp(source, "i");
    const se = document.scrollingElement!;
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'main input[type="checkbox"], main input[type="radio"], main input[type="file"], main select, .admin-breadcrumbs a, .data-table__sort',
    );
    for (const target of targets) {
      const box = target.getBoundingClientRect();
      // Not displayed, or visually hidden behind a label that is the target (1 × 1 px).
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < 24 || box.height < 24) {
        const name = target.getAttribute("name") ?? target.textContent?.trim().slice(0, 30) ?? "";
        small.push(
          `${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    const words = [
      ...document.querySelectorAll<HTMLElement>(
        "main thead th, main legend, main .field__label, .admin__nav, .admin-page__title",
      ),
    ]
      .map((element) => element.innerText.trim())
      .filter((text) => letters.test(text));
    const heading = document.querySelector("main h1, #main h1");
    const navTops = [...document.querySelectorAll(".admin__nav a")].map((link) =>
      Math.round(link.getBoundingClientRect().top),
    );
    const bar = document.querySelector<HTMLElement>(".entry-form__bar");
    const header = document.querySelector<HTMLElement>(".site-header");
    return {
      scrollWidth: se.scrollWidth,
      clientWidth: se.clientWidth,
      small,
      headingTop: heading ? Math.round(heading.getBoundingClientRect().top + window.scrollY) : null,
      vietnamese: [...new Set(words)].slice(0, 5),
      navRows: new Set(navTops).size,
      stickyHeight: bar ? bar.offsetHeight + (header?.offsetHeight ?? 0) : 0,
    };
  }, vietnamese.source);
}

async function problemsOn(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await page.getAttribute("html", "lang"), path).toBe("en");
    const layout = await measure(page, VIETNAMESE);
    if (layout.scrollWidth > layout.clientWidth) {
      problems.push(`${path}: ${layout.scrollWidth} px wide on a ${layout.clientWidth} px screen`);
    }
    for (const target of layout.small) problems.push(`${path}: ${target}`);
    if (layout.headingTop === null || layout.headingTop > PHONE.height) {
      problems.push(`${path}: its heading starts at ${layout.headingTop ?? "—"} px`);
    }
    for (const text of layout.vietnamese) problems.push(`${path}: Vietnamese "${text}"`);
    if (layout.navRows > 1) problems.push(`${path}: the section links take ${layout.navRows} rows`);
    // While typing, the keyboard takes half the screen: the sticky parts keep to a quarter.
    if (layout.stickyHeight > PHONE.height / 4) {
      problems.push(`${path}: the sticky header and bar are ${layout.stickyHeight} px high`);
    }
  }
  return problems;
}

describe("English signed-in pages on a 375 px touch phone", () => {
  test("the back office, as the demo admin", async () => {
    const { page } = await openPage(browser(), { viewport: PHONE, touch: true });
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    expect(await problemsOn(page, BACK_OFFICE)).toEqual([]);
  }, 60_000);

  test("the account and the entry form, as the demo entrant", async () => {
    const { page } = await openPage(browser(), { viewport: PHONE, touch: true });
    const { entrant } = demoCredentials();
    await signInEntrant(page, entrant.email, entrant.password);
    expect(await problemsOn(page, ACCOUNT)).toEqual([]);
  }, 30_000);
});
