import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Role } from "../../core/roles";
import { answerInvalidRequests, useApiSchemas } from "./api-schemas";
import { requireSection, sectionUser } from "./require-section";

/** An app with one content-section route; the cookie `as=<role>` stands for a session. */
async function app() {
  const fastify = Fastify({ logger: false });
  const api = useApiSchemas(fastify);
  answerInvalidRequests(fastify, (reply) => reply.code(400).send({ error: "x.badRequest" }));
  const door = requireSection("content", {
    currentUser: async (headers) => {
      const role = /as=(\w+)/.exec(headers.get("cookie") ?? "")?.[1];
      return role ? { id: `u-${role}`, email: `${role}@example.vn`, role: role as Role } : null;
    },
    errors: { signInRequired: "x.signInRequired", forbidden: "x.forbidden" },
  });
  api.get(
    "/thing",
    { onRequest: door, schema: { querystring: z.object({ n: z.coerce.number().int() }) } },
    async (request) => ({ user: sectionUser(request).id, n: request.query.n }),
  );
  await fastify.ready();
  return fastify;
}

describe("requireSection", () => {
  it("answers 401 signed out and 403 for a role without the section, never cached", async () => {
    const fastify = await app();
    const anonymous = await fastify.inject({ method: "GET", url: "/thing?n=1" });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: "x.signInRequired" }]);
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const finance = await fastify.inject({
      method: "GET",
      url: "/thing?n=1",
      headers: { cookie: "as=finance" },
    });
    expect([finance.statusCode, finance.json()]).toEqual([403, { error: "x.forbidden" }]);
  });

  it("lets a role with the section through, with the user for the handler", async () => {
    const fastify = await app();
    for (const role of ["editor", "admin"]) {
      const response = await fastify.inject({
        method: "GET",
        url: "/thing?n=7",
        headers: { cookie: `as=${role}` },
      });
      expect(response.json()).toEqual({ user: `u-${role}`, n: 7 });
    }
  });

  it("decides before the schemas: a stranger's bad request is still 401", async () => {
    const fastify = await app();
    expect((await fastify.inject({ method: "GET", url: "/thing?n=x" })).statusCode).toBe(401);
    const editor = await fastify.inject({
      method: "GET",
      url: "/thing?n=x",
      headers: { cookie: "as=editor" },
    });
    expect([editor.statusCode, editor.json()]).toEqual([400, { error: "x.badRequest" }]);
  });
});
