import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App } from "../app";
import { loadConfig, type Config } from "../config";
import { migrateToLatest, openDatabase, type Db } from "../db/database";
import { seedDemoData } from "../demo/demo-data";
import { buildProductionBundle, type ProductionBundle } from "./build";

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  bundle: ProductionBundle;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole product for `inject` tests: a fresh production build, a temp SQLite database with
 * the demo data (seeded at `now`), a fixed clock unless `options.clock` moves. `env` adds to the
 * test environment (NODE_ENV production, silent); `options.beforeStart` edits the data before
 * the app reads it; `options.demoData: false` starts it empty, as a real deployment does.
 */
export async function startTestApp(
  env: Record<string, string>,
  now: Date,
  options: {
    clock?: () => Date;
    beforeStart?: (db: Db) => Promise<void>;
    demoData?: boolean;
  } = {},
): Promise<TestApp> {
  const bundle = await buildProductionBundle();
  const dataDir = mkdtempSync(path.join(tmpdir(), "vx-app-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...env,
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  if (options.demoData !== false) await seedDemoData(db, now);
  await options.beforeStart?.(db);
  const app = await buildApp({
    config,
    db,
    build: bundle.build,
    clientDir: bundle.clientDir,
    clock: options.clock ?? (() => now),
  });
  await app.fastify.ready();
  return {
    app,
    db,
    config,
    bundle,
    dataDir,
    async close() {
      await app.fastify.close();
      await db.close();
      bundle.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
