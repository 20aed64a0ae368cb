import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { replyWithError } from "./error-handler";
import { logHooks } from "./log-hooks";

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

/** A listening Fastify with the app's logger hooks and error handler, its log lines kept. */
async function appWithLines(routes: (app: FastifyInstance) => void) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream, hooks: logHooks } });
  app.setErrorHandler(replyWithError);
  routes(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, lines, origin: `http://127.0.0.1:${port}` };
}

let running: FastifyInstance | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}

describe("replyWithError", () => {
  it("answers a failure as JSON with the request id, even after the route declared another type", async () => {
    const { app, lines, origin } = await appWithLines((app) => {
      app.post("/action.data", async (_request, reply) => {
        reply.type("text/x-script");
        throw new Error("the database is gone");
      });
      app.get("/refused", async () => {
        throw Object.assign(new Error("not yours"), { statusCode: 403 });
      });
    });
    running = app;

    // With a body read to its end, as an action's is (the request then counts as destroyed).
    const failed = await fetch(`${origin}/action.data`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "save", text: "x".repeat(100_000) }),
    });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await failed.json()) as { error: string; requestId: string };
    expect(body.error).toBe("internal_error");
    expect(body.requestId).toMatch(/\S/);
    const refused = await fetch(`${origin}/refused`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "not yours" });

    const logged = lines.filter((line) => line.msg !== "incoming request");
    expect(logged.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([
      "request failed",
    ]);
    expect(logged.find((line) => line.msg === "request failed")?.err?.message).toBe(
      "the database is gone",
    );
    expect(logged.some((line) => line.level === 30 && line.msg === "request rejected")).toBe(true);
  });

  it("logs a visitor who left before the answer at info, sends nothing, and serves on", async () => {
    let gone!: () => void;
    const visitorGone = new Promise<void>((resolve) => (gone = resolve));
    const { app, lines, origin } = await appWithLines((app) => {
      app.post("/slow-action.data", async (request, reply) => {
        reply.type("text/x-script");
        // The render's stream ends early once the visitor's connection closes.
        await new Promise((resolve) => request.raw.socket.once("close", resolve));
        setTimeout(gone, 50);
        throw prematureClose();
      });
      app.get("/healthz", async () => ({ ok: true }));
    });
    running = app;

    await new Promise<void>((resolve) => {
      const client = httpRequest(`${origin}/slow-action.data`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
      });
      client.on("error", () => {});
      client.on("close", () => resolve());
      client.end("intent=save", () => setTimeout(() => client.destroy(), 50));
    });
    await visitorGone;

    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(
      lines.find((line) => line.msg === "the visitor left before the response was sent"),
    ).toMatchObject({ level: 30, err: { message: "Premature close" } });
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });
});
