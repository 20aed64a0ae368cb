import { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type Db } from "../db/database";
import { createRateLimiter } from "../modules/identity/rate-limit";
import { testDatabases } from "../test-support/databases";
import { CLIENT_ERRORS_PER_IP, clientErrorRoutes } from "./client-errors";

interface LogLine {
  level: number;
  msg: string;
  clientError?: Record<string, unknown>;
}

describe.each(testDatabases())("browser error reports on $name", (target) => {
  describe.skipIf(!target.available)("POST /api/client-errors", () => {
    let db: Db;
    let app: FastifyInstance;
    const lines: LogLine[] = [];

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split("\n").filter(Boolean)) {
            lines.push(JSON.parse(line) as LogLine);
          }
          done();
        },
      });
      app = Fastify({ logger: { level: "info", stream } });
      await app.register(clientErrorRoutes, { limiter: createRateLimiter(db) });
    });
    afterAll(async () => {
      await app?.close();
      await target.cleanup();
    });

    const report = (body: unknown, ip: string) =>
      app.inject({
        method: "POST",
        url: "/api/client-errors",
        remoteAddress: ip,
        headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (Test)" },
        payload: JSON.stringify(body),
      });
    const warnings = () => lines.filter((line) => line.msg === "an error in the browser");

    it("logs a report as a warning with the browser's user agent, and answers 204", async () => {
      const response = await report(
        {
          kind: "render",
          message: "TypeError: x is not a function",
          stack: "TypeError: x is not a function\n    at Form (/assets/form-abc.js:1:2)",
          path: "/tai-khoan",
        },
        "203.0.113.7",
      );
      expect(response.statusCode).toBe(204);
      expect(response.headers["cache-control"]).toBe("no-store");
      const [line] = warnings();
      expect(line?.level).toBe(40);
      expect(line?.clientError).toEqual({
        kind: "render",
        message: "TypeError: x is not a function",
        stack: "TypeError: x is not a function\n    at Form (/assets/form-abc.js:1:2)",
        path: "/tai-khoan",
        userAgent: "Mozilla/5.0 (Test)",
      });
    });

    it("refuses what is not a report (400) and logs nothing", async () => {
      const before = warnings().length;
      for (const body of [
        { kind: "render", message: "x", path: "/?token=secret" },
        { kind: "render", message: "x", path: "/", email: "a@example.vn" },
        "not json at all",
      ]) {
        expect((await report(body, "203.0.113.8")).statusCode).toBe(400);
      }
      expect(warnings().length).toBe(before);
    });

    it("takes a limited number per IP; past it, 429 with Retry-After and no log line", async () => {
      const ip = "203.0.113.9";
      const body = { kind: "uncaught", message: "Error: again", path: "/" };
      for (let i = 0; i < CLIENT_ERRORS_PER_IP.limit; i++) {
        expect((await report(body, ip)).statusCode).toBe(204);
      }
      const before = warnings().length;
      const refused = await report(body, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(warnings().length).toBe(before);
      // Another address is not affected.
      expect((await report(body, "203.0.113.10")).statusCode).toBe(204);
    });
  });
});
