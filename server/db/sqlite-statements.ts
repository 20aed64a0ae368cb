import type SQLite from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/** How many compiled statements are kept: every query shape the product has, with room. */
const DEFAULT_MAX = 1000;

/**
 * The SQLite handle Kysely runs its queries through, keeping each compiled statement.
 * Kysely prepares every query it executes, and better-sqlite3 compiles on each prepare (a
 * quarter of a millisecond for the library's search): the builders emit the same SQL text for
 * the same query shape with the values as parameters, so a statement compiled once serves every
 * later run. Least recently used statements are dropped beyond `max` (a shape with a list of
 * variable length makes one text per length). A statement still being iterated (a streamed
 * query) is busy: the caller gets a freshly prepared one instead. SQLite recompiles a kept
 * statement by itself when the schema changes under it.
 */
export function withStatementCache(db: SQLite.Database, max = DEFAULT_MAX): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close() {
      kept.clear();
      db.close();
    },
    prepare(sql: string) {
      const statement = kept.get(sql);
      if (statement) {
        if (statement.busy) return db.prepare(sql);
        // Map order is insertion order: moving the hit to the end keeps the order "least recent first".
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const fresh = db.prepare(sql);
      kept.set(sql, fresh);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      return fresh;
    },
  };
}
