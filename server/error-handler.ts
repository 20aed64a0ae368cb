import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * The answer to an error no route handled: 4xx as sent, anything else a 500 that names the
 * request id only, as JSON (whatever type the failed response had declared). When the visitor
 * has already gone — a page or action still rendering when they navigated away, so its stream
 * ended early — there is no one to answer, and it is logged at info, not as a server fault.
 */
export function replyWithError(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // The response, not the request: a request whose body has been read is already "destroyed".
  if (reply.raw.destroyed) {
    request.log.info({ err: error }, "the visitor left before the response was sent");
    return;
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ err: error }, "request rejected");
  reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ error: status >= 500 ? "internal_error" : error.message, requestId: request.id });
}
