import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { startServerProcess, type ServerProcess } from "./test-support/production-server";

// What the real server process writes at the default level (info), as an operator's log
// collector reads it: one JSON object a line, each request's with its id, and never a key
// that opens something (a reset link's token, a confirmation token, a signed file link).

let bundle: ProductionBundle | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  bundle = await buildProductionBundle();
  server = await startServerProcess(bundle, { LOG_LEVEL: "info" });
}, 300_000);

afterAll(() => {
  server?.cleanup();
  bundle?.cleanup();
});

/** The JSON lines printed so far (the start banner is plain text and left out). */
const jsonLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the server's logs at the default level", () => {
  it("show the links asked for without their tokens", async () => {
    const { baseUrl } = server!;
    const token = "QgY4zKrVikFpPuiHPGOX68RS";
    for (const path of [
      `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${baseUrl}/dat-lai-mat-khau`)}`,
      `/dat-lai-mat-khau?token=${token}`,
      `/api/auth/verify-email?token=${token}.${token}&callbackURL=%2F`,
    ]) {
      await (await fetch(`${baseUrl}${path}`, { redirect: "manual" })).arrayBuffer();
    }
    const urls = () =>
      jsonLines(server!.output()).flatMap((line) => {
        const req = line.req as { url?: string } | undefined;
        return req?.url ? [req.url] : [];
      });
    // The process writes its log lines as it goes: the last may reach the pipe a moment later.
    await expect
      .poll(urls, { timeout: 5_000 })
      .toEqual(
        expect.arrayContaining([
          `/api/auth/reset-password/[redacted]?callbackURL=${encodeURIComponent(`${baseUrl}/dat-lai-mat-khau`)}`,
          "/dat-lai-mat-khau?token=[redacted]",
          "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
        ]),
      );
    expect(server!.output()).not.toContain(token);
  });

  it("write an action's error as a JSON line with its request id, not a bare stack", async () => {
    const { baseUrl } = server!;
    // A form whose Origin names another scheme than the request's (a proxy that reports the
    // wrong X-Forwarded-Proto): React Router refuses the action with an error.
    const response = await fetch(`${baseUrl}/dang-nhap`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: baseUrl.replace("http:", "https:"),
        "content-type": "application/x-www-form-urlencoded",
        "x-request-id": "logs-test-action-error",
      },
      body: new URLSearchParams({ email: "a@example.vn", password: "sai-mat-khau-1" }).toString(),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(400);
    const failedLine = () =>
      jsonLines(server!.output()).find((line) => line.msg === "a loader or action failed");
    await expect
      .poll(failedLine, { timeout: 5_000 })
      .toMatchObject({ level: 50, reqId: "logs-test-action-error" });
    const failed = failedLine();
    expect((failed?.err as { message?: string } | undefined)?.message).toContain("origin");
    expect(server!.output()).not.toMatch(/^Error: /m);
  });
});
