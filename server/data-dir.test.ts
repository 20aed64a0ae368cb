import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "./config";
import { ensureDataDir } from "./data-dir";

const work = mkdtempSync(path.join(tmpdir(), "vx-data-dir-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function problem(dataDir: string): string {
  try {
    ensureDataDir(dataDir);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return "";
}

describe("DATA_DIR at start", () => {
  it("is created with its missing parents, and an existing one is taken as it is", () => {
    const dir = path.join(work, "a", "b", "data");
    ensureDataDir(dir);
    expect(existsSync(dir)).toBe(true);
    ensureDataDir(dir);
    // The write check leaves nothing behind.
    expect(existsSync(path.join(dir, `.write-check-${process.pid}`))).toBe(false);
  });

  it("under a file: one line naming DATA_DIR", () => {
    const file = path.join(work, "a-file");
    writeFileSync(file, "x");
    const said = problem(path.join(file, "data"));
    expect(said).toContain(`Cannot use DATA_DIR=${path.join(file, "data")}`);
    expect(said).toContain("ENOTDIR");
    expect(said).toContain("Check DATA_DIR");
    expect(problem(file)).toContain("is a file, not a folder");
  });

  it.runIf(process.platform === "linux")(
    "in a place that refuses every new folder (/proc, /sys): the server says so and exits 1",
    async () => {
      expect(problem("/sys/van-xuan-data")).toContain("Check DATA_DIR");
      // Started as `npm start` would: before, it waited for ever without a word.
      const started = await promisify(execFile)("npx", ["tsx", "server/main.ts"], {
        env: { ...process.env, DATA_DIR: "/proc/van-xuan-data", LOG_LEVEL: "silent" },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, err: "" }),
        (error: { code: number | null; stderr: string }) => ({
          code: error.code,
          err: error.stderr,
        }),
      );
      expect(started.code).toBe(1);
      expect(started.err).toContain("Cannot use DATA_DIR=/proc/van-xuan-data (");
      expect(started.err).not.toMatch(/^\s+at .+[(:]/m);
    },
    90_000,
  );
});
