import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Refusal } from "../../../core/refusal";
import { answerInvalidRequests, useApiSchemas } from "../../plugins/api-schemas";
import type { JudgingService } from "./service";
import type { JudgeIdentity } from "./types";

export interface JudgingRoutesOptions {
  judging: JudgingService;
}

const entryParams = z.object({
  roundId: z.coerce.number().int().positive().max(2_000_000_000),
  entryId: z.string().uuid(),
});
const roundParams = entryParams.pick({ roundId: true });
/** Bodies are checked by the operations with the round's own criteria; here only their shape. */
const objectBody = z.record(z.string(), z.unknown());

/**
 * The judge portal's API (the portal pages call it; so can a script of the judge's own):
 * sign in and out with the judge code, the open rounds, a round's assigned entries, and score,
 * update, delete and conflict on one entry. Every route but sign-in needs a judge session;
 * answers are never cached and carry nothing of the entrant's identity.
 */
export const judgingRoutes: FastifyPluginAsync<JudgingRoutesOptions> = async (fastify, options) => {
  const app = useApiSchemas(fastify);
  answerInvalidRequests(fastify, (reply) =>
    reply
      .code(400)
      .header("cache-control", "no-store")
      .send({ formError: "judging.errors.invalid" }),
  );
  const { judging } = options;
  const judgeOf = (request: FastifyRequest) => judging.judgeOfCookie(request.headers.cookie);
  const refuse = (reply: FastifyReply, refusal: Refusal & { current?: unknown }) => {
    reply.code(refusal.status).header("cache-control", "no-store");
    if (refusal.retryAfterMinutes)
      reply.header("retry-after", String(refusal.retryAfterMinutes * 60));
    return reply.send(refusal);
  };
  const withJudge =
    <R>(
      handler: (judge: JudgeIdentity, request: FastifyRequest, reply: FastifyReply) => Promise<R>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const judge = await judgeOf(request);
      if (!judge)
        return reply
          .code(401)
          .header("cache-control", "no-store")
          .send({ formError: "judging.errors.signInRequired" });
      reply.header("cache-control", "no-store");
      return handler(judge, request, reply);
    };

  app.post("/api/judging/session", { schema: { body: objectBody } }, async (request, reply) => {
    const outcome = await judging.signIn(request.body, request.ip);
    if (!outcome.ok) return refuse(reply, outcome);
    return reply
      .code(200)
      .header("cache-control", "no-store")
      .header("set-cookie", judging.sessionCookie(outcome.token))
      .send({ ok: true, expiresAt: outcome.expiresAt });
  });

  app.delete("/api/judging/session", async (request, reply) => {
    await judging.signOutCookie(request.headers.cookie);
    return reply
      .code(204)
      .header("cache-control", "no-store")
      .header("set-cookie", judging.clearedCookie())
      .send();
  });

  app.get(
    "/api/judging/rounds",
    withJudge(async (judge) => ({ rounds: await judging.rounds(judge) })),
  );

  app.get(
    "/api/judging/rounds/:roundId/entries",
    { schema: { params: roundParams } },
    withJudge(async (judge, request, reply) => {
      const { roundId } = request.params as z.output<typeof roundParams>;
      const found = await judging.entries(judge, roundId, null);
      if (!found) return reply.code(404).send({ formError: "judging.errors.roundNotFound" });
      return found;
    }),
  );

  app.put(
    "/api/judging/rounds/:roundId/entries/:entryId/score",
    { schema: { params: entryParams, body: objectBody } },
    withJudge(async (judge, request, reply) => {
      const { roundId, entryId } = request.params as z.output<typeof entryParams>;
      const outcome = await judging.saveScore(judge, roundId, entryId, request.body);
      if (!outcome.ok) return refuse(reply, outcome);
      return outcome;
    }),
  );

  app.delete(
    "/api/judging/rounds/:roundId/entries/:entryId/score",
    { schema: { params: entryParams, body: objectBody } },
    withJudge(async (judge, request, reply) => {
      const { roundId, entryId } = request.params as z.output<typeof entryParams>;
      const outcome = await judging.deleteScore(judge, roundId, entryId, request.body);
      if (!outcome.ok) return refuse(reply, outcome);
      return { ok: true };
    }),
  );

  app.post(
    "/api/judging/rounds/:roundId/entries/:entryId/conflict",
    { schema: { params: entryParams, body: objectBody } },
    withJudge(async (judge, request, reply) => {
      const { roundId, entryId } = request.params as z.output<typeof entryParams>;
      const outcome = await judging.declareConflict(judge, roundId, entryId, request.body);
      if (!outcome.ok) return refuse(reply, outcome);
      return { ok: true };
    }),
  );
};
