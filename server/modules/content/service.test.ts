import { describe, expect, it } from "vitest";
import { rt } from "../../../core/rich-text";
import { seedDemoContent } from "../../demo/demo-content";
import { testDatabases } from "../../test-support/databases";
import { NEWS_PAGE_SIZE, WINNERS_PAGE_SIZE } from "./service";
import { contentTestBed, NOW } from "./test-bed";

describe.each(testDatabases())("content on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);

    it("loads the demo content once", async () => {
      expect(await seedDemoContent(bed.db, NOW)).toBe("already present");
    });

    describe("news", () => {
      it("lists published news newest first, a page at a time, with the total", async () => {
        const first = await bed.services.content.news("vi", 1);
        expect(first.total).toBe(16);
        expect(first.pageCount).toBe(Math.ceil(16 / NEWS_PAGE_SIZE));
        expect(first.items).toHaveLength(NEWS_PAGE_SIZE);
        const dates = first.items.map((i) => i.publishedAt);
        expect([...dates].sort().reverse()).toEqual(dates);
        const second = await bed.services.content.news("vi", 2);
        expect(second.page).toBe(2);
        expect(second.items).toHaveLength(16 - NEWS_PAGE_SIZE);
        expect(second.items[0]!.publishedAt <= first.items.at(-1)!.publishedAt).toBe(true);
        // A page past the end shows the last page.
        expect((await bed.services.content.news("vi", 99)).page).toBe(2);
      });

      it("hides drafts and articles scheduled for later, shows them once their time has come", async () => {
        const titles = async () => {
          const all = [
            ...(await bed.services.content.news("vi", 1)).items,
            ...(await bed.services.content.news("vi", 2)).items,
            ...(await bed.services.content.news("vi", 3)).items,
          ];
          return all.map((i) => i.title);
        };
        expect(await titles()).not.toContain("Công bố Hội đồng giám khảo năm 2026");
        expect(await titles()).not.toContain("Bản nháp: lịch trình đêm trao giải 2026");
        const scheduled = await bed.db.kysely
          .selectFrom("news_articles")
          .select("id")
          .where("status", "=", "scheduled")
          .executeTakeFirstOrThrow();
        expect(await bed.services.content.article(scheduled.id, "vi")).toBeNull();
        bed.now = new Date(NOW.getTime() + 31 * 86_400_000);
        try {
          expect((await bed.services.content.news("vi", 1)).total).toBe(17);
          expect(await bed.services.content.article(scheduled.id, "vi")).not.toBeNull();
        } finally {
          bed.now = NOW;
        }
        const draft = await bed.db.kysely
          .selectFrom("news_articles")
          .select("id")
          .where("status", "=", "draft")
          .executeTakeFirstOrThrow();
        expect(await bed.services.content.article(draft.id, "vi")).toBeNull();
      });

      it("finds an article by id with each language's slug, and related articles", async () => {
        const [latest] = (await bed.services.content.news("vi", 1)).items;
        const vi = await bed.services.content.article(latest!.id, "vi");
        const en = await bed.services.content.article(latest!.id, "en");
        expect(vi?.title).toBe("Gặp gỡ giám khảo: sáng tạo bắt đầu từ sự thấu hiểu");
        expect(en?.title).toBe("Meet the jurors: creativity starts with understanding");
        expect(vi?.slugs).toEqual({
          vi: "gap-go-giam-khao-sang-tao-bat-dau-tu-su-thau-hieu",
          en: "meet-the-jurors-creativity-starts-with-understanding",
        });
        expect(vi?.body[0]).toEqual(rt.p(vi!.summary));
        const related = await bed.services.content.related(latest!.id, "vi");
        expect(related).toHaveLength(3);
        expect(related.map((r) => r.id)).not.toContain(latest!.id);
        expect(await bed.services.content.article(999_999, "vi")).toBeNull();
      });

      it("falls back to Vietnamese where an English field is empty", async () => {
        const { id } = await bed.db.kysely
          .insertInto("news_articles")
          .values({
            slug_vi: "chi-co-tieng-viet",
            slug_en: "",
            title_vi: "Chỉ có tiếng Việt",
            title_en: "",
            summary_vi: "Tóm tắt",
            summary_en: "",
            body_vi: JSON.stringify([rt.p("Nội dung")]),
            body_en: "[]",
            cover_image: null,
            status: "published",
            published_at: "2020-01-01T00:00:00.000Z",
            created_at: "2020-01-01T00:00:00.000Z",
            updated_at: "2020-01-01T00:00:00.000Z",
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        try {
          const en = await bed.services.content.article(id, "en");
          expect(en).toMatchObject({
            title: "Chỉ có tiếng Việt",
            summary: "Tóm tắt",
            slug: "chi-co-tieng-viet",
            body: [rt.p("Nội dung")],
            // What falls back is named, for the page to mark it as Vietnamese.
            inVi: { title: true, summary: true, body: true },
          });
          const [card] = (await bed.services.content.news("en", 2)).items.filter(
            (a) => a.id === id,
          );
          expect(card?.inVi).toEqual({ title: true, summary: true });
          const vi = await bed.services.content.article(id, "vi");
          expect(vi).not.toHaveProperty("inVi");
        } finally {
          await bed.db.kysely.deleteFrom("news_articles").where("id", "=", id).execute();
        }
      });

      it("lists published articles only in the sitemap", async () => {
        const items = await bed.services.content.sitemapNews();
        expect(items).toHaveLength(16);
      });
    });

    describe("jury", () => {
      it("shows a year's jury, chair first", async () => {
        const jury = await bed.services.content.jury(2024, "en");
        expect(jury.year).toBe(2024);
        expect(jury.years).toEqual([2025, 2024, 2023]);
        expect(jury.members.length).toBeGreaterThanOrEqual(12);
        expect(jury.members[0]).toMatchObject({ name: "Phan Anh Tuấn", isChair: true });
        expect(jury.members.filter((m) => m.isChair)).toHaveLength(1);
        expect(jury.members[1]!.title).toBe("Chief Executive Officer");
        // Every juror of the demo has English: nothing is marked as Vietnamese.
        expect(jury.members.filter((m) => "inVi" in m)).toEqual([]);
      });

      it("names a juror's fields an English page shows in Vietnamese", async () => {
        const juror = await bed.db.kysely
          .selectFrom("jury_members")
          .select(["id", "title_vi", "bio_vi"])
          .where("year", "=", 2023)
          .orderBy("id")
          .executeTakeFirstOrThrow();
        await bed.db.kysely
          .updateTable("jury_members")
          .set({ title_en: "", bio_en: " " })
          .where("id", "=", juror.id)
          .execute();
        const en = (await bed.services.content.jury(2023, "en")).members.find(
          (m) => m.id === juror.id,
        );
        expect(en).toMatchObject({
          title: juror.title_vi,
          bio: juror.bio_vi,
          inVi: { title: true, bio: true },
        });
        const vi = (await bed.services.content.jury(2023, "vi")).members.find(
          (m) => m.id === juror.id,
        );
        expect(vi).not.toHaveProperty("inVi");
      });

      it("shows the latest year with a jury for a missing or unknown year", async () => {
        expect((await bed.services.content.jury(null, "vi")).year).toBe(2025);
        expect((await bed.services.content.jury(1999, "vi")).year).toBe(2025);
      });
    });

    describe("winners", () => {
      it("lists a year's winners a page at a time with the total", async () => {
        const first = await bed.services.content.winners({ year: 2024, page: 1 }, "vi");
        expect(first.total).toBe(26);
        expect(first.items).toHaveLength(WINNERS_PAGE_SIZE);
        expect(first.pageCount).toBe(Math.ceil(26 / WINNERS_PAGE_SIZE));
        const last = await bed.services.content.winners(
          { year: 2024, page: first.pageCount },
          "vi",
        );
        expect(last.items).toHaveLength(26 - WINNERS_PAGE_SIZE * (first.pageCount - 1));
        expect(first.items[0]).toMatchObject({ prize: "grand_prix", categoryCode: "GPX" });
      });

      it("filters by several categories at once, ignoring unknown ones", async () => {
        const result = await bed.services.content.winners(
          { year: 2023, categories: ["TVC", "OLC", "NOPE"], page: 1 },
          "en",
        );
        expect(result.selected).toEqual(["TVC", "OLC"]);
        expect(result.total).toBe(7);
        expect(new Set(result.items.map((w) => w.categoryCode))).toEqual(new Set(["TVC", "OLC"]));
        expect(result.items[0]!.category).toBe("Television – Campaigns");
        expect(result.categories.map((c) => c.code)).toContain("AMB");
        expect(result.items.filter((w) => "inVi" in w)).toEqual([]);
      });

      it("marks a winner's category line that has no English", async () => {
        const winner = await bed.db.kysely
          .selectFrom("winners")
          .select("id")
          .where("year", "=", 2024)
          .orderBy("id")
          .executeTakeFirstOrThrow();
        await bed.db.kysely
          .updateTable("winners")
          .set({ category_label_vi: "Giải riêng của ban tổ chức", category_label_en: "" })
          .where("id", "=", winner.id)
          .execute();
        const read = async (lang: "vi" | "en") =>
          (await bed.services.content.winners({ year: 2024, pageSize: 100 }, lang)).items.find(
            (w) => w.id === winner.id,
          );
        expect(await read("en")).toMatchObject({
          category: "Giải riêng của ban tổ chức",
          inVi: { category: true },
        });
        expect(await read("vi")).not.toHaveProperty("inVi");
      });

      it("shows the latest year with winners for a missing or unknown year", async () => {
        expect((await bed.services.content.winners({ year: null }, "vi")).year).toBe(2024);
        expect((await bed.services.content.winners({ year: 2025 }, "vi")).year).toBe(2024);
      });
    });

    describe("pages", () => {
      it("gives the intro and each track's content, English falling back to Vietnamese", async () => {
        const intro = await bed.services.content.page("award-introduction", "en");
        expect(intro?.title).toBe("About the Van Xuan Creative Advertising Awards");
        expect(intro?.body.length).toBeGreaterThan(3);
        const track = await bed.services.content.page("track:van-xuan-stars", "vi");
        expect(track?.summary).toContain("Vạn Xuân Stars");
        await bed.db.kysely
          .updateTable("content_pages")
          .set({ summary_en: "", body_en: "[]" })
          .where("key", "=", "track:van-xuan")
          .execute();
        const en = await bed.services.content.page("track:van-xuan", "en");
        const vi = await bed.services.content.page("track:van-xuan", "vi");
        expect(en?.summary).toBe(vi?.summary);
        expect(en?.body).toEqual(vi?.body);
        expect(en?.inVi).toEqual({ summary: true, body: true });
        expect(vi).not.toHaveProperty("inVi");
        expect(intro).not.toHaveProperty("inVi");
        expect(await bed.services.content.page("track:unknown", "vi")).toBeNull();
      });
    });
  });
});
