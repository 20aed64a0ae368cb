import type { Transform, TransformCallback } from "node:stream";
import { CleaningTransform, UncleanableMedia } from "./uncleanable";

/**
 * A WebM or Matroska video as judges get it (PRODUCT §4, blind judging): the same bytes at the
 * same offsets, with every element that can name who made it turned into a Void element of the
 * same length, its contents zeroed — the segment's Tags, Attachments and Chapters (wherever
 * they are, also after the clusters), the Title and DateUTC of the segment's Info and the Name of each
 * track — and the leftovers in existing Void elements of the segment, its Info and its Tracks
 * zeroed. MuxingApp and WritingApp (mandatory, a tool's name) and everything else stay. A
 * CRC-32 of an element whose children changed would no longer match: it is blanked too.
 *
 * Nothing moves, so the SeekHead's and the Cues' positions stay right and the copy is exactly
 * as long as the original. A 1 GB film goes through with constant memory: clusters and every
 * other element are passed on as their bytes arrive (slices of the incoming chunks), blanked
 * ones are replaced by zeros as they go by, and only the EBML header, Info and Tracks (a few
 * kilobytes) are held while they are read. Segments and clusters of unknown size (live
 * recordings, a browser's MediaRecorder) are followed through their children.
 *
 * Anything else — not EBML, another DocType, an element running past its parent or the end of
 * the file, a malformed length — fails the stream with `UncleanableMedia("unreadable")`.
 */
export function webmJudgeCopy(): Transform {
  return new WebmJudgeCopy();
}

/** The EBML header, Info and Tracks are held whole while read; larger is no film's. */
export const WEBM_HELD_ELEMENT_MAX = 16 * 1024 * 1024;

// Element IDs as written, their length marker included.
const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const INFO = 0x1549a966;
const TITLE = 0x7ba9;
const DATE_UTC = 0x4461;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const NAME = 0x536e;
const CLUSTER = 0x1f43b675;
const CUES = 0x1c53bb6b;
const CHAPTERS = 0x1043a770;
const TAGS = 0x1254c367;
const ATTACHMENTS = 0x1941a469;
const VOID = 0xec;
const CRC_32 = 0xbf;

/** IDs that start a new EBML document: they end a segment of unknown size. */
const TOP_LEVEL: ReadonlySet<number> = new Set([EBML, SEGMENT]);
/** IDs that end a cluster of unknown size: the segment's other children, or a new document. */
const AFTER_CLUSTER: ReadonlySet<number> = new Set([
  ...TOP_LEVEL,
  CLUSTER,
  CUES,
  TAGS,
  SEEK_HEAD,
  INFO,
  TRACKS,
  CHAPTERS,
  ATTACHMENTS,
]);
/**
 * Children of the segment whose contents go: metadata (chapters too: their titles are free
 * text, and a judge needs no chapter menu), or padding that may hold old metadata.
 */
const BLANKED_IN_SEGMENT: ReadonlySet<number> = new Set([TAGS, ATTACHMENTS, CHAPTERS, VOID]);

/** Which children of a held element are blanked, and which are looked into. */
interface Rules {
  blank: ReadonlySet<number>;
  inside?: ReadonlyMap<number, Rules>;
}
const INFO_RULES: Rules = { blank: new Set([TITLE, DATE_UTC, VOID]) };
const TRACK_RULES: Rules = { blank: new Set([NAME, VOID]) };
const TRACKS_RULES: Rules = {
  blank: new Set([VOID]),
  inside: new Map([[TRACK_ENTRY, TRACK_RULES]]),
};

/** An ID is at most 4 bytes and a size field at most 8: 12 bytes always make a header. */
const MAX_HEADER = 12;

interface Header {
  id: number;
  /** ID and size field together. */
  length: number;
  /** The payload's length; null for "unknown" (every value bit set). */
  size: number | null;
}

/** A segment or cluster being walked through; one of unknown size ends at its parent's end. */
interface Open {
  id: number;
  end: number;
  unknown: boolean;
}

/** Reads a held element (its payload begins at `payloadStart`), cleaning it in place. */
type Finish = (element: Buffer, payloadStart: number) => void;

/** Once an element's header is read: what is done with its payload. */
type Action =
  { kind: "enter" } | { kind: "pass" } | { kind: "blank" } | { kind: "hold"; finish: Finish };

/** What the next bytes are: a header, or the rest of an element's payload. */
type State =
  | { kind: "header" }
  | { kind: "pass"; remaining: number }
  | { kind: "zero"; remaining: number }
  | { kind: "hold"; remaining: number; element: Buffer; payloadStart: number; finish: Finish };

const ENTER: Action = { kind: "enter" };
const PASS: Action = { kind: "pass" };
const BLANK: Action = { kind: "blank" };
const HOLD_EBML_HEADER: Action = { kind: "hold", finish: checkDocType };
const HOLD_INFO: Action = { kind: "hold", finish: cleanHeld(INFO_RULES) };
const HOLD_TRACKS: Action = { kind: "hold", finish: cleanHeld(TRACKS_RULES) };

class WebmJudgeCopy extends CleaningTransform {
  private state: State = { kind: "header" };
  /** Segments and clusters the next element is in, outermost first. */
  private readonly open: Open[] = [];
  private sawEbmlHeader = false;
  private sawSegment = false;

  /** The chunk being read, where in it, and the file offset of its first byte. */
  private chunk: Buffer = Buffer.alloc(0);
  private at = 0;
  private chunkStart = 0;
  /** Start of the bytes of this chunk read and kept unchanged but not pushed yet. */
  private keptFrom = 0;

  /** A header begun in an earlier chunk: its first `held` bytes. */
  private readonly scratch = Buffer.alloc(MAX_HEADER);
  private held = 0;
  /** Where in this chunk the header being read began (0 when it began in an earlier one). */
  private headerStart = 0;

  override _flush(done: TransformCallback): void {
    this.closeEnded();
    const complete =
      this.state.kind === "header" &&
      this.held === 0 &&
      this.sawSegment &&
      this.open.every((element) => element.end === Infinity);
    done(complete ? null : unreadable("the file ends inside an element"));
  }

  protected override readChunk(chunk: Buffer): void {
    this.chunk = chunk;
    this.at = 0;
    this.keptFrom = 0;
    this.headerStart = 0;
    while (this.at < chunk.length) this.step();
    // A header not read to its end yet is pushed once its element's fate is known.
    this.pushKept(this.held > 0 ? this.headerStart : chunk.length);
    this.chunkStart += chunk.length;
    this.at = 0;
  }

  private step(): void {
    const state = this.state;
    if (state.kind === "header") {
      this.readHeader();
      return;
    }
    const length = Math.min(this.chunk.length - this.at, state.remaining);
    if (state.kind === "pass") {
      this.at += length;
    } else if (state.kind === "zero") {
      this.push(Buffer.alloc(length));
      this.at += length;
      this.keptFrom = this.at;
    } else {
      const filled = state.element.length - state.remaining;
      this.chunk.copy(state.element, filled, this.at, this.at + length);
      this.at += length;
      this.keptFrom = this.at;
    }
    state.remaining -= length;
    if (state.remaining === 0) this.finish();
  }

  /** Reads the next element's header, from this chunk or across chunks, and acts on it. */
  private readHeader(): void {
    const { chunk, at } = this;
    if (this.held === 0) {
      this.closeEnded();
      const header = parseHeader(chunk, at, chunk.length);
      if (header === null) {
        chunk.copy(this.scratch, 0, at);
        this.held = chunk.length - at;
        this.headerStart = at;
        this.at = chunk.length;
        return;
      }
      this.at += header.length;
      this.element(header, chunk.subarray(at, this.at), 0);
      return;
    }
    const added = chunk.copy(this.scratch, this.held, at, at + MAX_HEADER - this.held);
    const header = parseHeader(this.scratch, 0, this.held + added);
    if (header === null) {
      this.held += added;
      this.at += added;
      return;
    }
    const carried = this.held;
    this.held = 0;
    this.at += header.length - carried;
    this.element(header, this.scratch.subarray(0, header.length), carried);
  }

  /**
   * Acts on an element whose header (`bytes`, of which `carried` came from earlier chunks)
   * was just read: checks that it fits in its parent and sets the state for its payload.
   */
  private element(header: Header, bytes: Uint8Array, carried: number): void {
    const parent = this.parentOf(header.id);
    const payloadStart = this.chunkStart + this.at;
    const limit = parent?.end ?? Infinity;
    const end = header.size === null ? limit : payloadStart + header.size;
    if (end > limit) throw unreadable("an element runs past its parent");
    const action = this.actionFor(parent?.id, header.id);
    if (header.size === null && action.kind !== "enter") {
      throw unreadable("an element of unknown size that is no segment or cluster");
    }
    const size = header.size ?? 0;
    const startInChunk = this.at - header.length + carried;
    switch (action.kind) {
      case "enter":
        if (carried > 0) this.push(Buffer.from(bytes.subarray(0, carried)));
        if (header.id === SEGMENT) this.sawSegment = true;
        this.open.push({ id: header.id, end, unknown: header.size === null });
        return;
      case "pass":
        if (carried > 0) this.push(Buffer.from(bytes.subarray(0, carried)));
        this.state = { kind: "pass", remaining: size };
        break;
      case "blank": {
        this.pushKept(startInChunk);
        const replacement = Buffer.alloc(header.length);
        writeVoidHeader(replacement, 0, header.length + size);
        this.push(replacement);
        this.keptFrom = this.at;
        this.state = { kind: "zero", remaining: size };
        break;
      }
      case "hold": {
        if (header.length + size > WEBM_HELD_ELEMENT_MAX) {
          throw new UncleanableMedia("tooComplex", "an Info or Tracks element is too large");
        }
        this.pushKept(startInChunk);
        const element = Buffer.allocUnsafe(header.length + size);
        element.set(bytes);
        this.keptFrom = this.at;
        const { finish } = action;
        this.state = {
          kind: "hold",
          remaining: size,
          element,
          payloadStart: header.length,
          finish,
        };
        break;
      }
    }
    if (size === 0) this.finish();
  }

  /** What becomes of an element with this ID in this parent (undefined: at the top level). */
  private actionFor(parent: number | undefined, id: number): Action {
    if (parent === undefined) {
      if (id === EBML) {
        // Nothing is read before the held header is, and a wrong one fails the stream.
        this.sawEbmlHeader = true;
        return HOLD_EBML_HEADER;
      }
      if (!this.sawEbmlHeader) throw unreadable("not an EBML file");
      if (id === SEGMENT) return ENTER;
      if (id === VOID) return BLANK;
      throw unreadable("an unexpected element after the segment");
    }
    if (parent === SEGMENT) {
      if (id === CLUSTER) return ENTER;
      if (id === INFO) return HOLD_INFO;
      if (id === TRACKS) return HOLD_TRACKS;
      if (BLANKED_IN_SEGMENT.has(id)) return BLANK;
      if (TOP_LEVEL.has(id)) throw unreadable("a new document inside a segment");
      return PASS;
    }
    if (AFTER_CLUSTER.has(id)) throw unreadable("a segment's element inside a cluster");
    return PASS;
  }

  /** Ends the payload being passed, zeroed or held. */
  private finish(): void {
    const state = this.state;
    if (state.kind === "hold") {
      state.finish(state.element, state.payloadStart);
      this.push(state.element);
    }
    this.state = { kind: "header" };
  }

  /** Leaves the segments and clusters that end where the next element would begin. */
  private closeEnded(): void {
    const position = this.chunkStart + this.at;
    while (this.open.at(-1)?.end === position) this.open.pop();
  }

  /** The element a child with this ID is in, after leaving those of unknown size it ends. */
  private parentOf(id: number): Open | undefined {
    let parent = this.open.at(-1);
    while (parent?.unknown && (parent.id === CLUSTER ? AFTER_CLUSTER : TOP_LEVEL).has(id)) {
      this.open.pop();
      parent = this.open.at(-1);
    }
    return parent;
  }

  /** Pushes the bytes of this chunk kept unchanged since the last push, up to `end`. */
  private pushKept(end: number): void {
    if (end > this.keptFrom) this.push(this.chunk.subarray(this.keptFrom, end));
    this.keptFrom = end;
  }
}

/**
 * The header of the element at `at` (the bytes end at `end`), or null when the bytes end
 * before it does. An ID is 1 to 4 bytes, a size field 1 to 8; the length of each is told by
 * the position of the first set bit of its first byte.
 */
function parseHeader(bytes: Uint8Array, at: number, end: number): Header | null {
  if (at >= end) return null;
  const idLength = vintLength(bytes[at]!);
  if (idLength === 0 || idLength > 4) throw unreadable("not an EBML element ID");
  if (at + idLength >= end) return null;
  const sizeLength = vintLength(bytes[at + idLength]!);
  if (sizeLength === 0) throw unreadable("an EBML size longer than 8 bytes");
  const length = idLength + sizeLength;
  if (at + length > end) return null;
  let id = 0;
  for (let i = at; i < at + idLength; i += 1) id = id * 256 + bytes[i]!;
  const mask = 0xff >> sizeLength;
  let size = bytes[at + idLength]! & mask;
  let unknown = size === mask;
  for (let i = at + idLength + 1; i < at + length; i += 1) {
    size = size * 256 + bytes[i]!;
    unknown &&= bytes[i] === 0xff;
  }
  return { id, length, size: unknown ? null : size };
}

/** How many bytes a variable-length integer starting with this byte has (0: more than 8). */
function vintLength(first: number): number {
  return first === 0 ? 0 : Math.clz32(first) - 23;
}

/**
 * Writes at `at` the header of a Void element `total` bytes long (2 at least): its 1-byte ID
 * and the shortest size field that leaves a payload to make up the rest (a 1-byte field holds
 * at most 126, the all-ones value meaning "unknown"). It is never longer than the header of
 * the element it replaces, whose ID is 1 byte at least and whose size field sufficed. Returns
 * the header's length.
 */
function writeVoidHeader(target: Uint8Array, at: number, total: number): number {
  for (let sizeLength = 1; sizeLength <= 8; sizeLength += 1) {
    const size = total - 1 - sizeLength;
    if (size < 0) break;
    if (size >= 2 ** (7 * sizeLength) - 1) continue;
    target[at] = VOID;
    let rest = size;
    for (let i = at + sizeLength; i > at; i -= 1) {
      target[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
    target[at + 1]! |= 0x80 >> (sizeLength - 1);
    return 1 + sizeLength;
  }
  throw new Error(`no Void element is ${total} bytes long`);
}

/** Turns the element from `start` to `end` of a held element into a zeroed Void, in place. */
function blankInPlace(element: Uint8Array, start: number, end: number): void {
  element.fill(0, start, end);
  writeVoidHeader(element, start, end - start);
}

/** The children between `start` and `end` of a held element, each checked to fit. */
function* children(element: Uint8Array, start: number, end: number) {
  let at = start;
  while (at < end) {
    const header = parseHeader(element, at, end);
    if (header === null || header.size === null) throw unreadable("a damaged element");
    const childEnd = at + header.length + header.size;
    if (childEnd > end) throw unreadable("an element runs past its parent");
    yield { id: header.id, start: at, payloadStart: at + header.length, end: childEnd };
    at = childEnd;
  }
}

/** Cleans a held Info or Tracks element by its rules. */
function cleanHeld(rules: Rules): Finish {
  return (element, payloadStart) => {
    cleanChildren(element, payloadStart, element.length, rules);
  };
}

/**
 * Blanks the children between `start` and `end` that the rules name, and cleans those they
 * look into; a CRC-32 among them goes too once anything changed. Returns whether it did.
 */
function cleanChildren(element: Uint8Array, start: number, end: number, rules: Rules): boolean {
  let changed = false;
  let crc: { start: number; end: number } | null = null;
  for (const child of children(element, start, end)) {
    const inside = rules.inside?.get(child.id);
    if (rules.blank.has(child.id)) {
      blankInPlace(element, child.start, child.end);
      changed = true;
    } else if (child.id === CRC_32) {
      crc = child;
    } else if (inside && cleanChildren(element, child.payloadStart, child.end, inside)) {
      changed = true;
    }
  }
  if (changed && crc) blankInPlace(element, crc.start, crc.end);
  return changed;
}

/** Refuses an EBML header whose DocType is not "webm" or "matroska". */
function checkDocType(element: Buffer, payloadStart: number): void {
  for (const child of children(element, payloadStart, element.length)) {
    if (child.id !== DOC_TYPE) continue;
    const docType = element.toString("latin1", child.payloadStart, child.end).replace(/\0+$/, "");
    if (docType === "webm" || docType === "matroska") return;
  }
  throw unreadable("not a WebM or Matroska file");
}

function unreadable(message: string): UncleanableMedia {
  return new UncleanableMedia("unreadable", message);
}
