/**
 * Public documents (award criteria and other PDFs the organisers publish) are served
 * read-only under one path, the same in both languages.
 */
export const DOCUMENTS_PREFIX = "/tai-lieu/";

/** A stored document's file name: 32 random hex characters and `.pdf`, never the uploaded name. */
export const DOCUMENT_FILE_NAME = /^[a-f0-9]{32}\.pdf$/;

/** The public address of a stored document. */
export function documentUrl(storageName: string): string {
  if (!DOCUMENT_FILE_NAME.test(storageName)) throw new RangeError("not a document file name");
  return `${DOCUMENTS_PREFIX}${storageName}`;
}

/** Why `/pdf?file=` refuses a value: none given, another site's address, or not one of our documents. */
export type DocumentUrlRefusal = "missing" | "foreign" | "invalid";

export type DocumentUrlCheck =
  { ok: true; path: string } | { ok: false; reason: DocumentUrlRefusal };

const MAX_LENGTH = 2048;

/**
 * `/pdf?file=` (seed §2) opens only our own documents: a same-origin path under
 * DOCUMENTS_PREFIX that names a stored file. Everything else is refused before anything is
 * fetched, so the page is never a viewer (or a proxy) for another host's files. An absolute
 * URL on our own origin is accepted and reduced to its path.
 */
export function checkDocumentUrl(
  file: string | null | undefined,
  ownOrigin: string,
): DocumentUrlCheck {
  const value = file?.trim() ?? "";
  if (value === "") return { ok: false, reason: "missing" };
  // Browsers read a backslash as a slash (`/\evil.example` is another host); controls never belong.
  // eslint-disable-next-line no-control-regex
  if (value.length > MAX_LENGTH || /[\\\u0000-\u001f\u007f]/.test(value)) {
    return { ok: false, reason: "invalid" };
  }
  let own: URL;
  let url: URL;
  try {
    own = new URL(ownOrigin);
    // Relative values resolve against our origin; `//host/…` and `https://host/…` keep their host.
    url = new URL(value, own.origin);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  // A `blob:` URL shares its creator's origin but is not a path on our server.
  if (url.origin !== own.origin || url.protocol !== own.protocol) {
    return { ok: false, reason: "foreign" };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { ok: false, reason: "invalid" };
  }
  // URL parsing has already resolved `..` and `%2e%2e` segments: what is left is the real path.
  const { pathname } = url;
  if (!pathname.startsWith(DOCUMENTS_PREFIX)) return { ok: false, reason: "invalid" };
  if (!DOCUMENT_FILE_NAME.test(pathname.slice(DOCUMENTS_PREFIX.length))) {
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, path: pathname };
}
