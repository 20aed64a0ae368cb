// After `react-router build`: bundles server/main.ts (our TypeScript only; every npm package
// stays an import) into BUILD_DIR/server/main.mjs, which `npm start` runs with plain `node`.
// Running the server through tsx costs ~100 MB of resident memory (its loader thread holds a
// second V8 isolate and every module's source) — half the 200 MB budget of PRODUCT §11.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the bundle goes inside a build directory. */
export function serverBundlePath(buildDir: string): string {
  return path.join(buildDir, "server", "main.mjs");
}

/**
 * The V8 flags the production server runs with (`npm start` and the systemd units in deploy/
 * repeat them, a test checks they agree; the tests and benchmarks use these):
 * - `--max-semi-space-size=8`: an 8 MB young generation. A page render makes ~2 MB of
 *   short-lived objects; with V8's initial 1 MB, the collections of the young generation took a
 *   fifth of an uncached page's CPU (home page 4.2 → 3.3 ms of CPU, ~25 % more pages a second).
 * - `--expose-gc`: lets `server/modules/uploads/body-memory.ts` collect the young generation
 *   every 4 MiB of an upload's body. A 1 GB upload makes few objects but many dead Buffers
 *   whose bytes are freed only with them: without this, an 8 MB young generation let them pile
 *   up into full collections several times a second (3× the CPU per GB, peak RSS ~200 MB).
 * - `--heap-growing-percent=50` lets the old generation grow 1.5× its live size between full
 *   collections rather than up to 4×.
 */
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=8",
  "--expose-gc",
  "--heap-growing-percent=50",
];

export async function bundleServer(buildDir: string): Promise<string> {
  const outdir = path.dirname(serverBundlePath(buildDir));
  rmSync(path.join(outdir, "chunks"), { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(REPO, "server", "main.ts") },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // A module our code loads with `import()` (the S3 driver, the demo PDFs) becomes a chunk of
    // its own, so it and the packages it imports load only when that code first runs.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    // npm packages are imported at run time from node_modules (found from the bundle's folder
    // upward, like the React Router server build beside it), never copied into the bundle.
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  return serverBundlePath(buildDir);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await bundleServer(path.resolve(process.env.BUILD_DIR ?? "build"));
  console.log(`Bundled the server into ${path.relative(process.cwd(), outfile)}`);
}
