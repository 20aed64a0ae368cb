import { describe, expect, it } from "vitest";
import { parseRegistrantListQuery } from "../../../core/registrants-admin";
import { testDatabases } from "../../test-support/databases";
import { DOMAIN, registrantsTestbed } from "./testbed";

const query = (params: Record<string, string>) =>
  parseRegistrantListQuery(new URLSearchParams(params));

describe.each(testDatabases())("registrants list on $name", (target) => {
  describe.skipIf(!target.available)("listRegistrants", () => {
    const t = registrantsTestbed(target);
    const ids: Record<string, string> = {};

    it("seeds", async () => {
      ids.hung = await t.add({
        email: `hung@${DOMAIN}`,
        type: "individual",
        fullName: "Đặng Quốc Hưng",
        phone: "+84987654321",
        createdAt: "2026-08-02T03:00:00.000Z",
      });
      ids.anh = await t.add({
        email: `anh@${DOMAIN}`,
        type: "enterprise",
        fullName: "Trần Thị Ánh",
        companyName: "Công ty Cổ phần Quảng Cáo Đông Á",
        taxCode: "0312345678",
        createdAt: "2026-08-03T03:00:00.000Z",
      });
      ids.binh = await t.add({
        email: `binh@${DOMAIN}`,
        type: "enterprise",
        fullName: "Lê Văn Bình",
        companyName: "Ánh Dương Media",
        taxCode: "0109999999",
        createdAt: "2026-08-04T03:00:00.000Z",
      });
      await t.entry(ids.anh, 2026);
      await t.entry(ids.anh, 2026);
      await t.entry(ids.anh, 2025);
      await t.entry(ids.binh, 2025);
      // A dozen more individuals to page through.
      for (let i = 1; i <= 12; i += 1) {
        await t.add({
          email: `nguoi${String(i).padStart(2, "0")}@${DOMAIN}`,
          type: "individual",
          fullName: `Phạm Thị Mai ${i}`,
          createdAt: `2026-07-${String(i).padStart(2, "0")}T03:00:00.000Z`,
        });
      }
    });

    it("finds names written with marks from a search typed without them, and the other way", async () => {
      const plain = await t.registrants.list(query({ q: "dang quoc hung" }));
      expect(plain.items.map((r) => r.fullName)).toEqual(["Đặng Quốc Hưng"]);
      const marked = await t.registrants.list(query({ q: "QUẢNG CÁO ĐÔNG" }));
      expect(marked.items.map((r) => r.id)).toEqual([ids.anh]);
      const company = await t.registrants.list(query({ q: "quang cao dong a" }));
      expect(company.items.map((r) => r.companyName)).toEqual(["Công ty Cổ phần Quảng Cáo Đông Á"]);
    });

    it("searches email, tax code and phone (typed with a leading 0)", async () => {
      expect(
        (await t.registrants.list(query({ q: `binh@${DOMAIN}` }))).items.map((r) => r.id),
      ).toEqual([ids.binh]);
      expect((await t.registrants.list(query({ q: "0312345678" }))).items.map((r) => r.id)).toEqual(
        [ids.anh],
      );
      expect(
        (await t.registrants.list(query({ q: "0987 654 321" }))).items.map((r) => r.id),
      ).toEqual([ids.hung]);
    });

    it("takes % and _ in a search literally", async () => {
      expect((await t.registrants.list(query({ q: "%" }))).total).toBe(0);
      expect((await t.registrants.list(query({ q: "ng_oi" }))).total).toBe(0);
    });

    it("filters by type", async () => {
      const enterprises = await t.registrants.list(query({ q: DOMAIN, type: "enterprise" }));
      expect(enterprises.items.map((r) => r.id).sort()).toEqual([ids.anh, ids.binh].sort());
      expect(enterprises.items.every((r) => r.type === "enterprise")).toBe(true);
      const individuals = await t.registrants.list(query({ q: DOMAIN, type: "individual" }));
      expect(individuals.total).toBe(13);
    });

    it("filters by season (has entries in it) and counts that season's entries", async () => {
      const in2025 = await t.registrants.list(
        query({ q: DOMAIN, season: "2025", sort: "name", dir: "asc" }),
      );
      expect(in2025.items.map((r) => [r.fullName, r.entriesCount])).toEqual([
        ["Lê Văn Bình", 1],
        ["Trần Thị Ánh", 1],
      ]);
      const in2026 = await t.registrants.list(query({ q: DOMAIN, season: "2026" }));
      expect(in2026.items.map((r) => [r.id, r.entriesCount])).toEqual([[ids.anh, 2]]);
      const all = await t.registrants.list(query({ q: "tran thi anh" }));
      expect(all.items[0]!.entriesCount).toBe(3);
    });

    it("sorts by entries and by registration date", async () => {
      const byEntries = await t.registrants.list(
        query({ q: DOMAIN, sort: "entries", dir: "desc" }),
      );
      expect(byEntries.items.slice(0, 2).map((r) => r.id)).toEqual([ids.anh, ids.binh]);
      const newest = await t.registrants.list(query({ q: DOMAIN }));
      expect(newest.items.slice(0, 3).map((r) => r.id)).toEqual([ids.binh, ids.anh, ids.hung]);
      const oldest = await t.registrants.list(query({ q: DOMAIN, sort: "registered", dir: "asc" }));
      expect(oldest.items[0]!.fullName).toBe("Phạm Thị Mai 1");
    });

    it("pages with the total", async () => {
      const first = await t.registrants.list(query({ q: DOMAIN, pageSize: "10" }));
      expect(first).toMatchObject({ total: 15, page: 1, pageCount: 2, pageSize: 10 });
      expect(first.items).toHaveLength(10);
      const second = await t.registrants.list(query({ q: DOMAIN, pageSize: "10", page: "2" }));
      expect(second.items).toHaveLength(5);
      const seen = new Set([...first.items, ...second.items].map((r) => r.id));
      expect(seen.size).toBe(15);
    });
  });
});
