import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./build-server";

const REPO = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");

/** The flags written between `node` and the bundle's path in a command line. */
function flagsBeforeBundle(commandLine: string): string[] {
  const match = /node ((?:--[\w-]+(?:=\S+)? )*)\S*main\.mjs/.exec(commandLine);
  if (!match) throw new Error(`no "node … main.mjs" in: ${commandLine}`);
  return match[1]!.trim().split(/\s+/);
}

describe("the production server's V8 flags", () => {
  it("are the same in npm start and in both systemd units as in SERVER_NODE_FLAGS", () => {
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts
      .start;
    expect(flagsBeforeBundle(start)).toEqual(SERVER_NODE_FLAGS);
    for (const unit of ["deploy/vanxuan.service", "deploy/vanxuan@.service"]) {
      const execStart = read(unit)
        .split("\n")
        .find((line) => line.startsWith("ExecStart="));
      expect(execStart, unit).toBeDefined();
      expect(flagsBeforeBundle(execStart!), unit).toEqual(SERVER_NODE_FLAGS);
    }
  });
});
