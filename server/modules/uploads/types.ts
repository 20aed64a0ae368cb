import type { Readable } from "node:stream";
import type { EntryFileField } from "../../../core/entry-limits";
import type { Db } from "../../db/database";
import type { AttachFileInput, EntryResult } from "../entries/types";

/** What an upload needs of the entries domain. */
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

/** The kinds of content the media module tells apart (its `MediaKind`). */
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

/** What an upload needs of the media module: sniffing and image variants. */
export interface UploadMedia {
  /** Throws an error carrying an i18n key (`messageKey`) when the content is not accepted. */
  inspect(
    filePath: string,
    options: { accept: readonly UploadKind[]; maxBytes?: number },
  ): Promise<InspectedFile>;
  /** Derives and stores an image's variants; the result is kept with the file. */
  imageVariants?(filePath: string, key: string, inspected: InspectedFile): Promise<unknown>;
  /**
   * Told once a film or document is stored and attached: its judges' copy (without the
   * metadata that can name the entrant) is made in the background.
   */
  judgedFileStored?(key: string): void;
}

/** What an upload needs of storage (the `Storage` driver). */
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
  /** Where the quotas' unfinished uploads are counted, for every process alike. */
  db: Db;
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
export const OWNER_KEY = "ownerUserId";
/** The id tus gives an upload (see the naming function in ./tus-server.ts). */
export const UPLOAD_ID = /^[a-f0-9]{32}$/;
/** Beside a finished upload: the attached file's id, so a lost final response can be replayed. */
export const DONE_SUFFIX = ".done";

/** An unfinished upload as the quotas see it (a row of `live_uploads`, shared by every process). */
export interface LiveUpload {
  id: string;
  ownerUserId: string;
  entryId: string;
  field: string;
  /** The declared length: the disk space the upload may take. */
  size: number;
  /** Some process is finishing it: a newer upload of its field does not replace it. */
  finishing: boolean;
}

export interface DoneRecord {
  ownerUserId: string;
  fileId: string;
  size: number;
  finishedAt: string;
}
