import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import {
  demoAccountsIssuedElsewhere,
  demoBannerLines,
  seedDemoAccounts,
  seedDemoJudge,
} from "./demo/demo-accounts";
import { seedDemoContent } from "./demo/demo-content";
import { seedDemoData } from "./demo/demo-data";
import { seedDemoEntries } from "./demo/demo-entries";
import { seedDemoLibrary } from "./demo/demo-library";
import { seedDemoJudging } from "./demo/judging";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv, type DatabaseConfig } from "./config";
import { ensureDataDir } from "./data-dir";
import { databaseStartProblem } from "./db/start-problem";
import { runSerialized } from "./db/advisory-lock";
import { migrateToLatest, openDatabase } from "./db/database";

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  ensureDataDir(config.dataDir);
  const db = (() => {
    try {
      return openDatabase(config.database);
    } catch (error) {
      throw asStartProblem(error, config.database);
    }
  })();
  // Processes starting together on one PostgreSQL database migrate and seed one at a time: the
  // first does the work, the others find it done.
  const seeded = await runSerialized(db, "start-up", async () => {
    await migrateToLatest(db);
    const result = config.demoData ? await seedDemoData(db) : "skipped";
    if (config.demoData) {
      // pdfkit and its font tables load only to generate the demo PDFs, never in a real deployment.
      const { seedDemoDocuments } = await import("./demo/demo-documents");
      await seedDemoDocuments(db, config);
    }
    if (config.demoData) await seedDemoContent(db);
    return result;
  }).catch((error: unknown) => {
    throw asStartProblem(error, config.database);
  });

  const serverBuild = path.join(config.buildDir, "server", "index.js");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const app = await buildApp({
    config,
    db,
    build,
    clientDir: path.join(config.buildDir, "client"),
  });
  const demoAccounts = await runSerialized(db, "start-up", async () => {
    if (!config.demoData) return null;
    const accounts = (await demoAccountsIssuedElsewhere(db, config.dataDir))
      ? null
      : await seedDemoAccounts(db, app.services, config.dataDir);
    // The demo's pictures are stored as an entrant's are: their other variants are made by the
    // image-variants job after the start, not before the site answers.
    const files = {
      storage: app.services.storage,
      storeImage: (file: string) =>
        app.services.media.storeImage(file, { purpose: "entry", variantsLater: true }),
    };
    await seedDemoEntries(db, files);
    // After the entries and the jury: judges, rounds and scores of 2025, its winners published.
    await seedDemoJudging(db);
    // The demo judge (one of those judges) signs in with this install's code.
    if (accounts) await seedDemoJudge(db, app.services.judging, accounts);
    // Last: 2023 and 2024 entries, and every finished season's entries in the library.
    await seedDemoLibrary(db, files);
    return accounts;
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Draining first: still listening, `/readyz` answers 503 so the load balancer takes this
    // instance out of rotation, while requests keep being served. Then the listener closes
    // and in-flight requests finish.
    app.fastify.log.info({ signal, drainMs: config.drainMs }, "shutting down: draining");
    app.startDraining();
    const force = setTimeout(() => {
      app.fastify.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.drainMs + config.shutdownTimeoutMs);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, config.drainMs));
      app.fastify.log.info("shutting down: finishing in-flight requests");
      await app.fastify.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.fastify.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.fastify.listen({ host: config.host, port: config.port });
  const database = config.database.kind === "sqlite" ? config.database.file : "PostgreSQL";
  console.log(
    [
      "",
      `  Awards site ready: ${config.publicUrl}/  (English: ${config.publicUrl}/en)`,
      `  Database: ${database}; demo data: ${seeded}`,
      ...(demoAccounts ? demoBannerLines(demoAccounts, config.publicUrl) : []),
      ...(config.demoData && !demoAccounts
        ? [
            "  Demo accounts: made by another process; passwords in its DATA_DIR/demo-credentials.json",
          ]
        : []),
      `  Email: ${app.services.mail.mode === "smtp" ? "SMTP" : `outbox (${config.mail.outboxDir}, listed at /quan-tri/hop-thu)`}`,
      "",
    ].join("\n"),
  );
}

/** A database the server cannot reach or open, said as a setting to check, not a stack trace. */
function asStartProblem(error: unknown, database: DatabaseConfig): unknown {
  const problem = databaseStartProblem(error, database);
  return problem ? new ConfigError(problem) : error;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
