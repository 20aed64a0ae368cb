import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldColumnText, foldForSearch } from "../../core/search-text";
import { testDatabases } from "../test-support/databases";
import { migrateToLatest, type Db } from "./database";

// vx_fold is written twice, as a JavaScript function SQLite calls and as SQL in PostgreSQL:
// both must fold exactly as core/search-text.ts does.
const SAMPLES = [
  "Quảng Cáo Sáng Tạo",
  "ĐÔNG Á – Đồng Nai",
  "Nguyễn Thị Hương Giang",
  "giám khảo",
  "Phở Thìn (Hà Nội) 50% off_",
  "Cà phê sữa đá",
  "Quả\u0309ng",
];

describe.each(testDatabases())("vx_fold on $name", (target) => {
  describe.skipIf(!target.available)("folded text", () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
    });
    afterAll(() => target.cleanup());

    it("folds every sample as core does", async () => {
      for (const text of SAMPLES) {
        const row = await sql<{ f: string }>`select vx_fold(${text}) as f`.execute(db.kysely);
        expect(row.rows[0]!.f).toBe(foldColumnText(text));
      }
    });

    it("lets a search typed without marks find text written with them", async () => {
      const row = await sql<{ hit: number | boolean }>`
        select vx_fold(${"Chiến dịch Quảng Cáo ĐÔNG"}) like ${`%${foldForSearch("quang cao dong")}%`} as hit
      `.execute(db.kysely);
      expect(Boolean(Number(row.rows[0]!.hit) || row.rows[0]!.hit === true)).toBe(true);
    });

    it("keeps null as null", async () => {
      const row = await sql<{ f: string | null }>`select vx_fold(null) as f`.execute(db.kysely);
      expect(row.rows[0]!.f).toBeNull();
    });
  });
});
