import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** One of the operator's commands, as `npm run` starts it: its exit code and output. */
async function command(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", `scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vx-commands-"));

/** Node's report of an uncaught error: a stack frame line. */
const STACK_TRACE = /^\s+at .+[(:]/m;

// What an organiser's operator sees when a command is asked wrongly or the configuration is
// wrong: the usage or the setting to fix, never a stack trace, and nothing done.
describe("the operator's commands", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("print their usage for --help and exit 0", async () => {
    const help = await command("restore", ["--help"]);
    expect(help).toMatchObject({ code: 0, err: "" });
    expect(help.out).toContain("Usage: npm run restore -- <archive.tar.gz> [--force]");
    const admin = await command("create-admin", ["--help"]);
    expect(admin.code).toBe(0);
    expect(admin.out).toContain("Usage: npm run create-admin -- --email");
  }, 60_000);

  it("name an unknown option or a missing value with the usage, exit 2", async () => {
    const unknown = await command("backup", ["--outt", "x.tar.gz"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--outt'");
    expect(unknown.err).toContain("Usage: npm run backup [-- --out <file.tar.gz>]");
    expect(unknown.err).not.toMatch(STACK_TRACE);
    const missing = await command("backup", ["--out"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("'--out <value>' argument missing");
    // `migrate` takes no arguments: a stray one stops it before it touches the database.
    const stray = await command("migrate", ["--dry-run"]);
    expect(stray.code).toBe(2);
    expect(stray.err).toContain("Unknown option '--dry-run'");
    // A weak password is named in words, not as an internal code.
    const weak = await command("create-admin", ["--email", "a@example.org", "--password", "short"]);
    expect(weak.code).toBe(2);
    expect(weak.err).toContain("Your password needs at least 10 characters.");
    expect(weak.err).not.toContain("tooShort");
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it("name a wrong setting as the server does, exit 2", async () => {
    const port = await command("verify-scores", [], { PORT: "abc" });
    expect(port.code).toBe(2);
    expect(port.err).toContain("Invalid configuration:");
    expect(port.err).toContain("PORT:");
    expect(port.err).not.toMatch(STACK_TRACE);
    const s3 = await command("backup", [], { STORAGE_DRIVER: "s3" });
    expect(s3.code).toBe(2);
    expect(s3.err).toContain("S3_BUCKET: required when STORAGE_DRIVER=s3");
    expect(s3.err).not.toMatch(STACK_TRACE);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it("back up, verify or create an administrator in nothing from a DATA_DIR without the site's database, and say so", async () => {
    const commands: [string, string[]][] = [
      ["backup", []],
      ["verify-scores", []],
      ["create-admin", ["--email", "ban-to-chuc@example.org"]],
    ];
    for (const [name, args] of commands) {
      const run = await command(name, args);
      expect(run.code, name).toBe(1);
      expect(run.err).toContain(`No database at ${path.join(dataDir, "app.db")}`);
      expect(run.err).not.toMatch(STACK_TRACE);
      expect(readdirSync(dataDir), name).toEqual([]);
    }
  }, 60_000);
});
