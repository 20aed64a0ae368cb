import { pipeline, type Transform } from "node:stream";
import {
  ENTRY_DOCUMENT_RULES,
  ENTRY_SLIDES_RULES,
  ENTRY_VIDEO_RULES,
  JUDGED_COPY_FIELDS,
} from "../../../core/entry-limits";
import { heavyWork } from "../../cpu-gate";
import type { Db } from "../../db/database";
import { newObjectKey, type StorageDriver, type StoredObject } from "../storage";
import { mp4JudgeCopy } from "./mp4-judge-copy";
import type { JudgeCopyProblem } from "./cleaning-worker";
import { cleanPdfForJudges } from "./pdf-judge-copy";
import { cleanPptxForJudges } from "./pptx-judge-copy";
import { UncleanableMedia } from "./uncleanable";
import { webmJudgeCopy } from "./webm-judge-copy";

export type { JudgeCopyProblem } from "./cleaning-worker";

type Cleaned = { ok: true; bytes: Uint8Array } | { ok: false; problem: JudgeCopyProblem };

/**
 * How the judges' copy of each stored type is made: a document is cleaned whole in memory (at
 * most 50 MB, off the event loop), a film streams through a cleaner that keeps its length.
 */
type Way = { ext: string; maxBytes: number } & (
  { clean: (bytes: Uint8Array) => Promise<Cleaned> } | { cleaner: () => Transform }
);

const WAYS: Readonly<Record<string, Way>> = {
  "application/pdf": {
    ext: "pdf",
    maxBytes: ENTRY_DOCUMENT_RULES.maxBytes,
    clean: cleanPdfForJudges,
  },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
    ext: "pptx",
    maxBytes: ENTRY_SLIDES_RULES.maxBytes,
    clean: cleanPptxForJudges,
  },
  "video/mp4": { ext: "mp4", maxBytes: ENTRY_VIDEO_RULES.maxBytes, cleaner: mp4JudgeCopy },
  "video/quicktime": { ext: "mov", maxBytes: ENTRY_VIDEO_RULES.maxBytes, cleaner: mp4JudgeCopy },
  "video/webm": { ext: "webm", maxBytes: ENTRY_VIDEO_RULES.maxBytes, cleaner: webmJudgeCopy },
};

/** Where a judges' copy stands: made (its key), refused (why), or still to be made. */
export type JudgeCopyState =
  | { state: "ready"; copyKey: string }
  | { state: "failed"; problem: JudgeCopyProblem }
  | { state: "pending" };

interface Logger {
  warn(object: object, message: string): void;
}

export type JudgeCopies = ReturnType<typeof createJudgeCopies>;

/**
 * Who is told when no copy of a file can be made: `queue` runs in the transaction that records
 * the refusal (once per file, by the process that records it) and says whether it queued an
 * email; `queued` runs after that transaction committed, to send it.
 */
export interface JudgeCopyRefusals {
  queue(db: Db["kysely"], sourceKey: string, problem: JudgeCopyProblem): Promise<boolean>;
  queued(): void;
}

/**
 * Judges' copies of entries' films and documents (blind judging, PRODUCT §4): like an entry
 * picture's re-encoded variants, a copy without the file's metadata (PDF: ./pdf-judge-copy.ts,
 * PPTX: ./pptx-judge-copy.ts, MP4/MOV: ./mp4-judge-copy.ts, WebM: ./webm-judge-copy.ts) is
 * made in the background after the upload, kept in Storage and recorded in `judge_copies` by
 * the original's key; the judge's page links to it, never to the original, which staff and
 * the entrant still get. Any such file without a row is waiting — a new upload, or a file of
 * an entry made before copies existed — so the same job catches up on both.
 */
export function createJudgeCopies(options: {
  db: Db;
  storage: Pick<StorageDriver, "get" | "stat" | "put" | "delete">;
  clock?: () => Date;
  logger?: Logger;
  refusals?: JudgeCopyRefusals;
}) {
  const { db, storage } = options;
  const clock = options.clock ?? (() => new Date());

  const record = async (
    sourceKey: string,
    copyKey: string | null,
    problem: string | null,
    within: Db["kysely"] = db.kysely,
  ) => {
    const inserted = await within
      .insertInto("judge_copies")
      .values({ source_key: sourceKey, copy_key: copyKey, problem, made_at: clock().toISOString() })
      .onConflict((oc) => oc.column("source_key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  };

  /**
   * Records that no copy can be made, and has whoever owns the file told, in one transaction.
   * Telling them failing must not leave the file to be tried again and again: the refusal is
   * then recorded alone, and the failure logged.
   */
  const refuse = async (sourceKey: string, problem: JudgeCopyProblem) => {
    const refusals = options.refusals;
    let queued = false;
    try {
      queued = await db.kysely.transaction().execute(async (trx) => {
        const recorded = await record(sourceKey, null, problem, trx);
        return recorded && refusals ? refusals.queue(trx, sourceKey, problem) : false;
      });
    } catch (error) {
      if (!refusals) throw error;
      options.logger?.warn(
        { err: error, sourceKey },
        "the owner of a file judges cannot get could not be told",
      );
      await record(sourceKey, null, problem);
    }
    if (queued) refusals?.queued();
    options.logger?.warn(
      { sourceKey, problem },
      "a file could not be prepared for judges: they do not get it",
    );
  };

  /** A document: read whole (≤ 50 MB), cleaned off the event loop, stored. */
  const copyWhole = async (
    object: StoredObject,
    clean: (bytes: Uint8Array) => Promise<Cleaned>,
    copyKey: string,
  ): Promise<{ ok: true } | { ok: false; problem: JudgeCopyProblem }> => {
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const cleaned = await heavyWork.run(() => clean(Buffer.concat(chunks)));
    chunks.length = 0;
    if (!cleaned.ok) return cleaned;
    const body = Buffer.from(cleaned.bytes.buffer, cleaned.bytes.byteOffset, cleaned.bytes.length);
    await storage.put(copyKey, body, { contentType: object.contentType, size: body.length });
    return { ok: true };
  };

  /** A film: streamed through its cleaner into storage, the same length as the original. */
  const copyStreamed = async (
    object: StoredObject,
    cleaner: () => Transform,
    copyKey: string,
  ): Promise<{ ok: true } | { ok: false; problem: JudgeCopyProblem }> => {
    let refused: JudgeCopyProblem | null = null;
    const copy = cleaner();
    // Heard before the put fails with it: the film, not the store, was the problem.
    copy.once("error", (error) => {
      if (error instanceof UncleanableMedia) refused = error.problem;
    });
    pipeline(object.body, copy, () => undefined);
    try {
      await storage.put(copyKey, copy, { contentType: object.contentType, size: object.size });
      return { ok: true };
    } catch (error) {
      await storage.delete(copyKey).catch(() => undefined);
      if (refused) return { ok: false, problem: refused };
      throw error;
    }
  };

  return {
    /** Stored films and documents whose judges' copy is still to be made, at most `limit`. */
    async pending(limit = 20): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom("entry_files as f")
        .select("f.storage_key")
        .distinct()
        .where("f.field", "in", JUDGED_COPY_FIELDS)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("judge_copies as c")
                .select("c.source_key")
                .whereRef("c.source_key", "=", "f.storage_key"),
            ),
          ),
        )
        .orderBy("f.storage_key")
        .limit(limit)
        .execute();
      return rows.map((row) => row.storage_key);
    },

    /**
     * Makes the judges' copy of the stored file `sourceKey` (or records why there can be none:
     * encrypted, damaged, of no type judges get, too large, or too complex to process within
     * the memory limit). Returns whether there was work. Storage failing throws, and a later
     * run tries again.
     */
    async make(sourceKey: string): Promise<boolean> {
      const done = await db.kysely
        .selectFrom("judge_copies")
        .select("source_key")
        .where("source_key", "=", sourceKey)
        .executeTakeFirst();
      if (done) return false;
      const stat = await storage.stat(sourceKey);
      const way = stat ? WAYS[stat.contentType] : undefined;
      // An entry file naming no stored object, or not of a type judges get: nothing to show.
      if (!stat || !way) {
        await refuse(sourceKey, "unreadable");
        return true;
      }
      if (stat.size > way.maxBytes) {
        await refuse(sourceKey, "tooLarge");
        return true;
      }
      const object = await storage.get(sourceKey);
      if (!object) {
        await refuse(sourceKey, "unreadable");
        return true;
      }
      const copyKey = newObjectKey("judge-copies", way.ext);
      const made =
        "clean" in way
          ? await copyWhole(object, way.clean, copyKey)
          : await copyStreamed(object, way.cleaner, copyKey);
      if (!made.ok) {
        await refuse(sourceKey, made.problem);
        return true;
      }
      // Another process made it meanwhile: theirs stands.
      if (!(await record(sourceKey, copyKey, null))) {
        await storage.delete(copyKey).catch(() => undefined);
      }
      return true;
    },

    /** Where the copies of these originals stand, by original key (one query). */
    async statesOf(sourceKeys: readonly string[]): Promise<Map<string, JudgeCopyState>> {
      const keys = [...new Set(sourceKeys)];
      const rows =
        keys.length === 0
          ? []
          : await db.kysely
              .selectFrom("judge_copies")
              .selectAll()
              .where("source_key", "in", keys)
              .execute();
      const found = new Map(rows.map((row) => [row.source_key, row]));
      return new Map(
        keys.map((key): [string, JudgeCopyState] => {
          const row = found.get(key);
          if (!row) return [key, { state: "pending" }];
          return row.copy_key
            ? [key, { state: "ready", copyKey: row.copy_key }]
            : [
                key,
                { state: "failed", problem: (row.problem ?? "unreadable") as JudgeCopyProblem },
              ];
        }),
      );
    },

    /**
     * Removes copies whose original no entry file names any more (replaced, removed, its entry
     * deleted), once older than the cutoff. Returns how many it removed.
     */
    async sweep(cutoff: Date): Promise<number> {
      const orphans = await db.kysely
        .selectFrom("judge_copies as c")
        .select(["c.source_key", "c.copy_key"])
        .where("c.made_at", "<", cutoff.toISOString())
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("entry_files as f")
                .select("f.id")
                .whereRef("f.storage_key", "=", "c.source_key"),
            ),
          ),
        )
        .execute();
      for (const orphan of orphans) {
        if (orphan.copy_key) await storage.delete(orphan.copy_key);
        await db.kysely
          .deleteFrom("judge_copies")
          .where("source_key", "=", orphan.source_key)
          .execute();
      }
      return orphans.length;
    },
  };
}
