import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

/** Where the run's one production build lives; see `buildProductionBundle` (./build.ts). */
export interface SharedBuild {
  /** The BUILD_DIR: `server/index.js` and `client/` once built. */
  buildDir: string;
  /** The `lock`, `ready` and `failed` markers that let one test file build for all. */
  markerDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    productionBuild: SharedBuild;
  }
}

/** Set by `npm test` (scripts/test.sh), which builds once for the unit and the e2e run. */
export const PREBUILT_ENV = "TEST_BUILD_DIR";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Global setup of the unit project: one folder for the run's production build, filled lazily
 * by the first test file that needs it (a run of core tests alone builds nothing), removed at
 * the end. Under node_modules/.cache, not the system temp dir: the server build imports react &
 * co. by bare name, which Node resolves from the build's own location; and git, prettier and
 * eslint ignore it. With TEST_BUILD_DIR set, that finished build is used as it is.
 */
export default function setup(project: TestProject): () => void {
  const cacheDir = path.join(REPO, "node_modules", ".cache");
  mkdirSync(cacheDir, { recursive: true });
  const root = mkdtempSync(path.join(cacheDir, "unit-build-"));
  const prebuilt = process.env[PREBUILT_ENV];
  if (prebuilt) writeFileSync(path.join(root, "ready"), "");
  project.provide("productionBuild", {
    buildDir: prebuilt ? path.resolve(prebuilt) : path.join(root, "build"),
    markerDir: root,
  });
  return () => rmSync(root, { recursive: true, force: true });
}

/** `react-router build` into `buildDir` (production mode); the error carries its output. */
export async function runReactRouterBuild(buildDir: string): Promise<void> {
  try {
    await promisify(execFile)(path.join(REPO, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`react-router build failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
