import { createRequire } from "node:module";
import { runCleaningWorker, type JudgeCopyProblem } from "./cleaning-worker";
import { withoutJpegMetadata } from "./jpeg-metadata";

/**
 * A PDF as judges get it (PRODUCT §4, blind judging): the same pages without what names who
 * made it — the document information dictionary (Author, Creator, Producer, Title, Subject,
 * Keywords), every XMP `/Metadata` stream (the catalog's, and pages' or images' own) and the
 * author (`/T`) of every annotation but form fields, whose `/T` is the field's name — and
 * the Exif, XMP, IPTC and comments inside its JPEG pictures (a JPEG is placed in a PDF as it
 * is, a photo's camera owner and copyright with it; the pixels are untouched). A PDF
 * locked with an owner password only (printing or editing restricted, opens without a
 * password) is decrypted; one that needs a password to open is refused.
 *
 * The work runs in a worker thread with a heap of its own: @cantoo/pdf-lib holds the whole
 * document's object graph in memory, and for a 50 MB PDF of many small objects that is more
 * than half a gigabyte and a minute of a core. The heap below and the time limit of
 * ./cleaning-worker.ts turn such a file into a refusal ("tooComplex") instead of a server out
 * of memory, and the event loop never waits.
 */

export type CleanedPdf =
  { ok: true; bytes: Uint8Array; pages: number } | { ok: false; problem: JudgeCopyProblem };

/** The worker's JavaScript heap: enough for any image-heavy 50 MB PDF (slides, articles). */
export const JUDGE_COPY_HEAP_MB = 256;

const LIBRARY = createRequire(import.meta.url).resolve("@cantoo/pdf-lib");

// CommonJS run by the worker (a worker cannot load our TypeScript, nor a file of the bundle).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { PDFArray, PDFDocument, PDFName, PDFDict, PDFRawStream, PDFRef, PDFStream } = require(workerData.library);
const METADATA = PDFName.of("Metadata");
const AUTHOR = PDFName.of("T");
const FILTER = PDFName.of("Filter");
const DCT = PDFName.of("DCTDecode");
const withoutJpegMetadata = ${withoutJpegMetadata.toString()};
/** A JPEG picture stream: DCTDecode its only filter (behind another, its bytes are not a JPEG). */
const isJpeg = (stream) => {
  const filter = stream.dict.lookup(FILTER);
  return filter === DCT || (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === DCT);
};
(async () => {
  let doc;
  try {
    // An empty password opens a document locked with an owner password only.
    doc = await PDFDocument.load(workerData.bytes, { updateMetadata: false, password: "" });
  } catch (error) {
    const encrypted = /encrypted|password/i.test(String(error && error.message));
    parentPort.postMessage({ problem: encrypted ? "encrypted" : "unreadable" });
    return;
  }
  const context = doc.context;
  const pages = doc.getPageCount();
  if (pages === 0) {
    parentPort.postMessage({ problem: "unreadable" });
    return;
  }
  const drop = (value) => {
    if (value instanceof PDFRef) context.delete(value);
  };
  drop(context.trailerInfo.Info);
  context.trailerInfo.Info = undefined;
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream && isJpeg(object)) {
      const cleaned = withoutJpegMetadata(object.contents);
      if (cleaned !== object.contents) object.updateContents(cleaned);
    }
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (!dict || !dict.has(METADATA)) continue;
    drop(dict.get(METADATA));
    dict.delete(METADATA);
  }
  for (const page of doc.getPages()) {
    const annotations = page.node.Annots();
    if (!annotations) continue;
    for (let i = 0; i < annotations.size(); i++) {
      const annotation = annotations.lookup(i);
      if (!(annotation instanceof PDFDict)) continue;
      const subtype = annotation.get(PDFName.of("Subtype"));
      if (subtype !== PDFName.of("Widget")) annotation.delete(AUTHOR);
    }
  }
  // No object streams: every dictionary stays readable in the copy's bytes (checkable).
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  parentPort.postMessage({ bytes, pages }, [bytes.buffer]);
})().catch(() => parentPort.postMessage({ problem: "unreadable" }));
`;

/**
 * The judges' copy of a PDF's bytes, or why there is none. `bytes` is handed to the worker
 * (transferred, not copied): the caller must not use it afterwards.
 */
export async function cleanPdfForJudges(bytes: Uint8Array): Promise<CleanedPdf> {
  const input =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const outcome = await runCleaningWorker<{
    bytes?: Uint8Array;
    pages?: number;
    problem?: JudgeCopyProblem;
  }>({
    name: "PDF",
    source: WORKER_SOURCE,
    workerData: { library: LIBRARY, bytes: input },
    transferList: [input.buffer as ArrayBuffer],
    heapMb: JUDGE_COPY_HEAP_MB,
  });
  if (!outcome.ok) return outcome;
  const { message } = outcome;
  return message.bytes
    ? { ok: true, bytes: message.bytes, pages: message.pages ?? 0 }
    : { ok: false, problem: message.problem ?? "unreadable" };
}
