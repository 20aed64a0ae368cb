/**
 * What an uploaded file may be, shared by the file input (accept attribute, an early check
 * before uploading) and the server. The server also checks the content itself (magic
 * bytes): a name and a declared type are only what the browser claims.
 */

export interface FileRule {
  maxBytes: number;
  /** Accepted MIME types, as browsers report them. */
  mimeTypes: readonly string[];
  /** Accepted file name extensions, lowercase, with the dot. */
  extensions: readonly string[];
}

export const MEBIBYTE = 1024 * 1024;

/**
 * The business registration licence of an enterprise registrant: a PDF document of up to 50 MB,
 * or a JPEG or PNG scan of up to 20 MB (the document and image limits of every upload).
 */
export const LICENCE_FILE_RULES = {
  maxBytes: 50 * MEBIBYTE,
  mimeTypes: ["application/pdf", "image/jpeg", "image/png"],
  extensions: [".pdf", ".jpg", ".jpeg", ".png"],
} as const satisfies FileRule;

/** A licence that is a picture (a scan, a photo) is held to the image limit. */
export const LICENCE_IMAGE_MAX_BYTES = 20 * MEBIBYTE;

/** The most a licence of this MIME type may weigh. */
export function licenceMaxBytes(mime: string): number {
  return mime.toLowerCase().startsWith("image/")
    ? LICENCE_IMAGE_MAX_BYTES
    : LICENCE_FILE_RULES.maxBytes;
}

export type FileProblem = "empty" | "tooLarge" | "type";

/** What a browser or multipart parser tells us about a file. */
export interface FileFacts {
  name: string;
  size: number;
  /** The declared MIME type; "" when the browser does not know it. */
  type: string;
}

/**
 * The first problem with a file's declared facts, or null. The extension must be accepted;
 * the declared type must be accepted too unless the browser left it empty.
 */
export function fileProblem(rule: FileRule, file: FileFacts): FileProblem | null {
  if (file.size <= 0) return "empty";
  if (file.size > rule.maxBytes) return "tooLarge";
  const name = file.name.toLowerCase();
  const extensionOk = rule.extensions.some((extension) => name.endsWith(extension));
  const type = file.type.toLowerCase().split(";")[0]!.trim();
  const typeOk = type === "" || rule.mimeTypes.includes(type);
  return extensionOk && typeOk ? null : "type";
}

/** The `accept` attribute of a file input for the rule. */
export function acceptAttribute(rule: FileRule): string {
  return [...rule.extensions, ...rule.mimeTypes].join(",");
}

const LICENCE_FILE_MESSAGES: Readonly<Record<FileProblem, string>> = {
  empty: "validation.licenceEmpty",
  tooLarge: "validation.licenceTooLarge",
  type: "validation.licenceType",
};

/** The i18n key of the problem with a licence file, or null if it may be uploaded. */
export function licenceFileProblemMessage(file: FileFacts): string | null {
  const problem = fileProblem(LICENCE_FILE_RULES, file);
  if (problem) return LICENCE_FILE_MESSAGES[problem];
  // An accepted name that is not a PDF is a JPEG or PNG, whatever type the browser declared.
  const picture = !file.name.toLowerCase().endsWith(".pdf");
  return picture && file.size > LICENCE_IMAGE_MAX_BYTES ? LICENCE_FILE_MESSAGES.tooLarge : null;
}
