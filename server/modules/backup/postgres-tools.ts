import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * PostgreSQL's own client programs (`pg_dump`, `pg_restore`): on PATH (Debian's wrapper picks
 * the version that matches the server), else the newest under /usr/lib/postgresql/<n>/bin.
 */
export function findPostgresTool(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const candidate = path.join(root, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} was not found on PATH or under /usr/lib/postgresql/*/bin: install the PostgreSQL ` +
      "client (Debian: apt-get install postgresql-client)",
  );
}

/**
 * The connection for a client program: the URL without its password, which goes in
 * PGPASSWORD instead so it never shows in the process list.
 */
export function postgresToolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs a client program to its end; rejects with its error output when it fails. */
export function runPostgresTool(
  tool: "pg_dump" | "pg_restore",
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(findPostgresTool(tool), args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 8000) errors += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} exited with ${code}: ${errors.trim()}`));
    });
  });
}
