import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { box, fullBox as demoFullBox, readBoxes, u32 } from "../../demo/demo-video";
import { MP4_MOVIE_BOX_MAX, mp4JudgeCopy } from "./mp4-judge-copy";
import { UncleanableMedia } from "./uncleanable";

const COMPANY = "Công ty Quảng cáo ABC";
const PERSON = "Nguyen Van A";
const AGENCY = "ABC Agency";
const NAMES = [COMPANY, PERSON, AGENCY];

/** A box with a 64-bit size, as large `mdat`s are written. */
function largeBox(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, "latin1");
  header.writeBigUInt64BE(BigInt(body.length + 16), 8);
  return Buffer.concat([header, body]);
}

const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  demoFullBox(type, version, 0, ...parts);
const u64 = (value: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(value));
  return b;
};
/** A QuickTime user-data text item (©ART, ©too …): size, language, text. */
const qtText = (type: string, text: string) => {
  const value = Buffer.from(text, "utf8");
  const head = Buffer.alloc(4);
  head.writeUInt16BE(value.length, 0);
  return box(type, head, value);
};
const utf16 = (text: string, order: "be" | "le") => {
  const le = Buffer.from(text, "utf16le");
  if (order === "le") return le;
  const be = Buffer.from(le);
  be.swap16();
  return be;
};

const CAPTURED = 0xe0a1b2c3;
const XMP_UUID = Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex");
const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:creator>${AGENCY}</dc:creator><xmpMM:History>/Users/${PERSON}/Desktop/final.prproj</xmpMM:History></rdf:RDF></x:xmpmeta>`;

/**
 * A film as an agency's tools write it: ftyp; a movie box with a track (its sample table
 * pointing into mdat), QuickTime user data and iTunes/QuickTime metadata naming the makers, a
 * track's own user data; Adobe's XMP in a top-level uuid box; a free box with leftovers; mdat.
 */
function film(options: { movieLast?: boolean; largeMdat?: boolean; mdatToEnd?: boolean } = {}) {
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200), Buffer.from("isomavc1"));
  const samples = randomBytes(40_000);
  const stco = fullBox("stco", 0, u32(1, 0));
  const track = box(
    "trak",
    fullBox("tkhd", 0, u32(CAPTURED, CAPTURED, 1, 0, 1000), Buffer.alloc(60)),
    box(
      "mdia",
      fullBox("mdhd", 1, u64(CAPTURED), u64(CAPTURED), u32(90_000), u64(90_000), u32(0)),
      fullBox("hdlr", 0, u32(0), Buffer.from("vide", "latin1"), Buffer.alloc(13)),
      box("minf", box("stbl", stco)),
    ),
    box("udta", qtText("©nam", `${PERSON} – take 3`)),
  );
  const movie = box(
    "moov",
    fullBox("mvhd", 0, u32(CAPTURED, CAPTURED, 1000, 1000), Buffer.alloc(80)),
    track,
    box("udta", qtText("©ART", COMPANY), qtText("©xyz", "+21.0285+105.8542/")),
    box(
      "meta",
      fullBox("hdlr", 0, u32(0), Buffer.from("mdta", "latin1"), Buffer.alloc(13)),
      box("keys", u32(0, 1), box("mdta", Buffer.from("com.apple.quicktime.author"))),
      box("ilst", box("\0\0\0\x01", box("data", u32(1, 0), utf16(AGENCY, "be")))),
    ),
  );
  const xmpBox = box("uuid", XMP_UUID, Buffer.from(xmp, "utf8"));
  const leftovers = box("free", Buffer.from(`old ${COMPANY}`, "utf8"), utf16(PERSON, "le"));
  const mdat = options.largeMdat ? largeBox("mdat", samples) : box("mdat", samples);
  const ordered = options.movieLast
    ? [ftyp, xmpBox, leftovers, mdat, movie]
    : [ftyp, movie, xmpBox, leftovers, mdat];
  if (options.mdatToEnd) {
    ordered[ordered.length - 1] = Buffer.concat([u32(0), Buffer.from("mdat"), samples]);
  }
  // The sample table points at the samples' absolute offset, as muxers write it.
  const bytes = Buffer.concat(ordered);
  const at = bytes.indexOf(samples);
  const stcoAt = bytes.indexOf(stco);
  bytes.writeUInt32BE(at, stcoAt + 16);
  return { bytes, samplesAt: at, samples };
}

async function copyOf(bytes: Buffer, chunk: number | "random" = 64 * 1024): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = chunk === "random" ? 1 + Math.floor(Math.random() * 40) : chunk;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), mp4JudgeCopy(), async (source) => {
    for await (const piece of source) out.push(piece as Buffer);
  });
  return Buffer.concat(out);
}

async function refusal(bytes: Buffer): Promise<UncleanableMedia> {
  const error = await copyOf(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UncleanableMedia);
  return error as UncleanableMedia;
}

const containsName = (bytes: Buffer) =>
  NAMES.some((name) =>
    [Buffer.from(name, "utf8"), utf16(name, "be"), utf16(name, "le")].some((needle) =>
      bytes.includes(needle),
    ),
  );

describe("an MP4 or MOV judges' copy", () => {
  it("keeps every byte in place but the makers' names, places and capture times", async () => {
    const { bytes, samplesAt, samples } = film();
    expect(containsName(bytes)).toBe(true);
    expect(bytes.includes(Buffer.from("+21.0285"))).toBe(true);

    const copy = await copyOf(bytes);

    expect(copy.length).toBe(bytes.length);
    expect(containsName(copy)).toBe(false);
    expect(copy.includes(Buffer.from("+21.0285"))).toBe(false);
    expect(copy.includes(Buffer.from("/Users/"))).toBe(false);
    // The samples stay where the (unchanged) sample table says they are.
    expect(copy.subarray(samplesAt, samplesAt + samples.length).equals(samples)).toBe(true);
    const stco = copy.indexOf(Buffer.from("stco"));
    expect(copy.readUInt32BE(stco + 12)).toBe(samplesAt);
    // The same boxes at the same places, the metadata ones now empty `free` boxes.
    const before = readBoxes(bytes);
    const after = readBoxes(copy);
    expect(after.map((b) => [b.start, b.end])).toEqual(before.map((b) => [b.start, b.end]));
    expect(after.map((b) => b.type)).toEqual(["ftyp", "moov", "free", "free", "mdat"]);
    const movie = after[1]!;
    const inMovie = readBoxes(copy, movie.start, movie.end);
    expect(inMovie.map((b) => b.type)).toEqual(["mvhd", "trak", "free", "free"]);
    for (const blank of [...after.slice(2, 4), ...inMovie.slice(2)]) {
      expect(copy.subarray(blank.start, blank.end).every((byte) => byte === 0)).toBe(true);
    }
    const track = inMovie[1]!;
    expect(readBoxes(copy, track.start, track.end).map((b) => b.type)).toEqual([
      "tkhd",
      "mdia",
      "free",
    ]);
    // No capture time is left, in 32-bit (mvhd, tkhd) or 64-bit (mdhd) form.
    const captured = u32(CAPTURED);
    expect(bytes.includes(captured)).toBe(true);
    expect(copy.includes(captured)).toBe(false);
    // Everything else is as it was: only blanked boxes and the times differ.
    const changed = [...copy.keys()].filter((i) => copy[i] !== bytes[i]);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((i) => i < samplesAt)).toBe(true);
  });

  it("is the same copy whatever size the pieces arrive in", async () => {
    const { bytes } = film();
    const whole = await copyOf(bytes, bytes.length);
    expect((await copyOf(bytes, 1)).equals(whole)).toBe(true);
    expect((await copyOf(bytes, 7)).equals(whole)).toBe(true);
    expect((await copyOf(bytes, "random")).equals(whole)).toBe(true);
  });

  it("cleans a film whose movie box comes last, and 64-bit and to-the-end mdat boxes", async () => {
    for (const options of [{ movieLast: true }, { largeMdat: true }, { mdatToEnd: true }]) {
      const { bytes, samplesAt, samples } = film(options);
      const copy = await copyOf(bytes, 1000);
      expect(copy.length).toBe(bytes.length);
      expect(containsName(copy)).toBe(false);
      expect(copy.subarray(samplesAt, samplesAt + samples.length).equals(samples)).toBe(true);
    }
  });

  it("refuses what is no film: another format, a cut-off file, a file without a movie", async () => {
    const webm = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d", "hex");
    expect((await refusal(webm)).problem).toBe("unreadable");
    const { bytes, samplesAt } = film();
    expect((await refusal(bytes.subarray(0, samplesAt + 100))).problem).toBe("unreadable");
    const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200));
    expect((await refusal(Buffer.concat([ftyp, box("mdat", randomBytes(100))]))).problem).toBe(
      "unreadable",
    );
    // A box inside the movie claiming more than the movie holds.
    const broken = Buffer.concat([ftyp, box("moov", u32(4000), Buffer.from("trak"))]);
    expect((await refusal(broken)).problem).toBe("unreadable");
    // Garbage after the last box (zero padding is tolerated, as old QuickTime writes it).
    expect((await refusal(Buffer.concat([bytes, Buffer.from("junk")]))).problem).toBe("unreadable");
    const padded = await copyOf(Buffer.concat([bytes, Buffer.alloc(4)]));
    expect(padded.length).toBe(bytes.length + 4);
  });

  it("refuses a movie box larger than any film's index", async () => {
    const header = Buffer.concat([u32(MP4_MOVIE_BOX_MAX + 1), Buffer.from("moov")]);
    const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200));
    expect((await refusal(Buffer.concat([ftyp, header, Buffer.alloc(64)]))).problem).toBe(
      "tooComplex",
    );
  });

  it("streams a large film with constant memory", async () => {
    const { bytes } = film();
    const head = bytes.subarray(0, bytes.indexOf(Buffer.from("mdat")) - 4);
    const mdatBytes = 300 * 1024 * 1024;
    const piece = randomBytes(1024 * 1024);
    async function* source() {
      yield head;
      yield Buffer.concat([u32(mdatBytes + 8), Buffer.from("mdat")]);
      for (let sent = 0; sent < mdatBytes; sent += piece.length) yield piece;
    }
    global.gc?.();
    const before = process.memoryUsage();
    let peak = 0;
    let total = 0;
    const started = performance.now();
    await pipeline(source(), mp4JudgeCopy(), async (copy) => {
      for await (const chunk of copy) {
        total += (chunk as Buffer).length;
        if (total % (32 * 1024 * 1024) < piece.length) {
          const now = process.memoryUsage();
          peak = Math.max(peak, now.rss - before.rss, now.arrayBuffers - before.arrayBuffers);
        }
      }
    });
    expect(total).toBe(head.length + 8 + mdatBytes);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
