import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vietnameseSortKey } from "../../core/search-text";
import { testDatabases } from "../test-support/databases";
import { migrateToLatest, type Db } from "./database";

// Vietnamese alphabetical order: a ă â b c d đ e ê g h i k l m n o ô ơ p q r s t u ư v x y,
// case ignored; vx_sort is written twice (SQLite calls core's function; PostgreSQL has SQL).
const IN_ORDER = [
  "Anh Đào",
  "anh em",
  "Ánh sáng",
  "Ăn Tết",
  "Ẩm thực",
  "Bánh chưng",
  "Bảo hiểm Hưng Thịnh",
  "Bia Sông Hồng",
  "Cà phê",
  "Chợ Việt",
  "Dũng",
  "Đặng Hoài Dũng",
  "Em",
  "Ếch",
  "Gánh hàng rong",
  "Giọt mồ hôi",
  "Hạt gạo",
  "Hồ sơ",
  "Hương vị",
  "Ô mai",
  "Ơn",
  "Sản xuất",
  "Sáng tạo Mùa Thu",
  "Trịnh Đức Nga",
  "Trịnh Hữu Long",
  "Uống",
  "Ước mơ",
  "Vạn Xuân",
];

describe("vietnameseSortKey", () => {
  it("orders words as a Vietnamese dictionary does, by letter first", () => {
    const shuffled = [...IN_ORDER].reverse();
    const sorted = shuffled.sort((a, b) =>
      vietnameseSortKey(a) < vietnameseSortKey(b)
        ? -1
        : vietnameseSortKey(a) > vietnameseSortKey(b)
          ? 1
          : 0,
    );
    expect(sorted).toEqual(IN_ORDER);
  });
});

describe.each(testDatabases())("vx_sort on $name", (target) => {
  describe.skipIf(!target.available)("ORDER BY vx_sort(column)", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
    });
    afterAll(() => target.cleanup());

    it("orders a column in Vietnamese alphabetical order", async () => {
      const names = sql.join(
        [...IN_ORDER].reverse().map((name) => sql`select ${name} as name`),
        sql` union all `,
      );
      const rows = await sql<{ name: string }>`
        select name from (${names}) as names order by vx_sort(name), name
      `.execute(db.kysely);
      expect(rows.rows.map((row) => row.name)).toEqual(IN_ORDER);
    });

    it("keeps null as null", async () => {
      const row = await sql<{ k: unknown }>`select vx_sort(null) as k`.execute(db.kysely);
      expect(row.rows[0]!.k).toBeNull();
    });
  });
});
