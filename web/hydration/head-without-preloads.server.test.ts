import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { headWithoutModulePreloads } from "./head-without-preloads.server";

const HEAD =
  '<!DOCTYPE html><html lang="vi" data-hydrate="on-interaction"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="site"/>' +
  "<title>Giải thưởng Sáng tạo Quảng cáo Vạn Xuân</title>" +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n0=="/>' +
  '<link rel="icon" href="/favicon.svg"/></head>';
const BODY =
  '<body><p>Tiếng Việt có dấu: ẩm thực, Đà Nẵng</p><code>&lt;link rel="modulepreload"/&gt;</code>' +
  '<link rel="modulepreload" href="/assets/late.js"/>' +
  '<script type="module" async="">import "/assets/root-B.js";</script></body></html>';

/** Streams `bytes` through the transform in chunks of `size` bytes. */
async function through(bytes: Buffer, size: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out = await buffer(Readable.from(chunks).pipe(headWithoutModulePreloads()));
  return out.toString("utf8");
}

describe("headWithoutModulePreloads", () => {
  const html = Buffer.from(HEAD + BODY, "utf8");
  const expected = (HEAD + BODY)
    .replace('<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>', "")
    .replace('<link rel="modulepreload" href="/assets/root-B.js" nonce="n0=="/>', "");

  it("drops the module preloads of <head> and keeps everything else byte for byte", async () => {
    const out = await through(html, html.length);
    expect(out).toBe(expected);
    expect(out).not.toContain("entry.client-A.js");
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="site"/>');
    // After </head> nothing is changed, even text that looks like a preload.
    expect(out.slice(out.indexOf("</head>"))).toBe(BODY.replace(/^/, "</head>"));
  });

  it("gives the same bytes whatever the chunking, even splitting Vietnamese characters", async () => {
    for (const size of [1, 2, 3, 7, 64, 200]) {
      expect(await through(html, size), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a document without </head> through unchanged", async () => {
    const fragment = Buffer.from('<link rel="modulepreload" href="/x.js"/>Đang tải…', "utf8");
    expect(await through(fragment, 5)).toBe(fragment.toString("utf8"));
  });
});
