import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted the environment");
}

describe("loadConfig", () => {
  it("rejects a PORT that is not a number, naming the variable", () => {
    expect(configError({ PORT: "abc" }).message).toMatch(/\bPORT\b/);
  });

  it("refuses an empty number rather than reading it as 0 (PORT= is no random port)", () => {
    expect(configError({ PORT: "" }).message).toMatch(/\bPORT: must be a number/);
    expect(configError({ DRAIN_SECONDS: " " }).message).toMatch(/\bDRAIN_SECONDS\b/);
    expect(configError({ PORT: "abc" }).message).toMatch(/\bPORT: must be a number/);
    expect(loadConfig({ PORT: " 8080 ", DRAIN_SECONDS: "1.5" })).toMatchObject({
      port: 8080,
      drainMs: 1500,
    });
  });

  it("rejects a database URL of an unsupported kind, naming the variable", () => {
    const error = configError({ DATABASE_URL: "mysql://x" });
    expect(error.message).toMatch(/\bDATABASE_URL\b/);
    expect(error.message).not.toMatch(/\bPORT\b/);
  });

  it("names every wrong variable at once", () => {
    const message = configError({ PORT: "70000", LOG_LEVEL: "loud", TRUST_PROXY: "maybe" }).message;
    expect(message).toMatch(/\bPORT\b/);
    expect(message).toMatch(/\bLOG_LEVEL\b/);
    expect(message).toMatch(/\bTRUST_PROXY\b/);
  });

  it("uses PostgreSQL for a postgres:// URL, without demo data by default", () => {
    const url = "postgres://app:secret@db.internal:5432/awards";
    const config = loadConfig({ DATABASE_URL: url });
    expect(config.database).toEqual({ kind: "postgres", url });
    expect(config.demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgresql://db/awards" }).database.kind).toBe("postgres");
  });

  it("loads demo data into PostgreSQL only when asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/awards", DEMO_DATA: "true" }).demoData).toBe(
      true,
    );
  });

  it("defaults to SQLite at <DATA_DIR>/app.db with demo data", () => {
    const dataDir = path.join(tmpdir(), "vx-config-data");
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.database).toEqual({ kind: "sqlite", file: path.join(dataDir, "app.db") });
    expect(config.dataDir).toBe(dataDir);
    expect(config.demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: "no" }).demoData).toBe(false);
  });

  it("accepts an explicit sqlite: file", () => {
    const file = path.join(tmpdir(), "vx-explicit.db");
    expect(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database).toEqual({
      kind: "sqlite",
      file,
    });
  });

  it("derives the public URL from the port and drops a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "https://vanxuan.example/" }).publicUrl).toBe(
      "https://vanxuan.example",
    );
  });

  it("says whether PUBLIC_URL was given (without it, links follow the request: server/public-url.ts)", () => {
    expect(loadConfig({}).publicUrlConfigured).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://vanxuan.example" }).publicUrlConfigured).toBe(true);
  });

  it("refuses a production start behind a proxy without PUBLIC_URL, naming it", () => {
    const error = configError({ NODE_ENV: "production", TRUST_PROXY: "true" });
    expect(error.message).toMatch(/\bPUBLIC_URL\b/);
    expect(error.message).toMatch(/\bTRUST_PROXY\b/);
    // Given the address, or not behind a proxy, or not in production: it starts.
    expect(
      loadConfig({
        NODE_ENV: "production",
        TRUST_PROXY: "true",
        PUBLIC_URL: "https://vanxuan.example",
      }).publicUrl,
    ).toBe("https://vanxuan.example");
    expect(loadConfig({ NODE_ENV: "production", TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("reads TRUST_PROXY as true, false or the proxies' addresses, and refuses anything else", () => {
    expect(loadConfig({ TRUST_PROXY: "yes" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5, 10.0.0.0/24,fd00::1" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.0.0.0/24",
      "fd00::1",
    ]);
    for (const wrong of ["maybe", "10.0.0.300", "10.0.0.0/33", "10.0.0.5,", "nginx.local"]) {
      expect(configError({ TRUST_PROXY: wrong }).message, wrong).toMatch(/\bTRUST_PROXY\b/);
    }
    // Behind named proxies too, the links need the site's address.
    expect(configError({ NODE_ENV: "production", TRUST_PROXY: "10.0.0.5" }).message).toMatch(
      /\bPUBLIC_URL\b/,
    );
  });

  it("reads numbers and durations", () => {
    const config = loadConfig({
      HTML_CACHE_SECONDS: "5",
      SHUTDOWN_TIMEOUT_SECONDS: "12",
      LOG_LEVEL: "silent",
    });
    expect(config.htmlCacheSeconds).toBe(5);
    expect(config.shutdownTimeoutMs).toBe(12_000);
    expect(config.logLevel).toBe("silent");
  });
});
