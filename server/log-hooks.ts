import type { FastifyRequest, FastifyServerOptions } from "fastify";

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

/**
 * Parts of an address that work as a key: a password-reset or staff-invitation link's token
 * (`/api/auth/reset-password/<token>`), a signed private file link (`/tep/<token>`), and a
 * `token` parameter (the email confirmation link, which signs its reader in; the reset page;
 * the same link kept encoded in a sign-in page's `next`). Whoever reads the logs must not be
 * able to open them.
 */
const SECRET_IN_PATH = /^((?:\/en)?\/api\/auth\/reset-password\/|\/tep\/)[^?#]+/;
const SECRET_PARAM = /((?:^|[?&]|%3F|%26)token(?:=|%3D))[^&#%]+/gi;
const HIDDEN = "[redacted]";

/** A request's URL as the logs show it: tokens that open something replaced by `[redacted]`. */
export function urlForLogs(url: string): string {
  return url.replace(SECRET_IN_PATH, `$1${HIDDEN}`).replace(SECRET_PARAM, `$1${HIDDEN}`);
}

/** pino's options for the app's logger: the level, what is never written, the hooks above. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    hooks: logHooks,
    serializers: {
      // Fastify's own fields of a request, the URL without its keys.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: urlForLogs(request.url),
        host: request.host,
        remoteAddress: request.ip,
        ...(request.socket?.remotePort === undefined
          ? {}
          : { remotePort: request.socket.remotePort }),
      }),
    },
  };
}
