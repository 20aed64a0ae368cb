import type { Insertable, Kysely } from "kysely";
import type { Database, DocumentTable } from "../../db/schema";

export function insertDocument(db: Kysely<Database>, row: Insertable<DocumentTable>) {
  return db.insertInto("documents").values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDocumentById(db: Kysely<Database>, id: number) {
  return db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findDocumentByStorageName(db: Kysely<Database>, storageName: string) {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("storage_name", "=", storageName)
    .executeTakeFirst();
}

export function deleteDocumentById(db: Kysely<Database>, id: number) {
  return db.deleteFrom("documents").where("id", "=", id).executeTakeFirst();
}

/** The documents of one kind for a season year, newest first. */
export function listSeasonDocuments(db: Kysely<Database>, year: number, kind: string) {
  return db
    .selectFrom("documents as d")
    .innerJoin("seasons as s", "s.id", "d.season_id")
    .selectAll("d")
    .where("s.year", "=", year)
    .where("d.kind", "=", kind)
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .execute();
}

/** Documents of one kind that belong to no season (samples, general rules), newest first. */
export function listUnattachedDocuments(db: Kysely<Database>, kind: string) {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("season_id", "is", null)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
