import { MEDIA_IMAGE_RULES, type MediaPurpose } from "../../../core/media-image";
import { refusal, type Outcome } from "../../../core/refusal";
import type { Actor, AuditService } from "../audit/service";
import { MediaRejected, type MediaImage, type MediaService } from "./service";

export interface UploadLibraryImageDeps {
  media: Pick<MediaService, "storeImage">;
  audit: Pick<AuditService, "record">;
}

/**
 * A staff member adds an image to the media library (`POST /api/media`): checked by content,
 * stored with its variants, and recorded in the audit log. An image that is not one we accept
 * (type, size, pixels) is refused 422 with the reason's i18n key.
 */
export async function uploadLibraryImage(
  deps: UploadLibraryImageDeps,
  actor: Actor,
  input: { filePath: string; purpose: MediaPurpose; alt: string | null },
): Promise<Outcome<{ image: MediaImage }>> {
  let image: MediaImage;
  try {
    image = await deps.media.storeImage(input.filePath, {
      purpose: input.purpose,
      alt: input.alt,
      createdBy: actor.id,
      maxBytes: MEDIA_IMAGE_RULES.maxBytes,
    });
  } catch (error) {
    if (error instanceof MediaRejected) return refusal(422, error.messageKey);
    throw error;
  }
  await deps.audit.record(
    actor,
    "media.upload",
    { type: "media", id: image.id },
    {
      purpose: input.purpose,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      mime: image.mime,
    },
  );
  return { ok: true, image };
}
