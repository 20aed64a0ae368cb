import { parseVideoLink } from "./video-link";

/**
 * Rich text as stored and rendered: a list of typed blocks, never HTML. Whatever arrives
 * (an editor, an import, a tampered row) goes through `sanitizeBlocks`, an allow-list that
 * keeps only these shapes, plain strings and safe link targets; pages render the result as
 * React elements, so no markup from content ever reaches the document.
 */
export type Inline =
  | { type: "text"; text: string; bold?: boolean; italic?: boolean }
  | { type: "link"; text: string; href: string };

/** An uploaded picture: same-site addresses only (`/media/…`), with its size and variants. */
export interface ImageBlock {
  type: "image";
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** Same-site candidates with width descriptors: `/media/x/w480.webp 480w, …`. */
  srcset?: string;
}

export type Block =
  /** A section heading; `level: 3` is a sub-heading (absent = a main heading). */
  | { type: "heading"; text: string; level?: 3 }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "quote"; text: string }
  | ImageBlock
  /** A YouTube or Vimeo video, by its canonical address (core/video-link.ts). */
  | { type: "video"; url: string };

const MAX_TEXT = 20_000;
const MAX_BLOCKS = 500;

/** http(s), mailto and same-site paths; anything else (javascript:, data:, //host) is dropped. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const href = value.trim();
  if (/^\/(?!\/)[^\s\\]*$/.test(href)) return href;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:"
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const SAME_SITE_PATH = /^\/(?!\/)[A-Za-z0-9._~/%-]+$/;

/** An image address a page may show: a same-site path without query or tricks; else null. */
export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const src = value.trim();
  return src.length <= 500 && SAME_SITE_PATH.test(src) && !src.includes("..") ? src : null;
}

/** A `srcset` whose every candidate is a safe same-site path with a width (`480w`); else null. */
export function safeSrcset(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  const candidates = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (candidates.length === 0) return null;
  const clean: string[] = [];
  for (const candidate of candidates) {
    const [url, descriptor, extra] = candidate.split(/\s+/);
    if (extra !== undefined || !descriptor || !/^\d{1,5}w$/.test(descriptor)) return null;
    const src = safeImageSrc(url);
    if (!src) return null;
    clean.push(`${src} ${descriptor}`);
  }
  return clean.join(", ");
}

function dimension(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 20_000
    ? value
    : undefined;
}

function cleanText(value: unknown): string {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : "";
}

function sanitizeInlines(value: unknown): Inline[] {
  if (!Array.isArray(value)) return [];
  const out: Inline[] = [];
  for (const raw of value) {
    if (typeof raw === "string") {
      if (raw) out.push({ type: "text", text: cleanText(raw) });
      continue;
    }
    if (!raw || typeof raw !== "object") continue;
    const node = raw as Record<string, unknown>;
    const text = cleanText(node.text);
    if (!text) continue;
    if (node.type === "link") {
      const href = safeHref(node.href);
      out.push(href ? { type: "link", text, href } : { type: "text", text });
    } else if (node.type === "text") {
      out.push({
        type: "text",
        text,
        ...(node.bold === true ? { bold: true } : {}),
        ...(node.italic === true ? { italic: true } : {}),
      });
    }
  }
  return out;
}

/** Keeps only the allowed block shapes from untrusted input. */
export function sanitizeBlocks(value: unknown): Block[] {
  if (!Array.isArray(value)) return [];
  const out: Block[] = [];
  for (const raw of value.slice(0, MAX_BLOCKS)) {
    if (!raw || typeof raw !== "object") continue;
    const node = raw as Record<string, unknown>;
    switch (node.type) {
      case "heading": {
        const text = cleanText(node.text);
        if (text)
          out.push(
            node.level === 3 ? { type: "heading", text, level: 3 } : { type: "heading", text },
          );
        break;
      }
      case "quote": {
        const text = cleanText(node.text);
        if (text) out.push({ type: "quote", text });
        break;
      }
      case "image": {
        const src = safeImageSrc(node.src);
        if (!src) break;
        const width = dimension(node.width);
        const height = dimension(node.height);
        const srcset = safeSrcset(node.srcset);
        out.push({
          type: "image",
          src,
          alt: cleanText(node.alt).slice(0, 500),
          ...(width && height ? { width, height } : {}),
          ...(srcset ? { srcset } : {}),
        });
        break;
      }
      case "video": {
        const video = typeof node.url === "string" ? parseVideoLink(node.url) : null;
        if (video) out.push({ type: "video", url: video.canonicalUrl });
        break;
      }
      case "paragraph": {
        const children = sanitizeInlines(node.children);
        if (children.length) out.push({ type: "paragraph", children });
        break;
      }
      case "list": {
        const items = Array.isArray(node.items)
          ? node.items.map(sanitizeInlines).filter((item) => item.length > 0)
          : [];
        if (items.length) out.push({ type: "list", ordered: node.ordered === true, items });
        break;
      }
    }
  }
  return out;
}

/** A stored body (JSON text) as blocks; unreadable or empty input is an empty body. */
export function parseStoredBlocks(stored: string | null | undefined): Block[] {
  if (!stored) return [];
  try {
    return sanitizeBlocks(JSON.parse(stored));
  } catch {
    return [];
  }
}

/** Plain text of a body, for descriptions and search. */
export function blocksToText(blocks: Block[]): string {
  const inline = (items: Inline[]) => items.map((i) => i.text).join("");
  return blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
        case "quote":
          return block.text;
        case "paragraph":
          return inline(block.children);
        case "list":
          return block.items.map(inline).join(" ");
        case "image":
          return block.alt;
        case "video":
          return "";
      }
    })
    .join(" ");
}

/** Shorthand for authoring bodies in code (demo content, tests). */
export const rt = {
  h: (text: string): Block => ({ type: "heading", text }),
  p: (...children: (string | Inline)[]): Block => ({
    type: "paragraph",
    children: children.map((c) => (typeof c === "string" ? { type: "text", text: c } : c)),
  }),
  ul: (...items: string[]): Block => ({
    type: "list",
    ordered: false,
    items: items.map((text) => [{ type: "text", text }]),
  }),
  ol: (...items: string[]): Block => ({
    type: "list",
    ordered: true,
    items: items.map((text) => [{ type: "text", text }]),
  }),
  quote: (text: string): Block => ({ type: "quote", text }),
  link: (text: string, href: string): Inline => ({ type: "link", text, href }),
  b: (text: string): Inline => ({ type: "text", text, bold: true }),
  i: (text: string): Inline => ({ type: "text", text, italic: true }),
  h3: (text: string): Block => ({ type: "heading", text, level: 3 }),
  img: (src: string, alt: string, width?: number, height?: number): Block => ({
    type: "image",
    src,
    alt,
    ...(width && height ? { width, height } : {}),
  }),
  video: (url: string): Block => ({ type: "video", url }),
};
