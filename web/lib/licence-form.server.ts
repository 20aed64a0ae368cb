import { parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { LICENCE_FILE_RULES, MEBIBYTE } from "../../core/upload-rules";

/** A business licence part of a form as it arrived: its declared facts, and its bytes unless over the limit. */
export interface ReceivedLicence {
  name: string;
  size: number;
  type: string;
  bytes: Uint8Array | null;
}

/**
 * A form that may carry a company's business licence (registration, the account page), read
 * once, the licence kept in memory (a PDF may weigh 50 MB: no second copy). A file a little over
 * the limit is still read to its end, so that its refusal can keep what was typed; the request's
 * body limit (server/action-bodies.ts) stops anything larger before this. `maxTotalSize` caps
 * the whole body. Throws when the body cannot be read within these limits.
 */
export async function readLicenceForm(
  request: Request,
  options: { maxTotalSize?: number } = {},
): Promise<{ form: FormData; licence: ReceivedLicence | null }> {
  let licence: ReceivedLicence | null = null;
  const form = await parseFormData(
    request,
    {
      maxFiles: 1,
      maxFileSize: LICENCE_FILE_RULES.maxBytes + MEBIBYTE,
      maxHeaderSize: 8 * 1024,
      ...(options.maxTotalSize === undefined ? {} : { maxTotalSize: options.maxTotalSize }),
    },
    async (upload: FileUpload) => {
      if (upload.fieldName !== "licence" || !upload.name) return undefined;
      licence = {
        name: upload.name,
        size: upload.size,
        type: upload.type,
        bytes:
          upload.size > LICENCE_FILE_RULES.maxBytes
            ? null
            : new Uint8Array(await upload.arrayBuffer()),
      };
      return undefined;
    },
  );
  return { form, licence };
}

/** A received licence's bytes with the rules the identity service stores it by. */
export function licenceUpload(data: Uint8Array) {
  return {
    data,
    allowedMimes: LICENCE_FILE_RULES.mimeTypes,
    maxBytes: LICENCE_FILE_RULES.maxBytes,
  };
}
