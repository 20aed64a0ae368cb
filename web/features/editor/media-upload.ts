/** What the editor keeps of an uploaded image (the `POST /api/media` answer, normalised). */
export interface UploadedImage {
  id: string | number;
  src: string;
  srcset: string | null;
  width: number | null;
  height: number | null;
}

export class MediaUploadError extends Error {
  constructor(
    /** An i18n key (the server's `{ error }` or a generic one). */
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

/**
 * Uploads an image to the media library (`POST /api/media`, multipart field `file`; the server
 * checks the type by content, the size and the signed-in staff member's role).
 */
export async function uploadMediaImage(
  file: File,
  options: { purpose?: string; alt?: string } = {},
): Promise<UploadedImage> {
  const body = new FormData();
  if (options.purpose) body.set("purpose", options.purpose);
  if (options.alt) body.set("alt", options.alt);
  body.set("file", file);
  let response: Response;
  try {
    response = await fetch("/api/media", { method: "POST", body, credentials: "same-origin" });
  } catch {
    throw new MediaUploadError("editor.uploadFailed");
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json || typeof json.src !== "string") {
    const key = typeof json?.error === "string" ? json.error : "editor.uploadFailed";
    throw new MediaUploadError(key);
  }
  const srcset = json.srcset as unknown;
  return {
    id: json.id as string | number,
    src: json.src,
    srcset:
      typeof srcset === "string"
        ? srcset
        : srcset && typeof srcset === "object"
          ? String(
              (srcset as Record<string, unknown>).webp ||
                (srcset as Record<string, unknown>).fallback ||
                "",
            ) || null
          : null,
    width: typeof json.width === "number" ? json.width : null,
    height: typeof json.height === "number" ? json.height : null,
  };
}
