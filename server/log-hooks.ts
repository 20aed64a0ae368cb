import type { FastifyServerOptions } from "fastify";

/** pino's options as Fastify takes them (pino is Fastify's logger, not a dependency of ours). */
type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** pino's level number for "error". */
const ERROR = 50;

/**
 * A visitor who leaves while a compressed page is still streaming ends the compression pipe
 * early; @fastify/compress logs that as an error ("premature close"). It is not a fault of
 * the server's, so it is logged at info, where it still shows who left and when, without
 * raising the error count an operator watches.
 */
export const logHooks: NonNullable<LoggerOptions["hooks"]> = {
  logMethod(args, method, level) {
    const [first] = args as unknown[];
    if (level >= ERROR && first instanceof Error && first.message === "premature close") {
      return this.info({ err: first }, "the visitor left before the response was sent");
    }
    return method.apply(this, args);
  },
};
