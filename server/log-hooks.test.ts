import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { logHooks } from "./log-hooks";

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
