import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../db/database";
import { buildProductionBundle, type ProductionBundle } from "../../test-support/build";
import { dataDirEnv, spawnServer, type SpawnedServer } from "../../test-support/production-server";

/**
 * Registration writes the user, the argon2id credential and the registrant profile in one
 * transaction: the real server (`server/main.ts` in its own process, a SQLite file) is killed
 * with SIGKILL while registrations are in flight, and every account is then whole or absent.
 * Started again, the server signs the whole ones in.
 */

const PASSWORD = "mua-thu-ha-noi-2026";
const IN_FLIGHT = 40;

/** The real server in its own process on the test's data dir and build (`env`). */
const startServer = (env: Record<string, string>) =>
  spawnServer({
    DEMO_DATA: "false",
    HTML_CACHE_SECONDS: "0",
    // Each registration comes from its own address (X-Forwarded-For), under the IP limit.
    TRUST_PROXY: "true",
    ...env,
  });

function register(origin: string, email: string, i: number): Promise<number> {
  return fetch(`${origin}/dang-ky-du-thi`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "x-forwarded-for": `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    },
    body: new URLSearchParams({
      type: "individual",
      fullName: `Người Thử ${i}`,
      phone: "0912 345 678",
      email,
      address: "34 Tràng Tiền, Hoàn Kiếm, Hà Nội",
      password: PASSWORD,
      acceptRules: "on",
    }).toString(),
  }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );
}

describe("registration survives SIGKILL of the server: every account whole or absent", () => {
  let bundle: ProductionBundle;
  let dataDir: string;
  let env: Record<string, string>;
  let server: SpawnedServer | null = null;
  let db: Db | null = null;

  beforeAll(async () => {
    bundle = await buildProductionBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), "vx-register-kill-"));
    env = dataDirEnv(dataDir, bundle);
  }, 240_000);

  afterAll(async () => {
    if (server) await server.kill();
    await db?.close();
    bundle?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("kills the server during concurrent registrations; no user is left without its profile", async () => {
    server = await startServer(env);
    const running = server;
    const emails = Array.from({ length: IN_FLIGHT }, (_, i) => `dang-ky-${i}@example.vn`);
    const answered = new Map<string, number>();
    let finished = 0;
    let signalKill: () => void = () => {};
    const killNow = new Promise<void>((resolve) => (signalKill = resolve));
    const requests = emails.map((email, i) =>
      register(running.baseUrl, email, i).then((status) => {
        answered.set(email, status);
        finished += 1;
        // A few registrations through: the rest are at every stage of their work.
        if (status === 302 && finished >= 3) signalKill();
      }),
    );
    await killNow;
    await running.kill();
    await Promise.all(requests);
    server = null;

    const completed = emails.filter((email) => answered.get(email) === 302);
    const cut = emails.filter((email) => answered.get(email) === 0);
    expect(completed.length).toBeGreaterThanOrEqual(3);
    expect(cut.length).toBeGreaterThan(0);

    db = openDatabase({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    const users = await db.kysely
      .selectFrom("user")
      .leftJoin("registrants", "registrants.user_id", "user.id")
      .leftJoin("account", (join) =>
        join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential"),
      )
      .select(["user.email", "registrants.user_id as profile", "account.password as password"])
      .where("user.email", "in", emails)
      .execute();
    const broken = users.filter((row) => !row.profile || !row.password?.startsWith("$argon2id$"));
    expect(broken).toEqual([]);
    // Every answered registration is there; the cut ones are there whole or not at all.
    const stored = new Set(users.map((row) => row.email));
    for (const email of completed) expect(stored).toContain(email);
    expect(await db.kysely.selectFrom("registrants").select("user_id").execute()).toHaveLength(
      users.length,
    );
    await db.close();
    db = null;

    // Started again on the same data, a whole account signs in with its password.
    server = await startServer(env);
    const signIn = await fetch(`${server.baseUrl}/dang-nhap`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.baseUrl,
        "x-forwarded-for": "198.18.9.9",
      },
      body: new URLSearchParams({ email: completed[0]!, password: PASSWORD }).toString(),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/tai-khoan");
    expect(signIn.headers.getSetCookie().join("; ")).toMatch(/session_token=/);
  }, 240_000);
});
