import type { FastifyPluginAsync } from "fastify";
import { AUTH_BASE_PATH, type Auth } from "../modules/identity/auth";
import { sendWebResponse, toWebRequest } from "../web-request";

/**
 * better-auth's own endpoints under /api/auth: the links in emails (verify address, reset
 * password, confirm a new address) land here. The pages themselves call the identity service.
 */
export const authRoutes: FastifyPluginAsync<{ auth: Auth; publicUrl: string }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      // The address the browser used (React Router compares it with Origin on actions).
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const response = await options.auth.handler(toWebRequest(request, reply, url));
      return sendWebResponse(reply, response);
    },
  });
};
