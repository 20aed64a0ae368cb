import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h, Suspense, use, type ReactNode } from "react";
import type {
  renderToPipeableStream as Stream,
  renderToString as ToString,
} from "react-dom/server";
import { describe, expect, it } from "vitest";

// React's server renderer is patched (patches/, docs/dependencies.md "Patches") to gather a
// page's markup as text and encode it once per 16K characters, instead of encoding each of its
// thousands of pieces on its own into a 4 KB buffer. The patch is in the production build, the
// one `npm start` runs; tests run with NODE_ENV=test, so it is loaded by its file here.
const require = createRequire(import.meta.url);
const builds = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const { renderToPipeableStream } = require(
  path.join(builds, "react-dom-server.node.production.js"),
) as { renderToPipeableStream: typeof Stream };
const { renderToString } = require(
  path.join(builds, "react-dom-server-legacy.node.production.js"),
) as { renderToString: typeof ToString };

/** Rendered to a stream as entry.server.tsx does: the bytes React wrote, write by write. */
function stream(tree: ReactNode, whenReady: "shell" | "all"): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const writes: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk);
        callback();
      },
      final(callback) {
        resolve(writes);
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(tree, {
      onShellReady: () => whenReady === "shell" && pipe(sink),
      onAllReady: () => whenReady === "all" && pipe(sink),
      onShellError: reject,
    });
  });
}

/** Text with characters of two, three and four bytes and everything the markup escapes. */
const line = (i: number) => `Giải thưởng "Vạn Xuân" ${i} — ắằẳẵặ 🌸 & <b>'`;

function page(rows: number, late?: ReactNode): ReactNode {
  const items = Array.from({ length: rows }, (_, i) =>
    h("li", { key: i, className: `row-${i}`, title: line(i) }, line(i)),
  );
  return h("html", null, h("body", null, h("ul", null, items), late));
}

describe("React's server renderer (patched)", () => {
  it("writes a page's markup exactly, multi-byte characters across every flush included", async () => {
    for (const rows of [0, 1, 97, 1000]) {
      const writes = await stream(page(rows), "all");
      expect(Buffer.concat(writes).toString("utf8")).toBe(
        `<!DOCTYPE html>${renderToString(page(rows))}`,
      );
      // Every write holds whole characters: each piece is valid UTF-8 on its own.
      for (const piece of writes) expect(Buffer.from(piece.toString("utf8"))).toEqual(piece);
    }
  });

  it("sends a page in writes of 16K characters, not of 4 KB", async () => {
    const writes = await stream(page(1000), "all");
    const html = Buffer.concat(writes).toString("utf8");
    expect(Buffer.byteLength(html)).toBeGreaterThan(100 * 1024);
    // Unpatched, React wrote one 4 KB buffer after another: more than 25 writes for this page.
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(html.length / 16384) + 1);
  });

  it("streams a part that comes later after the shell, whole and in order", async () => {
    let resolveLate: (text: string) => void = () => {};
    const lateText = new Promise<string>((resolve) => (resolveLate = resolve));
    // Returns text only: this file's React is the development build (NODE_ENV=test), which
    // cannot make elements inside the production renderer's render.
    function Late(): ReactNode {
      return use(lateText);
    }
    const tree = page(
      200,
      h(Suspense, { fallback: h("p", null, "…") }, h("p", { id: "late" }, h(Late))),
    );
    const rendered = stream(tree, "shell");
    setTimeout(() => resolveLate(`Kết quả đã công bố ${line(0)}`), 20);
    const html = Buffer.concat(await rendered).toString("utf8");
    const shellEnd = html.indexOf("<!--$?-->");
    expect(shellEnd).toBeGreaterThan(html.indexOf('title="Giải thưởng &quot;Vạn Xuân&quot; 199'));
    const late = html.indexOf(
      "Kết quả đã công bố Giải thưởng &quot;Vạn Xuân&quot; 0 — ắằẳẵặ 🌸 &amp; &lt;b&gt;&#x27;",
    );
    expect(late).toBeGreaterThan(shellEnd);
    expect(html).toMatch(/<\/script><\/body><\/html>$/);
  });
});
