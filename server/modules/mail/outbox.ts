import type { Lang } from "../../../core/languages";
import type { OutboxFiles } from "./outbox-files";

/**
 * The outbox: with no SMTP server configured, each message is two files in the outbox
 * (`OutboxFiles`: a folder, or the shared storage), `<id>.eml` (the complete RFC 822 message)
 * and `<id>.json` (an `OutboxEntry`), where the id starts with the send time, so ids sort
 * oldest to newest. The back office lists the small JSON files and opens one `.eml` on demand.
 */
export interface OutboxEntry {
  /** `2026-05-01T08-30-00.123Z-1a2b3c4d5e6f`: ISO time (":" → "-", file-name safe) + random. */
  id: string;
  /** The Message-ID header, `<id@domain>`. */
  messageId: string;
  to: string;
  from: string;
  subject: string;
  template: string | null;
  lang: Lang | null;
  createdAt: string;
  /** Bytes: the whole message, and its HTML and plain-text bodies before encoding. */
  sizes: { eml: number; html: number; text: number };
}

export interface OutboxMessage extends OutboxEntry {
  text: string;
  html: string;
}

export interface OutboxPage {
  items: OutboxEntry[];
  total: number;
  page: number;
  pageSize: number;
}

const OUTBOX_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{12}$/;
export const MAX_OUTBOX_PAGE_SIZE = 100;

/** Only ids of our own shape name a file: no separators, no dots before the extension. */
export function isOutboxId(value: unknown): value is string {
  return typeof value === "string" && OUTBOX_ID.test(value);
}

export function outboxIdFor(date: Date, random: string): string {
  return `${date.toISOString().replace(/:/g, "-")}-${random}`;
}

/** Newest first. `page` counts from 1; out-of-range values are clamped, never an error. */
export async function listOutbox(
  outbox: OutboxFiles,
  options: { page?: number; pageSize?: number } = {},
): Promise<OutboxPage> {
  const pageSize = clamp(options.pageSize ?? 20, 1, MAX_OUTBOX_PAGE_SIZE);
  const page = clamp(options.page ?? 1, 1, Number.MAX_SAFE_INTEGER);
  const ids = (await outbox.summaryIds()).filter(isOutboxId).sort().reverse();
  const slice = ids.slice((page - 1) * pageSize, page * pageSize);
  const entries = await Promise.all(slice.map((id) => readEntry(outbox, id)));
  return {
    items: entries.filter((entry): entry is OutboxEntry => entry !== null),
    total: ids.length,
    page,
    pageSize,
  };
}

/** One message with its decoded bodies for display; null for an unknown or malformed id. */
export async function readOutboxMessage(
  outbox: OutboxFiles,
  id: string,
): Promise<OutboxMessage | null> {
  if (!isOutboxId(id)) return null;
  const entry = await readEntry(outbox, id);
  if (!entry) return null;
  const raw = await outbox.read(id, "eml");
  if (!raw) return null;
  const bodies = parseMimeBodies(raw);
  return { ...entry, text: bodies.text ?? "", html: bodies.html ?? "" };
}

async function readEntry(outbox: OutboxFiles, id: string): Promise<OutboxEntry | null> {
  // Missing (deleted meanwhile) or unreadable (hand-edited): left out rather than failing the page.
  const raw = await outbox.read(id, "json");
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw.toString("utf8")) as OutboxEntry;
    return entry.id === id ? entry : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

// ---------------------------------------------------------------------------------------------
// Reading back the bodies of a message nodemailer composed (the parser library is a test-only
// dependency): headers, nested multiparts, quoted-printable/base64, charset.

interface MimeBodies {
  text?: string;
  html?: string;
}

export function parseMimeBodies(raw: Buffer): MimeBodies {
  const found: MimeBodies = {};
  walk(raw.toString("latin1"), found);
  return found;
}

function walk(part: string, found: MimeBodies): void {
  const split = /\r?\n\r?\n/.exec(part);
  const head = split ? part.slice(0, split.index) : part;
  const body = split ? part.slice(split.index + split[0].length) : "";
  const headers = parseHeaders(head);
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();

  if (type.startsWith("multipart/")) {
    const boundary = param(contentType, "boundary");
    if (!boundary) return;
    const delimiter = `--${boundary}`;
    const sections = body.split(new RegExp(`\\r?\\n?${escapeRegExp(delimiter)}`));
    // sections[0] is the preamble; a section starting with "--" is the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      walk(section.replace(/^[ \t]*\r?\n/, ""), found);
    }
    return;
  }
  if (/^attachment/i.test(headers.get("content-disposition") ?? "")) return;
  const key = type === "text/html" ? "html" : type === "text/plain" ? "text" : null;
  if (!key || found[key] !== undefined) return;
  const bytes = decodeTransfer(body, headers.get("content-transfer-encoding") ?? "7bit");
  const charset = param(contentType, "charset") ?? "utf-8";
  let decoded: string;
  try {
    decoded = new TextDecoder(charset).decode(bytes);
  } catch {
    decoded = new TextDecoder("utf-8").decode(bytes);
  }
  found[key] = decoded.replace(/\r\n/g, "\n");
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function param(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/[ \t]+(?=\r?\n)/g, "")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
            String.fromCharCode(parseInt(hex, 16)),
          ),
        "latin1",
      );
    default:
      return Buffer.from(body, "latin1");
  }
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
