import { createHash, randomBytes } from "node:crypto";
import { extname } from "node:path";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  StandardFonts,
} from "@cantoo/pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { EntryFileField } from "../../../core/entry-limits";
import { makeDemoVideo, readBoxes } from "../../demo/demo-video";
import { corruptPdf, renderProtectedPdf } from "../../demo/demo-documents";
import { testDatabases } from "../../test-support/databases";
import { moved } from "../entries/lifecycle-testbed";
import { entriesTestbed, file, PDF, type EntriesTestbed } from "../entries/testbed";
import { openRound, seasonId, signedInJudge } from "../judging/testbed";
import type { JudgeIdentity } from "../judging/types";
import { startQueueWork } from "./variant-work";

// Blind judging of documents: an entry's PDF reaches judges as a copy without what names its
// maker — the document information (Author …), the XMP metadata, annotation authors — with
// the same pages; the original stays as uploaded for staff and the entrant. A PDF that cannot
// be copied (password, damage) reaches judges not at all, and staff can see why.

const AGENCY = "Công ty Quảng cáo ABC";
const XMP_AGENCY = "ABC Agency";
const ANNOTATOR = "Nguyen Van A";
const PHOTOGRAPHER = "Tran Thi Nhiep Anh";

/**
 * A three-page PDF naming its maker in the Info dictionary, XMP, an annotation's author and
 * the Exif of a photo on its first page (a JPEG goes into a PDF as it is).
 */
async function identifyingPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    doc.addPage([595, 842]).drawText(`Idea article, page ${n}`, { x: 72, y: 720, size: 18, font });
  }
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Artist: PHOTOGRAPHER, Copyright: PHOTOGRAPHER } })
    .toBuffer();
  doc.getPage(0).drawImage(await doc.embedJpg(photo), { x: 72, y: 500, width: 64, height: 48 });
  doc.setAuthor(AGENCY);
  doc.setCreator(AGENCY);
  doc.setProducer(AGENCY);
  doc.setTitle(`Ý tưởng của ${AGENCY}`);
  doc.setSubject(AGENCY);
  doc.setKeywords([AGENCY]);
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${XMP_AGENCY}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const metadata = doc.context.stream(Buffer.from(xmp, "utf8"), {
    Type: "Metadata",
    Subtype: "XML",
  });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(metadata));
  const note = doc.context.obj({
    Type: "Annot",
    Subtype: "Text",
    Rect: [72, 600, 92, 620],
    T: PDFHexString.fromText(ANNOTATOR),
    Contents: PDFString.of("Remember the jingle"),
  });
  doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(note)]));
  // Without object streams, so its dictionaries (and the names in them) stand in its bytes.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every way a PDF may hold `text`: as UTF-8 or Latin-1 bytes, as UTF-16BE, as its hex. */
function encodings(text: string): Buffer[] {
  const utf16 = Buffer.from(text, "utf16le").swap16();
  const hex = utf16.toString("hex");
  return [
    Buffer.from(text, "utf8"),
    Buffer.from(text, "latin1"),
    utf16,
    Buffer.from(hex.toUpperCase(), "latin1"),
    Buffer.from(hex, "latin1"),
  ];
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function stored(t: EntriesTestbed, key: string): Promise<Buffer> {
  const object = await t.services.storage.get(key);
  if (!object) throw new Error(`nothing stored at ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An accepted TVC entry of alice whose Vietnamese idea article is `pdf`, stored for real. */
function entryWithArticle(t: EntriesTestbed, pdf: Buffer) {
  return entryWithFile(t, "ideaArticleVi", { ...PDF, name: "y-tuong-cua-ABC.pdf" }, pdf);
}

/** An accepted TVC entry of alice whose `field` holds `bytes`, stored for real. */
async function entryWithFile(
  t: EntriesTestbed,
  field: EntryFileField,
  facts: { name: string; mime: string },
  bytes: Buffer,
) {
  const key = `entries/${randomBytes(16).toString("hex")}${extname(facts.name)}`;
  await t.services.storage.put(key, bytes, { contentType: facts.mime });
  const entry = await t.completeDraft(t.alice, {
    [field]: file({ ...facts, key, bytes: bytes.length }),
  });
  expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
  await moved(t, entry.id, "paid", "finance");
  await moved(t, entry.id, "accepted", "jury_manager");
  return { entryId: entry.id, key };
}

/** The judge's view of the entry's file of `field`, and the storage key its link opens. */
async function judgesArticle(
  t: EntriesTestbed,
  judge: JudgeIdentity,
  roundId: number,
  entryId: string,
  field: EntryFileField = "ideaArticleVi",
) {
  const view = await t.services.judging.entry(judge, roundId, entryId);
  const article = view!.entry.files.find((f) => f.field === field)!;
  const token = article.url?.replace(/^\/tep\//, "") ?? null;
  const verified = token ? t.services.storage.verifySignedToken(token) : null;
  return { article, key: verified?.ok ? verified.claims.key : null };
}

describe.each(testDatabases())("judges' copies of entry PDFs on $name", (target) => {
  describe.skipIf(!target.available)("metadata removed, original kept", () => {
    const t = entriesTestbed(target);

    it("judges get a copy without Author, XMP or annotation authors; the original is untouched", async () => {
      const original = await identifyingPdf();
      // The check below means something: the original holds every form it looks for.
      for (const text of [AGENCY, XMP_AGENCY, ANNOTATOR, PHOTOGRAPHER]) {
        expect(
          encodings(text).some((bytes) => original.includes(bytes)),
          text,
        ).toBe(true);
      }
      const { entryId, key } = await entryWithArticle(t, original);
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Giám Khảo PDF", "gk.pdf@example.vn");
      const roundId = await openRound(t, season, [judge], [entryId]);

      // Before the copy is made the judge gets no link to the document at all.
      const before = await judgesArticle(t, judge, roundId, entryId);
      expect(before.article.url).toBeNull();
      expect(before.article.withheld).toBe("pending");

      // The job makes it: the same queue serves new uploads and files of older entries.
      const { judgeCopies } = t.services;
      expect(await judgeCopies.pending(100)).toContain(key);
      const errors: unknown[] = [];
      const job = startQueueWork(
        { pending: (n) => judgeCopies.pending(n), complete: (k) => judgeCopies.make(k) },
        (work) => work(),
        { error: (object) => errors.push(object) },
        { item: "failed", job: "job failed", idName: "sourceKey" },
      );
      job.kick();
      await job.idle();
      await job.stop();
      expect(errors).toEqual([]);
      expect(await judgeCopies.pending(100)).not.toContain(key);
      const state = (await judgeCopies.statesOf([key])).get(key);
      expect(state?.state).toBe("ready");
      const copyKey = state?.state === "ready" ? state.copyKey : "";

      // The judge's link opens the copy, never the original.
      const after = await judgesArticle(t, judge, roundId, entryId);
      expect(after.article.withheld).toBeNull();
      expect(after.key).toBe(copyKey);
      expect(after.key).not.toBe(key);

      const copy = await stored(t, copyKey);
      for (const text of [AGENCY, XMP_AGENCY, ANNOTATOR, PHOTOGRAPHER]) {
        for (const bytes of encodings(text)) {
          expect(copy.includes(bytes), `${text} as ${bytes.toString("hex")}`).toBe(false);
        }
      }
      const parsed = await PDFDocument.load(copy, { updateMetadata: false });
      expect(parsed.getPageCount()).toBe(3);
      // No information dictionary at all (the getters below would make an empty one).
      expect(parsed.context.trailerInfo.Info).toBeUndefined();
      expect(copy.includes("/Info")).toBe(false);
      expect(parsed.getAuthor()).toBeUndefined();
      expect(parsed.getProducer()).toBeUndefined();
      expect(parsed.getTitle()).toBeUndefined();
      expect(parsed.catalog.has(PDFName.of("Metadata"))).toBe(false);
      const annots = parsed.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
      const note = annots.lookup(0, PDFDict);
      expect(note.has(PDFName.of("T"))).toBe(false);
      // The note itself stays: only who wrote it goes.
      expect(note.lookup(PDFName.of("Contents"), PDFString).decodeText()).toBe(
        "Remember the jingle",
      );

      // The photo is still there and still a picture of the same size, without its Exif.
      const photos = parsed.context
        .enumerateIndirectObjects()
        .map(([, object]) => object)
        .filter(
          (object): object is PDFRawStream =>
            object instanceof PDFRawStream &&
            object.dict.get(PDFName.of("Filter")) === PDFName.of("DCTDecode"),
        );
      expect(photos).toHaveLength(1);
      const photo = await sharp(Buffer.from(photos[0]!.contents)).metadata();
      expect([photo.format, photo.width, photo.height, photo.exif]).toEqual([
        "jpeg",
        64,
        48,
        undefined,
      ]);

      // Staff and the entrant still get the original, byte for byte.
      expect(sha256(await stored(t, key))).toBe(sha256(original));
      const staffView = await t.entries.getForStaff(entryId);
      expect(staffView!.files.find((f) => f.field === "ideaArticleVi")!.storageKey).toBe(key);

      // Once no entry names the original any more, the sweep removes its copy.
      await t.db.kysely.deleteFrom("entry_files").where("storage_key", "=", key).execute();
      expect(await judgeCopies.sweep(new Date(Date.now() + 60_000))).toBe(1);
      expect(await t.services.storage.stat(copyKey)).toBeNull();
      expect((await judgeCopies.statesOf([key])).get(key)?.state).toBe("pending");
    }, 60_000);

    it("a PDF that needs a password or is damaged reaches judges not at all; staff see why", async () => {
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Giám Khảo Khoá", "gk.khoa@example.vn");
      const locked = await entryWithArticle(t, await renderProtectedPdf(null));
      const broken = await entryWithArticle(t, corruptPdf());
      const roundId = await openRound(
        t,
        season,
        [judge],
        [locked.entryId, broken.entryId],
        "Vòng 2",
      );
      const { judgeCopies } = t.services;
      expect(await judgeCopies.make(locked.key)).toBe(true);
      expect(await judgeCopies.make(broken.key)).toBe(true);
      const states = await judgeCopies.statesOf([locked.key, broken.key]);
      expect(states.get(locked.key)).toEqual({ state: "failed", problem: "encrypted" });
      expect(states.get(broken.key)).toEqual({ state: "failed", problem: "unreadable" });
      for (const { entryId } of [locked, broken]) {
        const { article } = await judgesArticle(t, judge, roundId, entryId);
        expect(article.url).toBeNull();
        expect(article.withheld).toBe("failed");
      }
      // Not tried again and again: the refusal is recorded once.
      expect(await judgeCopies.pending(100)).not.toContain(locked.key);
      expect(await judgeCopies.make(locked.key)).toBe(false);
    }, 60_000);

    it("a film reaches judges as a same-length copy without its maker; a damaged one not at all", async () => {
      const film = (await makeDemoVideo({ frames: 6, width: 160, height: 90, maker: AGENCY })).data;
      expect(film.includes(Buffer.from(AGENCY, "utf8"))).toBe(true);
      const mp4 = { name: "phim-ABC.mp4", mime: "video/mp4" };
      const made = await entryWithFile(t, "video", mp4, film);
      // Cut inside its samples, as an interrupted export leaves a file.
      const cut = await entryWithFile(t, "video", mp4, film.subarray(0, film.length - 100));
      const season = await seasonId(t);
      const { judge } = await signedInJudge(t, season, "Giám Khảo Phim", "gk.phim@example.vn");
      const roundId = await openRound(t, season, [judge], [made.entryId, cut.entryId], "Vòng 3");

      const pending = await judgesArticle(t, judge, roundId, made.entryId, "video");
      expect(pending.article.url).toBeNull();
      expect(pending.article.withheld).toBe("pending");

      const { judgeCopies } = t.services;
      expect(await judgeCopies.pending(100)).toEqual(expect.arrayContaining([made.key, cut.key]));
      expect(await judgeCopies.make(made.key)).toBe(true);
      expect(await judgeCopies.make(cut.key)).toBe(true);

      const { article, key: copyKey } = await judgesArticle(
        t,
        judge,
        roundId,
        made.entryId,
        "video",
      );
      expect(article.withheld).toBeNull();
      expect(copyKey).not.toBeNull();
      expect(copyKey).not.toBe(made.key);
      const copy = await stored(t, copyKey!);
      expect(copy.length).toBe(film.length);
      expect(copy.includes(Buffer.from(AGENCY, "utf8"))).toBe(false);
      expect((await t.services.storage.stat(copyKey!))?.contentType).toBe("video/mp4");
      // Same boxes at the same places; the samples (mdat) untouched.
      const boxes = readBoxes(copy);
      expect(boxes.map((b) => [b.type, b.start, b.end])).toEqual(
        readBoxes(film).map((b) => [b.type, b.start, b.end]),
      );
      const mdat = boxes.find((b) => b.type === "mdat")!;
      expect(copy.subarray(mdat.start, mdat.end).equals(film.subarray(mdat.start, mdat.end))).toBe(
        true,
      );
      expect(sha256(await stored(t, made.key))).toBe(sha256(film));

      const refused = await judgesArticle(t, judge, roundId, cut.entryId, "video");
      expect(refused.article.url).toBeNull();
      expect(refused.article.withheld).toBe("failed");
      expect((await judgeCopies.statesOf([cut.key])).get(cut.key)).toEqual({
        state: "failed",
        problem: "unreadable",
      });
    }, 60_000);
  });
});
