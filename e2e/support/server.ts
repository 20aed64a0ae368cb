import { inject } from "vitest";
import type { E2eServer } from "../global-setup";

/**
 * The production server of this test file's worker: global-setup starts one per worker, and
 * worker N (VITEST_POOL_ID, 1-based) uses the N-th, so files that run at once never share one.
 */
export function e2eServer(): E2eServer {
  const servers = inject("e2eServers");
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const server = servers[(Math.max(1, poolId) - 1) % servers.length];
  if (!server) throw new Error("global-setup started no e2e server");
  return server;
}
