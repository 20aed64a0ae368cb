import type { FastifyInstance, FastifyReply } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";

/**
 * Route schemas are the `core/` zod schemas (params, querystring, headers, body), checked by
 * Fastify before the handler runs. Set on the app (server/app.ts) and again by each route
 * plugin that declares schemas, so a plugin mounted on its own (in its tests) validates alike.
 * Returns the instance typed by those schemas.
 */
export function useApiSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * Within one route plugin: how a request its schemas refuse is answered — the module's own
 * answer (a 400 with its i18n key, or the 404 an unknown address gets), never a list of zod
 * issues. Other errors go on to the app's error handler.
 */
export function answerInvalidRequests(
  app: FastifyInstance,
  answer: (reply: FastifyReply) => FastifyReply,
): void {
  app.setErrorHandler((error, _request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return answer(reply);
    throw error;
  });
}
