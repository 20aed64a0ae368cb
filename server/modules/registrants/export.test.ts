import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { Lang } from "../../../core/languages";
import {
  parseRegistrantListQuery,
  type ExportFormat,
  type RegistrantListQuery,
} from "../../../core/registrants-admin";
import { testDatabases } from "../../test-support/databases";
import { DOMAIN, registrantsTestbed } from "./testbed";

/** The staff member who downloads. */
const STAFF = { id: "staff-export", email: "thu.ky@example.vn", ip: "203.0.113.7" };

describe.each(testDatabases())("registrants export on $name", (target) => {
  describe.skipIf(!target.available)("exportRegistrants", () => {
    const t = registrantsTestbed(target);
    /** The file of an export that fits. */
    const sheetOf = async (...args: [RegistrantListQuery, ExportFormat, Lang]) => {
      const sheet = await t.registrants.export(STAFF, ...args);
      if (!sheet.ok) throw new Error(`export refused: ${JSON.stringify(sheet)}`);
      return sheet;
    };

    it("seeds", async () => {
      const lan = await t.add({
        email: `lan@${DOMAIN}`,
        type: "enterprise",
        fullName: "Võ Thị Lan",
        companyName: "Công ty TNHH Hoa Sen Đỏ",
        taxCode: "0301112223",
        createdAt: "2026-08-20T03:00:00.000Z",
      });
      await t.entry(lan, 2026);
      await t.add({
        email: `duc@${DOMAIN}`,
        type: "individual",
        fullName: "Nguyễn Đức Thắng",
        createdAt: "2026-08-21T03:00:00.000Z",
      });
    });

    it("writes the filter (every page) as XLSX that reads back with Vietnamese intact", async () => {
      const query = parseRegistrantListQuery(
        new URLSearchParams({ q: DOMAIN, sort: "name", dir: "asc", pageSize: "10" }),
      );
      const sheet = await sheetOf(query, "xlsx", "vi");
      expect(sheet.fileName).toBe("registrants-2026-09-01.xlsx");
      expect(sheet.contentType).toContain("spreadsheetml");
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(sheet.body as never);
      const ws = book.worksheets[0]!;
      expect(ws.name).toBe("Thí sinh");
      const rows = ws.getSheetValues().slice(1) as unknown[][];
      expect(rows[0]!.slice(1, 4)).toEqual(["Họ và tên", "Loại", "Công ty"]);
      expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([
        ["Nguyễn Đức Thắng", "Cá nhân", ""],
        ["Võ Thị Lan", "Doanh nghiệp", "Công ty TNHH Hoa Sen Đỏ"],
      ]);
      expect(rows[2]).toContain("0301112223");
      // The day registered as a date cell (it sorts and filters), shown DD/MM/YYYY.
      const registered = ws.getRow(3).getCell(11);
      expect([registered.value, registered.numFmt]).toEqual([
        new Date("2026-08-20T00:00:00.000Z"),
        "dd/mm/yyyy",
      ]);
    });

    it("writes CSV with a UTF-8 BOM, in English when asked, filtered by type", async () => {
      const query = parseRegistrantListQuery(
        new URLSearchParams({ q: DOMAIN, type: "individual" }),
      );
      const sheet = await sheetOf(query, "csv", "en");
      expect([...sheet.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = sheet.body.subarray(3).toString("utf8");
      const lines = text.trim().split(/\r?\n/);
      expect(lines[0]).toContain('"Full name","Type","Company","Email"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"Nguyễn Đức Thắng","Individual"');
      // Each download is in the audit log: who, the filter, how many rows.
      const exported = await t.db.kysely
        .selectFrom("audit_log")
        .select(["actor_email", "target_type", "summary", "ip"])
        .where("action", "=", "registrants.export")
        .orderBy("id")
        .execute();
      expect(exported.map((row) => ({ ...row, summary: JSON.parse(row.summary) }))).toEqual([
        {
          actor_email: STAFF.email,
          target_type: "user",
          summary: { format: "xlsx", rows: 2, filter: { q: DOMAIN } },
          ip: STAFF.ip,
        },
        {
          actor_email: STAFF.email,
          target_type: "user",
          summary: {
            format: "csv",
            rows: 1,
            filter: { q: DOMAIN, filters: { type: "individual" } },
          },
          ip: STAFF.ip,
        },
      ]);
      expect(text).not.toContain("Võ Thị Lan");
    });

    it("keeps a tax code's leading zero in CSV, and names the season it was filtered by", async () => {
      const query = parseRegistrantListQuery(
        new URLSearchParams({ q: DOMAIN, type: "enterprise", season: "2026" }),
      );
      const sheet = await sheetOf(query, "csv", "vi");
      expect(sheet.fileName).toBe("registrants-2026-2026-09-01.csv");
      const row = sheet.body.toString("utf8").trim().split(/\r?\n/)[1]!;
      // Excel reads ="0301112223" as the text 0301112223; the day registered is DD/MM/YYYY.
      expect(row).toContain('"=""0301112223""",');
      expect(row.endsWith(',"20/08/2026"')).toBe(true);
    });

    it("writes no file when more registrants match than one holds, and asks for a narrower filter", async () => {
      const query = parseRegistrantListQuery(new URLSearchParams({ q: DOMAIN }));
      const auditedBefore = await t.db.kysely
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "registrants.export")
        .execute();
      // Two registrants match; a file of one would leave one out without saying so.
      for (const format of ["csv", "xlsx"] as const) {
        const refused = await t.registrants.export(STAFF, query, format, "vi", { maxRows: 1 });
        expect(refused).toEqual({
          ok: false,
          status: 422,
          formError: "registrantsAdmin.export.tooMany",
          maxRows: 1,
        });
      }
      // Nothing left the platform: no download recorded.
      const auditedAfter = await t.db.kysely
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "registrants.export")
        .execute();
      expect(auditedAfter).toHaveLength(auditedBefore.length);
      // Exactly as many as a file holds: the whole list.
      const fits = await t.registrants.export(STAFF, query, "csv", "vi", { maxRows: 2 });
      expect(fits.ok).toBe(true);
      if (fits.ok) expect(fits.body.toString("utf8").trim().split(/\r?\n/)).toHaveLength(3);
    });
  });
});
