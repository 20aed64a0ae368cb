import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cleanPptxForJudges,
  PPTX_MAX_ENTRIES,
  PPTX_MAX_UNPACKED_BYTES,
  type CleanedPptx,
} from "./pptx-judge-copy";

const COMPANY = "Công ty Quảng cáo ABC";
const PERSON = "Nguyen Van A";
const AGENCY = "ABC Agency";

const PML = "http://schemas.openxmlformats.org/presentationml/2006/main";
const DML = "http://schemas.openxmlformats.org/drawingml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const MODERN_REL = "http://schemas.microsoft.com/office/2018/10/relationships";
const P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main";
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/** The slide extension that shows slide 2's modern comments (MS-PPTX commentRel). */
const COMMENT_LINK =
  '<p:extLst><p:ext uri="{6950BFC3-D8DA-4A85-94F7-54DA5524770B}">' +
  `<p188:commentRel xmlns:p188="${P188}" r:id="rId3"/></p:ext></p:extLst>`;

const REMOVED = [
  "ppt/commentAuthors.xml",
  "ppt/authors.xml",
  "ppt/comments/comment1.xml",
  "ppt/comments/modernComment_101_5E2F7A1B.xml",
];
/** Every part the copy may change; all others keep their bytes. */
const CHANGED = [
  "[Content_Types].xml",
  "ppt/_rels/presentation.xml.rels",
  "ppt/slides/_rels/slide1.xml.rels",
  "ppt/slides/_rels/slide2.xml.rels",
  "ppt/slides/slide2.xml",
  "docProps/core.xml",
  "docProps/app.xml",
  "docProps/custom.xml",
  "ppt/media/image1.jpeg",
  "ppt/media/image2.png",
];

function relationships(...entries: [id: string, type: string, target: string][]): string {
  const items = entries.map(
    ([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`,
  );
  return `${DECLARATION}<Relationships xmlns="${PACKAGE_REL}">${items.join("")}</Relationships>`;
}

function override(part: string, type: string): string {
  return `<Override PartName="/${part}" ContentType="application/vnd.${type}"/>`;
}

const PRESENTATION_ML = "openxmlformats-officedocument.presentationml";

function xmlParts(): Record<string, string> {
  const slide = (body: string, tail = "") =>
    `${DECLARATION}<p:sld xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}"><p:cSld><p:spTree>` +
    `<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>` +
    `${body}</p:spTree><p:extLst><p:ext uri="{BB962C8B-B14F-4D97-AF65-F5344CB8AC3E}">` +
    `<p14:creationId xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" ` +
    `val="2851913021"/></p:ext></p:extLst></p:cSld><p:clrMapOvr><a:masterClrMapping/>` +
    `</p:clrMapOvr>${tail}</p:sld>`;
  const picture = (id: number, rel: string) =>
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"/><p:cNvPicPr/><p:nvPr/>` +
    `</p:nvPicPr><p:blipFill><a:blip r:embed="${rel}"/><a:stretch><a:fillRect/></a:stretch>` +
    `</p:blipFill><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="457200"/>` +
    `</a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
  return {
    "[Content_Types].xml":
      `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Default Extension="jpeg" ContentType="image/jpeg"/><Default Extension="png" ContentType="image/png"/>` +
      override("ppt/presentation.xml", `${PRESENTATION_ML}.presentation.main+xml`) +
      override("ppt/slideMasters/slideMaster1.xml", `${PRESENTATION_ML}.slideMaster+xml`) +
      override("ppt/slideLayouts/slideLayout1.xml", `${PRESENTATION_ML}.slideLayout+xml`) +
      override("ppt/slides/slide1.xml", `${PRESENTATION_ML}.slide+xml`) +
      override("ppt/slides/slide2.xml", `${PRESENTATION_ML}.slide+xml`) +
      override("ppt/theme/theme1.xml", "openxmlformats-officedocument.theme+xml") +
      override("ppt/commentAuthors.xml", `${PRESENTATION_ML}.commentAuthors+xml`) +
      override("ppt/comments/comment1.xml", `${PRESENTATION_ML}.comments+xml`) +
      override("ppt/authors.xml", "ms-powerpoint.authors+xml") +
      override("ppt/comments/modernComment_101_5E2F7A1B.xml", "ms-powerpoint.comments+xml") +
      override("docProps/core.xml", "openxmlformats-package.core-properties+xml") +
      override("docProps/app.xml", "openxmlformats-officedocument.extended-properties+xml") +
      override("docProps/custom.xml", "openxmlformats-officedocument.custom-properties+xml") +
      "</Types>",
    "_rels/.rels": relationships(
      ["rId1", `${REL}/officeDocument`, "ppt/presentation.xml"],
      ["rId2", `${PACKAGE_REL}/metadata/core-properties`, "docProps/core.xml"],
      ["rId3", `${REL}/extended-properties`, "docProps/app.xml"],
      ["rId4", `${REL}/custom-properties`, "docProps/custom.xml"],
    ),
    "ppt/presentation.xml":
      `${DECLARATION}<p:presentation xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}">` +
      `<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
      `<p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst>` +
      `<p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    "ppt/_rels/presentation.xml.rels": relationships(
      ["rId1", `${REL}/slideMaster`, "slideMasters/slideMaster1.xml"],
      ["rId2", `${REL}/slide`, "slides/slide1.xml"],
      ["rId3", `${REL}/slide`, "slides/slide2.xml"],
      ["rId4", `${REL}/theme`, "theme/theme1.xml"],
      ["rId5", `${REL}/commentAuthors`, "commentAuthors.xml"],
      ["rId6", `${MODERN_REL}/authors`, "authors.xml"],
    ),
    "ppt/slideMasters/slideMaster1.xml":
      `${DECLARATION}<p:sldMaster xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}"><p:cSld>` +
      `<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
      `<p:grpSpPr/></p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" ` +
      `accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" ` +
      `accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>` +
      `<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>` +
      `</p:sldMaster>`,
    "ppt/slideMasters/_rels/slideMaster1.xml.rels": relationships(
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/theme`, "../theme/theme1.xml"],
    ),
    "ppt/slideLayouts/slideLayout1.xml":
      `${DECLARATION}<p:sldLayout xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}" ` +
      `type="blank"><p:cSld name="Blank"><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>` +
      `<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld></p:sldLayout>`,
    "ppt/slideLayouts/_rels/slideLayout1.xml.rels": relationships([
      "rId1",
      `${REL}/slideMaster`,
      "../slideMasters/slideMaster1.xml",
    ]),
    "ppt/theme/theme1.xml":
      `${DECLARATION}<a:theme xmlns:a="${DML}" name="Office Theme"><a:themeElements>` +
      `<a:clrScheme name="Office"/><a:fontScheme name="Office"/><a:fmtScheme name="Office"/>` +
      `</a:themeElements></a:theme>`,
    "ppt/slides/slide1.xml": slide(picture(2, "rId2") + picture(3, "rId3")),
    "ppt/slides/_rels/slide1.xml.rels": relationships(
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/image`, "../media/image1.jpeg"],
      ["rId3", `${REL}/image`, "../media/image2.png"],
      ["rId4", `${REL}/comments`, "../comments/comment1.xml"],
    ),
    "ppt/slides/slide2.xml": slide(picture(2, "rId2") + picture(3, "rId4"), COMMENT_LINK),
    "ppt/slides/_rels/slide2.xml.rels": relationships(
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/image`, "../media/image3.jpeg"],
      ["rId3", `${MODERN_REL}/comments`, "/ppt/comments/modernComment_101_5E2F7A1B.xml"],
      ["rId4", `${REL}/image`, "../media/image4.png"],
    ),
    "ppt/commentAuthors.xml":
      `${DECLARATION}<p:cmAuthorLst xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}">` +
      `<p:cmAuthor id="1" name="${PERSON}" initials="NVA" lastIdx="1" clrIdx="0"/>` +
      `</p:cmAuthorLst>`,
    "ppt/comments/comment1.xml":
      `${DECLARATION}<p:cmLst xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p="${PML}">` +
      `<p:cm authorId="1" dt="2025-03-02T09:15:00.000" idx="1"><p:pos x="10" y="10"/>` +
      `<p:text>Logo ${AGENCY} to the right</p:text></p:cm></p:cmLst>`,
    "ppt/authors.xml":
      `${DECLARATION}<p188:authorLst xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p188="${P188}">` +
      `<p188:author id="{7D1C8C6B-2C4A-4C7E-9C3E-1F0A5B6D7E8F}" name="${COMPANY}" ` +
      `initials="CT" userId="S::a@abc.vn::0b1c" providerId="AD"/></p188:authorLst>`,
    "ppt/comments/modernComment_101_5E2F7A1B.xml":
      `${DECLARATION}<p188:cmLst xmlns:a="${DML}" xmlns:r="${REL}" xmlns:p188="${P188}">` +
      `<p188:cm id="{1B2C3D4E-0000-4000-8000-000000000001}" ` +
      `authorId="{7D1C8C6B-2C4A-4C7E-9C3E-1F0A5B6D7E8F}" created="2025-03-02T09:20:00.000">` +
      `<p188:txBody><a:bodyPr/><a:p><a:r><a:t>Ask ${PERSON}</a:t></a:r></a:p></p188:txBody>` +
      `</p188:cm></p188:cmLst>`,
    "docProps/core.xml":
      `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
      `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Tết campaign</dc:title>` +
      `<dc:creator>${PERSON}</dc:creator><cp:lastModifiedBy>${AGENCY}</cp:lastModifiedBy>` +
      `<cp:revision>7</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">` +
      `2025-03-01T08:00:00Z</dcterms:created></cp:coreProperties>`,
    "docProps/app.xml":
      `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
      `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
      `<TotalTime>42</TotalTime><Application>Microsoft Office PowerPoint</Application>` +
      `<Slides>2</Slides><Manager>${PERSON}</Manager><Company>${COMPANY}</Company>` +
      `<HyperlinkBase>https://abc-agency.vn/${encodeURIComponent(AGENCY)}</HyperlinkBase>` +
      `<AppVersion>16.0000</AppVersion></Properties>`,
    "docProps/custom.xml":
      `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" ` +
      `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
      `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Client">` +
      `<vt:lpwstr>${AGENCY}</vt:lpwstr></property></Properties>`,
  };
}

/** A TIFF block as in Exif: Artist in UTF-8 (as editors write it), XPAuthor in UTF-16LE (Windows). */
function tiffWithAuthors(): Buffer {
  const artist = Buffer.from(`${COMPANY}\0`);
  const xpAuthor = Buffer.from(`${PERSON}\0`, "utf16le");
  const header = Buffer.alloc(38); // TIFF header (8) + IFD0 of two entries (30)
  header.write("II", 0, "latin1");
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  header.writeUInt16LE(2, 8);
  const entry = (at: number, tag: number, type: number, count: number, offset: number) => {
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    header.writeUInt32LE(offset, at + 8);
  };
  entry(10, 0x013b, 2, artist.length, 38);
  entry(22, 0x9c9d, 1, xpAuthor.length, 38 + artist.length);
  return Buffer.concat([header, artist, xpAuthor]);
}

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq>' +
  `<rdf:li>${PERSON}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

interface Pictures {
  /** What the copy must hold: the encoder's picture (ICC profile, tables, scan) and a JFIF APP0. */
  jpeg: Buffer;
  jpegWithMetadata: Buffer;
  png: Buffer;
  pngWithMetadata: Buffer;
}

async function pictures(): Promise<Pictures> {
  const canvas = () =>
    sharp({
      create: { width: 16, height: 8, channels: 3, background: { r: 200, g: 30, b: 60 } },
    }).withIccProfile("srgb");
  const encoded = await canvas().jpeg().toBuffer();
  const jfif = jpegSegment(
    0xe0,
    Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  );
  const iptc = Buffer.concat([
    Buffer.from([0x1c, 0x02, 0x50, 0, PERSON.length]),
    Buffer.from(PERSON),
  ]);
  const resource = Buffer.alloc(12);
  resource.write("8BIM", 0, "latin1");
  resource.writeUInt16BE(0x0404, 4); // IPTC-NAA record; an empty name takes two bytes
  resource.writeUInt32BE(iptc.length, 8);
  const soi = encoded.subarray(0, 2);
  const rest = encoded.subarray(2);
  const jpegWithMetadata = Buffer.concat([
    soi,
    jfif,
    jpegSegment(0xe1, Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiffWithAuthors()])),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${XMP}`)),
    jpegSegment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0"), resource, iptc])),
    jpegSegment(0xfe, Buffer.from(`Made by ${AGENCY}`)),
    rest,
  ]);
  const png = await canvas().png().toBuffer();
  const header = png.subarray(0, 33); // signature and IHDR
  const pngWithMetadata = Buffer.concat([
    header,
    pngChunk("tEXt", Buffer.from(`Author\0${AGENCY}`, "latin1")),
    pngChunk("zTXt", Buffer.concat([Buffer.from("Comment\0\0"), deflateSync(COMPANY)])),
    pngChunk("iTXt", Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${XMP}`)),
    pngChunk("eXIf", tiffWithAuthors()),
    png.subarray(33),
  ]);
  return { jpeg: Buffer.concat([soi, jfif, rest]), jpegWithMetadata, png, pngWithMetadata };
}

/** Pictures whose first segment or chunk runs past their end: they do not parse. */
const BROKEN_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xf0, 1, 2, 3, 0xff, 0xd9]);
const BROKEN_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0xff, 0xf0]),
  Buffer.from("IHDR\0\0\0\x10\0\0\0\x10", "latin1"),
]);

/** The deck as an entrant's PowerPoint might save it, names in its zip comments too. */
function deck(pics: Pictures): Uint8Array {
  const files: Zippable = {};
  for (const [name, text] of Object.entries(xmlParts())) files[name] = strToU8(text);
  files["ppt/presentation.xml"] = [
    strToU8(xmlParts()["ppt/presentation.xml"] ?? ""),
    { comment: PERSON, extra: { 0xcafe: strToU8(AGENCY) } },
  ];
  files["ppt/media/image1.jpeg"] = new Uint8Array(pics.jpegWithMetadata);
  files["ppt/media/image2.png"] = new Uint8Array(pics.pngWithMetadata);
  files["ppt/media/image3.jpeg"] = new Uint8Array(BROKEN_JPEG);
  files["ppt/media/image4.png"] = new Uint8Array(BROKEN_PNG);
  const zip = zipSync(files);
  const comment = strToU8(COMPANY);
  const out = new Uint8Array(zip.length + comment.length);
  out.set(zip);
  out.set(comment, zip.length);
  new DataView(out.buffer).setUint16(zip.length - 2, comment.length, true);
  return out;
}

function includes(haystack: Uint8Array, needle: string, encoding: "utf8" | "utf16le"): boolean {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.length).includes(
    Buffer.from(needle, encoding),
  );
}

function partsIncluding(
  parts: Record<string, Uint8Array>,
  needle: string,
  encoding: "utf8" | "utf16le",
) {
  return Object.keys(parts).filter((name) =>
    includes(parts[name] ?? new Uint8Array(), needle, encoding),
  );
}

function part(parts: Record<string, Uint8Array>, name: string): Uint8Array {
  const found = parts[name];
  if (!found) throw new Error(`no part ${name}`);
  return found;
}

function text(parts: Record<string, Uint8Array>, name: string): string {
  return strFromU8(part(parts, name));
}

/** Relationship targets and content-type overrides that name no part of the package. */
function danglingReferences(parts: Record<string, Uint8Array>): string[] {
  const present = new Set(Object.keys(parts));
  const dangling: string[] = [];
  for (const name of present) {
    const rels = /^((?:.*\/)?)_rels\/([^/]*)\.rels$/.exec(name);
    if (!rels) continue;
    for (const [element] of text(parts, name).matchAll(/<Relationship\b[^>]*>/g)) {
      if (/TargetMode="External"/.test(element)) continue;
      const target = /Target="([^"]*)"/.exec(element)?.[1] ?? "";
      const part = target.startsWith("/")
        ? target.slice(1)
        : path.posix.normalize(path.posix.join(rels[1] ?? "", target));
      if (!present.has(part)) dangling.push(`${name} → ${target}`);
    }
  }
  for (const [, part] of text(parts, "[Content_Types].xml").matchAll(/PartName="\/([^"]*)"/g)) {
    if (!present.has(part ?? "")) dangling.push(`Override ${part}`);
  }
  return dangling;
}

interface CentralEntry {
  name: string;
  method: number;
  time: number;
  date: number;
  extraLength: number;
  commentLength: number;
}

/** The zip's central directory as written, and the length of the archive's comment. */
function centralDirectory(zip: Uint8Array): { entries: CentralEntry[]; commentLength: number } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  const entries: CentralEntry[] = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i += 1) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: strFromU8(zip.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      time: view.getUint16(at + 12, true),
      date: view.getUint16(at + 14, true),
      extraLength,
      commentLength,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, commentLength: view.getUint16(end + 20, true) };
}

function copyOf(result: CleanedPptx): Uint8Array {
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.bytes;
}

describe("cleanPptxForJudges", () => {
  let pics: Pictures;
  let source: Uint8Array;
  let sourceParts: Record<string, Uint8Array>;
  let copy: Uint8Array;
  let parts: Record<string, Uint8Array>;

  beforeAll(async () => {
    pics = await pictures();
    source = deck(pics);
    sourceParts = unzipSync(source);
    copy = copyOf(await cleanPptxForJudges(source));
    parts = unzipSync(copy);
  });

  it("leaves no name of the author, the company or people in any part or header", () => {
    for (const name of [COMPANY, PERSON, AGENCY]) {
      expect(partsIncluding(sourceParts, name, "utf8"), name).not.toEqual([]);
      expect(includes(source, name, "utf8"), name).toBe(true);
    }
    expect(partsIncluding(sourceParts, PERSON, "utf16le")).toEqual([
      "ppt/media/image1.jpeg",
      "ppt/media/image2.png",
    ]);
    for (const name of [COMPANY, PERSON, AGENCY]) {
      for (const encoding of ["utf8", "utf16le"] as const) {
        expect(partsIncluding(parts, name, encoding), `${name} (${encoding})`).toEqual([]);
        expect(includes(copy, name, encoding), `${name} (${encoding})`).toBe(false);
      }
    }
  });

  it("removes every comment and comment author, legacy and modern", () => {
    for (const name of REMOVED) {
      expect(sourceParts[name], name).toBeDefined();
      expect(parts[name], name).toBeUndefined();
    }
    const names = Object.keys(parts);
    expect(names).toEqual(Object.keys(sourceParts).filter((name) => !REMOVED.includes(name)));
  });

  it("keeps the package consistent: every relationship and override names a part", () => {
    expect(danglingReferences(sourceParts)).toEqual([]);
    expect(danglingReferences(parts)).toEqual([]);
    expect(text(parts, "ppt/slides/_rels/slide1.xml.rels")).toContain("../media/image2.png");
    expect(text(parts, "[Content_Types].xml")).toContain('PartName="/ppt/slides/slide2.xml"');
  });

  it("keeps slides, layouts, masters, themes and unparseable pictures byte for byte", () => {
    const unchanged = Object.keys(sourceParts).filter(
      (name) => !CHANGED.includes(name) && !REMOVED.includes(name),
    );
    expect(unchanged).toContain("ppt/slides/slide1.xml");
    expect(unchanged).toContain("ppt/media/image3.jpeg");
    expect(unchanged).toContain("ppt/media/image4.png");
    for (const name of unchanged) expect(parts[name], name).toEqual(sourceParts[name]);
    // The slide whose modern comments went loses their link, nothing else.
    const slide2 = text(sourceParts, "ppt/slides/slide2.xml");
    expect(slide2).toContain(COMMENT_LINK);
    expect(text(parts, "ppt/slides/slide2.xml")).toBe(slide2.replace(COMMENT_LINK, ""));
  });

  it("strips metadata from pictures and keeps their pixels, colour profile and scan", async () => {
    expect(parts["ppt/media/image1.jpeg"]).toEqual(new Uint8Array(pics.jpeg));
    expect(parts["ppt/media/image2.png"]).toEqual(new Uint8Array(pics.png));
    for (const [name, original] of [
      ["ppt/media/image1.jpeg", pics.jpegWithMetadata],
      ["ppt/media/image2.png", pics.pngWithMetadata],
    ] as const) {
      const cleaned = part(parts, name);
      const pixels = await sharp(cleaned).raw().toBuffer();
      expect(pixels.equals(await sharp(original).raw().toBuffer()), name).toBe(true);
      expect((await sharp(original).metadata()).exif, name).toBeDefined();
      const metadata = await sharp(cleaned).metadata();
      expect(metadata.icc, name).toBeDefined();
      expect([metadata.exif, metadata.xmp, metadata.iptc], name).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it("empties the document properties and keeps the harmless ones", () => {
    expect(text(parts, "docProps/core.xml")).toMatch(/<cp:coreProperties [^>]*\/>$/);
    expect(text(parts, "docProps/custom.xml")).toMatch(/<Properties [^>]*\/>$/);
    const app = text(parts, "docProps/app.xml");
    expect(app).not.toMatch(/Company|Manager|HyperlinkBase/);
    for (const kept of ["<Slides>2</Slides>", "<Application>", "<TotalTime>", "<AppVersion>"]) {
      expect(app).toContain(kept);
    }
  });

  it("writes fresh zip headers: one fixed time, no comments or extra fields", () => {
    const before = centralDirectory(source);
    expect(before.commentLength).toBeGreaterThan(0);
    expect(before.entries.some((entry) => entry.commentLength > 0 && entry.extraLength > 0)).toBe(
      true,
    );
    const after = centralDirectory(copy);
    expect(after.commentLength).toBe(0);
    for (const entry of after.entries) {
      // 1980-01-01 00:00 in DOS format; pictures stored as they are, XML deflated.
      expect(entry, entry.name).toMatchObject({
        time: 0,
        date: 0x21,
        extraLength: 0,
        commentLength: 0,
      });
      expect(entry.method, entry.name).toBe(entry.name.startsWith("ppt/media/") ? 0 : 8);
    }
  });
});

function entryNames(zip: Uint8Array): string[] {
  return centralDirectory(zip).entries.map((entry) => entry.name);
}

/** The zip with an entry's name replaced by one of the same length, in both of its headers. */
function withEntryRenamed(zip: Uint8Array, from: string, to: string): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from))
    bytes.write(to, at, "latin1");
  expect(entryNames(bytes)).toContain(to);
  return bytes;
}

describe("cleanPptxForJudges refuses", () => {
  const minimal = (names: string[]): Uint8Array =>
    zipSync(Object.fromEntries(names.map((name) => [name, strToU8("<x/>")])), { level: 0 });

  it("a password-protected deck (an OLE compound file)", async () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await cleanPptxForJudges(ole)).toEqual({ ok: false, problem: "encrypted" });
  });

  it("what is not a zip, a cut-off one, or a zip that is no presentation", async () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251);
    const whole = minimal(["[Content_Types].xml", "ppt/presentation.xml"]);
    expect(await cleanPptxForJudges(whole)).toMatchObject({ ok: true });
    for (const bytes of [
      noise,
      whole.subarray(0, whole.length - 30),
      minimal(["[Content_Types].xml", "word/document.xml"]),
      minimal(["ppt/presentation.xml"]),
      withEntryRenamed(minimal([...entryNames(whole), "__proto_X"]), "__proto_X", "__proto__"),
    ]) {
      expect(await cleanPptxForJudges(bytes)).toEqual({ ok: false, problem: "unreadable" });
    }
  });

  it("a zip declaring more unpacked bytes than allowed, before inflating it", async () => {
    const zip = minimal(["[Content_Types].xml", "ppt/presentation.xml"]);
    const view = new DataView(zip.buffer);
    expect(entryNames(zip)).toEqual(["[Content_Types].xml", "ppt/presentation.xml"]);
    // The second central directory header's uncompressed size, set just over the limit.
    const end = zip.length - 22;
    const second = view.getUint32(end + 16, true) + 46 + "[Content_Types].xml".length;
    expect(view.getUint32(second, true)).toBe(0x02014b50);
    view.setUint32(second + 24, PPTX_MAX_UNPACKED_BYTES - 3, true); // + 4 bytes of the first
    expect(await cleanPptxForJudges(zip)).toEqual({ ok: false, problem: "tooComplex" });
  });

  it("a zip of more entries than a deck has", async () => {
    const names = ["[Content_Types].xml", "ppt/presentation.xml"];
    for (let i = names.length; i <= PPTX_MAX_ENTRIES; i += 1) names.push(`ppt/media/x${i}.bin`);
    expect(await cleanPptxForJudges(minimal(names))).toEqual({ ok: false, problem: "tooComplex" });
    expect(await cleanPptxForJudges(minimal(names.slice(0, -1)))).toMatchObject({ ok: true });
  });
});
