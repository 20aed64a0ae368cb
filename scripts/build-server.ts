// After `react-router build`: bundles server/main.ts (our TypeScript only; every npm package
// stays an import) into BUILD_DIR/server/main.mjs, which `npm start` runs with plain `node`.
// Running the server through tsx costs ~100 MB of resident memory (its loader thread holds a
// second V8 isolate and every module's source) — half the 200 MB budget of PRODUCT §11.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the bundle goes inside a build directory. */
export function serverBundlePath(buildDir: string): string {
  return path.join(buildDir, "server", "main.mjs");
}

/**
 * The V8 flags the production server runs with (`npm start`, the benchmarks). A 4 MB semi-space
 * (Node's default grows to 16 MB) keeps the young generation — short-lived request and render
 * garbage — from holding ~30 MB of memory it rarely needs; scavenges stay cheap at this size.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

export async function bundleServer(buildDir: string): Promise<string> {
  const outfile = serverBundlePath(buildDir);
  await build({
    entryPoints: [path.join(REPO, "server", "main.ts")],
    outfile,
    bundle: true,
    // npm packages are imported at run time from node_modules (found from the bundle's folder
    // upward, like the React Router server build beside it), never copied into the bundle.
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await bundleServer(path.resolve(process.env.BUILD_DIR ?? "build"));
  console.log(`Bundled the server into ${path.relative(process.cwd(), outfile)}`);
}
