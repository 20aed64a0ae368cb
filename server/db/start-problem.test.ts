import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "vx-start-problem-"));

/** The server started as `npm start` would, with one setting changed; its exit and stderr. */
async function start(env: Record<string, string>) {
  try {
    await run("npx", ["tsx", "server/main.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
      timeout: 60_000,
    });
    return { code: 0, err: "" };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, err: failed.stderr };
  }
}

const STACK_TRACE = /^\s+at .+[(:]/m;

describe("a server whose database cannot be used", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("says which and what to check, without its password or a stack trace, and exits 1", async () => {
    const refused = await start({ DATABASE_URL: "postgres://app:s3cret@127.0.0.1:1/awards" });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      "Cannot use the database at postgres://127.0.0.1:1/awards (connect ECONNREFUSED 127.0.0.1:1). Check DATABASE_URL.",
    );
    expect(refused.err).not.toContain("s3cret");
    expect(refused.err).not.toMatch(STACK_TRACE);
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "names a PostgreSQL database that does not exist",
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = "/vx_no_such_database";
      const missing = await start({ DATABASE_URL: url.href });
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('database "vx_no_such_database" does not exist');
      expect(missing.err).toContain("Check DATABASE_URL.");
      expect(missing.err).not.toMatch(STACK_TRACE);
    },
    90_000,
  );
});
