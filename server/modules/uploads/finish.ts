import type { Upload } from "@tus/server";
import { displayFileName, isEntryFileField, uploadFailedMessage } from "../../../core/uploads";
import { judgedThroughCopy } from "../../../core/entry-limits";
import { newObjectKey } from "../storage/index";
import { readDone, removeUpload, type UploadState } from "./load";
import { isReplaced, startFinishing, stopFinishing } from "./queries";
import {
  FIELD_KINDS,
  OWNER_KEY,
  UploadRefused,
  type DoneRecord,
  type InspectedFile,
} from "./types";

/** The i18n key an inspection error carries (`messageKey`, or `key`), if any. */
function keyOf(error: unknown): string | null {
  if (error && typeof error === "object") {
    const candidate =
      (error as { messageKey?: unknown }).messageKey ?? (error as { key?: unknown }).key;
    if (typeof candidate === "string") return candidate;
  }
  return null;
}

/**
 * Inspects, stores and attaches a complete upload; returns the attached file's id. On a
 * refusal everything of it is deleted (the browser must choose the file again). A second
 * call while the first runs waits for it, in this process or (with shared locks) another.
 */
export async function finishUpload(state: UploadState, upload: Upload): Promise<string> {
  const running = state.finishing.get(upload.id);
  if (running) return running;
  const work = state.locks
    .exclusive(upload.id, () => finishOnce(state, upload))
    .finally(() => state.finishing.delete(upload.id));
  state.finishing.set(upload.id, work);
  return work;
}

async function finishOnce(state: UploadState, upload: Upload): Promise<string> {
  const { media, storage, entries } = state.options;
  const done = await readDone(state, upload.id);
  if (done) return done.fileId;
  // Replaced through any process: its bytes may still be here, in which case they go too.
  if (await isReplaced(state.options.db, upload.id)) return refuseReplaced(state, upload);
  // Refused and removed by a finish that ran before this one (perhaps in another process).
  if (!(await state.partials.exists(upload.id))) throw new UploadRefused(404, "upload.notFound");
  // From now on no newer upload of the field replaces it, whichever process admits that one
  // (real time: the expiry compares it with the stored files' times). Replaced in the
  // meantime, it is not finished: the admission and this mark never both win the row.
  if (!(await startFinishing(state.options.db, upload.id, new Date().toISOString()))) {
    return refuseReplaced(state, upload);
  }
  const metadata = upload.metadata ?? {};
  const ownerUserId = metadata[OWNER_KEY] ?? "";
  const entryId = metadata.entryId ?? "";
  const field = metadata.field;
  if (!isEntryFileField(field)) throw new UploadRefused(400, "upload.badRequest");
  const size = upload.size ?? upload.offset;
  let key: string | null = null;
  let local: { path: string; release(): Promise<void> } | null = null;
  try {
    local = await state.partials.localFile(upload.id);
    const file = local.path;
    let inspected: InspectedFile;
    try {
      // The size was declared, checked and enforced already (tus stops at the length).
      inspected = await media.inspect(file, { accept: FIELD_KINDS[field] });
    } catch (error) {
      const messageKey = keyOf(error);
      if (messageKey) throw new UploadRefused(422, messageKey);
      throw error;
    }
    if (!(FIELD_KINDS[field] as readonly string[]).includes(inspected.kind)) {
      throw new UploadRefused(422, "upload.contentMismatch");
    }
    key = newObjectKey("entries", inspected.ext);
    let variants: unknown;
    if (field === "images" && media.imageVariants) {
      try {
        variants = await media.imageVariants(file, key, inspected);
      } catch (error) {
        // A picture whose header passed but whose pixels cannot be decoded.
        const messageKey = keyOf(error);
        if (messageKey) throw new UploadRefused(422, messageKey);
        throw error;
      }
    }
    await state.partials.moveToStorage(upload.id, key, inspected.mime, file);
    const result = await entries.attachFile(ownerUserId, entryId, field, {
      key,
      name: displayFileName(metadata.filename ?? ""),
      mime: inspected.mime,
      bytes: size,
      width: inspected.width ?? null,
      height: inspected.height ?? null,
      durationSeconds: inspected.durationSeconds ?? null,
      ...(variants === undefined ? {} : { variants }),
    });
    if (!result.ok) {
      const messageKey =
        result.formError ??
        Object.values(result.fieldErrors ?? {})[0] ??
        uploadFailedMessage(field);
      throw new UploadRefused(result.status, messageKey);
    }
    const record: DoneRecord = {
      ownerUserId,
      fileId: result.file.id,
      size,
      finishedAt: state.now().toISOString(),
    };
    if (judgedThroughCopy(field)) media.judgedFileStored?.(key);
    await state.partials.writeDone(upload.id, record);
    // The bytes live in storage now; the marker answers a replayed HEAD.
    await removeUpload(state, upload.id);
    state.log.info(
      { uploadId: upload.id, entryId, field, fileId: result.file.id },
      "upload attached",
    );
    return result.file.id;
  } catch (error) {
    if (error instanceof UploadRefused) {
      state.log.info(
        { uploadId: upload.id, entryId, field, reason: error.messageKey },
        "upload refused",
      );
      if (key) await storage.delete(key).catch(() => undefined);
      await removeUpload(state, upload.id);
      throw error;
    }
    // Unexpected (storage or database down): keep the bytes; a HEAD retries the finish. Until
    // then it is an unfinished upload like any other.
    await stopFinishing(state.options.db, upload.id).catch(() => undefined);
    if (key) {
      if (local) await state.partials.restore(upload.id, key, local.path).catch(() => undefined);
      await storage.delete(key).catch(() => undefined);
    }
    state.log.error({ err: error, uploadId: upload.id }, "finishing an upload failed");
    throw new UploadRefused(500, uploadFailedMessage(field));
  } finally {
    await local?.release();
  }
}

/** Refuses to finish an upload a newer one replaced, and removes its bytes (its row stays). */
async function refuseReplaced(state: UploadState, upload: Upload): Promise<never> {
  state.log.info({ uploadId: upload.id, reason: "upload.replaced" }, "upload refused");
  await removeUpload(state, upload.id);
  throw new UploadRefused(410, "upload.replaced");
}
