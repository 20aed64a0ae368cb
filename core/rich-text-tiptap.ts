import { sanitizeBlocks, type Block, type Inline } from "./rich-text";
import { parseVideoLink } from "./video-link";

/**
 * The editor's document (TipTap / ProseMirror JSON) ↔ stored rich-text blocks. Only what the
 * blocks can hold survives: headings (2–3), paragraphs with bold/italic/links, lists, quotes,
 * images and video embeds; everything else is flattened to text or dropped. The result of
 * `tiptapToBlocks` always goes through `sanitizeBlocks`, the one allow-list.
 */
export interface TiptapMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface TiptapNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: TiptapNode[];
  marks?: TiptapMark[];
  text?: string;
}

/** The custom node of the editor that holds a YouTube/Vimeo video. */
export const VIDEO_NODE = "videoEmbed";

function inlinesOf(nodes: TiptapNode[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes ?? []) {
    if (node.type === "hardBreak") {
      out.push({ type: "text", text: " " });
      continue;
    }
    if (node.type !== "text" || typeof node.text !== "string" || node.text === "") continue;
    const marks = node.marks ?? [];
    const link = marks.find((m) => m.type === "link");
    if (link && typeof link.attrs?.href === "string") {
      out.push({ type: "link", text: node.text, href: link.attrs.href });
      continue;
    }
    const bold = marks.some((m) => m.type === "bold");
    const italic = marks.some((m) => m.type === "italic");
    out.push({
      type: "text",
      text: node.text,
      ...(bold ? { bold: true } : {}),
      ...(italic ? { italic: true } : {}),
    });
  }
  return mergeInlines(out);
}

/** Neighbouring runs with the same formatting become one (smaller bodies, stable round trips). */
function mergeInlines(items: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (
      last &&
      last.type === "text" &&
      item.type === "text" &&
      Boolean(last.bold) === Boolean(item.bold) &&
      Boolean(last.italic) === Boolean(item.italic)
    ) {
      out[out.length - 1] = { ...last, text: last.text + item.text };
    } else if (last && last.type === "link" && item.type === "link" && last.href === item.href) {
      out[out.length - 1] = { ...last, text: last.text + item.text };
    } else {
      out.push(item);
    }
  }
  return out;
}

function plainText(node: TiptapNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return " ";
  return (node.content ?? []).map(plainText).join(node.type === "doc" ? "\n" : "");
}

/** Inline content of a list item: its paragraphs joined; nested lists become more items. */
function listItems(list: TiptapNode): Inline[][] {
  const items: Inline[][] = [];
  for (const item of list.content ?? []) {
    const own: Inline[] = [];
    const nested: Inline[][] = [];
    for (const child of item.content ?? []) {
      if (child.type === "bulletList" || child.type === "orderedList") {
        nested.push(...listItems(child));
      } else {
        if (own.length > 0) own.push({ type: "text", text: " " });
        own.push(...inlinesOf(child.content));
      }
    }
    if (own.length > 0) items.push(mergeInlines(own));
    items.push(...nested);
  }
  return items;
}

function numberAttr(value: unknown): number | undefined {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : undefined;
}

function blocksOf(nodes: TiptapNode[] | undefined, out: unknown[]): void {
  for (const node of nodes ?? []) {
    switch (node.type) {
      case "heading": {
        const text = plainText(node).trim();
        const level = Number(node.attrs?.level ?? 2);
        out.push(level >= 3 ? { type: "heading", text, level: 3 } : { type: "heading", text });
        break;
      }
      case "paragraph":
        out.push({ type: "paragraph", children: inlinesOf(node.content) });
        break;
      case "bulletList":
      case "orderedList":
        out.push({ type: "list", ordered: node.type === "orderedList", items: listItems(node) });
        break;
      case "blockquote":
        out.push({
          type: "quote",
          text: (node.content ?? [])
            .map(plainText)
            .filter((t) => t.trim() !== "")
            .join("\n"),
        });
        break;
      case "image":
        out.push({
          type: "image",
          src: node.attrs?.src,
          alt: typeof node.attrs?.alt === "string" ? node.attrs.alt : "",
          width: numberAttr(node.attrs?.width),
          height: numberAttr(node.attrs?.height),
          srcset: node.attrs?.srcset,
        });
        break;
      case VIDEO_NODE:
        out.push({ type: "video", url: node.attrs?.src });
        break;
      case "codeBlock":
        out.push({ type: "paragraph", children: [{ type: "text", text: plainText(node) }] });
        break;
      case "horizontalRule":
        break;
      default:
        // Unknown containers: keep what they hold.
        if (node.content) blocksOf(node.content, out);
    }
  }
}

/** The editor's document as allow-listed blocks (never trust the browser: the server runs this too). */
export function tiptapToBlocks(doc: unknown): Block[] {
  if (!doc || typeof doc !== "object") return [];
  const root = doc as TiptapNode;
  const out: unknown[] = [];
  blocksOf(Array.isArray(root.content) ? root.content : [], out);
  return sanitizeBlocks(out);
}

function inlineNodes(items: Inline[]): TiptapNode[] {
  return items.map((item) => {
    if (item.type === "link") {
      return {
        type: "text",
        text: item.text,
        marks: [{ type: "link", attrs: { href: item.href } }],
      };
    }
    const marks: TiptapMark[] = [];
    if (item.bold) marks.push({ type: "bold" });
    if (item.italic) marks.push({ type: "italic" });
    return marks.length > 0
      ? { type: "text", text: item.text, marks }
      : { type: "text", text: item.text };
  });
}

const paragraph = (items: Inline[]): TiptapNode =>
  items.length > 0 ? { type: "paragraph", content: inlineNodes(items) } : { type: "paragraph" };

/** Stored blocks as the editor's document (an empty body is one empty paragraph). */
export function blocksToTiptap(blocks: Block[]): TiptapNode {
  const content: TiptapNode[] = sanitizeBlocks(blocks).map((block): TiptapNode => {
    switch (block.type) {
      case "heading":
        return {
          type: "heading",
          attrs: { level: block.level ?? 2 },
          content: [{ type: "text", text: block.text }],
        };
      case "paragraph":
        return paragraph(block.children);
      case "list":
        return {
          type: block.ordered ? "orderedList" : "bulletList",
          content: block.items.map((item) => ({ type: "listItem", content: [paragraph(item)] })),
        };
      case "quote":
        return {
          type: "blockquote",
          content: block.text
            .split("\n")
            .map((line) => paragraph(line ? [{ type: "text", text: line }] : [])),
        };
      case "image":
        return {
          type: "image",
          attrs: {
            src: block.src,
            alt: block.alt,
            width: block.width ?? null,
            height: block.height ?? null,
            srcset: block.srcset ?? null,
          },
        };
      case "video": {
        const video = parseVideoLink(block.url);
        return { type: VIDEO_NODE, attrs: { src: video?.canonicalUrl ?? block.url } };
      }
    }
  });
  return { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] };
}
