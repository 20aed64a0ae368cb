import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../config";

/** A complete configuration for tests: a temp DATA_DIR (outbox, files, auth secret), no logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "vx-test-data-")),
    PUBLIC_URL: "http://localhost:3000",
    ...env,
  });
}
