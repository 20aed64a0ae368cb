import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { librarySearchDocument, parseLibraryQuery, type LibraryQuery } from "../../../core/library";
import librarySearchRoles from "../../db/migrations/0022-library-search-roles";
import { testDatabases } from "../../test-support/databases";
import { recordTransition } from "../entries/record-transition";
import { libraryTestbed, NOW, STAFF } from "./testbed";

const query = (params: Record<string, string | string[]>): LibraryQuery =>
  parseLibraryQuery(params);

describe.each(testDatabases())("the entry library on $name", (target) => {
  describe.skipIf(!target.available)("publishing, search, filters and pages", () => {
    const { bed, entry, attach } = libraryTestbed(target);
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      ids.winter = await entry({
        title: "Quảng cáo mùa Đông",
        brand: "Sữa Mộc Châu",
        descriptionVi: "Một bộ phim ấm áp.",
      });
      ids.jury = await entry({
        title: "Chuyện nhỏ",
        descriptionVi: "Hội đồng giám khảo đánh giá cao ý tưởng.",
      });
      ids.credits = await entry({
        title: "Summer film",
        credits: {
          companies: [{ name: "Công ty Sáng Tạo", role: "Agency" }],
          people: [{ name: "Trần Thị Hồng Nhung", role: "Đạo diễn" }],
        },
      });
      ids.english = await entry({
        title: "Tết ấm",
        brand: "Vinamilk",
        code: "VX25-TVC-777",
        descriptionEn: "A story of the coldest winter",
      });
      ids.plain = await entry({ title: "quang cao khong dau", brand: "Dong Xanh" });
      ids.body = await entry({
        title: "Một ngày",
        descriptionVi: "Chiến dịch quảng cáo trên truyền hình.",
      });
      ids.submitted = await entry({ title: "Chưa duyệt", status: "submitted" });
      ids.gold = await entry({ title: "Vàng ròng", year: 2024, category: "DIG" });
      await bed.db.kysely
        .insertInto("prizes")
        .values({
          season_id: (await bed.db.kysely
            .selectFrom("seasons")
            .select("id")
            .where("year", "=", 2024)
            .executeTakeFirstOrThrow())!.id,
          entry_id: ids.gold,
          prize: "gold",
          created_at: NOW.toISOString(),
          published_at: NOW.toISOString(),
        })
        .execute();
      for (let i = 1; i <= 25; i += 1) {
        ids[`filler${i}`] = await entry({ title: `Bài số ${i}`, year: 2024, category: "DIG" });
      }
      await attach(ids.winter, "images", null, "image/jpeg");
    });

    it("refuses a selection holding an entry that did not take part, and publishes nothing", async () => {
      const refused = await bed.library.publish(STAFF, {
        intent: "publish",
        ids: [ids.winter!, ids.submitted!],
      });
      expect(refused).toMatchObject({
        ok: false,
        status: 409,
        formError: "library.errors.notPublishable",
      });
      expect((await bed.library.list(query({}))).published).toBe(0);
    });

    it("publishes entries with an audit entry and clears the page cache", async () => {
      const before = bed.changes;
      const all = Object.entries(ids)
        .filter(([name]) => name !== "submitted")
        .map(([, id]) => id);
      const published = await bed.library.publish(STAFF, { intent: "publish", ids: all });
      expect(published).toEqual({ ok: true, intent: "publish", count: all.length });
      expect(bed.changes).toBe(before + 1);
      const audit = await bed.db.kysely
        .selectFrom("audit_log")
        .select(["action", "actor_id", "summary"])
        .where("action", "=", "library.publish")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBe(STAFF.id);
      expect(JSON.parse(audit[0]!.summary)).toMatchObject({ entries: all.length });
      expect(await bed.library.publishedAt(ids.winter!)).toBe(NOW.toISOString());
      expect(await bed.library.publishedAt(ids.submitted!)).toBeNull();
    });

    const found = async (q: string) =>
      (await bed.library.list(query({ q }))).items.map((item) => item.id);

    it("finds text with marks from a search without them, and the other way round", async () => {
      expect(await found("quang cao")).toEqual(
        expect.arrayContaining([ids.winter, ids.plain, ids.body]),
      );
      expect(await found("dong")).toEqual(expect.arrayContaining([ids.winter, ids.plain]));
      expect(await found("giam khao")).toEqual([ids.jury]);
      expect(await found("GIÁM KHẢO")).toEqual([ids.jury]);
      // Marks in the query find text written without them.
      expect(await found("quảng cáo không dấu")).toEqual([ids.plain]);
      expect(await found("Đông Xanh")).toEqual([ids.plain]);
    });

    it("searches title, brand, code, credits and both descriptions, the last word a prefix", async () => {
      expect(await found("moc chau")).toEqual([ids.winter]);
      expect(await found("vx25-tvc-777")).toEqual([ids.english]);
      expect(await found("hong nhung")).toEqual([ids.credits]);
      expect(await found("dao dien")).toEqual([ids.credits]);
      // A known role is found in the other language too, as the English page shows it.
      expect(await found("director")).toEqual([ids.credits]);
      expect(await found("sang tao")).toEqual([ids.credits]);
      expect(await found("coldest wint")).toEqual([ids.english]);
      expect(await found("am ap")).toEqual([ids.winter]);
      // Every word must match.
      expect(await found("mua dong vinamilk")).toEqual([]);
    });

    it("indexes again what was published before roles were searched in both languages", async () => {
      // The entry as an older version indexed it: its role only as the entrant typed it.
      await bed.db.kysely
        .updateTable("library_entries")
        .set({ search_body: librarySearchDocument(["Trần Thị Hồng Nhung", "Đạo diễn"]) })
        .where("entry_id", "=", ids.credits!)
        .execute();
      const publishedAt = await bed.library.publishedAt(ids.credits!);
      expect(await found("director")).toEqual([]);
      await librarySearchRoles().up(bed.db.kysely as unknown as Kysely<unknown>);
      expect(await found("director")).toEqual([ids.credits]);
      expect(await found("hong nhung")).toEqual([ids.credits]);
      expect(await bed.library.publishedAt(ids.credits!)).toBe(publishedAt);
    });

    it("ranks a title match above a match in the description", async () => {
      const order = await found("quang cao");
      expect(order.indexOf(ids.body!)).toBeGreaterThan(order.indexOf(ids.winter!));
      expect(order.indexOf(ids.body!)).toBeGreaterThan(order.indexOf(ids.plain!));
    });

    it("filters by year, track, group, categories and prize, pages with a clamped total", async () => {
      const all = await bed.library.list(query({}));
      expect(all.published).toBe(32);
      expect(all.total).toBe(32);
      expect(all.pageCount).toBe(2);
      expect(all.items).toHaveLength(24);
      // Newest year first; within a year the prize first.
      expect(all.items[0]!.year).toBe(2025);
      const last = await bed.library.list(query({ page: "99" }));
      expect(last.page).toBe(2);
      expect(last.items).toHaveLength(8);
      expect(last.items.find((i) => i.id === ids.gold)).toBeUndefined();
      const year2024 = await bed.library.list(query({ year: "2024" }));
      expect(year2024.total).toBe(26);
      expect(year2024.items[0]!.id).toBe(ids.gold);
      expect(year2024.items[0]!.prize).toBe("gold");
      const dig = await bed.library.list(query({ track: "vx", group: "phim", category: ["DIG"] }));
      expect(dig.total).toBe(26);
      const both = await bed.library.list(
        query({ track: "VX", group: "phim", category: ["DIG", "TVC"], q: "bai so 1" }),
      );
      // "1" is a prefix of 1 and 10…19.
      expect(both.total).toBe(11);
      const gold = await bed.library.list(query({ prize: "gold" }));
      expect(gold.items.map((i) => i.id)).toEqual([ids.gold]);
      expect(all.facets.years).toEqual([2025, 2024]);
      expect(all.facets.prizes).toEqual(["gold"]);
      // Every year's tree (no year chosen), only categories with published entries.
      expect(all.facets.tracks).toEqual([
        {
          code: "VX",
          vi: "Chuyên nghiệp",
          en: "Professional",
          groups: [
            {
              slug: "phim",
              vi: "Phim",
              en: "Film",
              categories: [
                { code: "TVC", vi: "Phim quảng cáo", en: "TV commercial" },
                { code: "DIG", vi: "Quảng cáo số", en: "Digital" },
              ],
            },
          ],
        },
      ]);
      expect(year2024.facets.tracks[0]!.groups[0]!.categories.map((c) => c.code)).toEqual(["DIG"]);
    });

    it("offers the filters the library has now, whichever way it changed", async () => {
      const prizes = async () => (await bed.library.list(query({}))).facets.prizes;
      expect(await prizes()).toEqual(["gold"]);
      // Taken out without the publishing operation (no content-change notice): seen at once.
      await bed.library.unindex([ids.gold!]);
      expect(await prizes()).toEqual([]);
      await bed.library.index([ids.gold!]);
      expect(await prizes()).toEqual(["gold"]);
      // A row changed in place moves the library's version too.
      await bed.db.kysely
        .updateTable("library_entries")
        .set({ prize: null })
        .where("entry_id", "=", ids.gold!)
        .execute();
      expect(await prizes()).toEqual([]);
      await bed.library.index([ids.gold!]);
      expect(await prizes()).toEqual(["gold"]);
    });

    it("shows a card's picture and an entry's public fields only", async () => {
      const card = (await bed.library.list(query({ q: "moc chau" }))).items[0]!;
      expect(card.image?.src).toMatch(/^\/media\/[a-f0-9]{24}\/w\d+\.jpg$/);
      expect(card.image?.srcset?.avif).toContain("/media/");
      const shown = await bed.library.entry(ids.credits!, "en");
      expect(shown).toMatchObject({
        id: ids.credits,
        title: "Summer film",
        year: 2025,
        category: { code: "TVC", en: "TV commercial" },
        // A role the product knows reads in the page's language; another one as typed.
        credits: {
          companies: [{ name: "Công ty Sáng Tạo", role: "Agency" }],
          people: [{ name: "Trần Thị Hồng Nhung", role: "Director" }],
        },
        ogImage: `/og/bai-thi/${ids.credits}-en.jpg`,
      });
      expect(JSON.stringify(shown)).not.toMatch(/chu@example|bi-mat|owner/);
      const vi = await bed.library.entry(ids.credits!, "vi");
      expect(vi?.credits.people).toEqual([{ name: "Trần Thị Hồng Nhung", role: "Đạo diễn" }]);
      expect(await bed.library.entry(ids.submitted!, "vi")).toBeNull();
    });

    it("takes entries out: unpublished, withdrawn, not listed, not shown", async () => {
      const unpublished = await bed.library.publish(STAFF, {
        intent: "unpublish",
        ids: [ids.winter!],
      });
      expect(unpublished).toEqual({ ok: true, intent: "unpublish", count: 1 });
      expect(await bed.library.entry(ids.winter!, "vi")).toBeNull();
      expect(await found("moc chau")).toEqual([]);
      const audit = await bed.db.kysely
        .selectFrom("audit_log")
        .select("target_id")
        .where("action", "=", "library.unpublish")
        .execute();
      expect(audit).toEqual([{ target_id: ids.winter }]);

      // A move to a status that may not be published (here: withdrawn) takes it out too.
      const row = await bed.db.kysely
        .selectFrom("entries")
        .select("status_version")
        .where("id", "=", ids.english!)
        .executeTakeFirstOrThrow();
      const moved = await recordTransition(bed.db.kysely, ids.english!, {
        from: "accepted",
        to: "withdrawn",
        actor: { userId: bed.owner, role: "entrant", name: "" },
        statusVersion: Number(row.status_version),
        at: NOW.toISOString(),
      });
      expect(moved).toBe(true);
      expect(await found("vinamilk")).toEqual([]);
      expect((await bed.library.list(query({}))).published).toBe(30);
    });
  });
});
