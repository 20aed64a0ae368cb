import { sql, type Kysely, type Migration } from "kysely";
import type { DatabaseKind } from "../database";

// `vx_sort`, the key that orders back-office tables' text columns in Vietnamese alphabetical
// order (core/search-text.ts `vietnameseSortKey`; SQLite calls that function, see
// server/db/database.ts). PostgreSQL's version returns the key's UTF-8 bytes, so it compares
// byte by byte whatever the database's collation.
export default (kind: DatabaseKind): Migration => ({
  async up(db: Kysely<unknown>) {
    if (kind !== "postgres") return;
    await sql
      .raw(
        `create or replace function vx_sort(t text) returns bytea language sql immutable strict parallel safe as $$
          select convert_to(
            replace(
              translate(
                regexp_replace(lower(normalize(t, NFD)), '[\\u0300\\u0301\\u0303\\u0309\\u0323]', '', 'g'),
                chr(770), chr(775)),
              'đ', 'd' || chr(775)),
            'UTF8')
        $$`,
      )
      .execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (kind === "postgres") await sql.raw("drop function if exists vx_sort(text)").execute(db);
  },
});
