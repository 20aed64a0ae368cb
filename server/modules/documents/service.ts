import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { DEFAULT_LANG, type Lang } from "../../../core/languages";
import { DOCUMENT_FILE_NAME, DOCUMENTS_PREFIX, documentUrl } from "../../../core/pdf-document-url";
import type { Db } from "../../db/database";
import type { DocumentTable } from "../../db/schema";
import type { StorageDriver } from "../storage";
import {
  deleteDocumentById,
  findDocumentById,
  findDocumentByStorageName,
  insertDocument,
  listSeasonDocuments,
  listUnattachedDocuments,
} from "./queries";

/** PRODUCT §8: PDFs and documents are at most 50 MB. */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;

export interface PublicDocument {
  id: number;
  seasonId: number | null;
  kind: string;
  lang: Lang;
  title: string;
  /** Where the browser fetches it (same origin, byte ranges supported). */
  url: string;
  storageName: string;
  bytes: number;
  createdAt: string;
}

export class DocumentRejected extends Error {
  constructor(readonly reason: "empty" | "tooLarge" | "notPdf") {
    super(`document rejected: ${reason}`);
  }
}

/** The storage key of a stored document: its public name under `documents/`. */
export function documentKey(storageName: string): string {
  return `documents/${storageName}`;
}

/** A PDF starts with `%PDF-` within its first 1024 bytes (ISO 32000 §7.5.2): type by content, not by name. */
export function looksLikePdf(data: Uint8Array): boolean {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.byteLength, 1024));
  return head.includes("%PDF-", 0, "latin1");
}

const toPublic = (row: Selectable<DocumentTable>): PublicDocument => ({
  id: row.id,
  seasonId: row.season_id,
  kind: row.kind,
  lang: row.lang,
  title: row.title,
  url: documentUrl(row.storage_name),
  storageName: row.storage_name,
  bytes: Number(row.bytes),
  createdAt: row.created_at,
});

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/**
 * Public documents: stored under a random name through `Storage` (the disk or S3, so every
 * process serves the same bytes; served read-only by ./routes.ts), described by a `documents`
 * row. `storage` is null where nothing is ever stored (tests of other services); reading
 * still works.
 */
export function createDocumentsService(
  db: Db,
  options: { storage: StorageDriver | null; onChange: () => void; clock?: () => Date },
) {
  const clock = options.clock ?? (() => new Date());

  const byStorageName = async (name: string): Promise<PublicDocument | null> => {
    if (!DOCUMENT_FILE_NAME.test(name)) return null;
    const row = await findDocumentByStorageName(db.kysely, name);
    return row ? toPublic(row) : null;
  };

  return {
    /** Stores a PDF and publishes it; the file is written completely before the row exists. */
    async add(input: {
      seasonId: number | null;
      kind: string;
      lang: Lang;
      title: string;
      data: Uint8Array;
    }): Promise<PublicDocument> {
      const storage = options.storage;
      if (!storage) throw new Error("documents storage is not configured");
      if (input.data.byteLength === 0) throw new DocumentRejected("empty");
      if (input.data.byteLength > DOCUMENT_MAX_BYTES) throw new DocumentRejected("tooLarge");
      if (!looksLikePdf(input.data)) throw new DocumentRejected("notPdf");
      const storageName = `${randomBytes(16).toString("hex")}.pdf`;
      const key = documentKey(storageName);
      await storage.put(
        key,
        Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength),
        {
          contentType: "application/pdf",
          size: input.data.byteLength,
        },
      );
      try {
        const row = await insertDocument(db.kysely, {
          season_id: input.seasonId,
          kind: input.kind,
          lang: input.lang,
          title: input.title,
          storage_name: storageName,
          bytes: input.data.byteLength,
          created_at: clock().toISOString(),
        });
        options.onChange();
        return toPublic(row);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    async remove(id: number): Promise<boolean> {
      const row = await findDocumentById(db.kysely, id);
      if (!row) return false;
      await deleteDocumentById(db.kysely, id);
      if (options.storage) await options.storage.delete(documentKey(row.storage_name));
      options.onChange();
      return true;
    },

    async find(id: number): Promise<PublicDocument | null> {
      const row = await findDocumentById(db.kysely, id);
      return row ? toPublic(row) : null;
    },

    /** The document a public address names (`/tai-lieu/<name>`), or null. */
    async byUrl(url: string): Promise<PublicDocument | null> {
      if (!url.startsWith(DOCUMENTS_PREFIX)) return null;
      return byStorageName(url.slice(DOCUMENTS_PREFIX.length));
    },

    /** The document stored under `name` (the file part of its address), or null. */
    byStorageName,

    /** A season's documents of one kind, newest first. */
    async ofSeason(year: number, kind: string): Promise<PublicDocument[]> {
      return (await listSeasonDocuments(db.kysely, year, kind)).map(toPublic);
    },

    /** Documents of one kind attached to no season, newest first. */
    async unattached(kind: string): Promise<PublicDocument[]> {
      return (await listUnattachedDocuments(db.kysely, kind)).map(toPublic);
    },

    /**
     * The address of a season's criteria PDF in each language: the newest one in that
     * language, and for English the Vietnamese one when there is no English document.
     */
    async criteriaUrls(year: number): Promise<Record<Lang, string | null>> {
      const documents = await listSeasonDocuments(db.kysely, year, "criteria");
      const newest = (lang: Lang) => documents.find((d) => d.lang === lang);
      const vi = newest(DEFAULT_LANG);
      const en = newest("en") ?? vi;
      return {
        vi: vi ? documentUrl(vi.storage_name) : null,
        en: en ? documentUrl(en.storage_name) : null,
      };
    },
  };
}
