import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_COUNT_MAX, parseLibraryQuery } from "../../../core/library";
import { testDatabases } from "../../test-support/databases";
import { libraryTestbed, NOW } from "./testbed";

// A search matching more entries than are counted: the count stops at LIBRARY_COUNT_MAX and
// the matches come newest in the library first; under that, exact and ranked.

const MATCHING = LIBRARY_COUNT_MAX + 30;

describe.each(testDatabases())("library searches with many matches on $name", (target) => {
  describe.skipIf(!target.available)("counting and ordering", () => {
    const { bed, entry } = libraryTestbed(target);
    let describedOnly = "";
    let lastPublished = "";

    beforeAll(async () => {
      const q = bed.db.kysely;
      const seasons = new Map(
        (await q.selectFrom("seasons").select(["id", "year"]).execute()).map((s) => [
          Number(s.year),
          s.id,
        ]),
      );
      const track = new Map(
        (await q.selectFrom("tracks").select(["id", "season_id"]).execute()).map((t) => [
          t.season_id,
          t.id,
        ]),
      );
      const at = NOW.toISOString();
      const ids: string[] = [];
      const rows = Array.from({ length: MATCHING }, (_, i) => {
        const year = i % 3 === 0 ? 2024 : 2025;
        const category = i % 2 === 0 ? "TVC" : "DIG";
        const id = randomUUID();
        ids.push(id);
        return {
          id,
          owner_user_id: bed.owner,
          season_id: seasons.get(year)!,
          track_id: track.get(seasons.get(year)!)!,
          category_id: bed.categories.get(`${year}/${category}`)!,
          code: `VX${year % 100}-${category}-B${String(i).padStart(4, "0")}`,
          status: "accepted",
          brand_name: "Nhãn hàng",
          campaign_name: `Quảng cáo số ${i}`,
          description_vi: "Một chiến dịch.",
          description_en: "",
          start_month: 1,
          start_year: year,
          end_month: 3,
          end_year: year,
          video_link: "",
          credits: JSON.stringify({ companies: [], people: [] }),
          version: 1,
          created_at: at,
          updated_at: at,
          submitted_at: at,
          withdrawn_at: null,
        };
      });
      for (let i = 0; i < rows.length; i += 200) {
        await q
          .insertInto("entries")
          .values(rows.slice(i, i + 200))
          .execute();
      }
      describedOnly = await entry({
        title: "Chuyện khác",
        year: 2024,
        descriptionVi: "Không phải tên bài, nhưng cũng là quảng cáo.",
      });
      lastPublished = await entry({ title: "Quảng cáo đăng sau cùng", year: 2024 });
      await bed.library.index([...ids, describedOnly]);
      await bed.library.index([lastPublished]);
    });

    const list = (params: Record<string, string>) => bed.library.list(parseLibraryQuery(params));
    const docIds = async (entryIds: string[]) => {
      const rows = await bed.db.kysely
        .selectFrom("library_entries")
        .select(["entry_id", "doc_id"])
        .where("entry_id", "in", entryIds)
        .execute();
      const byEntry = new Map(rows.map((r) => [r.entry_id, Number(r.doc_id)]));
      return entryIds.map((id) => byEntry.get(id)!);
    };

    it("counts a broad search up to the maximum and lists it newest in the library first", async () => {
      const first = await list({ q: "quang cao" });
      expect(first).toMatchObject({
        total: LIBRARY_COUNT_MAX,
        totalCapped: true,
        pageCount: Math.ceil(LIBRARY_COUNT_MAX / 24),
        published: MATCHING + 2,
      });
      expect(first.items).toHaveLength(24);
      expect(first.items[0]!.id).toBe(lastPublished);
      const second = await list({ q: "quảng cáo", page: "2" });
      const order = await docIds([...first.items, ...second.items].map((i) => i.id));
      expect(order).toEqual([...order].sort((a, b) => b - a));
      expect(new Set(order).size).toBe(48);

      // The last page exists and is full; a page beyond it is the last page.
      const last = await list({ q: "quang cao", page: "999" });
      expect(last.page).toBe(first.pageCount);
      expect(last.items).toHaveLength(24);
    });

    it("matches whole words, the last one as a prefix", async () => {
      expect((await list({ q: "quang ca", year: "2024" })).total).toBe(Math.ceil(MATCHING / 3) + 2);
      expect((await list({ q: "quan cao" })).total).toBe(0);
    });

    it("counts and ranks a search with fewer matches: titles before descriptions", async () => {
      const narrowed = await list({ q: "quang cao", year: "2024" });
      const matches = Math.ceil(MATCHING / 3) + 2;
      expect(narrowed).toMatchObject({ total: matches, totalCapped: false });
      const last = await list({ q: "quang cao", year: "2024", page: "999" });
      expect(last.items.at(-1)!.id).toBe(describedOnly);
      expect(last.items.map((i) => i.id)).toContain(describedOnly);
    });

    it("lists several categories in the default order, page after page, as one list", async () => {
      const rows = await bed.db.kysely
        .selectFrom("library_entries")
        .select(["entry_id", "category_code"])
        .where("category_code", "in", ["DIG", "TVC"])
        .where("season_year", "=", 2025)
        .orderBy("sort_key")
        .execute();
      const expected = rows.map((r) => r.entry_id);
      // Codes sort DIG before TVC: the page where one category ends and the other begins.
      const turn = Math.floor(rows.findIndex((r) => r.category_code === "TVC") / 24) + 1;
      const params = { year: "2025", track: "VX", group: "phim", category: ["TVC", "DIG"] };
      for (const page of [1, 2, turn, turn + 1]) {
        const listed = await bed.library.list(parseLibraryQuery({ ...params, page: String(page) }));
        expect(listed.total).toBe(expected.length);
        expect(listed.items.map((i) => i.id)).toEqual(expected.slice((page - 1) * 24, page * 24));
      }
      const turning = await bed.library.list(parseLibraryQuery({ ...params, page: String(turn) }));
      expect(new Set(turning.items.map((i) => i.category.code))).toEqual(new Set(["TVC", "DIG"]));
    });

    it("counts the list without a search exactly, however long", async () => {
      const all = await list({});
      expect(all).toMatchObject({
        total: MATCHING + 2,
        totalCapped: false,
        published: MATCHING + 2,
      });
      expect(all.pageCount).toBe(Math.ceil((MATCHING + 2) / 24));
      const year = await list({ year: "2025" });
      expect(year.total).toBe(MATCHING - Math.ceil(MATCHING / 3));
    });

    it("keeps the number published through republishing, unpublishing and deletion", async () => {
      const published = async () => (await list({})).published;
      const counted = async () =>
        Number(
          (
            await bed.db.kysely
              .selectFrom("library_entries")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await published()).toBe(MATCHING + 2);
      // Republishing refreshes rows in place.
      await bed.library.index([lastPublished, describedOnly]);
      expect(await published()).toBe(MATCHING + 2);
      await bed.library.unindex([describedOnly, lastPublished]);
      expect(await published()).toBe(MATCHING);
      await bed.library.index([describedOnly]);
      expect(await published()).toBe(MATCHING + 1);
      // An entry deleted takes its library row with it.
      await bed.db.kysely.deleteFrom("entries").where("id", "=", describedOnly).execute();
      expect(await published()).toBe(MATCHING);
      expect(await counted()).toBe(MATCHING);
    });
  });
});
