import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { startServerProcess, type ServerProcess } from "./test-support/production-server";

// SIGTERM to the real server process: it keeps listening for DRAIN_SECONDS with /readyz at 503
// (a load balancer sees "not ready" instead of a refused connection), lets a request already
// in progress finish, then exits 0.

let bundle: ProductionBundle | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  bundle = await buildProductionBundle();
  server = await startServerProcess(bundle, { DRAIN_SECONDS: "1.5" });
}, 300_000);

afterAll(() => {
  server?.cleanup();
  bundle?.cleanup();
});

/**
 * A form post whose body is sent in two parts: `sent` resolves once the first is written,
 * `finish()` sends the rest, `answer` resolves the status.
 */
function slowPost(baseUrl: string) {
  const url = new URL("/dang-nhap", baseUrl);
  const body = new URLSearchParams({ email: "nobody@example.vn", password: "sai-mat-khau-1" });
  const bytes = Buffer.from(body.toString());
  let finish = () => {};
  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<number>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        origin: baseUrl,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(bytes.length),
      },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.write(bytes.subarray(0, 10), () => markSent());
    finish = () => request.end(bytes.subarray(10));
  });
  return { answer, sent, finish: () => finish() };
}

describe("shutdown", () => {
  it("answers /readyz 503 while draining, finishes in-flight requests, then exits 0", async () => {
    const { baseUrl, child, exited } = server!;
    const inFlight = slowPost(baseUrl);
    // Its headers and first bytes are on the wire; once the server has answered a request sent
    // after them, on another connection, it has accepted and begun reading this one too.
    await inFlight.sent;
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    child.kill("SIGTERM");

    // Until the server says it is draining, /readyz still answers 200: poll until it changes.
    let ready: Response;
    do {
      ready = await fetch(`${baseUrl}/readyz`);
    } while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "draining" });
    // Liveness is not readiness: the process is still healthy while it drains.
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);

    inFlight.finish();
    expect(await inFlight.answer).toBe(401);
    expect(await exited).toBe(0);
  });
});
