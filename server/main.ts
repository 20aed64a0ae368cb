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
import { demoDataWelcome, seedDemoData } from "./demo/demo-data";
import { seedDemoEntries } from "./demo/demo-entries";
import { seedDemoLibrary } from "./demo/demo-library";
import { seedDemoJudging } from "./demo/judging";
import { buildApp } from "./app";
import { ConfigError, loadConfig, loadDotEnv, type Config, type DatabaseConfig } from "./config";
import { ensureDataDir } from "./data-dir";
import { databaseStartProblem } from "./db/start-problem";
import { runSerialized } from "./db/advisory-lock";
import { migrateToLatest, openDatabase, type Db } from "./db/database";
import { checkSecretAgainstDatabase } from "./modules/identity/secret-check";
import { checkSmtp } from "./modules/mail/check-smtp";
import { resolveAuthSecret } from "./modules/identity/secret";

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
  const { seeded, demoData } = await runSerialized(db, "start-up", async () => {
    await migrateToLatest(db);
    await checkSecret(db, config);
    const demoData = config.demoData && (await demoDataWelcome(db));
    if (config.demoData && !demoData) {
      console.warn(
        "DEMO_DATA is on, but this database holds a real site's accounts or seasons: the demo " +
          "data is not loaded. Set DEMO_DATA=false for this site.",
      );
      return { seeded: "skipped (the database holds a real site)", demoData };
    }
    const result = demoData ? await seedDemoData(db) : "skipped";
    if (demoData) {
      // pdfkit and its font tables load only to generate the demo PDFs, never in a real deployment.
      const { seedDemoDocuments } = await import("./demo/demo-documents");
      await seedDemoDocuments(db, config);
    }
    if (demoData) await seedDemoContent(db);
    return { seeded: result, demoData };
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
    if (!demoData) return null;
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
  // Whether the SMTP server answers, said in the log without holding up the start.
  if (config.mail.smtpUrl) void checkSmtp(config.mail.smtpUrl, app.fastify.log);
  const database = config.database.kind === "sqlite" ? config.database.file : "PostgreSQL";
  console.log(
    [
      "",
      `  Awards site ready: ${config.publicUrl}/  (English: ${config.publicUrl}/en)`,
      `  Database: ${database}; demo data: ${seeded}`,
      ...(demoAccounts ? demoBannerLines(demoAccounts, config.publicUrl) : []),
      ...(demoData && !demoAccounts
        ? [
            "  Demo accounts: made by another process; passwords in its DATA_DIR/demo-credentials.json",
          ]
        : []),
      `  Email: ${app.services.mail.mode === "smtp" ? "SMTP" : `outbox (${config.mail.outboxDir}, listed at /quan-tri/hop-thu)`}`,
      "",
    ].join("\n"),
  );
}

/**
 * Refuses to start with another secret than the database's sessions, judges' codes and pending
 * links were made with: a process not given the others' AUTH_SECRET would fail some requests
 * and not others, a restored site started with another one every signed-in visitor and judge.
 */
async function checkSecret(db: Db, config: Config): Promise<void> {
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  const outcome = await checkSecretAgainstDatabase(db, secret, {
    replace: config.authSecretChanged,
  });
  if (outcome === "replaced") {
    console.warn("AUTH_SECRET_CHANGED: the new secret is recorded; everyone signs in again.");
  }
  if (outcome !== "differs") return;
  const where = config.authSecret
    ? "AUTH_SECRET"
    : `the secret generated in ${path.join(config.dataDir, "auth-secret")} (AUTH_SECRET unset)`;
  throw new ConfigError(
    `This database was used with another secret than ${where}: its sessions, judges' codes and ` +
      "links would stop working. Give every process the same AUTH_SECRET, the one the site " +
      "ran with (its AUTH_SECRET, or the auth-secret file in its DATA_DIR). To change the " +
      "secret on purpose (everyone signs in again, judges' codes are issued again), start once " +
      "with AUTH_SECRET_CHANGED=true.",
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
