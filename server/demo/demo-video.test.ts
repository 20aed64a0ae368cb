import { describe, expect, it } from "vitest";
import { isDemoFilm, makeDemoVideo, readBoxes } from "./demo-video";

/**
 * The demo film's MP4: one AV1 track of key frames, its tables describing exactly the frames in
 * `mdat` (count, sizes, offset, durations), made in well under the start's budget. That Chromium
 * plays and seeks it is checked by the library's browser journey.
 */

type Box = ReturnType<typeof readBoxes>[number];

/** Bytes before a box's children: a full box's version and entry count, a sample entry's fields. */
const HEADER: Record<string, number> = { stsd: 8, dref: 8, av01: 78 };

function path(data: Buffer, parent: Box | null, ...types: string[]): Box {
  let box = parent;
  for (const type of types) {
    const start = box ? box.start + (HEADER[box.type] ?? 0) : 0;
    const found = readBoxes(data, start, box?.end ?? data.length).find((b) => b.type === type);
    if (!found) throw new Error(`no ${type}`);
    box = found;
  }
  return box!;
}

describe("the demo film", () => {
  it("is an MP4 of 24 AV1 key frames at 12 fps (2 s), its tables matching its data", async () => {
    const film = await makeDemoVideo({ frames: 24, fps: 12, width: 320, height: 180 });
    const data = film.data;
    expect(isDemoFilm(data)).toBe(true);
    expect(readBoxes(data).map((b) => b.type)).toEqual(["ftyp", "moov", "mdat"]);
    expect(data.toString("latin1", 8, 12)).toBe("isom");
    expect(film.duration).toBe(2);

    const mvhd = path(data, null, "moov", "mvhd");
    expect(data.readUInt32BE(mvhd.start + 12)).toBe(1000); // time scale
    expect(data.readUInt32BE(mvhd.start + 16)).toBe(2000); // duration in ms
    const mdhd = path(data, null, "moov", "trak", "mdia", "mdhd");
    const timescale = data.readUInt32BE(mdhd.start + 12);
    expect(data.readUInt32BE(mdhd.start + 16) / timescale).toBe(2);
    const tkhd = path(data, null, "moov", "trak", "tkhd");
    expect(data.readUInt32BE(tkhd.start + 76) >>> 16).toBe(320);
    expect(data.readUInt32BE(tkhd.start + 80) >>> 16).toBe(180);

    const stbl = path(data, null, "moov", "trak", "mdia", "minf", "stbl");
    const av01 = path(data, stbl, "stsd", "av01");
    expect(data.readUInt16BE(av01.start + 24)).toBe(320);
    const av1C = path(data, av01, "av1C");
    // av1C: marker and version 1, then Main profile (0), 8-bit.
    expect(data[av1C.start]).toBe(0x81);
    expect(data[av1C.start + 1]! >> 5).toBe(0);

    const stts = path(data, stbl, "stts");
    // One run: 24 samples of one twelfth of a second each.
    expect([4, 8, 12].map((o) => data.readUInt32BE(stts.start + o))).toEqual([
      1,
      24,
      timescale / 12,
    ]);
    expect(readBoxes(data, stbl.start, stbl.end).some((b) => b.type === "stss")).toBe(false);
    const stsz = path(data, stbl, "stsz");
    expect(data.readUInt32BE(stsz.start + 8)).toBe(24);
    const sizes = Array.from({ length: 24 }, (_, i) => data.readUInt32BE(stsz.start + 12 + i * 4));
    const stco = path(data, stbl, "stco");
    const offset = data.readUInt32BE(stco.start + 8);
    const mdat = readBoxes(data).find((b) => b.type === "mdat")!;
    expect(offset).toBe(mdat.start);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(mdat.end - mdat.start);
    // Each sample starts with an OBU header: the sequence header (type 1) of a key frame.
    let at = offset;
    for (const size of sizes) {
      expect((data[at]! >> 3) & 15).toBe(1);
      at += size;
    }
  });
});
