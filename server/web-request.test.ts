import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { nodeBodyResponse, responseText, sendWebResponse, toWebRequest } from "./web-request";

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A real server on loopback whose one route hands its Fetch API Request to `seen`. */
async function serve(
  respond: (request: Request) => Response,
): Promise<{ origin: string; requests: Request[] }> {
  const requests: Request[] = [];
  app = Fastify();
  app.get("/*", async (request, reply) => {
    const webRequest = toWebRequest(request, reply, new URL(request.url, "http://127.0.0.1"));
    requests.push(webRequest);
    return sendWebResponse(reply, respond(webRequest));
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  return { origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, requests };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("a Fetch API request for a Fastify request", () => {
  it("is not aborted by a response that was sent whole", async () => {
    const { origin, requests } = await serve(() => new Response("done"));
    const response = await fetch(`${origin}/page`, { headers: { connection: "close" } });
    expect(await response.text()).toBe("done");
    await until(() => requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests[0]!.signal.aborted).toBe(false);
  });

  it("is aborted when the client leaves before the response ends", async () => {
    const body = new PassThrough();
    const { origin, requests } = await serve(() => nodeBodyResponse(body, { status: 200 }));
    await new Promise<void>((resolve) => {
      const request = http.get(`${origin}/slow`, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
      setTimeout(() => body.write("first part "), 20);
    });
    await until(() => requests[0]?.signal.aborted === true);
    expect(requests[0]!.signal.aborted).toBe(true);
    body.destroy();
  });
});

describe("a response whose body is a Node stream", () => {
  it("is sent as it streams, with its status and headers", async () => {
    const { origin } = await serve(() => {
      const body = new PassThrough();
      setTimeout(() => body.end("<p>Xin chào</p>"), 10);
      body.write("<!DOCTYPE html>");
      return nodeBodyResponse(body, {
        status: 201,
        headers: { "content-type": "text/html; charset=utf-8", "x-page": "yes" },
      });
    });
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(201);
    expect(response.headers.get("x-page")).toBe("yes");
    expect(await response.text()).toBe("<!DOCTYPE html><p>Xin chào</p>");
  });

  it("reads whole as text, as does any other response", async () => {
    const body = new PassThrough();
    body.write(Buffer.from("Vạn "));
    body.end("Xuân");
    expect(await responseText(nodeBodyResponse(body, { status: 200 }))).toBe("Vạn Xuân");
    expect(await responseText(new Response("Giải thưởng"))).toBe("Giải thưởng");
  });
});

describe("a response whose body is a Node buffer", () => {
  it("is sent whole, with its length, status and headers", async () => {
    const page = Buffer.from("<!DOCTYPE html><p>Xin chào, Đà Nẵng</p>", "utf8");
    const { origin } = await serve(() =>
      nodeBodyResponse(page, {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8", "x-page": "yes" },
      }),
    );
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page")).toBe("yes");
    expect(response.headers.get("content-length")).toBe(String(page.length));
    expect(response.headers.get("transfer-encoding")).toBeNull();
    expect(await response.text()).toBe("<!DOCTYPE html><p>Xin chào, Đà Nẵng</p>");
  });

  it("reads whole as text", async () => {
    const body = Buffer.from("Vạn Xuân", "utf8");
    expect(await responseText(nodeBodyResponse(body, { status: 200 }))).toBe("Vạn Xuân");
  });
});
