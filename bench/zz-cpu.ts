// throwaway: server CPU ms per uncached page
import { mkdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { Cleanup } from "./lib/cleanup";
import { groupCpuSeconds } from "./lib/cpu";
import { copyBuild, makeWorkDir, startServer } from "./lib/server";
import { signInDemoEntrant } from "../server/test-support/sign-in";

const repoRoot = path.resolve(import.meta.dirname, "..");
const build = process.argv[2]!;
const flags = (process.env.FLAGS ?? "").split(" ").filter(Boolean);
const urlPath = process.env.URLPATH ?? "/";
const cleanup = new Cleanup();
try {
  const work = makeWorkDir(cleanup, repoRoot, "zzcpu");
  const buildDir = path.join(work, "build");
  await copyBuild(build, buildDir);
  const dataDir = path.join(work, "data");
  mkdirSync(dataDir);
  const server = await startServer({ repoRoot, env: { buildDir, dataDir, htmlCacheSeconds: 0, nodeFlags: flags }, cleanup });
  const headers: Record<string, string> = {};
  if (urlPath !== "/") headers.cookie = await signInDemoEntrant(server.origin, dataDir);
  const run = (amount: number) => autocannon({ url: server.origin + urlPath, connections: Number(process.env.CONNS ?? 4), amount, headers });
  await run(300);
  for (let i = 0; i < Number(process.env.REPEAT ?? 2); i++) {
    const before = groupCpuSeconds(server.pid)!;
    const r = await run(1500);
    const after = groupCpuSeconds(server.pid)!;
    console.log(`${flags.join(" ") || "(default)"} ${urlPath}: ${(((after - before) * 1000) / 1500).toFixed(2)} ms CPU/page, ${r.requests.average} req/s, non2xx ${r.non2xx}`);
  }
  await server.stop();
} finally {
  await cleanup.run?.();
}
