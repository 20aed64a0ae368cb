import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./head-without-preloads.server";

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

const without = (text: string) => withoutModulePreloads(Buffer.from(text, "utf8")).toString("utf8");

describe("withoutModulePreloads", () => {
  const expected = (HEAD + BODY)
    .replace('<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0=="/>', "")
    .replace('<link rel="modulepreload" href="/assets/root-B.js" nonce="n0=="/>', "");

  it("drops the module preloads of <head> and keeps everything else byte for byte", () => {
    const out = without(HEAD + BODY);
    expect(out).toBe(expected);
    expect(out).not.toContain("entry.client-A.js");
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="site"/>');
    // After </head> nothing is changed, even text that looks like a preload.
    expect(out.slice(out.indexOf("</head>"))).toBe(BODY.replace(/^/, "</head>"));
  });

  it("passes a document without </head> through unchanged", () => {
    const fragment = '<link rel="modulepreload" href="/x.js"/>Đang tải…';
    expect(without(fragment)).toBe(fragment);
  });
});
