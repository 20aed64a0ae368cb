/**
 * The demo's playable film, made at seed time without a video encoder: every frame is drawn as
 * an SVG, encoded by sharp as an AVIF still image — whose picture is one AV1 key frame — and the
 * frames' AV1 data are put one after another into an MP4 track (`av01`). Every sample is a key
 * frame, so the film seeks to any frame; browsers that play AV1 in MP4 (Chromium, Firefox,
 * Safari on recent hardware) play it.
 */

export interface DemoVideoOptions {
  width: number;
  height: number;
  frames: number;
  fps: number;
  title: string;
  /** Who the film says made it (QuickTime user data, ©ART), as editing tools write it. */
  maker: string;
}

/** The demo agency: the demo's films and documents name it, as real uploads name their maker. */
export const DEMO_MAKER = "Công ty Quảng cáo Demo";

export const DEMO_VIDEO_DEFAULTS: DemoVideoOptions = {
  width: 640,
  height: 360,
  frames: 48,
  fps: 12,
  title: "Vạn Xuân Awards",
  maker: DEMO_MAKER,
};

export const DEMO_VIDEO_MIME = "video/mp4";
/** Where the demo entries' film is stored (one object shared by their file rows). */
export const DEMO_VIDEO_KEY = "entries/demo/phim-quang-cao.mp4";

/** True when `data` starts like the film this module makes (an MP4 whose moov comes first). */
export function isDemoFilm(data: Buffer): boolean {
  return data.toString("latin1", 4, 8) === "ftyp" && data.toString("latin1", 36, 40) === "moov";
}

interface Box {
  type: string;
  /** Offset of the box's body (after size and type) in the buffer. */
  start: number;
  end: number;
}

/** The boxes laid one after another in `data[start, end)`. */
export function readBoxes(data: Buffer, start = 0, end = data.length): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new Error(`Malformed ${type} box at ${at}`);
    boxes.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function child(data: Buffer, parent: Box, type: string, skip = 0): Box {
  const found = readBoxes(data, parent.start + skip, parent.end).find((b) => b.type === type);
  if (!found) throw new Error(`No ${type} box in ${parent.type}`);
  return found;
}

function readSized(data: Buffer, at: number, bytes: number): number {
  if (bytes === 0) return 0;
  if (bytes === 4) return data.readUInt32BE(at);
  if (bytes === 8) return Number(data.readBigUInt64BE(at));
  if (bytes === 2) return data.readUInt16BE(at);
  throw new Error(`Unsupported field size ${bytes}`);
}

/**
 * The primary item's AV1 bitstream (its OBUs) and the `av1C` box body of an AVIF still image,
 * read from the HEIF boxes: `pitm` names the item, `iloc` says where its bytes are, `ipco` holds
 * the codec configuration.
 */
export function av1FromAvif(avif: Buffer): { obus: Buffer; av1C: Buffer } {
  const top = readBoxes(avif);
  const meta = top.find((b) => b.type === "meta");
  if (!meta) throw new Error("No meta box");
  // meta is a full box: version and flags come before its children.
  const pitm = child(avif, meta, "pitm", 4);
  const primary =
    avif[pitm.start] === 0 ? avif.readUInt16BE(pitm.start + 4) : avif.readUInt32BE(pitm.start + 4);
  const iprp = child(avif, meta, "iprp", 4);
  const ipco = child(avif, iprp, "ipco");
  const av1C = child(avif, ipco, "av1C");

  const iloc = child(avif, meta, "iloc", 4);
  const version = avif[iloc.start]!;
  let at = iloc.start + 4;
  const offsetSize = avif[at]! >> 4;
  const lengthSize = avif[at]! & 15;
  const baseOffsetSize = avif[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? avif[at + 1]! & 15 : 0;
  at += 2;
  const itemCount = version < 2 ? avif.readUInt16BE(at) : avif.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < itemCount; i++) {
    const itemId = version < 2 ? avif.readUInt16BE(at) : avif.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = avif.readUInt16BE(at) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseOffset = readSized(avif, at, baseOffsetSize);
    at += baseOffsetSize;
    const extentCount = avif.readUInt16BE(at);
    at += 2;
    const parts: Buffer[] = [];
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = readSized(avif, at, offsetSize);
      at += offsetSize;
      const length = readSized(avif, at, lengthSize);
      at += lengthSize;
      parts.push(avif.subarray(baseOffset + offset, baseOffset + offset + length));
    }
    if (itemId !== primary) continue;
    if (method !== 0) throw new Error("Only file-offset items are supported");
    return { obus: Buffer.concat(parts), av1C: avif.subarray(av1C.start, av1C.end) };
  }
  throw new Error("Primary item not located");
}

/**
 * The OBUs of a temporal unit without its temporal delimiter: in MP4 a sample is the unit and
 * the delimiter is left out (AV1 in ISOBMFF §2.4). OBUs carry their size (`obu_has_size_field`).
 */
export function withoutTemporalDelimiters(obus: Buffer): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at < obus.length) {
    const header = obus[at]!;
    const type = (header >> 3) & 15;
    if ((header & 2) === 0) throw new Error("OBU without a size field");
    let cursor = at + 1 + ((header & 4) !== 0 ? 1 : 0);
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = obus[cursor++]!;
      size += (byte & 127) * 2 ** shift;
      if ((byte & 128) === 0) break;
    }
    const end = cursor + size;
    if (type !== 2) kept.push(obus.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}

/** An ISO media box (exported for tests that build films). */
export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

export function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 255) << 24) | (flags & 0xffffff), 0);
  return box(type, head, ...parts);
}

export function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

function u16(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16BE(v & 0xffff, i * 2));
  return b;
}

const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * An MP4 of one AV1 video track whose samples are `frames` (each one temporal unit, every one a
 * key frame), `av1C` the codec configuration of the first.
 */
export function muxAv1Mp4(
  frames: Buffer[],
  av1C: Buffer,
  options: { width: number; height: number; fps: number; maker?: string },
): Buffer {
  const { width, height, fps } = options;
  // A media time scale where one frame is a whole number of ticks.
  const timescale = fps * 1000;
  const delta = 1000;
  const mediaDuration = frames.length * delta;
  const movieTimescale = 1000;
  const movieDuration = Math.round((frames.length * 1000) / fps);

  const ftyp = box(
    "ftyp",
    Buffer.from("isom", "latin1"),
    u32(0x200),
    Buffer.from("isomiso6av01mp41", "latin1"),
  );
  const mvhd = fullBox(
    "mvhd",
    0,
    0,
    u32(0, 0, movieTimescale, movieDuration, 0x10000),
    u16(0x100, 0),
    u32(0, 0),
    MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = fullBox(
    "tkhd",
    0,
    3, // enabled, in the movie
    u32(0, 0, 1, 0, movieDuration, 0, 0),
    u16(0, 0, 0, 0),
    MATRIX,
    u32(width * 0x10000, height * 0x10000),
  );
  const mdhd = fullBox("mdhd", 0, 0, u32(0, 0, timescale, mediaDuration), u16(0x55c4, 0));
  const hdlr = fullBox(
    "hdlr",
    0,
    0,
    u32(0),
    Buffer.from("vide", "latin1"),
    u32(0, 0, 0),
    Buffer.from("VideoHandler\0", "latin1"),
  );
  const vmhd = fullBox("vmhd", 0, 1, u16(0, 0, 0, 0));
  const dinf = box("dinf", fullBox("dref", 0, 0, u32(1), fullBox("url ", 0, 1)));
  const compressor = Buffer.alloc(32);
  const av01 = box(
    "av01",
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16),
    u16(width, height),
    u32(0x480000, 0x480000, 0),
    u16(1),
    compressor,
    u16(0x18, 0xffff),
    box("av1C", av1C),
  );
  const stsd = fullBox("stsd", 0, 0, u32(1), av01);
  const stts = fullBox("stts", 0, 0, u32(1, frames.length, delta));
  const stsc = fullBox("stsc", 0, 0, u32(1, 1, frames.length, 1));
  const stsz = fullBox("stsz", 0, 0, u32(0, frames.length, ...frames.map((f) => f.length)));
  // The chunk offset is known once the moov size is: it does not depend on the offset's value.
  const build = (chunkOffset: number) => {
    const stco = fullBox("stco", 0, 0, u32(1, chunkOffset));
    const stbl = box("stbl", stsd, stts, stsc, stsz, stco);
    const minf = box("minf", vmhd, dinf, stbl);
    const mdia = box("mdia", mdhd, hdlr, minf);
    const trak = box("trak", tkhd, mdia);
    return box("moov", mvhd, trak, ...(options.maker ? [userData(options.maker)] : []));
  };
  const moovSize = build(0).length;
  const mdatHeader = 8;
  const moov = build(ftyp.length + moovSize + mdatHeader);
  return Buffer.concat([ftyp, moov, box("mdat", ...frames)]);
}

/** A movie's user data naming its maker: a QuickTime text item (length, language, UTF-8). */
function userData(maker: string): Buffer {
  const text = Buffer.from(maker, "utf8");
  return box("udta", box("©ART", u16(text.length, 0x55c4), text));
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/** One frame: a sweep of colour, a disc crossing the screen, the title and the frame counter. */
function frameSvg(index: number, options: DemoVideoOptions): string {
  const { width: w, height: h, frames, fps, title } = options;
  const t = index / frames;
  const hue = Math.round(350 + t * 220) % 360;
  const x = Math.round(w * (0.1 + 0.8 * t));
  const y = Math.round(h * (0.55 + 0.2 * Math.sin(t * Math.PI * 4)));
  const seconds = (index / fps).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,30%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 60) % 360},75%,50%)"/>
  </linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <rect x="${Math.round(w * t) - 40}" y="0" width="80" height="${h}" fill="#ffffff" opacity="0.12"/>
  <circle cx="${x}" cy="${y}" r="${Math.round(h / 7)}" fill="hsl(${(hue + 180) % 360},80%,60%)"/>
  <text x="${w / 2}" y="${Math.round(h * 0.28)}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(h / 10)}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
  <text x="${w - 16}" y="${h - 16}" font-family="DejaVu Sans Mono, monospace" font-size="${Math.round(h / 16)}" fill="#fff" text-anchor="end">${String(index + 1).padStart(2, "0")}/${frames} · ${seconds}s</text>
</svg>`;
}

/** Makes the demo film (about 2 s of work for 48 frames at 640×360 on two cores). */
export async function makeDemoVideo(
  overrides: Partial<DemoVideoOptions> = {},
): Promise<{ data: Buffer; duration: number; width: number; height: number; frames: number }> {
  const options = { ...DEMO_VIDEO_DEFAULTS, ...overrides };
  const { default: sharp } = await import("sharp");
  const encoded: Buffer[] = new Array<Buffer>(options.frames);
  let av1C: Buffer | null = null;
  // A few encodes at a time: libaom uses its own threads for each.
  let next = 0;
  const worker = async () => {
    while (next < options.frames) {
      const index = next++;
      const avif = await sharp(Buffer.from(frameSvg(index, options)))
        .removeAlpha()
        .avif({ quality: 55, effort: 0, chromaSubsampling: "4:2:0" })
        .toBuffer();
      const { obus, av1C: config } = av1FromAvif(avif);
      encoded[index] = withoutTemporalDelimiters(obus);
      if (index === 0) av1C = config;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  if (!av1C) throw new Error("No AV1 configuration");
  const data = muxAv1Mp4(encoded, av1C, options);
  return {
    data,
    duration: options.frames / options.fps,
    width: options.width,
    height: options.height,
    frames: options.frames,
  };
}
