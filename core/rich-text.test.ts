import { describe, expect, it } from "vitest";
import { blocksToText, parseStoredBlocks, rt, safeHref, sanitizeBlocks } from "./rich-text";

describe("sanitizeBlocks (allow-list)", () => {
  it("keeps the allowed shapes as they are", () => {
    const blocks = [
      rt.h("Tiêu đề"),
      rt.p("Xin chào ", rt.b("bạn"), " — ", rt.link("đọc thêm", "/tin-tuc-cuoc-thi")),
      rt.ul("một", "hai"),
      rt.ol("ba"),
      rt.quote("Trích dẫn"),
    ];
    expect(sanitizeBlocks(JSON.parse(JSON.stringify(blocks)))).toEqual(blocks);
  });

  it("drops unknown blocks, extra properties, markup-bearing fields and unsafe links", () => {
    const dirty = [
      { type: "script", text: "alert(1)" },
      { type: "html", html: "<img src=x onerror=alert(1)>" },
      { type: "heading", text: "<script>alert(1)</script>", onclick: "alert(1)", level: 1 },
      {
        type: "paragraph",
        children: [
          { type: "link", text: "js", href: "javascript:alert(1)" },
          { type: "link", text: "data", href: "data:text/html,<script>alert(1)</script>" },
          { type: "link", text: "svg", href: "data:image/svg+xml,<svg onload=alert(1)>" },
          { type: "link", text: "proto-relative", href: "//evil.example/x" },
          { type: "link", text: "ok", href: "https://example.org/a?b=1" },
          { type: "image", src: "javascript:alert(1)" },
          { type: "text", text: "x", style: "background:url(javascript:alert(1))" },
        ],
      },
      "not a block",
      null,
    ];
    expect(sanitizeBlocks(dirty)).toEqual([
      // Text stays text: React renders it escaped, it never becomes markup.
      { type: "heading", text: "<script>alert(1)</script>" },
      {
        type: "paragraph",
        children: [
          { type: "text", text: "js" },
          { type: "text", text: "data" },
          { type: "text", text: "svg" },
          { type: "text", text: "proto-relative" },
          { type: "link", text: "ok", href: "https://example.org/a?b=1" },
          { type: "text", text: "x" },
        ],
      },
    ]);
  });

  it("accepts only http(s), mailto and same-site links", () => {
    expect(safeHref("/van-xuan")).toBe("/van-xuan");
    expect(safeHref("mailto:a@b.org")).toBe("mailto:a@b.org");
    expect(safeHref(" JavaScript:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("/\\evil.example")).toBeNull();
  });

  it("reads stored bodies defensively", () => {
    expect(parseStoredBlocks("not json")).toEqual([]);
    expect(parseStoredBlocks(null)).toEqual([]);
    expect(blocksToText(parseStoredBlocks(JSON.stringify([rt.h("A"), rt.ul("b", "c")])))).toBe(
      "A b c",
    );
  });
});
