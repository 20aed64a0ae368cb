import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { e2eServer } from "./server";

/**
 * Debian's Chromium; the suite never downloads a browser (scripts/ensure-chromium.sh installs
 * it). Its headless shell (package chromium-headless-shell: the same Blink, without the browser
 * window's own interface) when installed: the full browser renders its toolbar for every new
 * context even headless, which made each test's context cost about three times as much CPU.
 * `E2E_CHROMIUM` names another binary.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/**
 * Launches a headless Chromium; playwright gives it a fresh user-data-dir each time. `args`
 * adds command-line switches (`--lang=en-US`: the browser's own language).
 */
export function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...args,
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** One browser for the whole test file, closed after its last test. */
export function useBrowser(args: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(args);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not running (used outside a test?)");
    return browser;
  };
}

export function baseUrl(): string {
  return e2eServer().baseUrl;
}

export interface ContextOptions {
  /** The browser's language; it also sets Accept-Language. Vietnamese unless a test says otherwise. */
  locale?: string;
  viewport?: { width: number; height: number };
  javaScriptEnabled?: boolean;
  reducedMotion?: "reduce" | "no-preference";
  /** Another server than this worker's e2e server (one a test started itself). */
  baseUrl?: string;
  /** A phone: touch input (CSS `pointer: coarse`) and the mobile viewport's behaviour. */
  touch?: boolean;
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Headless Chromium announces itself as "HeadlessChrome", which the server (isbot) rightly
 * treats as a crawler and never redirects by language; the journeys are a person's, so the
 * contexts present the user agent of the same Chromium with a window.
 */
function personUserAgent(browser: Browser): string {
  const version = browser.version().split(".")[0] ?? "";
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
}

export async function newContext(
  browser: Browser,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? baseUrl(),
    userAgent: personUserAgent(browser),
    locale: options.locale ?? "vi-VN",
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "no-preference",
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
  });
  // Fail a step in seconds rather than at the test's own timeout.
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

/** What went wrong in a page, as the browser reported it. */
export interface PageProblems {
  /** React hydration mismatches (dev wording, or the minified production error codes). */
  hydration: string[];
  /** Content-Security-Policy violations. */
  csp: string[];
  /** Uncaught exceptions. */
  pageErrors: string[];
  /** Every console error, for diagnostics. */
  consoleErrors: string[];
}

// React's production build reports hydration failures as minified errors 418–425.
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|420|421|422|423|425)\b/i;

export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { hydration: [], csp: [], pageErrors: [], consoleErrors: [] };
  page.on("console", (message) => {
    const type = message.type();
    if (type !== "error" && type !== "warning") return;
    const text = message.text();
    if (HYDRATION.test(text)) problems.hydration.push(text);
    if (text.includes("Content Security Policy")) problems.csp.push(text);
    if (type === "error") problems.consoleErrors.push(text);
  });
  page.on("pageerror", (error) => {
    const text = `${error.name}: ${error.message}`;
    problems.pageErrors.push(text);
    if (HYDRATION.test(text)) problems.hydration.push(text);
  });
  return problems;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/** A fresh context and page for one test, closed when the test finishes. */
export async function openPage(
  browser: Browser,
  options: ContextOptions = {},
): Promise<OpenedPage> {
  const context = await newContext(browser, options);
  onTestFinished(async () => {
    await context.close();
  });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

/**
 * Waits until React has hydrated the public chrome (the header marks itself once effects ran).
 * Reading pages hydrate at the first interaction (web/hydration/on-interaction.ts), so on those
 * the pointer keeps moving, as a person's would, until the page has noticed.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const hydrated = page.locator(".site-header[data-hydrated]");
  const waits = (await page.locator("html[data-hydrate]").count()) > 0;
  const deadline = Date.now() + 10_000;
  for (let step = 0; waits && (await hydrated.count()) === 0; step++) {
    if (Date.now() > deadline) break;
    await page.mouse.move(4 + (step % 2), 4);
    await page.waitForTimeout(100);
  }
  await hydrated.waitFor({ state: "attached" });
}

/**
 * Resolves once the page has handled everything queued so far: the input events' handlers
 * ran, React committed what they scheduled, and the browser drew two frames after that. A test
 * that checks an action changed nothing waits for this, not for a fixed time.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

/**
 * Turns the mouse wheel at (x, y) and resolves once the page received the wheel event and
 * drew two frames since: a scroll the event causes has started by then.
 */
export async function wheelAt(page: Page, x: number, y: number, deltaY: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.evaluate(() => {
    const w = window as Window & { __wheelSeen?: Promise<void> };
    w.__wheelSeen = new Promise<void>((resolve) =>
      window.addEventListener("wheel", () => resolve(), {
        once: true,
        capture: true,
        passive: true,
      }),
    );
  });
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(() => (window as Window & { __wheelSeen?: Promise<void> }).__wheelSeen);
  await settled(page);
}

/** The element that has keyboard focus, described for assertions. */
export function focused(
  page: Page,
): Promise<{ tag: string; text: string; label: string | null; id: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      text: el?.textContent?.trim().slice(0, 80) ?? "",
      label: el?.getAttribute("aria-label") ?? null,
      id: el?.id ?? "",
    };
  });
}

/**
 * The focused form control as a screen reader meets it: its tag, name and text, whether it is
 * marked wrong, and the texts it is described by (its hint and error message).
 */
export function focusedControl(page: Page): Promise<{
  tag: string;
  name: string | null;
  text: string;
  describedBy: string[];
  invalid: string | null;
}> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const described = (el?.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
      .filter(Boolean);
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      name: el?.getAttribute("name") ?? null,
      text: el?.textContent?.trim() ?? "",
      describedBy: described,
      invalid: el?.getAttribute("aria-invalid") ?? null,
    };
  });
}
