import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "./db/database";
import { createServices } from "./services";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { testConfig } from "./test-support/config";
import { dataDirEnv, spawnServer, type SpawnedServer } from "./test-support/production-server";
import { TEST_PASSWORD } from "./test-support/sign-in";

// A real site's database started with DEMO_DATA on (SQLite's default: the setting forgotten
// on a restart, or a restored archive started without the site's settings): the demo seasons,
// entries and staff accounts, their passwords printed, must not be added to the real ones.

let bundle: ProductionBundle | undefined;
let server: SpawnedServer | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "vx-real-site-"));

beforeAll(async () => {
  bundle = await buildProductionBundle();
  const env = dataDirEnv(dataDir, bundle);
  const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
  await migrateToLatest(db);
  // What `npm run create-admin` leaves: the site's own administrator, no season yet.
  await createServices(db, testConfig({ DATA_DIR: dataDir }), {
    onContentChange: () => {},
  }).identity.createStaff({
    email: "ban-to-chuc@example.org",
    name: "Nguyễn Văn A",
    password: TEST_PASSWORD,
    role: "admin",
  });
  await db.close();
  server = await spawnServer({ ...env, DEMO_DATA: "true", LOG_LEVEL: "info" });
}, 300_000);

afterAll(async () => {
  await server?.kill();
  bundle?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("DEMO_DATA on a real site's database", () => {
  it("loads no demo data and says why", async () => {
    const output = server!.output();
    expect(output).toContain("demo data: skipped (the database holds a real site)");
    expect(output).toContain("Set DEMO_DATA=false for this site.");
    expect(output).not.toContain("Demo admin");

    const db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    try {
      const seasons = await db.kysely.selectFrom("seasons").select("year").execute();
      const accounts = await db.kysely.selectFrom("user").select("email").execute();
      expect(seasons).toEqual([]);
      expect(accounts).toEqual([{ email: "ban-to-chuc@example.org" }]);
    } finally {
      await db.close();
    }
  });
});
