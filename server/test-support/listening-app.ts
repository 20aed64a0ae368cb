import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { catalogText } from "../../core/i18n/lookup";
import { buildApp, type App } from "../app";
import { loadConfig } from "../config";
import { migrateToLatest, type Db } from "../db/database";
import { seedDemoData } from "../demo/demo-data";
import type { ProductionBundle } from "./build";
import type { TestDatabase } from "./databases";
import { individualProfile } from "./sign-in";
import type { TusResponse, UploadTarget } from "./tus-client";

export interface ListeningApp {
  app: App;
  db: Db;
  dataDir: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * The whole app listening on 127.0.0.1 on a free port, for tests that speak HTTP to it (tus
 * uploads): a production build, `target`'s database migrated and seeded with the demo data,
 * disk storage in a fresh temp folder named after `dirPrefix`.
 */
export async function startListeningApp(
  target: TestDatabase,
  bundle: ProductionBundle,
  options: { dirPrefix: string; clock?: () => Date },
): Promise<ListeningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  const db = await target.open();
  await migrateToLatest(db);
  await seedDemoData(db);
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://127.0.0.1:1",
  });
  const app = await buildApp({
    config,
    db,
    build: bundle.build,
    clientDir: bundle.clientDir,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.fastify.listen({ host: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
  return {
    app,
    db,
    dataDir,
    origin,
    async close() {
      await app.fastify.close();
      await target.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A verified individual entrant created through the identity service and signed in from `ip`:
 * what the tus client needs to upload as them, and their id.
 */
export async function signedInUploader(
  app: App,
  origin: string,
  email: string,
  ip = "127.0.0.1",
): Promise<UploadTarget & { userId: string }> {
  const password = "correct-horse-battery-staple";
  const userId = await app.services.identity.createEntrant({
    email,
    password,
    profile: individualProfile("Trần Văn Thử", "1 Lê Lợi, Quận 1, TP. Hồ Chí Minh"),
  });
  await app.services.identity.markEmailVerified(userId);
  const outcome = await app.services.identity.signIn(
    { email, password },
    { headers: new Headers(), ip, lang: "vi" },
    "entrant",
  );
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.formError}`);
  const cookie = outcome.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { origin, cookie, userId };
}

/** A new draft entry of `userId`: its id. */
export async function draftEntry(app: App, userId: string): Promise<string> {
  const created = await app.services.entries.createDraft(userId);
  if (!created.ok) throw new Error(`createDraft: ${created.formError ?? created.status}`);
  return created.entry.id;
}

/** The i18n key of a JSON refusal; it must have a text in both languages. */
export function refusalKey(response: TusResponse): string {
  const key = (JSON.parse(response.body) as { error: string }).error;
  expect(catalogText("vi", key), `vi text for ${key}`).toBeTruthy();
  expect(catalogText("en", key), `en text for ${key}`).toBeTruthy();
  return key;
}
