import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildProductionBundle, type ProductionBundle } from "./test-support/build";
import { freePort, startServerProcess, type ServerProcess } from "./test-support/production-server";
import { startSmtpReceiver, type SmtpReceiver } from "./test-support/smtp-receiver";

// At start the server checks that the SMTP server in SMTP_URL answers, and says so in its log:
// a warning naming the host and port when it does not, while the site starts and serves anyway
// (emails wait in the queue for their retries).

let bundle: ProductionBundle | undefined;
let server: ServerProcess | undefined;
let receiver: SmtpReceiver | undefined;

beforeAll(async () => {
  bundle = await buildProductionBundle();
}, 300_000);

afterEach(async () => {
  server?.cleanup();
  server = undefined;
  await receiver?.close();
  receiver = undefined;
});

afterAll(() => bundle?.cleanup());

interface LogLine {
  level: number;
  msg: string;
  smtp?: { host: string; port: number };
}

/** The log's lines about the SMTP check so far. */
const smtpLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.smtp !== undefined);

/** Waits (at most 20 s) for the check's line in the server's log. */
async function checkLine(process: ServerProcess): Promise<LogLine> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [line] = smtpLines(process.output());
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no SMTP check in the log:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the SMTP check at start", () => {
  it("warns, naming the host and port, when nothing answers there; the site starts anyway", async () => {
    const closed = await freePort();
    server = await startServerProcess(bundle!, {
      SMTP_URL: `smtp://mailer:secret-password@127.0.0.1:${closed}`,
      LOG_LEVEL: "info",
    });
    const line = await checkLine(server);
    expect(line.level).toBe(40);
    expect(line.smtp).toEqual({ host: "127.0.0.1", port: closed });
    expect(line.msg).toContain(`SMTP_URL (host 127.0.0.1, port ${closed}) does not answer`);
    expect(server.output()).not.toContain("secret-password");
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
  }, 120_000);

  it("says the server answers, and warns of nothing, when the SMTP server is there", async () => {
    receiver = await startSmtpReceiver();
    server = await startServerProcess(bundle!, { SMTP_URL: receiver.url, LOG_LEVEL: "info" });
    const line = await checkLine(server);
    expect(line).toMatchObject({ level: 30, msg: "the SMTP server answers" });
    expect(line.smtp).toEqual({ host: "127.0.0.1", port: Number(new URL(receiver.url).port) });
    expect(smtpLines(server.output()).filter((entry) => entry.level >= 40)).toEqual([]);
  }, 120_000);
});
