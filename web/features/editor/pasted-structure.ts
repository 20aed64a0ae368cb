/**
 * Pasted HTML reshaped to what a body can hold before the editor parses it. Word and Google
 * Docs mark "Heading 1" as `<h1>` and deeper levels as `<h4>`–`<h6>`, which the editor (headings
 * of two levels, core/rich-text.ts) would otherwise turn into plain paragraphs; tables have no
 * block of their own, and their cells would run together into one line ("Ngày 1Mở đăng ký").
 */

/** `<h1>` becomes a heading, `<h4>`–`<h6>` sub-headings; each table row a paragraph. */
export function withEditorStructure(html: string): string {
  if (!/<(h[1456]|table)[\s>]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const heading of [...doc.querySelectorAll("h1, h4, h5, h6")]) {
    renameElement(heading, heading.tagName === "H1" ? "h2" : "h3");
  }
  // Innermost tables first: a table inside a cell is flattened before its row is read.
  for (const table of [...doc.querySelectorAll("table")].reverse()) {
    const rows = [...table.querySelectorAll("tr")].filter((row) => row.closest("table") === table);
    const paragraphs = rows
      .map((row) =>
        [...row.children]
          .filter((cell) => cell.tagName === "TD" || cell.tagName === "TH")
          .map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim())
          .filter((text) => text !== "")
          .join(" – "),
      )
      .filter((text) => text !== "")
      .map((text) => {
        const paragraph = doc.createElement("p");
        paragraph.textContent = text;
        return paragraph;
      });
    table.replaceWith(...paragraphs);
  }
  return doc.body.innerHTML;
}

/** The element as another tag, with its children (attributes are dropped: styles don't survive). */
function renameElement(element: Element, tag: string): void {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
}
