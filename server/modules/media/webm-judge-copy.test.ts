import { createHash, randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { UncleanableMedia } from "./uncleanable";
import { WEBM_HELD_ELEMENT_MAX, webmJudgeCopy } from "./webm-judge-copy";

// Matroska element IDs, as written (Matroska and EBML specifications).
const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const SEEK_POSITION = 0x53ac;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const MUXING_APP = 0x4d80;
const WRITING_APP = 0x5741;
const DURATION = 0x4489;
const TITLE = 0x7ba9;
const DATE_UTC = 0x4461;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const CODEC_ID = 0x86;
const NAME = 0x536e;
const CLUSTER = 0x1f43b675;
const TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const CUES = 0x1c53bb6b;
const TAGS = 0x1254c367;
const ATTACHMENTS = 0x1941a469;
const CHAPTERS = 0x1043a770;
const VOID = 0xec;
const CRC_32 = 0xbf;
const SEGMENT_LEVEL = [SEEK_HEAD, INFO, TRACKS, CLUSTER, CUES, TAGS, ATTACHMENTS, CHAPTERS];

const TITLE_TEXT = "Công ty Quảng cáo ABC – bản cuối";
const TRACK_NAME = "Nguyen Van A";
const ARTIST = "ABC Agency";
const FILE_NAME = "logo-abc.png";
const CHAPTER_TITLE = "Phần mở đầu của Đạo diễn Lê Văn B";
const NAMES = [TITLE_TEXT, TRACK_NAME, ARTIST, FILE_NAME, CHAPTER_TITLE];
const MUXER = "Lavf60.16.100";

// ---- Writing EBML ----

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const bytes = Buffer.alloc(length);
  bytes.writeUIntBE(id, 0, length);
  return bytes;
}

/** A size field of `length` bytes (the shortest that holds the size by default). */
function sizeField(size: number, length = shortestSizeLength(size)): Buffer {
  const bytes = Buffer.alloc(length);
  let rest = size;
  for (let i = length - 1; i >= 0; i -= 1) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0]! |= 0x80 >> (length - 1);
  return bytes;
}

function shortestSizeLength(size: number): number {
  let length = 1;
  while (size >= 2 ** (7 * length) - 1) length += 1;
  return length;
}

/** The size field of an element of unknown size, as live recorders write it. */
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

function el(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), sizeField(body.length), body]);
}

function elSized(id: number, sizeLength: number, body: Buffer): Buffer {
  return Buffer.concat([idBytes(id), sizeField(body.length, sizeLength), body]);
}

function unknownSize(id: number, ...children: Buffer[]): Buffer {
  return Buffer.concat([idBytes(id), UNKNOWN_SIZE, ...children]);
}

function uint(id: number, value: number | bigint, length = 4): Buffer {
  const body = Buffer.alloc(8);
  body.writeBigUInt64BE(BigInt(value));
  return el(id, body.subarray(8 - length));
}

function text(id: number, value: string): Buffer {
  return el(id, Buffer.from(value, "utf8"));
}

function float(id: number, value: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeDoubleBE(value);
  return el(id, body);
}

function ebmlHeader(docType = "webm"): Buffer {
  return el(
    EBML,
    uint(0x4286, 1, 1),
    uint(0x42f7, 1, 1),
    uint(0x42f2, 4, 1),
    uint(0x42f3, 8, 1),
    text(DOC_TYPE, docType),
    uint(0x4287, 4, 1),
    uint(0x4285, 2, 1),
  );
}

function info(...extra: Buffer[]): Buffer {
  return el(
    INFO,
    uint(TIMESTAMP_SCALE, 1_000_000, 3),
    text(MUXING_APP, MUXER),
    text(WRITING_APP, MUXER),
    float(DURATION, 3000),
    ...extra,
  );
}

function tracks(): Buffer {
  return el(
    TRACKS,
    el(
      TRACK_ENTRY,
      uint(TRACK_NUMBER, 1, 1),
      uint(0x73c5, 0x1234_5678),
      uint(0x83, 1, 1),
      text(CODEC_ID, "V_VP9"),
      text(NAME, TRACK_NAME),
      el(0xe0, uint(0xb0, 640, 2), uint(0xba, 360, 2)),
    ),
    el(
      TRACK_ENTRY,
      uint(TRACK_NUMBER, 2, 1),
      uint(0x73c5, 0x2345_6789),
      uint(0x83, 2, 1),
      text(CODEC_ID, "A_OPUS"),
      el(0xe1, float(0xb5, 48_000), uint(0x9f, 2, 1)),
    ),
  );
}

/** A SimpleBlock of `length` random bytes of track 1, keyframe. */
function simpleBlock(timestamp: number, length: number): Buffer {
  const head = Buffer.from([0x81, 0, 0, 0x80]);
  head.writeInt16BE(timestamp, 1);
  return el(SIMPLE_BLOCK, head, randomBytes(length));
}

function clusterChildren(timestamp: number): Buffer[] {
  return [
    uint(TIMESTAMP, timestamp, 2),
    ...[0, 33, 66, 100, 133].map((at) => simpleBlock(at, 300 + Math.floor(Math.random() * 1500))),
    el(BLOCK_GROUP, el(0xa1, Buffer.from([0x82, 0, 10, 0]), randomBytes(200)), uint(0x9b, 20, 1)),
  ];
}

function tag(name: string, value: string): Buffer {
  return el(
    0x7373,
    el(0x63c0, uint(0x68ca, 50, 1)),
    el(0x67c8, text(0x45a3, name), text(0x4487, value)),
  );
}

function attachments(): Buffer {
  return el(
    ATTACHMENTS,
    el(
      0x61a7,
      text(0x466e, FILE_NAME),
      text(0x4660, "image/png"),
      el(0x465c, Buffer.from("\x89PNG\r\n\x1a\n"), randomBytes(600)),
      uint(0x46ae, 42, 8),
    ),
  );
}

/** Chapters with one edition, one chapter and its title (a ChapterDisplay's ChapString). */
function chapters(): Buffer {
  return el(
    CHAPTERS,
    el(0x45b9, el(0xb6, uint(0x73c4, 1, 8), uint(0x91, 0, 8), el(0x80, text(0x85, CHAPTER_TITLE)))),
  );
}

interface SampleOptions {
  /** Segment and clusters of unknown size, as a browser's MediaRecorder writes them. */
  unknownSizes?: boolean;
  docType?: string;
  title?: Buffer;
}

/**
 * A WebM file as an editor exports it: a SeekHead pointing at Info, Tracks, Cues and the last
 * Tags; padding with leftovers of an old title; Info with Title and DateUTC; named tracks;
 * attachments and a Tags before the clusters; three clusters; Cues; Tags at the end.
 */
function sampleWebm(options: SampleOptions = {}): Buffer {
  const clusters = [0, 1000, 2000].map((timestamp) => clusterChildren(timestamp));
  const build = (positions: Map<number, number>, cuePositions: number[]) => {
    const at = (id: number) => positions.get(id) ?? 0;
    const seekHead = el(
      SEEK_HEAD,
      ...[INFO, TRACKS, CUES, TAGS].map((id) =>
        el(SEEK, el(SEEK_ID, idBytes(id)), uint(SEEK_POSITION, at(id), 8)),
      ),
    );
    const cues = el(
      CUES,
      ...cuePositions.map((position, index) =>
        el(0xbb, uint(0xb3, index * 1000, 2), el(0xb7, uint(0xf7, 1, 1), uint(0xf1, position, 8))),
      ),
    );
    return [
      seekHead,
      el(VOID, Buffer.from(`old title: ${TITLE_TEXT}`)),
      info(
        options.title ?? text(TITLE, TITLE_TEXT),
        uint(DATE_UTC, 789_000_000_000_000_000n, 8),
        el(VOID, Buffer.from(`draft by ${ARTIST}`)),
      ),
      tracks(),
      attachments(),
      chapters(),
      el(TAGS, tag("ENCODED_BY", ARTIST)),
      ...clusters.map((children) =>
        options.unknownSizes ? unknownSize(CLUSTER, ...children) : el(CLUSTER, ...children),
      ),
      cues,
      el(TAGS, tag("ARTIST", ARTIST), tag("TITLE", TITLE_TEXT)),
    ];
  };
  // Positions are fixed-width numbers: a first layout gives every child's offset.
  const draft = build(new Map(), [0, 0, 0]);
  let offset = 0;
  const offsets = draft.map((child) => {
    const start = offset;
    offset += child.length;
    return start;
  });
  const positions = new Map<number, number>();
  // The SeekHead points at the last Tags, after the clusters.
  for (const [index, child] of draft.entries()) {
    positions.set(readElement(child, 0).id, offsets[index]!);
  }
  const cuePositions = offsets.filter(
    (_offset, index) => readElement(draft[index]!, 0).id === CLUSTER,
  );
  const children = build(positions, cuePositions);
  const segment = options.unknownSizes
    ? unknownSize(SEGMENT, ...children)
    : el(SEGMENT, ...children);
  return Buffer.concat([ebmlHeader(options.docType), segment]);
}

// ---- Reading EBML (independently of the module under test) ----

interface Found {
  id: number;
  start: number;
  payloadStart: number;
  end: number;
}

function readElement(
  bytes: Buffer,
  at: number,
): { id: number; payloadStart: number; size: number | null } {
  const idLength = Math.clz32(bytes[at]!) - 23;
  const id = bytes.readUIntBE(at, idLength);
  const sizeAt = at + idLength;
  const sizeLength = Math.clz32(bytes[sizeAt]!) - 23;
  let size = BigInt(bytes[sizeAt]! & (0xff >> sizeLength));
  for (const byte of bytes.subarray(sizeAt + 1, sizeAt + sizeLength)) {
    size = size * 256n + BigInt(byte);
  }
  const unknown = size === 2n ** BigInt(7 * sizeLength) - 1n;
  return { id, payloadStart: sizeAt + sizeLength, size: unknown ? null : Number(size) };
}

/** The elements from `start` to `end`; a cluster of unknown size ends at a segment-level ID. */
function readChildren(bytes: Buffer, start: number, end: number): Found[] {
  const found: Found[] = [];
  let at = start;
  while (at < end) {
    const { id, payloadStart, size } = readElement(bytes, at);
    const elementEnd =
      size === null ? unknownEnd(bytes, id, payloadStart, end) : payloadStart + size;
    expect(elementEnd).toBeLessThanOrEqual(end);
    found.push({ id, start: at, payloadStart, end: elementEnd });
    at = elementEnd;
  }
  return found;
}

function unknownEnd(bytes: Buffer, id: number, payloadStart: number, end: number): number {
  if (id !== CLUSTER) return end;
  let at = payloadStart;
  while (at < end) {
    const child = readElement(bytes, at);
    if (SEGMENT_LEVEL.includes(child.id)) break;
    at = child.payloadStart + child.size!;
  }
  return at;
}

function segmentOf(bytes: Buffer): Found {
  const segment = readChildren(bytes, 0, bytes.length).find((found) => found.id === SEGMENT);
  expect(segment).toBeDefined();
  return segment!;
}

function segmentChildren(bytes: Buffer): Found[] {
  const segment = segmentOf(bytes);
  return readChildren(bytes, segment.payloadStart, segment.end);
}

function childrenOf(bytes: Buffer, parent: Found): Found[] {
  return readChildren(bytes, parent.payloadStart, parent.end);
}

function only(found: Found[], id: number): Found {
  const matching = found.filter((element) => element.id === id);
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

function textOf(bytes: Buffer, found: Found): string {
  return bytes.toString("utf8", found.payloadStart, found.end);
}

/** The copy holds a Void with zeroed contents exactly where the original held `found`. */
function expectBlanked(copy: Buffer, found: Found): void {
  const [element] = readChildren(copy, found.start, found.end);
  expect({ id: element!.id, start: element!.start, end: element!.end }).toEqual({
    id: VOID,
    start: found.start,
    end: found.end,
  });
  expect(copy.subarray(element!.payloadStart, element!.end).every((byte) => byte === 0)).toBe(true);
}

// ---- Running the transform ----

/** Splits bytes into pieces of the sizes `next` gives (the last one may be shorter). */
function* pieces(bytes: Buffer, next: () => number): Generator<Buffer> {
  for (let at = 0; at < bytes.length;) {
    const length = next();
    yield bytes.subarray(at, at + length);
    at += length;
  }
}

/** A small seeded generator (mulberry32): the same "random" chunk sizes on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

type Chunking = (bytes: Buffer) => Iterable<Buffer>;

const oneChunk: Chunking = (bytes) => [bytes];
const sevenByteChunks: Chunking = (bytes) => pieces(bytes, () => 7);
/** Mostly small chunks, some up to 3000 bytes. */
const randomChunks: Chunking = (bytes) => {
  const random = seeded(20_260_101);
  return pieces(bytes, () => 1 + Math.floor(random() ** 3 * 3000));
};

const CHUNKINGS: [string, Chunking][] = [
  ["one chunk", oneChunk],
  ["1-byte chunks", (bytes) => pieces(bytes, () => 1)],
  ["7-byte chunks", sevenByteChunks],
  ["random chunk sizes", randomChunks],
];

async function judgeCopy(bytes: Buffer, chunks: Chunking = oneChunk): Promise<Buffer> {
  const received: Buffer[] = [];
  await pipeline(
    Readable.from(chunks(bytes)),
    webmJudgeCopy(),
    async (copy: AsyncIterable<Buffer>) => {
      for await (const piece of copy) received.push(piece);
    },
  );
  return Buffer.concat(received);
}

async function expectRefused(bytes: Buffer, problem: "unreadable" | "tooComplex"): Promise<void> {
  const error = await judgeCopy(bytes).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UncleanableMedia);
  expect((error as UncleanableMedia).problem).toBe(problem);
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function contains(bytes: Buffer, value: string): boolean {
  return bytes.includes(Buffer.from(value, "utf8"));
}

// ---- Tests ----

describe.each([
  ["known sizes", {}],
  ["a segment and clusters of unknown size", { unknownSizes: true }],
])("a WebM file with %s", (_name, options: SampleOptions) => {
  const source = sampleWebm(options);

  it("loses every name and keeps its length", async () => {
    const copy = await judgeCopy(source);
    for (const name of NAMES) {
      expect(contains(source, name)).toBe(true);
      expect(contains(copy, name)).toBe(false);
    }
    expect(copy.length).toBe(source.length);
  });

  it("changes no byte outside the blanked elements and keeps clusters and cues in place", async () => {
    const copy = await judgeCopy(source);
    const children = segmentChildren(source);
    const info = only(children, INFO);
    const firstTrack = childrenOf(source, only(children, TRACKS))[0]!;
    const blanked = [
      ...children.filter((found) => [TAGS, ATTACHMENTS, CHAPTERS, VOID].includes(found.id)),
      ...childrenOf(source, info).filter((found) => [TITLE, DATE_UTC, VOID].includes(found.id)),
      only(childrenOf(source, firstTrack), NAME),
    ];
    expect(blanked).toHaveLength(9);
    for (const found of blanked) expectBlanked(copy, found);
    const sourceRest = Buffer.from(source);
    const copyRest = Buffer.from(copy);
    for (const found of blanked) {
      sourceRest.fill(0, found.start, found.end);
      copyRest.fill(0, found.start, found.end);
    }
    expect(copyRest.equals(sourceRest)).toBe(true);
    const kept = children.filter((found) => found.id === CLUSTER || found.id === CUES);
    expect(kept).toHaveLength(4);
    for (const found of kept) {
      expect(
        copy.subarray(found.start, found.end).equals(source.subarray(found.start, found.end)),
      ).toBe(true);
    }
  });

  it("keeps the layout: Voids where Tags, Attachments and Chapters were, Info with its muxer", async () => {
    const copy = await judgeCopy(source);
    const layout = (bytes: Buffer) =>
      segmentChildren(bytes).map(({ id, start, end }) => ({ id, start, end }));
    const expected = layout(source).map((found) => ({
      ...found,
      id: [TAGS, ATTACHMENTS, CHAPTERS].includes(found.id) ? VOID : found.id,
    }));
    expect(layout(copy)).toEqual(expected);
    expect(readChildren(copy, 0, copy.length).map((found) => found.id)).toEqual([EBML, SEGMENT]);

    const info = childrenOf(copy, only(segmentChildren(copy), INFO));
    expect(info.map((found) => found.id)).toEqual([
      TIMESTAMP_SCALE,
      MUXING_APP,
      WRITING_APP,
      DURATION,
      VOID,
      VOID,
      VOID,
    ]);
    expect(textOf(copy, only(info, MUXING_APP))).toBe(MUXER);
    expect(textOf(copy, only(info, WRITING_APP))).toBe(MUXER);

    const [video, audio] = childrenOf(copy, only(segmentChildren(copy), TRACKS));
    const videoIds = childrenOf(copy, video!).map((found) => found.id);
    expect(videoIds).toEqual([TRACK_NUMBER, 0x73c5, 0x83, CODEC_ID, VOID, 0xe0]);
    expect(textOf(copy, only(childrenOf(copy, audio!), CODEC_ID))).toBe("A_OPUS");
  });

  it("keeps the SeekHead's positions pointing at the same elements", async () => {
    const copy = await judgeCopy(source);
    const segment = segmentOf(copy);
    const seekHead = only(segmentChildren(copy), SEEK_HEAD);
    const targets = childrenOf(copy, seekHead).map((seek) => {
      const [id, position] = childrenOf(copy, seek);
      const target = segment.payloadStart + copy.readUIntBE(position!.payloadStart + 2, 6);
      return [
        copy.readUIntBE(id!.payloadStart, id!.end - id!.payloadStart),
        readElement(copy, target).id,
      ];
    });
    expect(targets).toEqual([
      [INFO, INFO],
      [TRACKS, TRACKS],
      [CUES, CUES],
      [TAGS, VOID],
    ]);
  });

  it.each(CHUNKINGS)("makes the same copy from %s", async (_chunking, chunks) => {
    const whole = await judgeCopy(source);
    const copy = await judgeCopy(source, chunks);
    expect(copy.length).toBe(source.length);
    expect(sha256(copy)).toBe(sha256(whole));
  });
});

describe("blanking elements of any length", () => {
  it("turns an empty Title (3 bytes) into a 3-byte Void", async () => {
    const emptyTitle = el(TITLE);
    expect(emptyTitle).toEqual(Buffer.from([0x7b, 0xa9, 0x80]));
    const source = sampleWebm({ title: emptyTitle });
    const title = only(childrenOf(source, only(segmentChildren(source), INFO)), TITLE);
    const copy = await judgeCopy(source);
    expect([...copy.subarray(title.start, title.end)]).toEqual([VOID, 0x81, 0x00]);
  });

  it("rewrites Voids of every length from 2 to 9 bytes, with every size-field length", async () => {
    const voids: Buffer[] = [];
    for (let total = 2; total <= 9; total += 1) {
      for (let sizeLength = 1; sizeLength <= Math.min(8, total - 1); sizeLength += 1) {
        voids.push(elSized(VOID, sizeLength, Buffer.alloc(total - 1 - sizeLength, 0xaa)));
      }
    }
    const source = Buffer.concat([ebmlHeader(), el(SEGMENT, ...voids, info(), tracks())]);
    const copy = await judgeCopy(source);
    const found = segmentChildren(source).filter((element) => element.id === VOID);
    expect(found).toHaveLength(voids.length);
    for (const element of found) expectBlanked(copy, element);
    expect(copy.length).toBe(source.length);
  });

  it("fits a Void into Titles whose size fields have 1 to 8 bytes, around each field's limits", async () => {
    const titles: Buffer[] = [];
    for (let sizeLength = 1; sizeLength <= 8; sizeLength += 1) {
      for (const length of [0, 1, 124, 125, 126, 127, 16_381, 16_382, 16_383, 16_384]) {
        if (length < 2 ** (7 * sizeLength) - 1) {
          titles.push(elSized(TITLE, sizeLength, Buffer.alloc(length, "A")));
        }
      }
    }
    const source = Buffer.concat([ebmlHeader(), el(SEGMENT, info(...titles), tracks())]);
    const copy = await judgeCopy(source, sevenByteChunks);
    const found = childrenOf(source, only(segmentChildren(source), INFO)).filter(
      (element) => element.id === TITLE,
    );
    expect(found).toHaveLength(titles.length);
    for (const element of found) expectBlanked(copy, element);
    expect(contains(copy, "AAAA")).toBe(false);
  });

  it("blanks an Info's CRC-32 once its children changed, and leaves one of a cluster", async () => {
    const crc = el(CRC_32, Buffer.from([1, 2, 3, 4]));
    const source = Buffer.concat([
      ebmlHeader(),
      el(
        SEGMENT,
        el(INFO, crc, text(MUXING_APP, MUXER), text(TITLE, TITLE_TEXT)),
        el(CLUSTER, crc, uint(TIMESTAMP, 0, 2)),
      ),
    ]);
    const copy = await judgeCopy(source);
    const [info, cluster] = segmentChildren(source);
    expectBlanked(copy, childrenOf(source, info!)[0]!);
    expect(childrenOf(copy, cluster!)[0]!.id).toBe(CRC_32);
    expect(copy.subarray(cluster!.start).equals(source.subarray(cluster!.start))).toBe(true);
  });
});

describe("streaming", () => {
  it("copies a recording that ends inside its last cluster of unknown size", async () => {
    const clusters = [0, 1000].map((at) => unknownSize(CLUSTER, ...clusterChildren(at)));
    const source = Buffer.concat([
      ebmlHeader(),
      unknownSize(SEGMENT, info(), tracks(), ...clusters),
    ]);
    const copy = await judgeCopy(source, randomChunks);
    const clustersStart = source.indexOf(clusters[0]!);
    expect(copy.length).toBe(source.length);
    expect(copy.subarray(clustersStart).equals(source.subarray(clustersStart))).toBe(true);
    expect(contains(copy, TRACK_NAME)).toBe(false);
  });

  it("passes a cluster's bytes on before the cluster has ended, and a blanked element's zeros", async () => {
    const cluster = el(
      CLUSTER,
      uint(TIMESTAMP, 0, 2),
      simpleBlock(0, 50_000),
      simpleBlock(40, 50_000),
    );
    const tags = el(TAGS, tag("ARTIST", ARTIST), el(VOID, randomBytes(30_000)));
    const source = Buffer.concat([
      ebmlHeader(),
      unknownSize(SEGMENT, info(), tracks(), cluster, tags),
    ]);
    const clusterStart = source.indexOf(cluster);
    const tagsStart = source.indexOf(tags);
    const clusterMiddle = clusterStart + 60_000;
    const tagsMiddle = tagsStart + 20_000;

    const transform = webmJudgeCopy();
    const received: Buffer[] = [];
    transform.on("data", (piece: Buffer) => received.push(piece));
    const receivedLength = () => received.reduce((sum, piece) => sum + piece.length, 0);
    transform.write(source.subarray(0, clusterMiddle));
    await expect.poll(receivedLength).toBe(clusterMiddle);
    transform.write(source.subarray(clusterMiddle, tagsMiddle));
    await expect.poll(receivedLength).toBe(tagsMiddle);
    const copy = Buffer.concat(received);
    const clusterBytes = (bytes: Buffer) => bytes.subarray(clusterStart, tagsStart);
    expect(clusterBytes(copy).equals(clusterBytes(source))).toBe(true);
    expect(contains(copy, ARTIST)).toBe(false);
    transform.end(source.subarray(tagsMiddle));
    await new Promise((resolve) => transform.on("end", resolve));
    expect(receivedLength()).toBe(source.length);
  });

  it("copies ~300 MB of clusters in constant memory, and blanks the Tags after them", async () => {
    // Three clusters of 100 MB each: holding one whole would show.
    const clusters = 3;
    const blocksPerCluster = 1600;
    const frame = randomBytes(64 * 1024 - 4);
    const timestamp = uint(TIMESTAMP, 0, 2);
    const block = Buffer.concat([
      idBytes(SIMPLE_BLOCK),
      sizeField(frame.length + 4),
      Buffer.from([0x81, 0, 0, 0x80]),
    ]);
    const clusterSize = timestamp.length + blocksPerCluster * (block.length + frame.length);
    const tags = el(TAGS, tag("ARTIST", ARTIST));
    let sourceLength = 0;
    // Made as it is read, one frame again and again: the file itself takes no memory, so any
    // copy the transform made of a cluster (100 MB) would show.
    function* largeWebm(): Generator<Buffer> {
      const counted = (piece: Buffer) => ((sourceLength += piece.length), piece);
      yield counted(ebmlHeader());
      yield counted(Buffer.concat([idBytes(SEGMENT), UNKNOWN_SIZE]));
      yield counted(info(text(TITLE, TITLE_TEXT)));
      yield counted(tracks());
      for (let index = 0; index < clusters; index += 1) {
        yield counted(Buffer.concat([idBytes(CLUSTER), sizeField(clusterSize, 4), timestamp]));
        for (let b = 0; b < blocksPerCluster; b += 1) {
          yield counted(block);
          yield counted(frame);
        }
      }
      yield counted(tags);
    }

    let written = 0;
    let peakRss = 0;
    const last: Buffer[] = [];
    const sink = new Writable({
      write(piece: Buffer, _encoding, done) {
        written += piece.length;
        last.push(piece);
        if (last.length > 4) last.shift();
        peakRss = Math.max(peakRss, process.memoryUsage.rss());
        done();
      },
    });
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    await pipeline(Readable.from(largeWebm()), webmJudgeCopy(), sink);
    const seconds = (performance.now() - started) / 1000;

    expect(written).toBe(sourceLength);
    expect(written).toBeGreaterThan(300_000_000);
    const tail = Buffer.concat(last).subarray(-tags.length);
    expectBlanked(tail, { id: TAGS, start: 0, payloadStart: 0, end: tags.length });
    expect((peakRss - rssBefore) / 2 ** 20).toBeLessThan(64);
    expect(seconds).toBeLessThan(8);
  });
});

describe("refusing what cannot be cleaned", () => {
  it("refuses a file that is not EBML", async () => {
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypisom\0\0\x02\0isomiso2"),
      randomBytes(200),
    ]);
    await expectRefused(mp4, "unreadable");
    await expectRefused(Buffer.from("Hello, judges! This is not a video at all."), "unreadable");
  });

  it("refuses an EBML file of another DocType", async () => {
    await expectRefused(sampleWebm({ docType: "foo" }), "unreadable");
    const matroska = sampleWebm({ docType: "matroska" });
    expect(await judgeCopy(matroska)).toHaveLength(matroska.length);
  });

  it.each([
    ["known sizes", {}],
    ["unknown sizes", { unknownSizes: true }],
  ])("refuses a truncated file with %s", async (_name, options: SampleOptions) => {
    const source = sampleWebm(options);
    const cluster = segmentChildren(source).find((found) => found.id === CLUSTER)!;
    await expectRefused(source.subarray(0, cluster.start + 100), "unreadable");
    const lastTags = segmentChildren(source).at(-1)!;
    await expectRefused(source.subarray(0, lastTags.start + 1), "unreadable");
    await expectRefused(source.subarray(0, ebmlHeader().length), "unreadable");
  });

  it("refuses a block running past its cluster, and a malformed size", async () => {
    const block = simpleBlock(0, 100);
    const overrun = Buffer.concat([idBytes(CLUSTER), sizeField(20), uint(TIMESTAMP, 0, 2), block]);
    await expectRefused(Buffer.concat([ebmlHeader(), el(SEGMENT, info(), overrun)]), "unreadable");
    const malformed = Buffer.concat([idBytes(SIMPLE_BLOCK), Buffer.from([0x00, 0x01])]);
    await expectRefused(
      Buffer.concat([ebmlHeader(), unknownSize(SEGMENT, info(), unknownSize(CLUSTER, malformed))]),
      "unreadable",
    );
    await expectRefused(
      Buffer.concat([ebmlHeader(), el(SEGMENT, info(), unknownSize(TAGS, tag("ARTIST", ARTIST)))]),
      "unreadable",
    );
  });

  it("refuses an Info too large to hold", async () => {
    const huge = el(VOID, Buffer.alloc(WEBM_HELD_ELEMENT_MAX));
    await expectRefused(Buffer.concat([ebmlHeader(), el(SEGMENT, info(huge))]), "tooComplex");
  });
});
