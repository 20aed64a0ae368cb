import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "./db/database";
import { createServices } from "./services";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { testConfig } from "./test-support/config";
import { dataDirEnv, spawnServer, type SpawnedServer } from "./test-support/production-server";
import { sessionCookieOf, TEST_PASSWORD } from "./test-support/sign-in";

// Each session keeps the address it was opened from. The accounts library records it only
// outside tests, so this runs the real server process as production runs it (its TEST unset),
// without TRUST_PROXY: the address is the socket's, whatever headers the client sends.

const EMAIL = "dia-chi-phien@vanxuan-awards.example";
let bundle: ProductionBundle | undefined;
let server: SpawnedServer | undefined;
let db: Db | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "vx-session-ip-"));

beforeAll(async () => {
  bundle = await buildProductionBundle();
  server = await spawnServer({
    ...dataDirEnv(dataDir, bundle),
    DEMO_DATA: "false",
    TRUST_PROXY: "false",
    TEST: "",
  });
  // The server has made the database and its secret; a staff account is added beside it.
  const config = testConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: dataDirEnv(dataDir, bundle).DATABASE_URL!,
  });
  db = openDatabase(config.database);
  await createServices(db, config, { onContentChange: () => {} }).identity.createStaff({
    email: EMAIL,
    name: "Địa Chỉ Phiên",
    password: TEST_PASSWORD,
    role: "admin",
  });
}, 300_000);

afterAll(async () => {
  await server?.kill();
  await db?.close();
  bundle?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a new session's address", () => {
  it("is the one the server saw, not one a header names", async () => {
    const response = await fetch(`${server!.baseUrl}/quan-tri/dang-nhap`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server!.baseUrl,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.18.9.1",
        "x-vx-client-ip": "192.0.2.66",
      },
      body: new URLSearchParams({ email: EMAIL, password: TEST_PASSWORD }).toString(),
    });
    expect(response.status).toBe(302);
    expect(sessionCookieOf(response)).not.toBe("");
    const sessions = await db!.kysely.selectFrom("session").select("ipAddress").execute();
    expect(sessions.map((session) => session.ipAddress)).toEqual(["127.0.0.1"]);
  });
});
