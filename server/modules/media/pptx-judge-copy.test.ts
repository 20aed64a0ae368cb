import path from "node:path";
import { deflateSync } from "node:zlib";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { pngChunk } from "../../test-support/media-files";
import {
  cleanPptxForJudges,
  PPTX_MAX_ENTRIES,
  PPTX_MAX_UNPACKED_BYTES,
  type CleanedPptx,
} from "./pptx-judge-copy";

const COMPANY = "Công ty Quảng cáo ABC";
const PERSON = "Nguyen Van A";
const AGENCY = "ABC Agency";
const TEMPLATE = "ABC-template.potx";
const NAMES = [COMPANY, PERSON, AGENCY, TEMPLATE];

const PML = "http://schemas.openxmlformats.org/presentationml/2006/main";
const DML = "http://schemas.openxmlformats.org/drawingml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const MODERN_REL = "http://schemas.microsoft.com/office/2018/10/relationships";
const P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main";
const CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart";
const SML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const WML = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const W15 = "http://schemas.microsoft.com/office/word/2012/wordml";
const THREADED = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments";
const SHAREPOINT = "http://schemas.microsoft.com/office/2006/metadata/properties";
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
/** A chart's workbook, a pasted Word document, a workbook that does not unzip, an OLE object. */
const WORKBOOK = "ppt/embeddings/Microsoft_Excel_Worksheet.xlsx";
const DOCUMENT = "ppt/embeddings/Microsoft_Word_Document.docx";
const BROKEN_WORKBOOK = "ppt/embeddings/Microsoft_Excel_Worksheet1.xlsx";
const OLE_OBJECT = "ppt/embeddings/oleObject1.bin";
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
  "customXml/item1.xml",
  "ppt/media/image1.jpeg",
  "ppt/media/image2.png",
  WORKBOOK,
  DOCUMENT,
];
/** The parts of the embedded packages that name people; all others keep their bytes. */
const CHANGED_INSIDE: Record<string, string[]> = {
  [WORKBOOK]: [
    "docProps/core.xml",
    "docProps/app.xml",
    "docProps/custom.xml",
    "xl/workbook.xml",
    "xl/comments1.xml",
    "xl/persons/person.xml",
  ],
  [DOCUMENT]: [
    "docProps/core.xml",
    "docProps/app.xml",
    "docProps/custom.xml",
    "word/document.xml",
    "word/comments.xml",
    "word/people.xml",
    "word/_rels/settings.xml.rels",
    "customXml/item1.xml",
    "word/media/image1.png",
  ],
};

function relationships(...entries: [id: string, type: string, target: string][]): string {
  const items = entries.map(
    ([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`,
  );
  return `${DECLARATION}<Relationships xmlns="${PACKAGE_REL}">${items.join("")}</Relationships>`;
}

function override(part: string, type: string): string {
  return `<Override PartName="/${part}" ContentType="application/vnd.${type}"/>`;
}

function contentTypes(defaults: Record<string, string>, ...overrides: string[]): string {
  const items = Object.entries(defaults).map(
    ([extension, type]) => `<Default Extension="${extension}" ContentType="${type}"/>`,
  );
  return (
    `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>${items.join("")}` +
    `${overrides.join("")}</Types>`
  );
}

/**
 * The document properties every Office application writes, naming whoever it likes: core and
 * extended properties (their elements given) and a custom property "Client".
 */
function documentProperties(core: string, app: string, client: string): Record<string, string> {
  return {
    "docProps/core.xml":
      `${DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
      `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${core}</cp:coreProperties>`,
    "docProps/app.xml":
      `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
      `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${app}</Properties>`,
    "docProps/custom.xml":
      `${DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" ` +
      `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">` +
      `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Client">` +
      `<vt:lpwstr>${client}</vt:lpwstr></property></Properties>`,
  };
}

const PROPERTY_OVERRIDES = [
  override("docProps/core.xml", "openxmlformats-package.core-properties+xml"),
  override("docProps/app.xml", "openxmlformats-officedocument.extended-properties+xml"),
  override("docProps/custom.xml", "openxmlformats-officedocument.custom-properties+xml"),
];
/** The package's relationships to its document properties (rId1 is for its main part). */
const PROPERTY_RELATIONSHIPS: [string, string, string][] = [
  ["rId2", `${PACKAGE_REL}/metadata/core-properties`, "docProps/core.xml"],
  ["rId3", `${REL}/extended-properties`, "docProps/app.xml"],
  ["rId4", `${REL}/custom-properties`, "docProps/custom.xml"],
];

/** The XML parts as a zip's files, in UTF-8. */
function encoded(parts: Record<string, string>): Zippable {
  const files: Zippable = {};
  for (const [name, text] of Object.entries(parts)) files[name] = strToU8(text);
  return files;
}

/** A data part of the package and its properties part, as Office writes `customXml/item1.xml`. */
function customXmlItem(): Record<string, string> {
  return {
    "customXml/_rels/item1.xml.rels": relationships([
      "rId1",
      `${REL}/customXmlProps`,
      "itemProps1.xml",
    ]),
    "customXml/itemProps1.xml":
      `${DECLARATION}<ds:datastoreItem ds:itemID="{3C1A5A0E-6F1B-4C43-9B52-0D3B1C4A7E21}" ` +
      `xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml">` +
      `<ds:schemaRefs/></ds:datastoreItem>`,
  };
}

const CUSTOM_XML_PROPERTIES = override(
  "customXml/itemProps1.xml",
  "openxmlformats-officedocument.customXmlProperties+xml",
);

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
  const frame = (id: number, uri: string, data: string) =>
    `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="Object ${id}"/>` +
    `<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/>` +
    `<a:ext cx="914400" cy="457200"/></p:xfrm><a:graphic><a:graphicData uri="${uri}">${data}` +
    `</a:graphicData></a:graphic></p:graphicFrame>`;
  const chart = (id: number, rel: string) =>
    frame(id, CHART, `<c:chart xmlns:c="${CHART}" r:id="${rel}"/>`);
  const oleObject = (id: number, rel: string, progId: string) =>
    frame(
      id,
      "http://schemas.openxmlformats.org/presentationml/2006/ole",
      `<p:oleObj r:id="${rel}" progId="${progId}"><p:embed/></p:oleObj>`,
    );
  return {
    "[Content_Types].xml": contentTypes(
      {
        jpeg: "image/jpeg",
        png: "image/png",
        xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        bin: "application/vnd.openxmlformats-officedocument.oleObject",
      },
      override("ppt/presentation.xml", `${PRESENTATION_ML}.presentation.main+xml`),
      override("ppt/slideMasters/slideMaster1.xml", `${PRESENTATION_ML}.slideMaster+xml`),
      override("ppt/slideLayouts/slideLayout1.xml", `${PRESENTATION_ML}.slideLayout+xml`),
      override("ppt/slides/slide1.xml", `${PRESENTATION_ML}.slide+xml`),
      override("ppt/slides/slide2.xml", `${PRESENTATION_ML}.slide+xml`),
      override("ppt/theme/theme1.xml", "openxmlformats-officedocument.theme+xml"),
      override("ppt/charts/chart1.xml", "openxmlformats-officedocument.drawingml.chart+xml"),
      CUSTOM_XML_PROPERTIES,
      override("ppt/commentAuthors.xml", `${PRESENTATION_ML}.commentAuthors+xml`),
      override("ppt/comments/comment1.xml", `${PRESENTATION_ML}.comments+xml`),
      override("ppt/authors.xml", "ms-powerpoint.authors+xml"),
      override("ppt/comments/modernComment_101_5E2F7A1B.xml", "ms-powerpoint.comments+xml"),
      ...PROPERTY_OVERRIDES,
    ),
    "_rels/.rels": relationships(
      ["rId1", `${REL}/officeDocument`, "ppt/presentation.xml"],
      ...PROPERTY_RELATIONSHIPS,
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
      ["rId7", `${REL}/customXml`, "../customXml/item1.xml"],
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
    "ppt/slides/slide1.xml": slide(picture(2, "rId2") + picture(3, "rId3") + chart(4, "rId5")),
    "ppt/slides/_rels/slide1.xml.rels": relationships(
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/image`, "../media/image1.jpeg"],
      ["rId3", `${REL}/image`, "../media/image2.png"],
      ["rId4", `${REL}/comments`, "../comments/comment1.xml"],
      ["rId5", `${REL}/chart`, "../charts/chart1.xml"],
    ),
    "ppt/charts/chart1.xml":
      `${DECLARATION}<c:chartSpace xmlns:c="${CHART}" xmlns:a="${DML}" xmlns:r="${REL}">` +
      `<c:chart><c:plotArea><c:layout/></c:plotArea></c:chart>` +
      `<c:externalData r:id="rId1"><c:autoUpdate val="0"/></c:externalData></c:chartSpace>`,
    "ppt/charts/_rels/chart1.xml.rels": relationships([
      "rId1",
      `${REL}/package`,
      "../embeddings/Microsoft_Excel_Worksheet.xlsx",
    ]),
    "ppt/slides/slide2.xml": slide(
      picture(2, "rId2") +
        picture(3, "rId4") +
        oleObject(4, "rId5", "Word.Document.12") +
        oleObject(5, "rId6", "Package") +
        oleObject(6, "rId7", "Excel.Sheet.12"),
      COMMENT_LINK,
    ),
    "ppt/slides/_rels/slide2.xml.rels": relationships(
      ["rId1", `${REL}/slideLayout`, "../slideLayouts/slideLayout1.xml"],
      ["rId2", `${REL}/image`, "../media/image3.jpeg"],
      ["rId3", `${MODERN_REL}/comments`, "/ppt/comments/modernComment_101_5E2F7A1B.xml"],
      ["rId4", `${REL}/image`, "../media/image4.png"],
      ["rId5", `${REL}/package`, "../embeddings/Microsoft_Word_Document.docx"],
      ["rId6", `${REL}/oleObject`, "../embeddings/oleObject1.bin"],
      ["rId7", `${REL}/package`, "../embeddings/Microsoft_Excel_Worksheet1.xlsx"],
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
    ...documentProperties(
      `<dc:title>Tết campaign</dc:title><dc:creator>${PERSON}</dc:creator>` +
        `<cp:lastModifiedBy>${AGENCY}</cp:lastModifiedBy><cp:revision>7</cp:revision>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">2025-03-01T08:00:00Z</dcterms:created>`,
      `<TotalTime>42</TotalTime><Application>Microsoft Office PowerPoint</Application>` +
        `<Template>${TEMPLATE}</Template><Slides>2</Slides><Manager>${PERSON}</Manager>` +
        `<Company>${COMPANY}</Company>` +
        `<HyperlinkBase>https://abc-agency.vn/${encodeURIComponent(AGENCY)}</HyperlinkBase>` +
        `<AppVersion>16.0000</AppVersion>`,
      AGENCY,
    ),
    ...customXmlItem(),
  };
}

/**
 * What SharePoint and OneDrive keep in a document they store: who it is shared with. Written in
 * UTF-16, as some of their tools do.
 */
const SHAREPOINT_ITEM =
  '\uFEFF<?xml version="1.0" encoding="utf-16"?>' +
  `<p:properties xmlns:p="${SHAREPOINT}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<documentManagement><SharedWithUsers xmlns="4a8c5d1e-2b3f-4e6a-9c7d-8e1f0a2b3c4d"><UserInfo>` +
  `<DisplayName>${PERSON}</DisplayName><AccountId>12</AccountId><AccountType/></UserInfo>` +
  `</SharedWithUsers></documentManagement></p:properties>`;

/** A chart's data workbook: a comment, a threaded comment and its person, all naming someone. */
function workbook(): Uint8Array {
  const threadId = "{6A1B2C3D-0000-4000-8000-00000000000A}";
  const personId = "{9F8E7D6C-0000-4000-8000-00000000000B}";
  const parts: Record<string, string> = {
    "[Content_Types].xml": contentTypes(
      { vml: "application/vnd.openxmlformats-officedocument.vmlDrawing" },
      override("xl/workbook.xml", "openxmlformats-officedocument.spreadsheetml.sheet.main+xml"),
      override(
        "xl/worksheets/sheet1.xml",
        "openxmlformats-officedocument.spreadsheetml.worksheet+xml",
      ),
      override("xl/comments1.xml", "openxmlformats-officedocument.spreadsheetml.comments+xml"),
      override("xl/threadedComments/threadedComment1.xml", "ms-excel.threadedcomments+xml"),
      override("xl/persons/person.xml", "ms-excel.person+xml"),
      ...PROPERTY_OVERRIDES,
    ),
    "_rels/.rels": relationships(
      ["rId1", `${REL}/officeDocument`, "xl/workbook.xml"],
      ...PROPERTY_RELATIONSHIPS,
    ),
    ...documentProperties(
      `<dc:creator>${COMPANY}</dc:creator><cp:lastModifiedBy>${PERSON}</cp:lastModifiedBy>`,
      `<Application>Microsoft Excel</Application><Manager>${PERSON}</Manager>` +
        `<Company>${AGENCY}</Company>`,
      AGENCY,
    ),
    // Excel keeps the folder it was last saved in, and who reserved it for editing.
    "xl/workbook.xml":
      `${DECLARATION}<workbook xmlns="${SML}" xmlns:r="${REL}"` +
      ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"' +
      ' mc:Ignorable="x15ac">' +
      '<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27425"/>' +
      `<fileSharing readOnlyRecommended="1" userName="${PERSON}"/>` +
      '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      '<mc:Choice Requires="x15ac"><x15ac:absPath' +
      ` url="C:\\Users\\${PERSON}\\Documents\\${AGENCY}\\"` +
      ' xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/>' +
      "</mc:Choice></mc:AlternateContent><sheets>" +
      `<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": relationships(
      ["rId1", `${REL}/worksheet`, "worksheets/sheet1.xml"],
      [
        "rId2",
        "http://schemas.microsoft.com/office/2017/10/relationships/person",
        "persons/person.xml",
      ],
    ),
    "xl/worksheets/sheet1.xml":
      `${DECLARATION}<worksheet xmlns="${SML}" xmlns:r="${REL}"><sheetData><row r="1">` +
      `<c r="A1"><v>42</v></c><c r="B1"><v>17</v></c></row></sheetData>` +
      `<legacyDrawing r:id="rId3"/></worksheet>`,
    "xl/worksheets/_rels/sheet1.xml.rels": relationships(
      [
        "rId1",
        "http://schemas.microsoft.com/office/2017/10/relationships/threadedComment",
        "../threadedComments/threadedComment1.xml",
      ],
      ["rId2", `${REL}/comments`, "../comments1.xml"],
      ["rId3", `${REL}/vmlDrawing`, "../drawings/vmlDrawing1.vml"],
    ),
    "xl/drawings/vmlDrawing1.vml":
      '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:x="urn:schemas-microsoft-com:office:excel">' +
      '<v:shape id="_x0000_s1025" type="#_x0000_t202"><x:ClientData ObjectType="Note">' +
      "<x:Row>0</x:Row><x:Column>1</x:Column></x:ClientData></v:shape></xml>",
    // Excel begins a legacy comment's text with its author's name in bold; a threaded comment's
    // legacy copy has the comment's id for author.
    "xl/comments1.xml":
      `${DECLARATION}<comments xmlns="${SML}"><authors><author>tc=${threadId}</author>` +
      `<author>${PERSON}</author></authors><commentList>` +
      `<comment ref="A1" authorId="0"><text><t>[Threaded comment]\nComment:\n    Q3?</t></text>` +
      `</comment>` +
      `<comment ref="B1" authorId="1"><text><r><rPr><b/><sz val="9"/></rPr><t>${PERSON}:</t></r>` +
      `<r><rPr><sz val="9"/></rPr><t xml:space="preserve">\nCheck Q3</t></r></text></comment>` +
      `</commentList></comments>`,
    "xl/threadedComments/threadedComment1.xml":
      `${DECLARATION}<ThreadedComments xmlns="${THREADED}" xmlns:x="${SML}">` +
      `<threadedComment ref="A1" dT="2025-03-02T09:00:00.00" personId="${personId}" id="${threadId}">` +
      `<text>Q3?</text></threadedComment></ThreadedComments>`,
    // With no account provider, Excel takes the user's name for their id.
    "xl/persons/person.xml":
      `${DECLARATION}<personList xmlns="${THREADED}" xmlns:x="${SML}">` +
      `<person displayName="${AGENCY}" id="${personId}" userId="${PERSON}" providerId="None"/>` +
      `</personList>`,
  };
  const files = encoded(parts);
  files["xl/workbook.xml"] = [strToU8(parts["xl/workbook.xml"] ?? ""), { comment: PERSON }];
  return zipSync(files);
}

/** A Word document: a tracked insertion, a comment, its people, a cover page, a picture. */
function wordDocument(pics: Pictures): Uint8Array {
  const parts: Record<string, string> = {
    "[Content_Types].xml": contentTypes(
      { png: "image/png" },
      override(
        "word/document.xml",
        "openxmlformats-officedocument.wordprocessingml.document.main+xml",
      ),
      override("word/styles.xml", "openxmlformats-officedocument.wordprocessingml.styles+xml"),
      override("word/settings.xml", "openxmlformats-officedocument.wordprocessingml.settings+xml"),
      override("word/comments.xml", "openxmlformats-officedocument.wordprocessingml.comments+xml"),
      override("word/people.xml", "openxmlformats-officedocument.wordprocessingml.people+xml"),
      CUSTOM_XML_PROPERTIES,
      ...PROPERTY_OVERRIDES,
    ),
    "_rels/.rels": relationships(
      ["rId1", `${REL}/officeDocument`, "word/document.xml"],
      ...PROPERTY_RELATIONSHIPS,
    ),
    ...documentProperties(
      `<dc:creator>${PERSON}</dc:creator><cp:lastModifiedBy>${AGENCY}</cp:lastModifiedBy>`,
      `<Template>Normal.dotm</Template><Application>Microsoft Office Word</Application>` +
        `<Company>${COMPANY}</Company>`,
      COMPANY,
    ),
    "word/document.xml":
      `${DECLARATION}<w:document xmlns:w="${WML}" xmlns:r="${REL}" xmlns:a="${DML}"><w:body>` +
      `<w:p><w:r><w:t xml:space="preserve">Plan for </w:t></w:r>` +
      `<w:ins w:id="1" w:author="${PERSON}" w:date="2025-03-02T10:00:00Z">` +
      `<w:r><w:t>2025</w:t></w:r></w:ins><w:commentRangeStart w:id="0"/>` +
      `<w:r><w:t>, as agreed</w:t></w:r><w:commentRangeEnd w:id="0"/>` +
      `<w:r><w:commentReference w:id="0"/></w:r></w:p><w:p><w:r><w:drawing>` +
      `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">` +
      `<a:blip r:embed="rId4"/></a:graphicData></a:graphic></w:drawing></w:r></w:p></w:body>` +
      `</w:document>`,
    "word/_rels/document.xml.rels": relationships(
      ["rId1", `${REL}/comments`, "comments.xml"],
      ["rId2", "http://schemas.microsoft.com/office/2011/relationships/people", "people.xml"],
      ["rId3", `${REL}/customXml`, "../customXml/item1.xml"],
      ["rId4", `${REL}/image`, "media/image1.png"],
      ["rId5", `${REL}/styles`, "styles.xml"],
      ["rId6", `${REL}/settings`, "settings.xml"],
    ),
    "word/settings.xml":
      `${DECLARATION}<w:settings xmlns:w="${WML}" xmlns:r="${REL}">` +
      `<w:attachedTemplate r:id="rId1"/></w:settings>`,
    // Word links the template a document began from by its full path on the author's disk.
    "word/_rels/settings.xml.rels":
      `${DECLARATION}<Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" ` +
      `Type="${REL}/attachedTemplate" ` +
      `Target="file:///C:\\Users\\${PERSON}\\Documents\\${AGENCY}\\${TEMPLATE}" ` +
      `TargetMode="External"/></Relationships>`,
    "word/styles.xml":
      `${DECLARATION}<w:styles xmlns:w="${WML}"><w:style w:type="paragraph" w:default="1" ` +
      `w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`,
    "word/comments.xml":
      `${DECLARATION}<w:comments xmlns:w="${WML}"><w:comment w:id="0" w:author="${AGENCY}" ` +
      `w:date="2025-03-02T10:05:00Z" w:initials="AA"><w:p><w:r><w:t>Check the figure</w:t></w:r>` +
      `</w:p></w:comment></w:comments>`,
    "word/people.xml":
      `${DECLARATION}<w15:people xmlns:w15="${W15}"><w15:person w15:author="${PERSON}">` +
      `<w15:presenceInfo w15:providerId="None" w15:userId="${PERSON}"/></w15:person></w15:people>`,
    // Word's cover pages fill these in from the user's details.
    "customXml/item1.xml":
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?><CoverPageProperties ` +
      `xmlns="http://schemas.microsoft.com/office/2006/coverPageProps"><PublishDate>2025-03-01` +
      `</PublishDate><Abstract/><CompanyAddress>${COMPANY}, 12 Le Loi</CompanyAddress>` +
      `<CompanyPhone/><CompanyFax/><CompanyEmail>info@abc.vn</CompanyEmail>` +
      `</CoverPageProperties>`,
    ...customXmlItem(),
  };
  const files = encoded(parts);
  files["word/media/image1.png"] = new Uint8Array(pics.pngWithMetadata);
  return zipSync(files);
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

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Pictures whose first segment or chunk runs past their end: they do not parse. */
const BROKEN_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xf0, 1, 2, 3, 0xff, 0xd9]);
const BROKEN_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0xff, 0xf0]),
  Buffer.from("IHDR\0\0\0\x10\0\0\0\x10", "latin1"),
]);

/** The deck as an entrant's PowerPoint might save it, names in its zip comments too. */
function deck(pics: Pictures): Uint8Array {
  const files = encoded(xmlParts());
  files["ppt/presentation.xml"] = [
    strToU8(xmlParts()["ppt/presentation.xml"] ?? ""),
    { comment: PERSON, extra: { 0xcafe: strToU8(AGENCY) } },
  ];
  files["ppt/media/image1.jpeg"] = new Uint8Array(pics.jpegWithMetadata);
  files["ppt/media/image2.png"] = new Uint8Array(pics.pngWithMetadata);
  files["ppt/media/image3.jpeg"] = new Uint8Array(BROKEN_JPEG);
  files["ppt/media/image4.png"] = new Uint8Array(BROKEN_PNG);
  files["customXml/item1.xml"] = new Uint8Array(Buffer.from(SHAREPOINT_ITEM, "utf16le"));
  files[WORKBOOK] = workbook();
  files[DOCUMENT] = wordDocument(pics);
  files[BROKEN_WORKBOOK] = workbook().subarray(0, 200);
  files[OLE_OBJECT] = new Uint8Array([...OLE_SIGNATURE, ...strToU8("Package")]);
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

function part<T>(parts: Record<string, T>, name: string): T {
  const found = parts[name];
  if (!found) throw new Error(`no part ${name}`);
  return found;
}

function text(parts: Record<string, Uint8Array>, name: string): string {
  return strFromU8(part(parts, name));
}

/** The text with each `from` replaced by its `to`; each must be in it. */
function replacing(original: string, ...edits: [from: string, to: string][]): string {
  return edits.reduce((edited, [from, to]) => {
    expect(edited).toContain(from);
    return edited.replaceAll(from, to);
  }, original);
}

/** The parts of each embedded object that unzips (an Office package), by the object's name. */
function embeddedPackages(
  parts: Record<string, Uint8Array>,
): Record<string, Record<string, Uint8Array>> {
  const packages: Record<string, Record<string, Uint8Array>> = {};
  for (const [name, bytes] of Object.entries(parts)) {
    if (!name.startsWith("ppt/embeddings/")) continue;
    try {
      packages[name] = unzipSync(bytes);
    } catch {
      continue; // an OLE object, or a zip cut off
    }
  }
  return packages;
}

/** The parts and, named `object!part`, the parts of every embedded package. */
function withEmbeddedParts(parts: Record<string, Uint8Array>): Record<string, Uint8Array> {
  const all = { ...parts };
  for (const [name, inner] of Object.entries(embeddedPackages(parts))) {
    for (const [innerName, bytes] of Object.entries(inner)) all[`${name}!${innerName}`] = bytes;
  }
  return all;
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
  /** Where its central directory header starts. */
  at: number;
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
      at,
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

/** A copy of the zip whose `index`th entry declares `size` unpacked bytes. */
function declaring(zip: Uint8Array, index: number, size: number): Uint8Array {
  const copy = zip.slice();
  const entry = centralDirectory(copy).entries[index];
  if (!entry) throw new Error(`no entry ${index}`);
  new DataView(copy.buffer).setUint32(entry.at + 24, size, true);
  return copy;
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
    const before = withEmbeddedParts(sourceParts);
    const after = withEmbeddedParts(parts);
    for (const name of [COMPANY, PERSON, AGENCY]) {
      expect(partsIncluding(sourceParts, name, "utf8"), name).not.toEqual([]);
      expect(includes(source, name, "utf8"), name).toBe(true);
      // Deflated inside the embedded packages: found there once they are unzipped.
      const inside = partsIncluding(before, name, "utf8").filter((found) => found.includes("!"));
      expect(inside, name).not.toEqual([]);
    }
    expect(partsIncluding(sourceParts, TEMPLATE, "utf8")).toEqual(["docProps/app.xml"]);
    expect(partsIncluding(before, PERSON, "utf16le")).toEqual([
      "ppt/media/image1.jpeg",
      "ppt/media/image2.png",
      "customXml/item1.xml",
      `${DOCUMENT}!word/media/image1.png`,
    ]);
    for (const name of NAMES) {
      for (const encoding of ["utf8", "utf16le"] as const) {
        expect(partsIncluding(after, name, encoding), `${name} (${encoding})`).toEqual([]);
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
    expect(text(parts, "[Content_Types].xml")).toContain('PartName="/customXml/itemProps1.xml"');
    const packages = Object.entries(embeddedPackages(parts));
    expect(packages.map(([name]) => name)).toEqual([WORKBOOK, DOCUMENT]);
    for (const [name, inner] of packages) {
      expect(danglingReferences(part(embeddedPackages(sourceParts), name)), name).toEqual([]);
      expect(danglingReferences(inner), name).toEqual([]);
    }
  });

  it("keeps slides, masters, themes, OLE objects and what does not parse byte for byte", () => {
    const unchanged = Object.keys(sourceParts).filter(
      (name) => !CHANGED.includes(name) && !REMOVED.includes(name),
    );
    expect(unchanged).toContain("ppt/slides/slide1.xml");
    expect(unchanged).toContain("ppt/media/image3.jpeg");
    expect(unchanged).toContain("ppt/media/image4.png");
    expect(unchanged).toContain(OLE_OBJECT);
    expect(unchanged).toContain(BROKEN_WORKBOOK);
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
    expect(app).not.toMatch(/Company|Manager|HyperlinkBase|Template/);
    for (const kept of ["<Slides>2</Slides>", "<Application>", "<TotalTime>", "<AppVersion>"]) {
      expect(app).toContain(kept);
    }
  });

  it("cleans embedded workbooks and documents, keeping their other parts byte for byte", () => {
    const before = embeddedPackages(sourceParts);
    const after = embeddedPackages(parts);
    for (const [name, changed] of Object.entries(CHANGED_INSIDE)) {
      const original = part(before, name);
      const cleaned = part(after, name);
      expect(Object.keys(cleaned), name).toEqual(Object.keys(original));
      for (const [inner, bytes] of Object.entries(original)) {
        if (changed.includes(inner)) expect(cleaned[inner], `${name}!${inner}`).not.toEqual(bytes);
        else expect(cleaned[inner], `${name}!${inner}`).toEqual(bytes);
      }
      expect(text(cleaned, "docProps/core.xml")).toMatch(/<cp:coreProperties [^>]*\/>$/);
      expect(text(cleaned, "docProps/app.xml")).not.toMatch(/Company|Manager|Template/);
      expect(text(cleaned, "docProps/app.xml")).toContain("<Application>");
    }
    expect(part(after, WORKBOOK)["docProps/custom.xml"]).toEqual(parts["docProps/custom.xml"]);
    // The document keeps its link to a template, without the template's path and name.
    expect(text(part(after, DOCUMENT), "word/_rels/settings.xml.rels")).toContain(
      `Type="${REL}/attachedTemplate" Target="" TargetMode="External"`,
    );
    // The workbook loses the folder it was saved in and who reserved it, keeps its layout.
    const workbook = text(part(after, WORKBOOK), "xl/workbook.xml");
    expect(workbook).toContain('<fileSharing readOnlyRecommended="1" userName=""/>');
    expect(workbook).toMatch(
      /<mc:Choice Requires="x15ac"><x15ac:absPath url="" xmlns:x15ac="[^"]+"\/><\/mc:Choice>/,
    );
    expect(workbook).toContain('<sheet name="Sheet1" sheetId="1" r:id="rId1"/>');
    expect(workbook).toContain('<fileVersion appName="xl"');
    expect(part(after, DOCUMENT)["word/media/image1.png"]).toEqual(new Uint8Array(pics.png));
  });

  it("blanks the authors of embedded comments and tracked changes, keeping their ids", () => {
    const before = embeddedPackages(sourceParts);
    const after = embeddedPackages(parts);
    const [workbookBefore, workbookAfter] = [part(before, WORKBOOK), part(after, WORKBOOK)];
    // The list of authors keeps its length (comments point into it by position) and the
    // threaded comment's id; the name Excel begins a comment with goes too.
    expect(text(workbookAfter, "xl/comments1.xml")).toBe(
      replacing(
        text(workbookBefore, "xl/comments1.xml"),
        [`<author>${PERSON}</author>`, "<author></author>"],
        [`<t>${PERSON}:</t>`, "<t></t>"],
      ),
    );
    expect(text(workbookAfter, "xl/comments1.xml")).toContain("<author>tc={6A1B2C3D-");
    expect(text(workbookAfter, "xl/persons/person.xml")).toBe(
      replacing(
        text(workbookBefore, "xl/persons/person.xml"),
        [`displayName="${AGENCY}"`, 'displayName=""'],
        [`userId="${PERSON}"`, 'userId=""'],
        ['providerId="None"', 'providerId=""'],
      ),
    );
    const [documentBefore, documentAfter] = [part(before, DOCUMENT), part(after, DOCUMENT)];
    expect(text(documentAfter, "word/document.xml")).toBe(
      replacing(text(documentBefore, "word/document.xml"), [`w:author="${PERSON}"`, 'w:author=""']),
    );
    expect(text(documentAfter, "word/comments.xml")).toBe(
      replacing(
        text(documentBefore, "word/comments.xml"),
        [`w:author="${AGENCY}"`, 'w:author=""'],
        ['w:initials="AA"', 'w:initials=""'],
      ),
    );
    expect(text(documentAfter, "word/people.xml")).toBe(
      replacing(
        text(documentBefore, "word/people.xml"),
        [`="${PERSON}"`, '=""'],
        ['w15:providerId="None"', 'w15:providerId=""'],
      ),
    );
  });

  it("empties SharePoint's properties and a cover page's in customXml, keeping the parts", () => {
    const sharePoint = new TextDecoder("utf-16le", { ignoreBOM: true }).decode(
      part(parts, "customXml/item1.xml"),
    );
    expect(sharePoint).toBe(
      `\uFEFF<?xml version="1.0" encoding="utf-16"?><p:properties xmlns:p="${SHAREPOINT}"/>`,
    );
    const coverPage = text(part(embeddedPackages(parts), DOCUMENT), "customXml/item1.xml");
    expect(coverPage).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?><CoverPageProperties ' +
        'xmlns="http://schemas.microsoft.com/office/2006/coverPageProps"><PublishDate/>' +
        "<Abstract/><CompanyAddress/><CompanyPhone/><CompanyFax/><CompanyEmail/>" +
        "</CoverPageProperties>",
    );
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
      const stored = /^ppt\/media\/|\.(?:xlsx|docx)$/.test(entry.name);
      expect(entry.method, entry.name).toBe(stored ? 0 : 8);
    }
    // Embedded packages are written anew too.
    const workbook = centralDirectory(part(sourceParts, WORKBOOK));
    expect(workbook.entries.some((entry) => entry.commentLength > 0)).toBe(true);
    for (const name of [WORKBOOK, DOCUMENT]) {
      for (const entry of centralDirectory(part(parts, name)).entries) {
        expect(entry, `${name}!${entry.name}`).toMatchObject({
          time: 0,
          date: 0x21,
          extraLength: 0,
          commentLength: 0,
          method: entry.name.endsWith(".png") ? 0 : 8,
        });
      }
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
    ole.set(OLE_SIGNATURE);
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
    // The first part's 4 bytes and the second's: up to the limit, then one over.
    const atLimit = declaring(zip, 1, PPTX_MAX_UNPACKED_BYTES - 4);
    expect(await cleanPptxForJudges(atLimit)).toMatchObject({ ok: true });
    const overLimit = declaring(zip, 1, PPTX_MAX_UNPACKED_BYTES - 3);
    expect(await cleanPptxForJudges(overLimit)).toEqual({ ok: false, problem: "tooComplex" });
  });

  it("an embedded package declaring more unpacked bytes than the deck leaves room for", async () => {
    const workbook = minimal(["[Content_Types].xml"]);
    const deckWith = (declared: number) =>
      zipSync(
        {
          "[Content_Types].xml": strToU8("<x/>"),
          "ppt/presentation.xml": strToU8("<x/>"),
          [WORKBOOK]: declaring(workbook, 0, declared),
        },
        { level: 0 },
      );
    // The deck declares its two parts of 4 bytes and the workbook's zip; the workbook the rest.
    const rest = PPTX_MAX_UNPACKED_BYTES - 8 - workbook.length;
    expect(await cleanPptxForJudges(deckWith(rest))).toMatchObject({ ok: true });
    expect(await cleanPptxForJudges(deckWith(rest + 1))).toEqual({
      ok: false,
      problem: "tooComplex",
    });
  });

  it("a zip of more entries than a deck has", async () => {
    const names = ["[Content_Types].xml", "ppt/presentation.xml"];
    for (let i = names.length; i <= PPTX_MAX_ENTRIES; i += 1) names.push(`ppt/media/x${i}.bin`);
    expect(await cleanPptxForJudges(minimal(names))).toEqual({ ok: false, problem: "tooComplex" });
    expect(await cleanPptxForJudges(minimal(names.slice(0, -1)))).toMatchObject({ ok: true });
  });
});
