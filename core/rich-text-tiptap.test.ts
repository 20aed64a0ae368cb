import { describe, expect, it } from "vitest";
import { rt, type Block } from "./rich-text";
import { blocksToTiptap, tiptapToBlocks, VIDEO_NODE } from "./rich-text-tiptap";

describe("TipTap JSON ↔ rich-text blocks", () => {
  it("round-trips every block shape the editor offers", () => {
    const blocks: Block[] = [
      rt.h("Tiêu đề"),
      rt.h3("Mục nhỏ"),
      rt.p("Xin chào ", rt.b("đậm"), " và ", rt.i("nghiêng"), " — ", rt.link("link", "/van-xuan")),
      rt.ul("một", "hai"),
      rt.ol("ba"),
      rt.quote("Trích dẫn"),
      {
        type: "image",
        src: "/media/0123456789abcdef01234567/w1200.jpg",
        alt: "Ảnh",
        width: 1200,
        height: 800,
        srcset:
          "/media/0123456789abcdef01234567/w480.webp 480w, /media/0123456789abcdef01234567/w1200.webp 1200w",
      },
      rt.video("https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
    ];
    expect(tiptapToBlocks(JSON.parse(JSON.stringify(blocksToTiptap(blocks))))).toEqual(blocks);
  });

  it("reads a document as TipTap writes it: marks, nested lists, breaks, unknown nodes", () => {
    const doc = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "a", marks: [{ type: "bold" }, { type: "strike" }] },
            { type: "hardBreak" },
            {
              type: "text",
              text: "b",
              marks: [{ type: "link", attrs: { href: "https://x.org" } }],
            },
          ],
        },
        {
          type: "bulletList",
          content: [
            {
              type: "listItem",
              content: [
                { type: "paragraph", content: [{ type: "text", text: "1" }] },
                {
                  type: "orderedList",
                  content: [
                    {
                      type: "listItem",
                      content: [{ type: "paragraph", content: [{ type: "text", text: "1.1" }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { type: "codeBlock", content: [{ type: "text", text: "<b>x</b>" }] },
        { type: "horizontalRule" },
        { type: "table", content: [{ type: "paragraph", content: [{ type: "text", text: "t" }] }] },
      ],
    };
    expect(tiptapToBlocks(doc)).toEqual([
      rt.p(rt.b("a"), " ", rt.link("b", "https://x.org/")),
      rt.ul("1", "1.1"),
      rt.p("<b>x</b>"),
      rt.p("t"),
    ]);
  });

  it("drops what the allow-list refuses: scripts in links and images, foreign videos", () => {
    const doc = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "x",
              marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
            },
          ],
        },
        { type: "image", attrs: { src: "data:image/svg+xml,<svg onload=alert(1)>", alt: "" } },
        { type: "image", attrs: { src: "https://evil.example/a.png", alt: "" } },
        { type: "image", attrs: { src: "/media/a.png", srcset: "javascript:alert(1) 1w" } },
        { type: VIDEO_NODE, attrs: { src: "https://evil.example/watch?v=dQw4w9WgXcQ" } },
        { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "<script>" }] },
      ],
    };
    expect(tiptapToBlocks(doc)).toEqual([
      rt.p("x"),
      { type: "image", src: "/media/a.png", alt: "" },
      rt.h("<script>"),
    ]);
    expect(tiptapToBlocks(null)).toEqual([]);
    expect(tiptapToBlocks("<p>x</p>")).toEqual([]);
  });

  it("gives the editor one empty paragraph for an empty body", () => {
    expect(blocksToTiptap([])).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
  });
});
