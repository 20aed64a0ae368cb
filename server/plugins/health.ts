import type { FastifyPluginAsync } from "fastify";
import { pingDatabase, type Db } from "../db/database";

/** `/healthz`: the process is alive. `/readyz`: it can serve (database reachable, not draining). */
export const healthRoutes: FastifyPluginAsync<{ db: Db; isDraining: () => boolean }> = async (
  app,
  { db, isDraining },
) => {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (isDraining()) return reply.code(503).send({ status: "draining" });
    try {
      await pingDatabase(db);
      return { status: "ready" };
    } catch (error) {
      request.log.error({ err: error }, "readiness check failed: database unreachable");
      return reply.code(503).send({ status: "database_unavailable" });
    }
  });
};
