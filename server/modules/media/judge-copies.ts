import { ENTRY_DOCUMENT_RULES, JUDGED_DOCUMENT_FIELDS } from "../../../core/entry-limits";
import { heavyWork } from "../../cpu-gate";
import type { Db } from "../../db/database";
import { newObjectKey, type StorageDriver } from "../storage";
import { cleanPdfForJudges, type JudgeCopyProblem } from "./pdf-judge-copy";

export type { JudgeCopyProblem } from "./pdf-judge-copy";

const PDF = "application/pdf";

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
 * Judges' copies of entries' PDFs (blind judging, PRODUCT §4): like an entry picture's
 * re-encoded variants, a copy without the document's metadata (./pdf-judge-copy.ts) is made in
 * the background after the upload, kept in Storage and recorded in `judge_copies` by the
 * original's key; the judge's page links to it, never to the original, which staff and the
 * entrant still get. Any PDF in a judged field without a row is waiting — a new upload, or a
 * file of an entry made before copies existed — so the same job catches up on both.
 */
export function createJudgeCopies(options: {
  db: Db;
  storage: Pick<StorageDriver, "get" | "stat" | "put" | "delete">;
  clock?: () => Date;
  logger?: Logger;
}) {
  const { db, storage } = options;
  const clock = options.clock ?? (() => new Date());

  const record = async (sourceKey: string, copyKey: string | null, problem: string | null) => {
    const inserted = await db.kysely
      .insertInto("judge_copies")
      .values({ source_key: sourceKey, copy_key: copyKey, problem, made_at: clock().toISOString() })
      .onConflict((oc) => oc.column("source_key").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  };

  const refuse = async (sourceKey: string, problem: JudgeCopyProblem) => {
    await record(sourceKey, null, problem);
    options.logger?.warn(
      { sourceKey, problem },
      "a PDF could not be prepared for judges: they do not get it",
    );
  };

  return {
    /** Stored PDFs of judged fields whose copy is still to be made, at most `limit`. */
    async pending(limit = 20): Promise<string[]> {
      const rows = await db.kysely
        .selectFrom("entry_files as f")
        .select("f.storage_key")
        .distinct()
        .where("f.field", "in", JUDGED_DOCUMENT_FIELDS)
        .where("f.mime", "=", PDF)
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
     * Makes the judges' copy of the stored PDF `sourceKey` (or records why there can be none:
     * encrypted, damaged, too large or too complex to process within the memory limit).
     * Returns whether there was work. Storage failing throws, and a later run tries again.
     */
    async make(sourceKey: string): Promise<boolean> {
      const done = await db.kysely
        .selectFrom("judge_copies")
        .select("source_key")
        .where("source_key", "=", sourceKey)
        .executeTakeFirst();
      if (done) return false;
      const stat = await storage.stat(sourceKey);
      // An entry file naming no stored object: there is nothing judges could be shown.
      if (!stat) {
        await refuse(sourceKey, "unreadable");
        return true;
      }
      if (stat.size > ENTRY_DOCUMENT_RULES.maxBytes) {
        await refuse(sourceKey, "tooLarge");
        return true;
      }
      const object = await storage.get(sourceKey);
      if (!object) {
        await refuse(sourceKey, "unreadable");
        return true;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      const cleaned = await heavyWork.run(() => cleanPdfForJudges(Buffer.concat(chunks)));
      chunks.length = 0;
      if (!cleaned.ok) {
        await refuse(sourceKey, cleaned.problem);
        return true;
      }
      const copyKey = newObjectKey("judge-copies", "pdf");
      const body = Buffer.from(
        cleaned.bytes.buffer,
        cleaned.bytes.byteOffset,
        cleaned.bytes.length,
      );
      await storage.put(copyKey, body, { contentType: PDF, size: body.length });
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
