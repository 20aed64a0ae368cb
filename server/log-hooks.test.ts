import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { loggerOptions, logHooks } from "./log-hooks";

/** A Fastify logger as the app configures it, writing its JSON lines into an array. */
function loggerWithLines() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream, hooks: logHooks } });
  return { log: app.log, lines };
}

describe("log hooks", () => {
  it("log a visitor leaving mid-stream (premature close) at info, other errors as errors", () => {
    const { log, lines } = loggerWithLines();
    log.error(new Error("premature close"));
    log.child({ reqId: "r1" }).error(new Error("premature close"));
    log.error(new Error("disk full"));
    log.error({ err: new Error("premature close") }, "said otherwise");
    log.warn("a warning");

    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, "the visitor left before the response was sent"],
      [30, "the visitor left before the response was sent"],
      [50, "disk full"],
      [50, "said otherwise"],
      [40, "a warning"],
    ]);
    expect(lines[0]?.err?.message).toBe("premature close");
  });
});

describe("request logs", () => {
  it("show the addresses asked for without the tokens that open them", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    // The app's own logger options, with its lines kept here.
    const app = Fastify({ logger: { ...loggerOptions("info"), stream } });
    app.get("/*", async () => "ok");
    const token = "wGjbgY38Bd6FyT7Ml3X8E4Tq";
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl";
    const asked = [
      `/api/auth/reset-password/${token}?callbackURL=https%3A%2F%2Fsite.example%2Fdat-lai-mat-khau`,
      `/dat-lai-mat-khau?token=${token}`,
      `/en/dat-lai-mat-khau?lang=en&token=${token}`,
      `/api/auth/verify-email?token=${jwt}&callbackURL=%2Ftai-khoan`,
      `/dang-nhap?next=${encodeURIComponent(`/api/auth/verify-email?token=${jwt}&callbackURL=/`)}`,
      `/tep/${jwt}`,
    ];
    for (const url of asked) await app.inject({ method: "GET", url });
    await app.close();

    const logged = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    const urls = logged.flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toEqual([
      "/api/auth/reset-password/[redacted]?callbackURL=https%3A%2F%2Fsite.example%2Fdat-lai-mat-khau",
      "/dat-lai-mat-khau?token=[redacted]",
      "/en/dat-lai-mat-khau?lang=en&token=[redacted]",
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2Ftai-khoan",
      "/dang-nhap?next=%2Fapi%2Fauth%2Fverify-email%3Ftoken%3D[redacted]%26callbackURL%3D%2F",
      "/tep/[redacted]",
    ]);
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toContain("c2lnbmF0dXJl");
    // What an operator needs of each request is still there.
    expect(logged.find((line) => line.req)?.req).toMatchObject({
      method: "GET",
      host: "localhost:80",
      remoteAddress: "127.0.0.1",
    });
  });
});
