import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { Metadata, Server, type Upload } from "@tus/server";
import {
  ENTRANT_LIVE_UPLOAD_BYTES_MAX,
  ENTRY_FILE_RULES,
  entryFileProblemMessage,
  liveUploadsPerField,
  type EntryFileField,
} from "../../../core/entry-limits";
import { fileProblem } from "../../../core/upload-rules";
import {
  displayFileName,
  isEntryFileField,
  UPLOAD_FILE_ID_HEADER,
  uploadFailedMessage,
  UPLOADS_PATH,
} from "../../../core/uploads";
import { entryErrorStatus } from "../entries/service";
import { newObjectKey } from "../storage/index";
import type { AttachFileInput, EntryFailure, EntryResult } from "../entries/types";

/**
 * Resumable uploads of entry files (DESIGN "Files"): the tus protocol with
 * @tus/server and its file store under DATA_DIR/uploads, so partial uploads survive a
 * restart and bytes stream to disk with constant memory. Every request is checked here
 * before tus sees it: a signed-in user who owns the entry (and, for an existing upload, who
 * created it). When the last byte arrives the content is inspected, the file moves into
 * storage and is attached to the entry field.
 */

/** What an upload needs of the entries domain (H3's service). */
export interface UploadEntries {
  get(userId: string, entryId: string): Promise<object | null>;
  uploadAllowed(
    userId: string,
    entryId: string,
    field: EntryFileField,
    declaredBytes: number,
  ): Promise<string | null>;
  attachFile(
    userId: string,
    entryId: string,
    field: EntryFileField,
    file: AttachFileInput,
  ): Promise<EntryResult<{ file: { id: string } }>>;
}

/** The kinds of content the media module tells apart (H1's `MediaKind`). */
export type UploadKind = "image" | "video" | "pdf" | "pptx";

/** What each entry file field takes, decided by content. */
export const FIELD_KINDS: Readonly<Record<EntryFileField, readonly UploadKind[]>> = {
  images: ["image"],
  video: ["video"],
  ideaArticleVi: ["pdf"],
  ideaArticleEn: ["pdf"],
  slidesVi: ["pdf", "pptx"],
  slidesEn: ["pdf", "pptx"],
  legalCommitment: ["pdf"],
  copyrightCommitment: ["pdf"],
};

/** The facts the media module finds in a file's content. */
export interface InspectedFile {
  kind: string;
  mime: string;
  /** The usual extension of the sniffed type (for the storage key). */
  ext?: string;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

/** What an upload needs of the media module (H1): sniffing and image variants. */
export interface UploadMedia {
  /** Throws an error carrying an i18n key (`messageKey`) when the content is not accepted. */
  inspect(
    filePath: string,
    options: { accept: readonly UploadKind[]; maxBytes?: number },
  ): Promise<InspectedFile>;
  /** Derives and stores an image's variants; the result is kept with the file. */
  imageVariants?(filePath: string, key: string, inspected: InspectedFile): Promise<unknown>;
}

/** What an upload needs of storage (H1's Storage driver). */
export interface UploadStorage {
  /** With `move`, the file may be renamed into storage instead of copied (the disk driver). */
  putFile(
    key: string,
    filePath: string,
    options: { contentType: string; move?: boolean },
  ): Promise<unknown>;
  get(key: string): Promise<{ body: Readable } | null>;
  delete(key: string): Promise<void>;
}

export interface UploadLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface UploadServiceOptions {
  /** Where partial uploads live (DATA_DIR/uploads). */
  dir: string;
  /** An upload that received no bytes for this long is deleted by `cleanupExpired`. */
  expiryMs: number;
  /** The site's origin, the only one allowed to call (CORS answer). */
  publicUrl: string;
  entries: UploadEntries;
  media: UploadMedia;
  storage: UploadStorage;
  logger?: UploadLogger;
  clock?: () => Date;
}

/** A refusal the HTTP layer sends as `{ error: key }` with the status. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

/** Stored with each upload (tus metadata) next to what the browser sent. */
const OWNER_KEY = "ownerUserId";
const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** Beside a finished upload: the attached file's id, so a lost final response can be replayed. */
const DONE_SUFFIX = ".done";

/** An unfinished upload as the quotas see it (kept in memory, rebuilt from disk at start). */
interface LiveUpload {
  ownerUserId: string;
  entryId: string;
  field: EntryFileField;
  /** The declared length: the disk space the upload may take. */
  size: number;
  /** Creation order, to replace the oldest first. */
  seq: number;
}

interface DoneRecord {
  ownerUserId: string;
  fileId: string;
  size: number;
  finishedAt: string;
}

export type UploadService = ReturnType<typeof createUploadService>;

const silent: UploadLogger = { info() {}, warn() {}, error() {} };

function refusalBody(messageKey: string): string {
  return JSON.stringify({ error: messageKey });
}

function keyOf(error: unknown): string | null {
  if (error && typeof error === "object") {
    const candidate =
      (error as { messageKey?: unknown }).messageKey ?? (error as { key?: unknown }).key;
    if (typeof candidate === "string") return candidate;
  }
  return null;
}

function isFailure(result: EntryResult<object>): result is EntryFailure {
  return result.ok === false;
}

export function createUploadService(options: UploadServiceOptions) {
  const dir = path.resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const log = options.logger ?? silent;
  const now = options.clock ?? (() => new Date());
  const { entries, media, storage } = options;
  const publicOrigin = new URL(options.publicUrl).origin;

  // Uploads in progress of being finished (an id → its promise): a HEAD arriving while the
  // final PATCH still moves the bytes waits for it rather than finishing twice.
  const finishing = new Map<string, Promise<string>>();
  // The signed-in user of each request, handed from the HTTP layer to the tus hooks.
  const usersByRequest = new WeakMap<IncomingMessage, string>();

  const datastore = new FileStore({ directory: dir });

  const donePath = (id: string) => path.join(dir, id + DONE_SUFFIX);
  const dataPath = (id: string) => path.join(dir, id);

  // Quotas (core/entry-limits.ts): the unfinished uploads by id, the PATCH requests writing
  // to each, and the uploads a newer one replaced (their late requests are answered 410).
  const live = new Map<string, LiveUpload>();
  const writing = new Map<string, Set<IncomingMessage>>();
  const replaced = new Map<string, number>();
  const createdByRequest = new WeakMap<IncomingMessage, string>();
  let sequence = 0;

  // Unfinished uploads from before a restart count too: their descriptions are on disk.
  for (const name of readdirSync(dir)) {
    const match = /^([a-f0-9]{32})\.json$/.exec(name);
    if (!match || existsSync(donePath(match[1]!))) continue;
    try {
      const stored = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as {
        size?: unknown;
        metadata?: Record<string, unknown>;
      };
      const metadata = stored.metadata ?? {};
      const field = metadata.field;
      if (typeof stored.size !== "number" || !isEntryFileField(field)) continue;
      live.set(match[1]!, {
        ownerUserId: String(metadata[OWNER_KEY] ?? ""),
        entryId: String(metadata.entryId ?? ""),
        field,
        size: stored.size,
        seq: sequence++,
      });
    } catch {
      // Unreadable: the cleanup removes it when it expires.
    }
  }

  /**
   * Admits a new upload against the quotas, synchronously (no await: parallel creations are
   * counted one after another). Beyond the field's number of unfinished uploads the oldest
   * ones are replaced; beyond the entrant's total of declared bytes the new one is refused.
   */
  function admit(id: string, upload: Omit<LiveUpload, "seq">): void {
    const sameField = [...live.entries()]
      .filter(
        ([otherId, other]) =>
          other.ownerUserId === upload.ownerUserId &&
          other.entryId === upload.entryId &&
          other.field === upload.field &&
          !finishing.has(otherId),
      )
      .sort((a, b) => a[1].seq - b[1].seq);
    const victims = sameField
      .slice(0, Math.max(0, sameField.length - (liveUploadsPerField(upload.field) - 1)))
      .map(([victimId]) => victimId);
    let total = upload.size;
    for (const [otherId, other] of live) {
      if (other.ownerUserId === upload.ownerUserId && !victims.includes(otherId)) {
        total += other.size;
      }
    }
    if (total > ENTRANT_LIVE_UPLOAD_BYTES_MAX) {
      throw new UploadRefused(409, "upload.tooMuchInProgress");
    }
    for (const victimId of victims) replace(victimId);
    live.set(id, { ...upload, seq: sequence++ });
  }

  /** Ends an unfinished upload a newer one of the same field replaces: requests cut, bytes gone. */
  function replace(id: string): void {
    live.delete(id);
    replaced.set(id, Date.now());
    // Remembered for a late request's clear answer; bounded however many are replaced.
    if (replaced.size > 10_000) replaced.delete(replaced.keys().next().value!);
    const requests = [...(writing.get(id) ?? [])];
    log.info({ uploadId: id, cut: requests.length }, "upload replaced by a newer one");
    const remove = () => void removeUpload(id).catch(() => undefined);
    if (requests.length === 0) {
      remove();
      return;
    }
    // The bytes go once the requests writing them have closed (tus holds the file open).
    let open = requests.length;
    for (const request of requests) {
      request.once("close", () => {
        open -= 1;
        if (open === 0) remove();
      });
      request.destroy();
    }
  }

  async function readDone(id: string): Promise<DoneRecord | null> {
    try {
      return JSON.parse(await readFile(donePath(id), "utf8")) as DoneRecord;
    } catch {
      return null;
    }
  }

  /** Puts moved bytes back where the upload had them (a finish that failed half-way). */
  async function restore(key: string, file: string): Promise<void> {
    const object = await storage.get(key);
    if (object) await pipeline(object.body, createWriteStream(file, { mode: 0o600 }));
  }

  async function removeUpload(id: string): Promise<void> {
    live.delete(id);
    await rm(dataPath(id), { force: true });
    await rm(`${dataPath(id)}.json`, { force: true });
  }

  /**
   * Inspects, stores and attaches a complete upload; returns the attached file's id. On a
   * refusal everything of it is deleted (the browser must choose the file again).
   */
  async function finish(upload: Upload): Promise<string> {
    const running = finishing.get(upload.id);
    if (running) return running;
    const work = finishOnce(upload).finally(() => finishing.delete(upload.id));
    finishing.set(upload.id, work);
    return work;
  }

  async function finishOnce(upload: Upload): Promise<string> {
    const done = await readDone(upload.id);
    if (done) return done.fileId;
    if (replaced.has(upload.id)) throw new UploadRefused(410, "upload.replaced");
    const metadata = upload.metadata ?? {};
    const ownerUserId = metadata[OWNER_KEY] ?? "";
    const entryId = metadata.entryId ?? "";
    const field = metadata.field;
    if (!isEntryFileField(field)) throw new UploadRefused(400, "upload.badRequest");
    const file = dataPath(upload.id);
    const size = upload.size ?? upload.offset;
    let key: string | null = null;
    try {
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
      // The upload's bytes are not needed afterwards: moved, not copied, when storage is local.
      await storage.putFile(key, file, { contentType: inspected.mime, move: true });
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
      if (isFailure(result)) {
        throw new UploadRefused(entryErrorStatus(result), result.messageKey);
      }
      const record: DoneRecord = {
        ownerUserId,
        fileId: result.file.id,
        size,
        finishedAt: now().toISOString(),
      };
      await writeFile(donePath(upload.id), JSON.stringify(record), { mode: 0o600 });
      // The bytes live in storage now; the marker answers a replayed HEAD.
      await removeUpload(upload.id);
      log.info({ uploadId: upload.id, entryId, field, fileId: result.file.id }, "upload attached");
      return result.file.id;
    } catch (error) {
      if (error instanceof UploadRefused) {
        log.info(
          { uploadId: upload.id, entryId, field, reason: error.messageKey },
          "upload refused",
        );
        if (key) await storage.delete(key).catch(() => undefined);
        await removeUpload(upload.id);
        throw error;
      }
      // Unexpected (storage or database down): keep the bytes; a HEAD retries the finish.
      if (key) {
        if (!existsSync(file)) await restore(key, file).catch(() => undefined);
        await storage.delete(key).catch(() => undefined);
      }
      log.error({ err: error, uploadId: upload.id }, "finishing an upload failed");
      throw new UploadRefused(500, uploadFailedMessage(field));
    }
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    // Our own cleanup decides on inactivity, not on age: a long upload is never cut off.
    disableTerminationForFinishedUploads: true,
    allowedOrigins: [publicOrigin],
    exposedHeaders: [UPLOAD_FILE_ID_HEADER],
    namingFunction: () => randomBytes(16).toString("hex"),
    // The server enforces the declared length while bytes arrive (and the field's limit).
    maxSize: async (_request, uploadId) => {
      if (uploadId && UPLOAD_ID.test(uploadId)) {
        try {
          const upload = await datastore.getUpload(uploadId);
          const field = upload.metadata?.field;
          if (isEntryFileField(field)) return ENTRY_FILE_RULES[field].maxBytes;
        } catch {
          // A new upload (POST): the field's limit was checked before.
        }
      }
      return ENTRY_FILE_RULES.video.maxBytes;
    },
    onUploadCreate: async (request, upload) => {
      const node = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node;
      const userId = node?.req ? usersByRequest.get(node.req) : undefined;
      if (!userId) throw { status_code: 401, body: refusalBody("upload.signInRequired") };
      const field = upload.metadata?.field;
      if (!isEntryFileField(field) || upload.size === undefined) {
        throw { status_code: 400, body: refusalBody("upload.badRequest") };
      }
      try {
        admit(upload.id, {
          ownerUserId: userId,
          entryId: upload.metadata?.entryId ?? "",
          field,
          size: upload.size,
        });
      } catch (error) {
        if (error instanceof UploadRefused) {
          throw { status_code: error.status, body: refusalBody(error.messageKey) };
        }
        throw error;
      }
      if (node?.req) createdByRequest.set(node.req, upload.id);
      // Whatever the browser sent, the owner is the signed-in user.
      return { metadata: { ...upload.metadata, [OWNER_KEY]: userId } };
    },
    onUploadFinish: async (_request, upload) => {
      try {
        const fileId = await finish(upload);
        return {
          status_code: 204,
          headers: { [UPLOAD_FILE_ID_HEADER]: fileId },
        };
      } catch (error) {
        if (error instanceof UploadRefused) {
          throw { status_code: error.status, body: refusalBody(error.messageKey) };
        }
        throw error;
      }
    },
    onResponseError: (_request, error) => {
      if (error instanceof Error && !("status_code" in error)) {
        log.error({ err: error }, "upload request failed");
        return { status_code: 500, body: refusalBody("upload.badRequest") };
      }
      const { status_code, body } = error as { status_code: number; body: string };
      if (body.startsWith("{")) return undefined;
      // tus's own refusals (wrong offset, size exceeded…) as keys the form can show.
      if (status_code === 413) return { status_code, body: refusalBody("upload.sizeExceeded") };
      if (status_code === 404 || status_code === 410) {
        return { status_code, body: refusalBody("upload.notFound") };
      }
      return undefined;
    },
  });

  /** Checks a new upload's declared facts and the entry; returns the request's user. */
  async function checkCreate(userId: string, headers: IncomingMessage["headers"]): Promise<void> {
    if (headers["upload-defer-length"] !== undefined || headers["upload-concat"] !== undefined) {
      throw new UploadRefused(400, "upload.lengthRequired");
    }
    const rawLength = headers["upload-length"];
    if (typeof rawLength !== "string" || !/^\d{1,15}$/.test(rawLength)) {
      throw new UploadRefused(400, "upload.lengthRequired");
    }
    const length = Number(rawLength);
    let metadata: Record<string, string | null>;
    try {
      metadata = Metadata.parse(
        typeof headers["upload-metadata"] === "string" ? headers["upload-metadata"] : undefined,
      );
    } catch {
      throw new UploadRefused(400, "upload.badRequest");
    }
    const { entryId, field, filename } = metadata;
    if (!entryId || !filename || !isEntryFileField(field)) {
      throw new UploadRefused(400, "upload.badRequest");
    }
    const facts = { name: filename, size: length, type: metadata.filetype ?? "" };
    const problem = entryFileProblemMessage(field, facts);
    if (problem) {
      const tooLarge = fileProblem(ENTRY_FILE_RULES[field], facts) === "tooLarge";
      throw new UploadRefused(tooLarge ? 413 : 422, problem);
    }
    const entry = await entries.get(userId, entryId);
    if (!entry) throw new UploadRefused(404, "upload.notFound");
    const refusal = await entries.uploadAllowed(userId, entryId, field, length);
    if (refusal) {
      const status = refusal.endsWith("TooLarge") ? 413 : refusal.endsWith(".notFound") ? 404 : 422;
      throw new UploadRefused(status, refusal);
    }
  }

  /** The stored upload a continuing request names, if it is this user's. */
  async function ownUpload(userId: string, id: string): Promise<"open" | DoneRecord> {
    if (!UPLOAD_ID.test(id)) throw new UploadRefused(404, "upload.notFound");
    if (replaced.has(id)) throw new UploadRefused(410, "upload.replaced");
    const done = await readDone(id);
    if (done) {
      if (done.ownerUserId !== userId) throw new UploadRefused(404, "upload.notFound");
      return done;
    }
    let upload: Upload;
    try {
      upload = await datastore.getUpload(id);
    } catch {
      throw new UploadRefused(404, "upload.notFound");
    }
    if (upload.metadata?.[OWNER_KEY] !== userId) throw new UploadRefused(404, "upload.notFound");
    // Complete but never attached (the server stopped while finishing): finish it now.
    if (upload.size !== undefined && upload.offset === upload.size) {
      const fileId = await finish(upload);
      return { ownerUserId: userId, fileId, size: upload.size, finishedAt: now().toISOString() };
    }
    return "open";
  }

  return {
    dir,
    tus,

    /**
     * Serves one tus request for a signed-in user (null: nobody). Throws `UploadRefused`
     * before anything is stored; otherwise writes the response itself.
     */
    async handle(
      userId: string | null,
      uploadId: string | null,
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<void> {
      const method = req.method ?? "GET";
      if (method === "OPTIONS") {
        await tus.handle(req, res);
        return;
      }
      if (!userId) throw new UploadRefused(401, "upload.signInRequired");
      if (method === "POST") {
        if (uploadId !== null) throw new UploadRefused(404, "upload.notFound");
        await checkCreate(userId, req.headers);
      } else if (method === "HEAD" || method === "PATCH" || method === "DELETE") {
        if (uploadId === null) throw new UploadRefused(404, "upload.notFound");
        const state = await ownUpload(userId, uploadId);
        if (state !== "open") {
          // Finished: HEAD replays the result; nothing else may change it.
          if (method !== "HEAD") throw new UploadRefused(409, "upload.badRequest");
          res.writeHead(200, {
            "Tus-Resumable": "1.0.0",
            "Upload-Offset": String(state.size),
            "Upload-Length": String(state.size),
            [UPLOAD_FILE_ID_HEADER]: state.fileId,
            "Cache-Control": "no-store",
          });
          res.end();
          return;
        }
      } else {
        throw new UploadRefused(405, "upload.badRequest");
      }
      usersByRequest.set(req, userId);
      if (method === "PATCH" && uploadId !== null) {
        // A newer upload of the same field cuts this request (see `replace`).
        const requests = writing.get(uploadId) ?? new Set<IncomingMessage>();
        requests.add(req);
        writing.set(uploadId, requests);
        req.once("close", () => {
          requests.delete(req);
          if (requests.size === 0 && writing.get(uploadId) === requests) writing.delete(uploadId);
        });
      }
      await tus.handle(req, res);
      const created = method === "POST" ? createdByRequest.get(req) : undefined;
      if (created && replaced.has(created)) {
        // Replaced by a parallel creation before tus had stored it: stored now, so remove it.
        await removeUpload(created);
      } else if (created && res.statusCode >= 300) {
        // Admitted, then not stored after all: it no longer counts.
        if (!existsSync(`${dataPath(created)}.json`)) live.delete(created);
      } else if (method === "DELETE" && uploadId !== null && res.statusCode === 204) {
        live.delete(uploadId);
      }
    },

    /** The signed-in user's unfinished uploads (ids), oldest first. */
    inProgress(userId: string): string[] {
      return [...live.entries()]
        .filter(([, upload]) => upload.ownerUserId === userId)
        .sort((a, b) => a[1].seq - b[1].seq)
        .map(([id]) => id);
    },

    /**
     * Deletes partial uploads that received no bytes for `expiryMs` (and the markers of
     * finished ones after the same time). Returns how many uploads it removed.
     */
    async cleanupExpired(): Promise<number> {
      // Real time, not the injected clock: it is compared with the files' modification times.
      const cutoff = Date.now() - options.expiryMs;
      for (const [id, at] of replaced) if (at < cutoff) replaced.delete(id);
      let removed = 0;
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return 0;
      }
      for (const name of names) {
        const id = name.replace(/(\.json|\.done)$/, "");
        if (!UPLOAD_ID.test(id) || finishing.has(id)) continue;
        try {
          const info = await stat(path.join(dir, name));
          if (info.mtimeMs >= cutoff) continue;
          if (name.endsWith(".json")) {
            // The data file's last write is the upload's last activity.
            const data = await stat(dataPath(id)).catch(() => null);
            if (data && data.mtimeMs >= cutoff) continue;
            await removeUpload(id);
            removed += 1;
          } else if (name.endsWith(DONE_SUFFIX)) {
            await rm(path.join(dir, name), { force: true });
          } else {
            const meta = await stat(`${dataPath(id)}.json`).catch(() => null);
            if (!meta) {
              // Bytes without their description (a crash between the two writes).
              await rm(path.join(dir, name), { force: true });
              removed += 1;
            }
          }
        } catch (error) {
          log.warn({ err: error, name }, "could not clean an upload");
        }
      }
      if (removed > 0) log.info({ removed }, "abandoned uploads removed");
      return removed;
    },

    /** Runs `cleanupExpired` now and every `intervalMs`; returns the stop function. */
    startCleanup(intervalMs: number): () => void {
      let running = false;
      const tick = () => {
        if (running) return;
        running = true;
        void this.cleanupExpired()
          .catch((error: unknown) => log.error({ err: error }, "upload cleanup failed"))
          .finally(() => {
            running = false;
          });
      };
      tick();
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
