import { describe, expect, test } from "vitest";
import { openPage, useBrowser, waitForHydration } from "./support/browser";

// An error the page's own code did not catch reaches the server's log: the browser sends a
// report (kind, message, stack, the page's path without its query) that the server takes with
// 204; the same error twice in one page is sent once. (The server's side — the log line, the
// schema, the per-IP limit — is server/plugins/client-errors.test.ts.)
const browser = useBrowser();

describe("errors in the browser", () => {
  test("an unhandled rejection is reported once to /api/client-errors, which takes it", async () => {
    const { context, page } = await openPage(browser());
    // The beacons' bodies, as the page hands them over (the real sendBeacon still sends them;
    // the browser's request events do not carry a beacon's body).
    await context.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      const sent: Promise<string>[] = [];
      (window as unknown as { beacons: Promise<string>[] }).beacons = sent;
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) sent.push(data.text());
        return send(url, data);
      };
    });
    await page.goto("/tin-tuc-cuoc-thi?trang=1");
    await waitForHydration(page);
    const statuses: number[] = [];
    page.on("requestfinished", (request) => {
      if (!request.url().endsWith("/api/client-errors")) return;
      void request.response().then((response) => statuses.push(response?.status() ?? 0));
    });
    const reports = () =>
      page.evaluate(async () =>
        (await Promise.all((window as unknown as { beacons: Promise<string>[] }).beacons)).map(
          (body) => JSON.parse(body) as Record<string, unknown>,
        ),
      );
    const message = `kiểm thử ${Date.now()}`;
    await page.evaluate((text) => {
      void Promise.reject(new RangeError(text));
      void Promise.reject(new RangeError(text));
    }, message);
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204]);
    const [first] = await reports();
    expect(first).toMatchObject({
      kind: "rejection",
      message: `RangeError: ${message}`,
      path: "/tin-tuc-cuoc-thi",
    });
    expect(String(first?.stack)).toContain(message);
    // The second, identical one was not sent: a different one after it is the next report.
    await page.evaluate((text) => void Promise.reject(new Error(text)), `${message} (2)`);
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204, 204]);
    expect((await reports()).map((report) => report.message)).toEqual([
      `RangeError: ${message}`,
      `Error: ${message} (2)`,
    ]);
  });
});
