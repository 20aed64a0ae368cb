import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoContent } from "./demo/demo-content";
import { startTestApp, type TestApp } from "./test-support/app";
import { BAD_QUERIES, badBodies, ODD_METHODS, type BadRequest } from "./test-support/bad-requests";
import {
  concretePath,
  pageRoutes,
  PAGE_ROUTES,
  serverRoutes,
  SERVER_ROUTES,
  type Access,
} from "./test-support/registered-routes";
import { FIREFOX, signedInStaffAndEntrant, TEST_ORIGIN } from "./test-support/sign-in";

// Every registered route (server/test-support/registered-routes.ts) gets the requests of
// bad-requests.ts — wrong and broken bodies, odd methods, odd characters in the query — as a
// visitor and as whoever the route is for. Not one may answer 5xx.

const NOW = new Date("2026-09-01T03:00:00.000Z");

let started: TestApp | undefined;
let cookies: { admin: string; entrant: string };

beforeAll(async () => {
  started = await startTestApp({ PUBLIC_URL: TEST_ORIGIN }, NOW);
  await seedDemoContent(started.db, NOW);
  cookies = await signedInStaffAndEntrant(started.app);
}, 240_000);

afterAll(async () => {
  await started?.close();
});

interface Target {
  url: string;
  methods: string[];
  /** Cookie headers to try: a visitor ("") and whoever the route is for. */
  who: string[];
}

function cookiesFor(access: Access): string[] {
  if (access.kind === "entrant" || access.kind === "upload-owner") return ["", cookies.entrant];
  if (access.kind === "staff") return ["", cookies.admin];
  return [""];
}

function targets(): Target[] {
  const { app, bundle } = started!;
  const list: Target[] = [];
  for (const [url, methods] of serverRoutes(app.routes)) {
    const line = SERVER_ROUTES[url.startsWith("/pdfjs/") ? "/pdfjs/*" : url];
    // Files of the build are served by @fastify/static, one route each: two stand for all.
    if (!line || url === "/*") continue;
    list.push({ url: concretePath(url), methods, who: cookiesFor(line.access) });
  }
  const seen = new Set<string>();
  for (const route of pageRoutes(bundle.build)) {
    const line = PAGE_ROUTES[route.viPattern];
    const url = concretePath(route.pattern, "1", "khong-co");
    if (!line || seen.has(url)) continue;
    seen.add(url);
    // Sign-out would end the session the other requests use: a visitor only.
    const who = route.viPattern === "/dang-xuat" ? [""] : cookiesFor(line.access);
    list.push({ url, methods: ["GET", "POST"], who });
    // The running app posts to `<path>.data` (React Router's single fetch).
    if (route.hasAction) {
      const data = url === "/" ? "/_root.data" : url === "/en" ? "/en/_root.data" : `${url}.data`;
      list.push({ url: route.index ? `${data}?index` : data, methods: ["POST"], who });
    }
  }
  return list;
}

/** English pages are the Vietnamese route modules again: a sample of the requests is enough. */
const EN_SAMPLE = new Set(["no content type", "JSON", "broken percent-encoding", "method PUT"]);

/** What a visitor sends to a page that is not theirs: it is refused before anything is read. */
const VISITOR_SAMPLE = new Set(["no content type", "empty urlencoded", "JSON", "method PUT"]);

function requestsFor(target: Target, signedIn: boolean): BadRequest[] {
  const requests: BadRequest[] = [];
  const base = { "user-agent": FIREFOX, host: "localhost:3000" };
  const english = target.url.startsWith("/en");
  const sampled = english || (target.who.length > 1 && !signedIn);
  if (target.methods.includes("GET")) {
    const queries = sampled ? BAD_QUERIES.slice(0, 3) : BAD_QUERIES;
    for (const query of queries) {
      const joint = target.url.includes("?") ? "&" : "?";
      requests.push({
        name: `query ${query.slice(0, 40)}`,
        method: "GET",
        url: `${target.url}${joint}${query}`,
        headers: base,
      });
    }
  }
  const bodyMethods = target.methods.filter((m) => m !== "GET" && m !== "OPTIONS");
  for (const method of bodyMethods.length > 0 ? bodyMethods : ["POST"]) {
    for (const body of badBodies({ large: 1024 * 1024 })) {
      requests.push({
        ...body,
        method,
        url: target.url,
        headers: { ...base, origin: TEST_ORIGIN, ...body.headers },
      });
    }
  }
  for (const method of ODD_METHODS) {
    requests.push({
      name: `method ${method}`,
      method,
      url: target.url,
      headers: { ...base, origin: TEST_ORIGIN, "content-type": "text/plain" },
      body: "x",
    });
  }
  // No Origin at all (a script or a curl): refused as cross-site, never a crash.
  requests.push({
    name: "no origin",
    method: "POST",
    url: target.url,
    headers: { ...base, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=save",
  });
  if (english) return requests.filter((r) => r.method === "GET" || EN_SAMPLE.has(r.name));
  if (sampled) return requests.filter((r) => r.method === "GET" || VISITOR_SAMPLE.has(r.name));
  return requests;
}

describe("fuzz: every registered route with bad input", () => {
  it("never answers 5xx", { timeout: 600_000 }, async () => {
    const { app } = started!;
    const failures: string[] = [];
    let sent = 0;
    const jobs = targets().flatMap((target) =>
      target.who.flatMap((cookie) =>
        requestsFor(target, cookie !== "").map((request) => ({ request, cookie })),
      ),
    );
    // A few at a time, as browsers would.
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { request, cookie } = jobs[next++]!;
        const response = await app.fastify.inject({
          method: request.method as "GET",
          url: request.url,
          headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
          ...(request.body !== undefined ? { payload: request.body } : {}),
        });
        sent += 1;
        if (response.statusCode >= 500) {
          const who = cookie === cookies.admin ? "admin" : cookie ? "entrant" : "visitor";
          failures.push(
            `${response.statusCode} ${request.method} ${request.url.slice(0, 80)} [${request.name}, ${who}] ${response.body.slice(0, 120).replace(/\s+/g, " ")}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(sent).toBeGreaterThan(1000);
    expect(failures, `${failures.length} of ${sent} requests failed`).toEqual([]);
    // Odd query strings are rendered but never cached: at most one entry per page address.
    const pagesVisited = new Set(jobs.map(({ request }) => request.url.split("?")[0]));
    expect(app.htmlCache.stats.entries).toBeLessThanOrEqual(pagesVisited.size);
  });
});

/** Raw HTTP to the listening app: headers, then body chunks until the answer arrives. */
async function postUntilAnswered(
  port: number,
  path: string,
  headers: Record<string, string>,
  totalBytes: number,
): Promise<{ status: number; body: string; sent: number; closed: boolean }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers });
    req.on("error", (error) => {
      // The server closing the connection after its answer is expected.
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          body,
          sent,
          closed: res.headers.connection === "close",
        });
        req.destroy();
      });
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", () => setImmediate(write));
          return;
        }
      }
      if (!answered) req.end();
    };
    req.write("intent=save&x=");
    // Give the server a moment to answer on the headers alone before the body flows.
    req.once("socket", (socket) => socket.once("connect", () => setImmediate(write)));
  });
}

describe("page actions check the body before reading it", () => {
  let port = 0;
  beforeAll(async () => {
    await started!.app.fastify.listen({ host: "127.0.0.1", port: 0 });
    const address = started!.app.fastify.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  const FIFTY_MB = 50 * 1024 * 1024;
  const formHeaders = {
    host: "localhost:3000",
    origin: TEST_ORIGIN,
    "content-type": "application/x-www-form-urlencoded",
  };

  it("answers 413 to a declared 50 MB form at once and closes the connection", async () => {
    const answer = await postUntilAnswered(
      port,
      "/dang-nhap",
      { ...formHeaders, "content-length": String(FIFTY_MB) },
      FIFTY_MB,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("Nội dung gửi lên quá lớn. Vui lòng rút gọn rồi gửi lại.");
    expect(answer.closed).toBe(true);
    expect(answer.sent).toBeLessThan(FIFTY_MB / 4);
  });

  it("stops a chunked form (no declared length) past its limit with 413", async () => {
    const answer = await postUntilAnswered(
      port,
      "/en/quen-mat-khau",
      { ...formHeaders, "transfer-encoding": "chunked" },
      FIFTY_MB,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("What was sent is too large. Please shorten it and send it again.");
    expect(answer.sent).toBeLessThan(FIFTY_MB / 4);
  });

  it("refuses the wrong content type (415), a broken body (400) and other methods (405)", async () => {
    const send = (method: string, url: string, type: string | null, payload: string, cookie = "") =>
      started!.app.fastify.inject({
        method: method as "POST",
        url,
        headers: {
          host: "localhost:3000",
          origin: TEST_ORIGIN,
          ...(type ? { "content-type": type } : {}),
          ...(cookie ? { cookie } : {}),
        },
        payload,
      });
    const outcome = async (...args: Parameters<typeof send>) => {
      const response = await send(...args);
      return `${response.statusCode} ${response.body}`;
    };
    expect(await outcome("POST", "/dang-nhap", "application/json", '{"email":"a@b.vn"}')).toBe(
      "415 Trang này không nhận kiểu dữ liệu đã gửi. Vui lòng gửi lại biểu mẫu từ trang web.",
    );
    expect(await outcome("POST", "/en/dang-nhap", "text/plain", "email=a@b.vn")).toBe(
      "415 This page does not accept that kind of data. Please send the form again from the website.",
    );
    expect((await send("POST", "/dang-nhap", null, "email=a@b.vn")).statusCode).toBe(415);
    expect((await send("POST", "/dang-nhap", "multipart/form-data", "x")).statusCode).toBe(415);
    expect(
      (await send("POST", "/dang-nhap", "multipart/form-data; boundary=zz", "--zz\r\nbroken"))
        .statusCode,
    ).toBe(400);
    const entrant = cookies.entrant;
    expect(
      (await send("POST", "/nop-bai-du-thi", "application/json", '{"intent":', entrant)).statusCode,
    ).toBe(400);
    expect(
      (await send("POST", "/nop-bai-du-thi", "application/json", "null", entrant)).statusCode,
    ).toBe(400);
    const put = await send("PUT", "/dang-nhap", "application/x-www-form-urlencoded", "a=1");
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, POST");
    const noAction = await send(
      "POST",
      "/tin-tuc-cuoc-thi",
      "application/x-www-form-urlencoded",
      "",
    );
    expect(noAction.statusCode).toBe(405);
    expect(noAction.headers.allow).toBe("GET, HEAD");
  });

  it("still takes a form posted the usual way", async () => {
    const response = await started!.app.fastify.inject({
      method: "POST",
      url: "/dang-nhap",
      headers: { ...formHeaders },
      payload: new URLSearchParams({
        email: "nobody@example.vn",
        password: "sai-mat-khau-1",
      }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("nobody@example.vn");
  });
});
