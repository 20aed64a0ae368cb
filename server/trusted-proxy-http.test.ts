import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ERRORS_PER_IP } from "./plugins/client-errors";
import { startTestApp, type TestApp } from "./test-support/app";
import { browserRequest } from "./test-support/http";
import { TEST_ORIGIN } from "./test-support/sign-in";
import { TEST_NOW } from "./test-support/signed-in-app";

// Limits count per client address. With TRUST_PROXY naming the proxy, the address a request
// says it was forwarded for is believed only when the proxy sent it: a client that reaches the
// app's port directly cannot take a new address for every try.
describe("TRUST_PROXY naming the proxy's address", () => {
  const proxy = "10.0.0.5";
  let started: TestApp;
  beforeAll(async () => {
    started = await startTestApp(
      { PUBLIC_URL: TEST_ORIGIN, TRUST_PROXY: `${proxy},10.0.1.0/24` },
      TEST_NOW,
      {
        demoData: false,
      },
    );
  }, 240_000);
  afterAll(() => started?.close());

  /** A per-IP limited request from `peer`, saying it was forwarded for `forwardedFor`. */
  const report = (peer: string, forwardedFor: string) =>
    browserRequest(started.app, "POST", "/api/client-errors", {
      ip: peer,
      headers: { origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
      json: {},
    });

  it("counts a direct client by its own address, whatever X-Forwarded-For it sends", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERRORS_PER_IP.limit; i++) {
      statuses.push((await report("203.0.113.9", `198.18.0.${i + 1}`)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts requests through the proxy by the address the proxy forwarded", async () => {
    for (let i = 0; i <= CLIENT_ERRORS_PER_IP.limit; i++) {
      const peer = i % 2 === 0 ? proxy : "10.0.1.7";
      expect((await report(peer, `198.18.1.${i + 1}`)).statusCode).toBe(400);
    }
  });
});
