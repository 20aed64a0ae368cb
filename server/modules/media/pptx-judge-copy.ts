import { createRequire } from "node:module";
import { unzipSync } from "fflate";
import { runCleaningWorker, type JudgeCopyProblem } from "./cleaning-worker";
import { withoutJpegMetadata } from "./jpeg-metadata";
import { withoutPngMetadata } from "./png-metadata";

/**
 * A PowerPoint deck as judges get it (PRODUCT §4, blind judging): the same slides, layouts,
 * masters, notes, themes and pictures without what names who made it — the document properties
 * (author, last editor, company, manager, custom properties), every comment with its authors
 * (legacy and modern), the metadata inside pictures (JPEG Exif, XMP, IPTC and comments; PNG
 * text and Exif chunks) and the SharePoint properties kept in `customXml` (who shared the deck).
 * Office documents embedded in the deck (a chart's workbook, a pasted Word document or deck) are
 * zips of their own: they get the same cleaning, and their comments' and tracked changes'
 * authors lose their names, a workbook the folder it was saved in and who reserved it, a
 * document the path of its template. Parts that need no change keep their exact bytes; the zips are
 * written anew, so the archives' comments, entries' comments and extra fields and their times
 * are gone.
 *
 * Inflating and deflating run in a worker thread (fflate's async `unzip` inflates pictures on
 * the calling thread, half a second for a 50 MB deck of photos); the edits in between are text
 * and marker walks. A password-protected deck is not a zip but an OLE compound file: refused.
 */

export type CleanedPptx =
  { ok: true; bytes: Uint8Array } | { ok: false; problem: JudgeCopyProblem };

/**
 * More bytes than this unpacked (as the zips declare them, the deck's and its embedded packages'
 * together) is a zip bomb, not a deck.
 */
export const PPTX_MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
/**
 * More entries than this, counted the same way, is not a deck either (a large one has a few
 * thousand).
 */
export const PPTX_MAX_ENTRIES = 10_000;
/** The worker's JavaScript heap: the parts themselves are typed arrays, outside it. */
const WORKER_HEAP_MB = 64;

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const CONTENT_TYPES = "[Content_Types].xml";
const PRESENTATION = "ppt/presentation.xml";

const CORE_PROPERTIES = "application/vnd.openxmlformats-package.core-properties+xml";
const APP_PROPERTIES = "application/vnd.openxmlformats-officedocument.extended-properties+xml";
const CUSTOM_PROPERTIES = "application/vnd.openxmlformats-officedocument.custom-properties+xml";
const COMMENT_TYPES = new Set([
  "application/vnd.openxmlformats-officedocument.presentationml.comments+xml",
  "application/vnd.openxmlformats-officedocument.presentationml.commentauthors+xml",
  "application/vnd.ms-powerpoint.comments+xml",
  "application/vnd.ms-powerpoint.authors+xml",
]);
/** Where PowerPoint, LibreOffice and Keynote put comments and their authors. */
const COMMENT_PART = /^ppt\/(?:commentAuthors\.xml|authors\.xml|comments\/)/i;

const EMPTY_CORE_PROPERTIES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
  ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
  ' xmlns:dcmitype="http://purl.org/dc/dcmitype/"' +
  ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>';
const EMPTY_CUSTOM_PROPERTIES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
  '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"' +
  ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"/>';
/**
 * The extended properties that name people or the company, or the template the deck began as
 * (often the agency's own); the rest are counts, the application and titles.
 */
const NAMING_APP_PROPERTIES = "Company|Manager|HyperlinkBase|Template";
/** The slide extension through which a modern comments part is shown (MS-PPTX commentRel). */
const COMMENT_LINK_URI = "{6950BFC3-D8DA-4A85-94F7-54DA5524770B}";

/**
 * Office documents embedded in the deck, zips of their own, cleaned one level deep (what they
 * embed in turn is left as it is). OLE objects (`oleObject*.bin`, compound files) are left as
 * they are too: the document they wrap is not reachable without an OLE reader.
 */
const EMBEDDED_PACKAGE = /^ppt\/embeddings\/[^/]+\.(?:xlsx|xlsm|docx|docm|pptx|pptm|sldx)$/i;
/** Already compressed: stored as they are, deflating them again would only cost time. */
const COMPRESSED =
  /\.(?:jpe?g|png|gif|webp|mp4|m4v|mov|wmv|wma|mp3|m4a|docx|docm|xlsx|xlsm|pptx|pptm|sldx)$/i;

/** Data parts a document keeps for its server: SharePoint's hold who it is shared with. */
const CUSTOM_XML_ITEM = /^customXml\/item\d+\.xml$/i;
const SHAREPOINT_PROPERTIES = "http://schemas.microsoft.com/office/2006/metadata/properties";
/** A workbook's legacy comments list their authors by name; its threaded comments, persons. */
const WORKBOOK_COMMENTS =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml";
const WORKBOOK_COMMENTS_PART = /^xl\/comments[^/]*\.xml$/i;
const WORKBOOK_PERSONS = "application/vnd.ms-excel.person+xml";
const WORKBOOK_PERSONS_PART = /^xl\/persons\/[^/]+\.xml$/i;
/** The author of a threaded comment's legacy copy is the comment's id, which Excel links by. */
const THREADED_COMMENT_AUTHOR = /^tc=\{[\da-f-]+\}$/i;
/**
 * A workbook's main part: Excel keeps the folder it was last saved in (`x15ac:absPath`, a path
 * through the user's home and the agency's folders) and who reserved it (`fileSharing`).
 */
const WORKBOOK_MAIN_PART = /^xl\/workbook\.xml$/i;
/**
 * A document's link to the template it began from: an external relationship whose target is
 * the template's path on the author's disk (`file:///C:\Users\<name>\…`).
 */
const ATTACHED_TEMPLATE = /\/attachedTemplate$/;
const RELATIONSHIPS_PART = /(?:^|\/)_rels\/[^/]*\.rels$/i;
/** Word's parts: comments and tracked changes name their authors, people.xml their accounts. */
const WORD_PART = /^word\/.+\.xml$/i;

const LIBRARY = createRequire(import.meta.url).resolve("fflate");

// CommonJS run by the worker: unpacks zips into their [name, bytes] pairs (null for one fflate
// cannot read), or packs entries (ZipEntry) into a zip, an embedded package's entries into a zip
// of their own first.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { unzipSync, zipSync } = require(workerData.library);
// Every entry's time: the DOS epoch in local time is the same bytes in any time zone.
const MTIME = new Date(1980, 0, 1);
function unpack(zip) {
  try {
    return Object.entries(unzipSync(zip));
  } catch {
    return null;
  }
}
function pack(entries) {
  const files = {};
  for (const [name, content, level] of entries) {
    files[name] = [Array.isArray(content) ? pack(content) : content, { level }];
  }
  return zipSync(files, { mtime: MTIME });
}
try {
  if (workerData.unpack) {
    const zips = workerData.unpack.map(unpack);
    const parts = zips.flatMap((zip) => zip ?? []);
    parentPort.postMessage({ result: zips }, [...new Set(parts.map(([, part]) => part.buffer))]);
  } else {
    const zip = pack(workerData.pack);
    parentPort.postMessage({ result: zip }, [zip.buffer]);
  }
} catch {
  parentPort.postMessage({ result: null });
}
`;

type Parts = Map<string, Uint8Array>;
/** A zip's parts as the worker unpacks them. */
type UnpackedZip = [name: string, part: Uint8Array][];
/** An entry to zip: its bytes, or an embedded package's own entries; deflate level 0 stores. */
type ZipEntry = [name: string, content: Uint8Array | ZipEntry[], level: number];

/**
 * The judges' copy of a PPTX's bytes, or why there is none. `bytes` is left as it was (the
 * worker gets a copy).
 */
export async function cleanPptxForJudges(bytes: Uint8Array): Promise<CleanedPptx> {
  if (OLE_SIGNATURE.every((byte, i) => bytes[i] === byte)) return refused("encrypted");
  const declared: Declared = { entries: 0, bytes: 0 };
  const listed = listEntries(bytes, declared);
  if (!listed.ok) return listed;
  const names = [...new Set(listed.names)];
  if (!names.includes(CONTENT_TYPES) || !names.includes(PRESENTATION)) return refused("unreadable");
  const unpacked = await inWorker<(UnpackedZip | null)[]>({ unpack: [bytes] }, []);
  if (!unpacked.ok) return unpacked;
  const parts = partsInOrder(names, unpacked.value[0]);
  if (!parts) return refused("unreadable");
  const cleaned = cleanPackage(parts);
  const embedded = await unpackEmbeddedPackages(cleaned, declared);
  if (!embedded.ok) return embedded;
  const entries = zipEntries(cleaned, embedded.value);
  const packed = await inWorker<Uint8Array>({ pack: entries }, buffersOf(entries));
  return packed.ok ? { ok: true, bytes: packed.value } : packed;
}

function refused(problem: JudgeCopyProblem): CleanedPptx {
  return { ok: false, problem };
}

const TOO_COMPLEX = new Error("too many entries or bytes");

/** The entries and unpacked bytes the deck's zip and its embedded packages' zips declare. */
interface Declared {
  entries: number;
  bytes: number;
}

/**
 * The zip's entry names in order, read from its central directory without inflating anything:
 * the declared sizes and the count, added to `declared` when the zip reads, decide whether it
 * is unpacked at all.
 */
function listEntries(
  bytes: Uint8Array,
  declared: Declared,
): { ok: true; names: string[] } | { ok: false; problem: JudgeCopyProblem } {
  const names: string[] = [];
  let unpackedBytes = declared.bytes;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        unpackedBytes += entry.originalSize;
        // Thrown to stop reading a directory already too big: it may list millions of entries.
        if (
          declared.entries + names.length > PPTX_MAX_ENTRIES ||
          unpackedBytes > PPTX_MAX_UNPACKED_BYTES
        ) {
          throw TOO_COMPLEX;
        }
        return false;
      },
    });
  } catch (error) {
    return { ok: false, problem: error === TOO_COMPLEX ? "tooComplex" : "unreadable" };
  }
  declared.entries += names.length;
  declared.bytes = unpackedBytes;
  return { ok: true, names };
}

/**
 * The unpacked parts in the listed order, or null when the zip did not unpack or a part is
 * missing: one that fflate's object of parts cannot hold ("__proto__").
 */
function partsInOrder(names: string[], unpacked: UnpackedZip | null | undefined): Parts | null {
  if (!unpacked) return null;
  const byName = new Map(unpacked);
  const parts: Parts = new Map();
  for (const name of names) {
    const part = byName.get(name);
    if (!part) return null;
    parts.set(name, part);
  }
  return parts;
}

/**
 * The deck's embedded Office packages, unpacked, by part name. One that does not unzip is left
 * out (and so left as it is); one declaring more than the deck's limits leave refuses the deck.
 */
async function unpackEmbeddedPackages(
  deck: Parts,
  declared: Declared,
): Promise<WorkerOutcome<Map<string, Parts>>> {
  const listed: { name: string; zip: Uint8Array; names: string[] }[] = [];
  for (const [name, zip] of deck) {
    if (!EMBEDDED_PACKAGE.test(name)) continue;
    const entries = listEntries(zip, declared);
    if (entries.ok) listed.push({ name, zip, names: [...new Set(entries.names)] });
    else if (entries.problem === "tooComplex") return entries;
  }
  const packages = new Map<string, Parts>();
  if (listed.length === 0) return { ok: true, value: packages };
  const unpacked = await inWorker<(UnpackedZip | null)[]>(
    { unpack: listed.map(({ zip }) => zip) },
    [],
  );
  if (!unpacked.ok) return unpacked;
  listed.forEach(({ name, names }, i) => {
    const parts = partsInOrder(names, unpacked.value[i]);
    if (parts) packages.set(name, parts);
  });
  return { ok: true, value: packages };
}

/** The parts as the worker zips them, each embedded package in `packages` cleaned and zipped. */
function zipEntries(parts: Parts, packages = new Map<string, Parts>()): ZipEntry[] {
  return [...parts].map(([name, part]) => {
    const embedded = packages.get(name);
    const content = embedded ? zipEntries(cleanPackage(embedded)) : part;
    return [name, content, COMPRESSED.test(name) ? 0 : 6];
  });
}

/** Every buffer the entries' bytes live in, once each (a buffer is transferred once). */
function buffersOf(entries: ZipEntry[]): ArrayBuffer[] {
  const buffers = entries.flatMap(([, content]) =>
    Array.isArray(content) ? buffersOf(content) : [content.buffer as ArrayBuffer],
  );
  return [...new Set(buffers)];
}

type WorkerOutcome<T> = { ok: true; value: T } | { ok: false; problem: JudgeCopyProblem };

/** Unpacks or packs in a worker; the buffers in `transfer` are handed over, not copied. */
async function inWorker<T>(
  work: { unpack: Uint8Array[] } | { pack: ZipEntry[] },
  transfer: ArrayBuffer[],
): Promise<WorkerOutcome<T>> {
  const outcome = await runCleaningWorker<{ result: T | null }>({
    name: "PPTX",
    source: WORKER_SOURCE,
    workerData: { library: LIBRARY, ...work },
    transferList: transfer,
    heapMb: WORKER_HEAP_MB,
  });
  if (!outcome.ok) return outcome;
  return outcome.message.result === null
    ? { ok: false, problem: "unreadable" }
    : { ok: true, value: outcome.message.result };
}

/** The package's parts without comments and naming metadata, in the same order. */
function cleanPackage(parts: Parts): Parts {
  const types = contentTypes(parts.get(CONTENT_TYPES));
  const typeOf = (name: string) => types.get(partKey(name));
  const removed = new Set<string>();
  for (const name of parts.keys()) {
    if (COMMENT_PART.test(name) || COMMENT_TYPES.has(typeOf(name)?.toLowerCase() ?? "")) {
      removed.add(partKey(name));
      removed.add(partKey(relationshipsPartOf(name)));
    }
  }
  const kept = new Map([...parts].filter(([name]) => !removed.has(partKey(name))));
  unlinkRemovedParts(kept, removed);
  for (const [name, part] of kept) kept.set(name, cleanPart(name, typeOf(name), part, kept));
  return kept;
}

function cleanPart(
  name: string,
  type: string | undefined,
  part: Uint8Array,
  kept: Map<string, Uint8Array>,
): Uint8Array {
  if (name === CONTENT_TYPES) return withoutOverridesOfMissingParts(part, kept);
  if (type === CORE_PROPERTIES || name === "docProps/core.xml") {
    return new TextEncoder().encode(EMPTY_CORE_PROPERTIES);
  }
  if (type === CUSTOM_PROPERTIES || name === "docProps/custom.xml") {
    return new TextEncoder().encode(EMPTY_CUSTOM_PROPERTIES);
  }
  if (type === APP_PROPERTIES || name === "docProps/app.xml") {
    return editXml(part, (text) => text.replace(elements(NAMING_APP_PROPERTIES), ""));
  }
  if (CUSTOM_XML_ITEM.test(name)) return editXml(part, withoutPeopleInCustomXml);
  if (type === WORKBOOK_COMMENTS || WORKBOOK_COMMENTS_PART.test(name)) {
    return editXml(part, withoutCommentAuthors);
  }
  if (type === WORKBOOK_PERSONS || WORKBOOK_PERSONS_PART.test(name)) {
    return editXml(part, (text) =>
      withBlankAttributes(text, ["displayName", "userId", "providerId"]),
    );
  }
  if (RELATIONSHIPS_PART.test(name)) {
    return editXml(part, (text) =>
      text.replace(elements("Relationship"), (element) =>
        ATTACHED_TEMPLATE.test(attribute(element, "Type") ?? "") &&
        attribute(element, "TargetMode") === "External"
          ? withBlankAttributes(element, ["Target"])
          : element,
      ),
    );
  }
  if (WORKBOOK_MAIN_PART.test(name)) {
    return editXml(part, (text) =>
      withBlankAttributes(
        text.replace(elements("absPath"), (element) => withBlankAttributes(element, ["url"])),
        ["userName"],
      ),
    );
  }
  if (WORD_PART.test(name)) {
    return editXml(part, (text) =>
      withBlankAttributes(text, ["author", "initials", "userId", "providerId"]),
    );
  }
  // A picture loses its metadata; each leaves what is not its own format as it is.
  return withoutPngMetadata(withoutJpegMetadata(part));
}

/**
 * A `customXml` item without what names people: SharePoint's document properties (who the
 * document is shared with, its author and editor columns) become an empty root, a cover page's
 * properties (company, address, e-mail) keep their elements, emptied. Others (bibliography
 * sources, content type schemas) are left as they are.
 */
function withoutPeopleInCustomXml(text: string): string {
  const root = new RegExp(`${START_TAG}(/?)>`).exec(text);
  if (!root) return text;
  const [tag, prefix = "", local, , selfClosing] = root;
  const namespace = attribute(tag, prefix ? `xmlns:${prefix.slice(0, -1)}` : "xmlns");
  if (local === "properties" && namespace === SHAREPOINT_PROPERTIES) {
    return `${text.slice(0, root.index)}<p:properties xmlns:p="${SHAREPOINT_PROPERTIES}"/>`;
  }
  if (local === "CoverPageProperties" && !selfClosing) {
    const children = root.index + tag.length;
    return text.slice(0, children) + text.slice(children).replace(elements("[\\w.-]+"), emptied);
  }
  return text;
}

/**
 * A workbook's legacy comments with their authors' names blanked (the list keeps its length:
 * comments point into it by position), and the "Name:" Excel begins each comment's text with.
 */
function withoutCommentAuthors(text: string): string {
  const names: string[] = [];
  const blanked = text.replace(elements("author"), (author) => {
    const [open, content, close] = splitElement(author);
    if (close === "" || THREADED_COMMENT_AUTHOR.test(content)) return author;
    if (content !== "") names.push(content);
    return open + close;
  });
  return blanked.replace(elements("t"), (run) => {
    const [open, content, close] = splitElement(run);
    const signature = names.find((name) => content.startsWith(`${name}:`));
    return signature === undefined ? run : open + content.slice(signature.length + 1) + close;
  });
}

/** Every start tag with its attributes called one of `names` (any prefix) set to "". */
function withBlankAttributes(text: string, names: string[]): string {
  return text.replace(new RegExp(START_TAG, "g"), (tag) =>
    // Attribute by attribute, so that nothing inside a quoted value is taken for an attribute.
    tag.replace(ATTRIBUTE, (whole, head: string, local: string, value: string) =>
      names.includes(local) ? `${head}${value.charAt(0).repeat(2)}` : whole,
    ),
  );
}

/**
 * An element as `elements` matches it: its start tag, content and end tag (the last empty when it
 * is an empty element).
 */
function splitElement(element: string): [open: string, content: string, close: string] {
  const open = /^<[^>]*>/.exec(element)?.[0] ?? "";
  if (open.endsWith("/>")) return [open, "", ""];
  const close = element.lastIndexOf("</");
  return [open, element.slice(open.length, close), element.slice(close)];
}

/** An element as `elements` matches it, emptied: the same name and attributes. */
function emptied(element: string): string {
  const opening = /^<[^>]*?(?=\/?>)/.exec(element)?.[0];
  return opening === undefined ? element : `${opening.trimEnd()}/>`;
}

/**
 * Drops the relationships that point at removed parts from every relationships part, and the
 * modern-comments link of a slide whose comments relationship went (a link to a missing
 * relationship would make PowerPoint offer to repair the deck).
 */
function unlinkRemovedParts(kept: Map<string, Uint8Array>, removed: Set<string>): void {
  for (const [name, part] of kept) {
    const source = sourceOfRelationships(name);
    if (source === null) continue;
    const dropped: string[] = [];
    const edited = editXml(part, (text) =>
      text.replace(elements("Relationship"), (relationship) => {
        const target = attribute(relationship, "Target");
        const external = /^external$/i.test(attribute(relationship, "TargetMode") ?? "");
        if (target === null || external || !removed.has(partKey(resolveTarget(source, target)))) {
          return relationship;
        }
        dropped.push(attribute(relationship, "Id") ?? "");
        return "";
      }),
    );
    kept.set(name, edited);
    const sourcePart = kept.get(source);
    if (dropped.length > 0 && sourcePart) {
      kept.set(
        source,
        editXml(sourcePart, (text) => withoutCommentLinks(text, dropped)),
      );
    }
  }
}

function withoutCommentLinks(text: string, droppedIds: string[]): string {
  const links = text.replace(elements("ext"), (ext) => {
    const isCommentLink = attribute(ext, "uri")?.toUpperCase() === COMMENT_LINK_URI;
    const ids = [...ext.matchAll(/\s[\w.-]+:id\s*=\s*["']([^"']*)["']/g)].map((match) => match[1]);
    return isCommentLink && ids.some((id) => droppedIds.includes(id ?? "")) ? "" : ext;
  });
  return links === text ? text : links.replace(/<([\w.-]+:)?extLst\b[^>]*>\s*<\/\1extLst\s*>/g, "");
}

function withoutOverridesOfMissingParts(
  part: Uint8Array,
  kept: Map<string, Uint8Array>,
): Uint8Array {
  const present = new Set([...kept.keys()].map(partKey));
  return editXml(part, (text) =>
    text.replace(elements("Override"), (override) => {
      const name = attribute(override, "PartName");
      return name !== null && !present.has(partKey(resolveTarget("", name))) ? "" : override;
    }),
  );
}

/** Part name → content type, from the `Override` entries of `[Content_Types].xml`. */
function contentTypes(part: Uint8Array | undefined): Map<string, string> {
  const types = new Map<string, string>();
  if (!part) return types;
  for (const [override] of decodeXml(part).text.matchAll(elements("Override"))) {
    const name = attribute(override, "PartName");
    const type = attribute(override, "ContentType");
    if (name !== null && type !== null) types.set(partKey(resolveTarget("", name)), type);
  }
  return types;
}

/** Part names compare without case (OPC) and without percent-encoding. */
function partKey(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** `ppt/slides/_rels/slide1.xml.rels` → `ppt/slides/slide1.xml`; `_rels/.rels` → `` (the package). */
function sourceOfRelationships(name: string): string | null {
  const match = /^((?:.*\/)?)_rels\/([^/]*)\.rels$/i.exec(name);
  return match ? `${match[1]}${match[2]}` : null;
}

function relationshipsPartOf(name: string): string {
  const slash = name.lastIndexOf("/") + 1;
  return `${name.slice(0, slash)}_rels/${name.slice(slash)}.rels`;
}

/** The part a relationship of `source` targets (relative to the source's folder, or absolute). */
function resolveTarget(source: string, target: string): string {
  const path = target.split("#")[0] ?? "";
  const segments = path.startsWith("/") ? [] : source.split("/").slice(0, -1);
  for (const segment of path.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "." && segment !== "") segments.push(segment);
  }
  return segments.join("/");
}

/**
 * A start tag without its closing `>` or `/>`: prefix, local name and attributes captured.
 * Quoted values are matched whole, a `>` in them included.
 */
const START_TAG = String.raw`<([\w.-]+:)?([\w.-]+)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*`;
/** One attribute of a start tag: what precedes its value, its local name and its quoted value. */
const ATTRIBUTE = /(\s+(?:[\w.-]+:)?([\w.-]+)\s*=\s*)("[^"]*"|'[^']*')/g;

/**
 * Every element called `names` (a regex alternation, any prefix), empty or with its content. A
 * match never runs past the next element of the same name: unclosed ones cost linear time.
 */
function elements(names: string): RegExp {
  const content = "(?:(?!<\\1\\2\\b)[\\s\\S])*?";
  return new RegExp(`<([\\w.-]+:)?(${names})\\b[^>]*?(?:/>|>${content}</\\1\\2\\s*>)`, "g");
}

/** An attribute's value in an element's start tag, entities decoded. */
function attribute(element: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(element);
  const value = match?.[1] ?? match?.[2];
  return value === undefined ? null : decodeEntities(value);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, body: string) => {
    if (body.startsWith("#x") || body.startsWith("#X")) {
      return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    }
    if (body.startsWith("#")) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    return ENTITIES[body] ?? entity;
  });
}

/** An XML part as text: UTF-8, or UTF-16 little-endian when it starts with that byte order mark. */
function decodeXml(part: Uint8Array): { text: string; utf16: boolean } {
  const utf16 = part[0] === 0xff && part[1] === 0xfe;
  const text = new TextDecoder(utf16 ? "utf-16le" : "utf-8", { ignoreBOM: true }).decode(part);
  return { text, utf16 };
}

/** The part with its text edited, in its own encoding; the same bytes when nothing changed. */
function editXml(part: Uint8Array, edit: (text: string) => string): Uint8Array {
  const { text, utf16 } = decodeXml(part);
  const edited = edit(text);
  if (edited === text) return part;
  return utf16 ? new Uint8Array(Buffer.from(edited, "utf16le")) : new TextEncoder().encode(edited);
}
