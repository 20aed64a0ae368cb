import { writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp, { type PngOptions } from "sharp";

/**
 * Real files for media tests, made here rather than checked in: pictures drawn by sharp,
 * hostile files with an image's name, and the smallest valid headers of the other accepted
 * types. Each function writes into `dir` and returns the path.
 */

/**
 * A PNG of pseudo-random pixels (compresses badly, so its size follows width × height); `png`
 * passes sharp's PNG options (`compressionLevel: 0` for the largest file).
 */
export async function noisePng(
  width: number,
  height: number,
  png: PngOptions = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5)) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png(png)
    .toBuffer();
}

/** A JPEG/PNG/WebP picture of the given size (PNG with transparency when `alpha`). */
export async function writeImage(
  dir: string,
  name: string,
  options: {
    width: number;
    height: number;
    format: "jpeg" | "png" | "webp";
    alpha?: boolean;
    orientation?: number;
  },
): Promise<string> {
  const file = path.join(dir, name);
  let image = sharp({
    create: {
      width: options.width,
      height: options.height,
      channels: options.alpha ? 4 : 3,
      background: options.alpha ? { r: 200, g: 30, b: 40, alpha: 0.5 } : { r: 200, g: 30, b: 40 },
    },
  });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  image =
    options.format === "jpeg"
      ? image.jpeg()
      : options.format === "png"
        ? image.png()
        : image.webp();
  await image.toFile(file);
  return file;
}

/** A PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG whose header declares `width` × `height` (a decompression bomb). */
export function writePngDeclaring(
  dir: string,
  name: string,
  width: number,
  height: number,
): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const file = path.join(dir, name);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(Buffer.alloc(4096))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
  return file;
}

export function writeBytes(dir: string, name: string, data: Buffer | string): string {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
}

/** An HTML page with a script, named like a picture. */
export const HTML_PAGE =
  "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>";
/** The start of a Linux executable (ELF) and of a Windows one (MZ … PE). */
export const ELF_HEADER = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
  Buffer.alloc(120),
]);
export function windowsExecutable(): Buffer {
  const data = Buffer.alloc(512);
  data.write("MZ", 0, "latin1");
  data.writeUInt32LE(0x80, 0x3c);
  data.write("PE\0\0", 0x80, "latin1");
  return data;
}

/** A one-page PDF. */
export const PDF_DOCUMENT = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

/** An MP4 (`isom`) / QuickTime (`qt  `) file's first box, then a little padding. */
export function isoMediaHeader(brand: "isom" | "qt  "): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write(brand, 8, "latin1");
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(brand === "isom" ? "isomavc1" : "qt  qt  ", 16, "latin1");
  const free = Buffer.alloc(16);
  free.writeUInt32BE(16, 0);
  free.write("free", 4, "latin1");
  return Buffer.concat([ftyp, free]);
}

/** A WebM file's EBML header (DocType "webm"). */
export const WEBM_HEADER = Buffer.concat([
  Buffer.from(
    "1a45dfa39f4286810142f7810142f2810442f381084282847765626d428781044285810218538067",
    "hex",
  ),
  Buffer.alloc(64),
]);

/** A zip archive of stored (uncompressed) entries. */
export function zipArchive(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** The smallest PowerPoint (PPTX) file type detection accepts: content types and `ppt/` parts. */
export function minimalPptx(): Buffer {
  return zipArchive({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>' +
      "</Types>",
    "ppt/presentation.xml":
      '<?xml version="1.0" encoding="UTF-8"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
  });
}

/** A Word document (a zip with `word/` parts): an Office file that is not a presentation. */
export function minimalDocx(): Buffer {
  return zipArchive({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      "</Types>",
    "word/document.xml": "<w:document/>",
  });
}
