import type { PDFDataRangeTransport } from "pdfjs-dist";
import type { PdfjsLib } from "./pdfjs";

/** A failed fetch, named as pdf.js names it so ./errors.ts sorts both the same way. */
export class ResponseError extends Error {
  override readonly name = "ResponseException";
  constructor(
    readonly status: number,
    readonly missing: boolean,
  ) {
    super(`Unexpected server response (${status})`);
  }
}

export type DocumentSource =
  { range: PDFDataRangeTransport; length: number } | { data: Uint8Array; length: number };

const totalOf = (contentRange: string | null): number | null => {
  const match = /^bytes \d+-\d+\/(\d+)$/.exec(contentRange?.trim() ?? "");
  return match ? Number(match[1]) : null;
};

/**
 * Opens a document by byte ranges (seed §7, §9): the first request asks for the first
 * chunk only and learns the size from `Content-Range`; after that pdf.js asks for just the
 * chunks the pages it shows need. Nothing else is transferred, so the first page of a large
 * PDF shows long before the whole file would have arrived. A server that ignores `Range`
 * answers 200 with the whole file, which is used as it is.
 */
export async function openByRanges(
  lib: PdfjsLib,
  url: string,
  chunkSize: number,
  signal: AbortSignal,
  callbacks: {
    onProgress: (loaded: number, total: number) => void;
    onError: (error: unknown) => void;
  },
): Promise<DocumentSource> {
  const get = async (begin: number, end: number) => {
    const response = await fetch(url, {
      headers: { Range: `bytes=${begin}-${end - 1}` },
      credentials: "same-origin",
      signal,
    });
    if (response.status !== 206 && response.status !== 200) {
      throw new ResponseError(response.status, response.status === 404);
    }
    return response;
  };

  const first = await get(0, chunkSize);
  const total = first.status === 206 ? totalOf(first.headers.get("content-range")) : null;
  const initial = new Uint8Array(await first.arrayBuffer());
  if (total === null || initial.byteLength >= total) {
    callbacks.onProgress(initial.byteLength, initial.byteLength);
    return { data: initial, length: initial.byteLength };
  }

  let loaded = initial.byteLength;
  class RangeTransport extends lib.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      get(begin, end)
        .then(async (response) => {
          const bytes = new Uint8Array(await response.arrayBuffer());
          const chunk = response.status === 206 ? bytes : bytes.subarray(begin, end);
          loaded = Math.min(total ?? loaded, loaded + chunk.byteLength);
          this.onDataRange(begin, chunk);
          this.onDataProgress(loaded, total ?? loaded);
          callbacks.onProgress(loaded, total ?? loaded);
        })
        .catch((error: unknown) => {
          if (!signal.aborted) callbacks.onError(error);
        });
    }
  }
  const transport = new RangeTransport(total, initial);
  callbacks.onProgress(loaded, total);
  return { range: transport, length: total };
}
