import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { ServerBuild } from "react-router";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

export interface ProductionBundle {
  build: ServerBuild;
  /** The fingerprinted client assets `buildApp` serves. */
  clientDir: string;
  cleanup(): void;
}

/**
 * Runs `react-router build` into a private temp folder (so it never touches the `build/`
 * that `npm start` serves) and imports its server entry. Takes several seconds: call it
 * once, in a `beforeAll` with a long timeout.
 */
export async function buildProductionBundle(): Promise<ProductionBundle> {
  const root = mkdtempSync(path.join(tmpdir(), "vx-build-"));
  // The server bundle imports its dependencies by bare name: let them resolve to ours.
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"), "dir");
  const buildDir = path.join(root, "build");
  try {
    await promisify(execFile)(path.join(REPO, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`react-router build failed:\n${stdout}\n${stderr}`, { cause: error });
  }
  const serverEntry = path.join(buildDir, "server", "index.js");
  const build = (await import(/* @vite-ignore */ pathToFileURL(serverEntry).href)) as ServerBuild;
  return {
    build,
    clientDir: path.join(buildDir, "client"),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
