import { Transform, type Readable } from "node:stream";
import { matchRoutes, type ServerBuild } from "react-router";
import { CRITERIA_PDF_RULES } from "../core/content-admin";
import { NEWS_BODY_MAX_CHARS } from "../core/news-admin";
import { STATEMENT_UPLOAD_MAX_BYTES } from "../core/statement";
import { routeTreeOf } from "./route-tree";
import { LICENCE_FILE_RULES } from "../core/upload-rules";

/** What a page action accepts: its content types and how many bytes of body. */
export interface BodyRule {
  types: readonly BodyType[];
  maxBytes: number;
  /** The form carries a file: the body streams to the action (capped), never buffered here. */
  stream?: boolean;
}

export type BodyType = "form" | "multipart" | "json";

const KIB = 1024;
/** Room for the other fields and the multipart envelope around a file. */
const ENVELOPE = 64 * KIB;
/** A form as a browser posts it: every character may be percent-encoded UTF-8 (up to 9 bytes). */
const FORM: BodyRule = { types: ["form", "multipart"], maxBytes: 64 * KIB };
/** Back-office forms: two languages of longer texts (biographies, summaries). */
const STAFF_FORM: BodyRule = { types: ["form", "multipart"], maxBytes: 256 * KIB };
/** Rich-text bodies in both languages, fully percent-encoded. */
const RICH_TEXT_FORM: BodyRule = {
  types: ["form", "multipart"],
  maxBytes: 2 * NEWS_BODY_MAX_CHARS * 9 + ENVELOPE,
};

/** Page actions that differ from a small form, by route id without its language. */
const RULES: Record<string, BodyRule> = {
  registration: {
    types: ["form", "multipart"],
    maxBytes: LICENCE_FILE_RULES.maxBytes + ENVELOPE,
    stream: true,
  },
  // The account page's forms are small, but a company may send a new business licence.
  account: {
    types: ["form", "multipart"],
    maxBytes: LICENCE_FILE_RULES.maxBytes + ENVELOPE,
    stream: true,
  },
  "admin-content-documents": {
    types: ["form", "multipart"],
    maxBytes: CRITERIA_PDF_RULES.maxBytes + ENVELOPE,
    stream: true,
  },
  // A statement over its limit is still read, up to a bound, so its refusal keeps the columns.
  "admin-payments-statements": {
    types: ["form", "multipart"],
    maxBytes: STATEMENT_UPLOAD_MAX_BYTES + ENVELOPE,
    stream: true,
  },
  // The entry form saves and submits as JSON (fetchers with encType application/json).
  "submit-entry": { types: ["json"], maxBytes: 256 * KIB },
  "admin-news-new": RICH_TEXT_FORM,
  "admin-news-edit": RICH_TEXT_FORM,
  "admin-content-pages": RICH_TEXT_FORM,
};

export function bodyRuleFor(routeId: string): BodyRule {
  return RULES[routeId] ?? (routeId.startsWith("admin") ? STAFF_FORM : FORM);
}

/** The body type a Content-Type header names, or null for anything else (or a broken one). */
export function bodyTypeOf(contentType: string | undefined): BodyType | null {
  const [essence = "", ...params] = (contentType ?? "").split(";");
  switch (essence.trim().toLowerCase()) {
    case "application/x-www-form-urlencoded":
      return "form";
    case "application/json":
      return "json";
    case "multipart/form-data":
      // Without a boundary the parts cannot be found.
      return params.some((p) => /^\s*boundary=("?)[^"]{1,70}\1\s*$/i.test(p)) ? "multipart" : null;
    default:
      return null;
  }
}

export interface ActionRoute {
  id: string;
  hasAction: boolean;
}

const FOUND_ROUTES_KEPT = 2_000;

/**
 * The route whose action a POST to this path runs, as React Router picks it: the deepest
 * match, but an index route's parent unless `?index` is given; `<path>.data` is the same
 * route (single fetch). Null when nothing matches.
 */
export function createActionRouteFinder(build: ServerBuild) {
  const roots = routeTreeOf(build);

  // React Router flattens, ranks and compiles every route's pattern on each `matchRoutes`
  // call (hundreds of regular expressions): what a path finds is kept instead. Paths carry ids,
  // so the memo is emptied when it reaches its bound rather than growing with every address.
  const found = new Map<string, ActionRoute | null>();
  const find = (pathname: string, index: boolean): ActionRoute | null => {
    const matches = matchRoutes(roots, pathname) ?? [];
    let target = matches.at(-1);
    if (target?.route.index && !index) target = matches.at(-2);
    const id = target?.route.id;
    if (!id) return null;
    const module = build.routes[id]?.module as { action?: unknown } | undefined;
    return { id, hasAction: typeof module?.action === "function" };
  };

  return (url: URL): ActionRoute | null => {
    let pathname = url.pathname;
    if (pathname.endsWith("/_root.data"))
      pathname = pathname.slice(0, -"/_root.data".length) || "/";
    else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
    const index = url.searchParams.has("index");
    const key = `${index ? "index " : ""}${pathname}`;
    let route = found.get(key);
    if (route === undefined) {
      route = find(pathname, index);
      if (found.size >= FOUND_ROUTES_KEPT) found.clear();
      found.set(key, route);
    }
    return route;
  };
}

export class BodyTooLarge extends Error {
  constructor() {
    super("request body too large");
  }
}

export class ClientLeft extends Error {
  constructor() {
    super("the client closed the request before its body ended");
  }
}

/** Reads a body of at most `maxBytes`; more (or a client that leaves) rejects. */
export function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  if (stream.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      stream.off("data", onData).off("end", onEnd).off("error", done).off("close", onClose);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Stop reading; the caller answers 413 and closes the connection.
        stream.pause();
        done(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks, size));
    };
    const onClose = () => done(new ClientLeft());
    stream.on("data", onData).once("end", onEnd).once("error", done).once("close", onClose);
  });
}

/** The body passed through unchanged until it passes `maxBytes`, then an error. */
export function cappedStream(stream: Readable, maxBytes: number): Readable {
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new BodyTooLarge());
      else callback(null, chunk);
    },
  });
  stream.on("error", (error) => cap.destroy(error));
  return stream.pipe(cap);
}

/** Whether a buffered body parses as its type claims (a JSON object; multipart parts). */
export async function bodyParses(type: BodyType, contentType: string, body: Buffer) {
  if (type === "json") {
    try {
      const value: unknown = JSON.parse(body.toString("utf8"));
      return typeof value === "object" && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }
  if (type === "multipart") {
    try {
      await new Response(bytesOf(body), { headers: { "content-type": contentType } }).formData();
      return true;
    } catch {
      return false;
    }
  }
  return true;
}

/** A Buffer's bytes as the Fetch API takes them (no copy). */
export function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
