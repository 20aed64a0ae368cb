import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { newContext, useBrowser, waitForHydration } from "./support/browser";
import { chooseFirstCategory, waitSaved } from "./support/entry-journey";
import { squeezedCells } from "./support/layout";
import { demoCredentials } from "./support/demo-credentials";
import { signInEntrant, signInStaff } from "./support/sign-in";

// PRODUCT §6 / DESIGN: every public page works from a small phone to a wide screen. At each
// width the page has no horizontal overflow and the fixed header holds all its controls:
// nothing spills below its bottom edge onto the page, and the page starts below it. Checked
// on element boxes; one page is resized through the widths rather than reopened per width.
const browser = useBrowser();

const WIDTHS = [320, 360, 390, 768, 1024, 1440];

/** The public pages; the article and entry are the first ones their lists link to. */
const PAGES = [
  "/",
  "/gioi-thieu-giai-thuong",
  "/van-xuan",
  "/van-xuan-classic",
  "/van-xuan-stars",
  "/chuyen-gia-dong-hanh",
  "/danh-sach-thang-giai",
  "/tin-tuc-cuoc-thi",
  "article",
  "/dang-ky-du-thi",
  "/dang-nhap",
  "/quen-mat-khau",
  "/nop-bai-du-thi",
  "/pdf",
  "/bai-du-thi",
  "entry",
] as const;

/** Where a list's first item leads, or `fallback` while the list is empty. */
/**
 * The first link under `within` whose address starts with `prefix`, on `list` once it has
 * hydrated. A missing link fails with where the browser was and what it showed, since the demo
 * data always has one.
 */
async function firstLink(
  page: Page,
  list: string,
  prefix: string,
  within = "main",
): Promise<string> {
  await page.goto(list);
  if ((await page.locator(".site-header").count()) > 0) await waitForHydration(page);
  const link = page.locator(`${within} a[href^="${prefix}"]`).first();
  const href = await link
    .waitFor({ state: "attached", timeout: 10_000 })
    .then(() => link.getAttribute("href"))
    .catch(() => null);
  if (href) return href;
  const heading = await page
    .locator("h1")
    .first()
    .textContent({ timeout: 1_000 })
    .catch(() => null);
  throw new Error(`no link to ${prefix}… on ${page.url()} (its heading: ${heading ?? "none"})`);
}

interface Layout {
  scrollWidth: number;
  innerWidth: number;
  /** Header controls whose box is not inside the header's box. */
  outside: string[];
  /** The first thing on the page starts this far above the header's bottom edge (0 if below). */
  contentUnderHeader: number;
}

/** Measures the page as laid out now; a page without the site header (the /pdf viewer) has only its width checked. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const layout = {
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
      outside: [] as string[],
      contentUnderHeader: 0,
    };
    const header = document.querySelector<HTMLElement>(".site-header");
    if (!header) return layout;
    const box = header.getBoundingClientRect();
    const controls = header.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, [tabindex]",
    );
    for (const control of controls) {
      // Shown only on focus, and then over the page on purpose.
      if (control.classList.contains("skip-link")) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue; // not displayed (a closed menu)
      const inside =
        rect.left >= box.left - 0.5 &&
        rect.right <= box.right + 0.5 &&
        rect.top >= box.top - 0.5 &&
        rect.bottom <= box.bottom + 0.5;
      if (!inside) {
        const name = control.getAttribute("aria-label") ?? control.textContent?.trim() ?? "";
        layout.outside.push(
          `${control.tagName.toLowerCase()} "${name}" at ${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)} (header ${Math.round(box.right)}×${Math.round(box.bottom)})`,
        );
      }
    }
    const main = document.querySelector<HTMLElement>("#main");
    const first = main?.firstElementChild?.getBoundingClientRect();
    if (first) layout.contentUnderHeader = Math.max(0, Math.round(box.bottom - first.top));
    return layout;
  });
}

/** Two frames: the resize has been laid out. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );

describe("every public page at 320–1440 px: no horizontal overflow, the header holds its controls", () => {
  let page: Page;
  beforeAll(async () => {
    const context = await newContext(browser());
    page = await context.newPage();
  });
  afterAll(async () => {
    await page.context().close();
  });

  for (const lang of ["vi", "en"] as const) {
    test(`${lang === "vi" ? "Vietnamese" : "English"} pages`, async () => {
      const prefix = lang === "en" ? "/en" : "";
      const problems: string[] = [];
      for (const entry of PAGES) {
        const path =
          entry === "article"
            ? await firstLink(page, `${prefix}/tin-tuc-cuoc-thi`, `${prefix}/tin-tuc-cuoc-thi/`)
            : entry === "entry"
              ? await firstLink(page, `${prefix}/bai-du-thi`, `${prefix}/bai-thi/`)
              : `${prefix}${entry === "/" && prefix ? "" : entry}`;
        await page.setViewportSize({ width: WIDTHS.at(-1)!, height: 900 });
        await page.goto(path);
        if ((await page.locator(".site-header").count()) > 0) await waitForHydration(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await nextFrames(page);
          const layout = await measure(page);
          const where = `${path} at ${width} px`;
          if (layout.scrollWidth > layout.innerWidth) {
            problems.push(`${where}: ${layout.scrollWidth} px wide`);
          }
          for (const control of layout.outside)
            problems.push(`${where}: ${control} outside the header`);
          for (const cell of await squeezedCells(page)) problems.push(`${where}: ${cell}`);
          if (layout.contentUnderHeader > 0) {
            problems.push(
              `${where}: the page starts ${layout.contentUnderHeader} px under the header`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * The signed-in pages: the back office as the demo admin and the account as the demo entrant,
 * with one of each kind of detail page (the first its list links to). A table wider than a
 * phone scrolls in its own box; nothing widens the page.
 */
const ACCOUNT_PAGES = [
  "/tai-khoan",
  "/nop-bai-du-thi",
  "/nop-bai-du-thi/thanh-toan",
  "entry-form",
] as const;
const BACK_OFFICE_PAGES = [
  "/quan-tri",
  "/quan-tri/bai-du-thi",
  "/quan-tri/bai-du-thi/",
  "/quan-tri/thi-sinh",
  "/quan-tri/thi-sinh/",
  "/quan-tri/thanh-toan",
  "/quan-tri/thanh-toan/",
  "/quan-tri/thanh-toan/le-phi",
  "/quan-tri/thanh-toan/sao-ke",
  "/quan-tri/thanh-toan/hoa-don-vat",
  "/quan-tri/cham-giai",
  "/quan-tri/cham-giai/vong/",
  "/quan-tri/cham-giai/giam-khao",
  "/quan-tri/cham-giai/nhat-ky-diem",
  "/quan-tri/mua-giai",
  "/quan-tri/noi-dung",
  "/quan-tri/noi-dung/tin-tuc",
  "/quan-tri/noi-dung/chuyen-gia",
  "/quan-tri/noi-dung/thang-giai",
  "/quan-tri/cai-dat",
  "/quan-tri/nguoi-dung",
  "/quan-tri/nhat-ky",
  "/quan-tri/hop-thu",
] as const;
const SIGNED_IN_WIDTHS = [390, 768, 1280];

/** A path ending in "/" is a detail page: the first one its list (the path without it) links to. */
async function pageOf(page: Page, path: string): Promise<string> {
  if (path === "entry-form") {
    return firstLink(page, "/tai-khoan", "/nop-bai-du-thi?entry=");
  }
  if (!path.endsWith("/")) return path;
  // The demo data's judged season is 2025.
  const list = path.endsWith("/vong/") ? "/quan-tri/cham-giai?year=2025" : path.slice(0, -1);
  // A row of the list's table (its other links are exports and filters).
  return firstLink(page, list, path, "main table");
}

async function overflowing(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of paths) {
    const path = await pageOf(page, entry);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await waitForHydration(page);
    for (const width of SIGNED_IN_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await nextFrames(page);
      const layout = await measure(page);
      if (layout.scrollWidth > layout.innerWidth) {
        problems.push(`${path} at ${width} px: ${layout.scrollWidth} px wide`);
      }
      for (const cell of await squeezedCells(page)) {
        problems.push(`${path} at ${width} px: ${cell}`);
      }
    }
  }
  return problems;
}

describe("signed-in pages at 390–1280 px: no horizontal overflow", () => {
  test("the back office, as the demo admin", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      const { admin } = demoCredentials();
      await signInStaff(page, admin.email, admin.password);
      expect(await overflowing(page, BACK_OFFICE_PAGES)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("the account, as the demo entrant", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      const { entrant } = demoCredentials();
      await signInEntrant(page, entrant.email, entrant.password);
      // The demo entrant starts with no entries: a draft of its own gives the dashboard a row
      // and the entry form its page, whichever journeys ran before on this server.
      await page.goto("/nop-bai-du-thi");
      await waitForHydration(page);
      await chooseFirstCategory(page);
      await page.locator("#entry-brandName").fill("Bánh cốm Hàng Than");
      await waitSaved(page, "vi");
      await page.waitForURL((u) => u.searchParams.has("entry"));
      expect(await overflowing(page, ACCOUNT_PAGES)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
