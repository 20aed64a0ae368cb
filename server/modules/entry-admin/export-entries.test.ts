import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEntryListQuery } from "../../../core/entry-admin-list";
import { migrateToLatest, type Db } from "../../db/database";
import { closeAndSettle, testDatabases } from "../../test-support/databases";
import { createAuditService } from "../audit/service";
import { exportEntries } from "./export-entries";
import { OLD_SEASON, SEASON, seedEntryAdminWorld, type EntryAdminWorld } from "./testbed";

const NOW = new Date("2031-10-01T03:00:00.000Z");

/** A CSV of the export, parsed (quoted fields, doubled quotes, newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The staff member who downloads. */
const STAFF = { id: "staff-export", email: "thu.ky@example.vn", ip: "203.0.113.7" };

describe.each(testDatabases())("entries export on $name", (target) => {
  describe.skipIf(!target.available)("exportEntries", () => {
    let db: Db;
    let w: EntryAdminWorld;
    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      w = await seedEntryAdminWorld(db);
    }, 60_000);
    afterAll(async () => {
      await closeAndSettle(db);
      await target.cleanup();
    });

    const run = (
      format: "csv" | "xlsx",
      params: Record<string, string>,
      lang: "vi" | "en" = "vi",
      ids?: string[],
    ) =>
      exportEntries(
        db,
        createAuditService(db, () => NOW),
        STAFF,
        {
          query: parseEntryListQuery(params),
          seasonYear: SEASON,
          lang,
          format,
          now: NOW,
          ...(ids ? { ids } : {}),
        },
      );

    it("writes the whole filter as XLSX that Excel (exceljs) reads back, in Vietnamese", async () => {
      // pageSize and page do not limit an export: every row of the filter is in it.
      const file = await run("xlsx", { sort: "code", dir: "asc", pageSize: "10", page: "2" });
      expect(file.contentType).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(file.fileName).toBe("entries-2031-2031-10-01.xlsx");
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe("Bài dự thi 2031");
      const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
      const header = rows[0]!.slice(1);
      expect(header).toEqual([
        "Mã bài",
        "Tên chiến dịch / tác phẩm",
        "Nhãn hàng",
        "Bảng thi",
        "Nhóm hạng mục",
        "Hạng mục",
        "Thí sinh",
        "Loại thí sinh",
        "Trạng thái",
        "Thanh toán",
        "Hồ sơ",
        "Ngày nộp",
        "Nộp muộn",
        "Cập nhật",
        "Hạn chỉnh sửa",
        "Sửa được đến",
        "Email",
        "Điện thoại",
        "Mã số thuế",
        "Mô tả (tiếng Việt)",
        "Mô tả (tiếng Anh)",
      ]);
      expect(rows.slice(1).map((r) => r[1])).toEqual([
        "VX31-CD-0001",
        "VX31-CD-0002",
        "VX31-IN-0001",
        "VX31-TVC-0001",
        "VX31-TVC-0002",
      ]);
      const e2 = rows.find((r) => r[1] === "VX31-TVC-0002")!.slice(1);
      expect(e2).toEqual([
        "VX31-TVC-0002",
        "Quảng cáo mùa hè",
        "Kem Mát",
        "Sáng tạo",
        "Màn ảnh",
        "Phim quảng cáo",
        "Lê Thị Hoa",
        "Cá nhân",
        "Đã thanh toán",
        "Đã thanh toán",
        "12/13",
        // Date cells of the Vietnamese day, shown DD/MM/YYYY: Excel sorts and filters them.
        new Date("2031-09-03T00:00:00.000Z"),
        // Submitted, not late (the season has no deadline).
        "Không",
        new Date("2031-09-05T00:00:00.000Z"),
        // Not waiting for changes: no due date, nothing to edit until.
        "",
        "",
        "hoa@example.vn",
        "+84901234567",
        "",
        "Mô tả chiến dịch bằng tiếng Việt.",
        "The campaign in English.",
      ]);
      const e2Row = sheet.getRow(rows.findIndex((r) => r[1] === "VX31-TVC-0002") + 1);
      expect(e2Row.getCell(12).numFmt).toBe("dd/mm/yyyy");
      expect(e2Row.getCell(14).numFmt).toBe("dd/mm/yyyy");
    });

    it("writes CSV with a UTF-8 BOM, Vietnamese intact, headings in the reader's language", async () => {
      const file = await run("csv", { q: "quang cao", sort: "code", dir: "asc" }, "en");
      expect(file.contentType).toBe("text/csv; charset=utf-8");
      expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(file.body.subarray(3).toString("utf8")).filter((r) => r.length > 1);
      expect(rows[0]!.slice(0, 3)).toEqual(["Code", "Campaign / work", "Brand"]);
      expect(rows.slice(1).map((r) => [r[0], r[1], r[6], r[8]])).toEqual([
        ["VX31-CD-0001", "Đường về nhà", "Công ty Quảng Cáo Ánh Dương", "Withdrawn"],
        ["VX31-TVC-0001", "Tết sum vầy", "Công ty Quảng Cáo Ánh Dương", "Submitted"],
        ["VX31-TVC-0002", "Quảng cáo mùa hè", "Lê Thị Hoa", "Paid"],
      ]);
      // The days as DD/MM/YYYY text, as in the table.
      expect([rows[3]![11], rows[3]![13]]).toEqual(["03/09/2031", "05/09/2031"]);
      // What Excel would turn into a date or a number stays text: "12/13" files, the phone's "+".
      expect(rows[3]![10]).toBe('="12/13"');
      expect(rows[3]![17]).toBe('="+84901234567"');
    });

    it("says which entries came in after the submission deadline, and exports the late ones alone", async () => {
      await db.kysely
        .updateTable("seasons")
        .set({ submission_closes_at: "2031-09-04T16:59:59.999Z" })
        .where("year", "=", SEASON)
        .execute();
      try {
        const file = await run("csv", { status: "all", sort: "code", dir: "asc" }, "en");
        const rows = parseCsv(file.body.subarray(3).toString("utf8")).filter((r) => r.length > 1);
        expect(rows[0]![12]).toBe("Late");
        // The draft never submitted says nothing; the others yes or no.
        expect(rows.slice(1).map((r) => [r[0], r[12]])).toEqual([
          ["", ""],
          ["VX31-CD-0001", "Yes"],
          ["VX31-CD-0002", "Yes"],
          ["VX31-IN-0001", "No"],
          ["VX31-TVC-0001", "No"],
          ["VX31-TVC-0002", "No"],
        ]);
        const late = await run("csv", { submitted: "late", sort: "code", dir: "asc" });
        const lateRows = parseCsv(late.body.subarray(3).toString("utf8")).filter(
          (r) => r.length > 1,
        );
        expect(lateRows[0]![12]).toBe("Nộp muộn");
        expect(lateRows.slice(1).map((r) => [r[0], r[12]])).toEqual([
          ["VX31-CD-0001", "Có"],
          ["VX31-CD-0002", "Có"],
        ]);
        const exported = await db.kysely
          .selectFrom("audit_log")
          .select("summary")
          .where("action", "=", "entries.export")
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow();
        expect(JSON.parse(exported.summary)).toMatchObject({
          rows: 2,
          filter: { filters: { submitted: "late" } },
        });
      } finally {
        await db.kysely
          .updateTable("seasons")
          .set({ submission_closes_at: null })
          .where("year", "=", SEASON)
          .execute();
      }
    });

    it("exports only the selected entries, whatever the filter", async () => {
      const file = await run("csv", { status: "paid" }, "vi", [w.ids.e1, w.ids.e5]);
      const rows = parseCsv(file.body.subarray(3).toString("utf8")).filter((r) => r.length > 1);
      expect(
        rows
          .slice(1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(["", "VX31-TVC-0001"]);
      expect(file.rows).toBe(2);
      const exported = await db.kysely
        .selectFrom("audit_log")
        .select(["actor_id", "target_type", "summary"])
        .where("action", "=", "entries.export")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(exported.actor_id).toBe(STAFF.id);
      expect(exported.target_type).toBe("entry");
      expect(JSON.parse(exported.summary)).toEqual({
        format: "csv",
        rows: 2,
        season: SEASON,
        selected: 2,
        filter: { filters: { status: "paid" } },
      });
    });

    it("names the filter's track and category in the audit log, and drops another season's", async () => {
      const latest = () =>
        db.kysely
          .selectFrom("audit_log")
          .select("summary")
          .where("action", "=", "entries.export")
          .orderBy("id", "desc")
          .executeTakeFirstOrThrow()
          .then((row) => JSON.parse(row.summary) as { rows: number; filter?: unknown });
      await run("csv", {
        track: String(w.tracks.creative),
        category: String(w.categories.tvc),
      });
      expect((await latest()).filter).toEqual({
        track: "Sáng tạo",
        category: "Phim quảng cáo",
      });
      await run("csv", { track: "sang-tao" }, "en");
      expect((await latest()).filter).toEqual({ track: "Creative" });

      // A track id of the 2030 season, left in the address: the whole season, as the table.
      const other = await db.kysely
        .selectFrom("tracks as t")
        .innerJoin("seasons as s", "s.id", "t.season_id")
        .select("t.id")
        .where("s.year", "=", OLD_SEASON)
        .executeTakeFirstOrThrow();
      const all = await run("csv", {});
      const stale = await run("csv", { track: String(other.id) });
      expect(stale.rows).toBe(all.rows);
      expect((await latest()).filter).toBeUndefined();
    });
  });
});
