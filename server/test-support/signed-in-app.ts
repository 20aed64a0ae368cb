import { afterAll, beforeAll } from "vitest";
import type { StaffRole } from "../../core/roles";
import type { App } from "../app";
import type { Db } from "../db/database";
import { startTestApp, type TestApp } from "./app";
import { browserRequest, type BrowserRequestOptions } from "./http";
import { outboxMail, queuedMailSent } from "./mail";
import { postSignIn, signInEveryRole, TEST_ORIGIN, type Who } from "./sign-in";

/** The app's clock unless a test file sets its own: 01/09/2026 10:00 in Vietnam. */
export const TEST_NOW = new Date("2026-09-01T03:00:00.000Z");

export interface SignedInApp {
  readonly app: App;
  readonly db: Db;
  /** The app's data dir (stored uploads). */
  readonly dataDir: string;
  /** The whole started app (its production bundle…). */
  readonly started: TestApp;
  /** Cookie headers of the entrant and of one staff member per role. */
  readonly cookies: ReadonlyMap<Who, string>;
  /** A browser's request (see `browserRequest`). */
  request(
    method: "GET" | "POST",
    url: string,
    options?: BrowserRequestOptions,
  ): ReturnType<typeof browserRequest>;
  /** POSTs a sign-in form (the staff door unless `at` says otherwise); the raw response. */
  signIn(email: string, password: string, at?: string, ip?: string): ReturnType<typeof postSignIn>;
  /** The newest mail of a template to an address in the outbox, once queued mail went out. */
  outboxMail(to: string, template: string): ReturnType<typeof outboxMail>;
}

/**
 * The whole app for a test file that speaks HTTP to it (`startTestApp`: demo data, PUBLIC_URL
 * http://localhost:3000 unless `env` says otherwise), with an entrant and one staff member per
 * role signed in; started in the file's `beforeAll`, closed in its `afterAll`. `prepare` runs
 * before anyone signs in (more seed data). Call it once at the top of a test file.
 */
export function signedInApp(options: {
  env?: Record<string, string>;
  now?: Date;
  staffEmail: (role: StaffRole) => string;
  entrant: { email: string; fullName: string };
  prepare?: (started: TestApp) => Promise<unknown>;
}): SignedInApp {
  let started: TestApp | undefined;
  const cookies = new Map<Who, string>();
  const current = (): TestApp => {
    if (!started) throw new Error("the test app has not started");
    return started;
  };

  beforeAll(async () => {
    const now = options.now ?? TEST_NOW;
    started = await startTestApp({ PUBLIC_URL: TEST_ORIGIN, ...options.env }, now);
    await options.prepare?.(started);
    const signedIn = await signInEveryRole(started.app, options);
    for (const [who, cookie] of signedIn) cookies.set(who, cookie);
  }, 240_000);

  afterAll(async () => {
    await started?.close();
  });

  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get dataDir() {
      return current().dataDir;
    },
    get started() {
      return current();
    },
    cookies,
    request: (method, url, requestOptions) =>
      browserRequest(current().app, method, url, requestOptions),
    signIn: (email, password, at = "/quan-tri/dang-nhap", ip) =>
      postSignIn(current().app, at, email, password, ip),
    outboxMail: async (to, template) => {
      await queuedMailSent(current().db);
      return outboxMail(current().app, to, template);
    },
  };
}
