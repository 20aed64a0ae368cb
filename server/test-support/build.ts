import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import { runReactRouterBuild, type SharedBuild } from "./build-once";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const WAIT_FOR_OTHER_BUILD_MS = 10 * 60_000;

export interface ProductionBundle {
  build: ServerBuild;
  /** The fingerprinted client assets `buildApp` serves. */
  clientDir: string;
  /** Removes a private build; a no-op for the run's shared one (its global teardown removes it). */
  cleanup(): void;
}

/**
 * The production build (`react-router build`, never the `build/` that `npm start` serves) with
 * its server entry imported. One build serves the whole `vitest` run: the first test file that
 * asks builds it into the folder the unit project's global setup (./build-once.ts) provides, the
 * others wait for it and import it. Call it in a `beforeAll` with a long timeout.
 */
export async function buildProductionBundle(): Promise<ProductionBundle> {
  const shared = sharedBuild();
  if (shared) {
    await ensureBuilt(shared);
    return { ...(await importBuild(shared.buildDir)), cleanup: () => {} };
  }
  // Outside a vitest run with the global setup: a private build, removed by `cleanup`.
  const root = mkdtempSync(path.join(tmpdir(), "vx-build-"));
  // The server bundle imports its dependencies by bare name: let them resolve to ours.
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"), "dir");
  const buildDir = path.join(root, "build");
  try {
    await runReactRouterBuild(buildDir);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    ...(await importBuild(buildDir)),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

function sharedBuild(): SharedBuild | undefined {
  try {
    return inject("productionBuild");
  } catch {
    return undefined;
  }
}

/**
 * Builds the shared bundle unless another test file already did or is doing it. The first
 * caller wins an atomic `mkdir` of the lock folder; the others wait for its `ready` or `failed`
 * marker (test files run in separate processes, so an in-memory promise cannot be shared).
 */
async function ensureBuilt(shared: SharedBuild): Promise<void> {
  const ready = path.join(shared.markerDir, "ready");
  const failed = path.join(shared.markerDir, "failed");
  if (existsSync(ready)) return;
  let builder = false;
  try {
    mkdirSync(path.join(shared.markerDir, "lock"));
    builder = true;
  } catch {
    // Another test file builds.
  }
  if (builder) {
    try {
      await runReactRouterBuild(shared.buildDir);
      writeFileSync(ready, "");
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    return;
  }
  const deadline = Date.now() + WAIT_FOR_OTHER_BUILD_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(readFileSync(failed, "utf8"));
    if (Date.now() > deadline) throw new Error("the shared production build never finished");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function importBuild(buildDir: string): Promise<Omit<ProductionBundle, "cleanup">> {
  const serverEntry = path.join(buildDir, "server", "index.js");
  const build = (await import(/* @vite-ignore */ pathToFileURL(serverEntry).href)) as ServerBuild;
  return { build, clientDir: path.join(buildDir, "client") };
}
