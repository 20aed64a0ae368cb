import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { juryMemberSchema, winnerSchema } from "../../../core/content-admin";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoContent } from "../../demo/demo-content";
import { seedDemoData } from "../../demo/demo-data";
import { createServices, type Services } from "../../services";
import { accepted, addWinningEntry } from "./test-bed";
import { testConfig } from "../../test-support/config";
import { closeAndSettle, testDatabases } from "../../test-support/databases";
import { writeImage } from "../../test-support/media-files";
import type { Actor } from "../audit/service";

const NOW = new Date("2026-09-01T03:00:00.000Z");
const EDITOR: Actor = { id: "editor-1", email: "editor@vanxuan-awards.example", ip: "203.0.113.9" };

// Public-side polish: year switchers from the database, news covers through
// the media library, winners linked to their entry.
describe.each(testDatabases())("public content on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let services: Services;
    let work: string;
    let changes = 0;
    const config = testConfig();

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
      await seedDemoContent(db, NOW);
      services = createServices(db, config, {
        onContentChange: () => changes++,
        clock: () => NOW,
      });
      work = mkdtempSync(path.join(tmpdir(), "vx-public-polish-"));
    });
    afterAll(async () => {
      services?.mail.close();
      await closeAndSettle(db);
      await target.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
      if (work) rmSync(work, { recursive: true, force: true });
    });

    describe("years", () => {
      it("lists the years with a jury and with winners, newest first, in the site chrome", async () => {
        const demo = { jury: [2025, 2024, 2023], winners: [2024, 2023] };
        expect(await services.content.years()).toEqual(demo);
        expect((await services.site.chrome()).years).toEqual(demo);
      });

      it("shows a jury added for 2026 in the switchers and as the latest year", async () => {
        const before = changes;
        const created = accepted(
          await services.contentAdmin.saveJuror(
            EDITOR,
            null,
            juryMemberSchema.parse({ year: "2026", name: "Hoàng Minh Tâm", titleVi: "Giám khảo" }),
          ),
        ).juror;
        expect(changes).toBeGreaterThan(before);
        expect((await services.site.chrome()).years.jury).toEqual([2026, 2025, 2024, 2023]);
        const latest = await services.content.jury(null, "vi");
        expect(latest.year).toBe(2026);
        expect(latest.years).toEqual([2026, 2025, 2024, 2023]);
        expect(latest.members.map((m) => m.name)).toEqual(["Hoàng Minh Tâm"]);
        // An unknown year shows the latest; a listed one shows itself.
        expect((await services.content.jury(1999, "vi")).year).toBe(2026);
        expect((await services.content.jury(2024, "vi")).year).toBe(2024);
        // The back office offers the seasons' years and the used ones, no fixed list.
        expect((await services.contentAdmin.years("jury"))[0]).toBe(2026);
        await services.contentAdmin.deleteJuror(EDITOR, created.id);
        expect((await services.content.years()).jury).toEqual([2025, 2024, 2023]);
        expect((await services.content.jury(null, "vi")).year).toBe(2025);
      });
    });

    describe("news covers", () => {
      it("resolve uploaded covers to responsive images and keep legacy covers as paths", async () => {
        const file = await writeImage(work, "cover.jpg", {
          width: 2000,
          height: 1125,
          format: "jpeg",
        });
        const image = await services.media.storeImage(file, { purpose: "news" });
        expect(image.src).toMatch(/\/w1600\.jpg$/);
        const [first, second] = (await services.content.news("vi", 1)).items;
        await db.kysely
          .updateTable("news_articles")
          .set({ cover_image: image.src })
          .where("id", "=", first!.id)
          .execute();

        const list = (await services.content.news("vi", 1)).items;
        const uploaded = list.find((a) => a.id === first!.id)!;
        expect(uploaded.coverImage).toBe(image.src);
        expect(uploaded.coverImageData).toMatchObject({ id: image.id, width: 2000, height: 1125 });
        expect(uploaded.coverImageData!.srcset!.webp).toMatch(
          /w480\.webp 480w, .*w1600\.webp 1600w$/,
        );
        // The demo's generated covers stay plain paths.
        const legacy = list.find((a) => a.id === second!.id)!;
        expect(legacy.coverImage).toBeTruthy();
        expect(legacy.coverImageData).toBeNull();
        // Home highlights and related articles too.
        expect((await services.content.latestNews("vi", 3))[0]!.coverImageData?.id).toBe(image.id);
        const related = await services.content.related(second!.id, "vi");
        expect(related.find((a) => a.id === first!.id)?.coverImageData?.id).toBe(image.id);

        // The article: the responsive cover, and og:image its 1200×630 JPEG preview.
        const article = (await services.content.article(first!.id, "en"))!;
        expect(article.coverImageData?.id).toBe(image.id);
        expect(article.shareImage).toBe(`/og/tin-tuc/${first!.id}-en.jpg`);
        const legacyArticle = (await services.content.article(second!.id, "vi"))!;
        expect(legacyArticle.shareImage).toBe(`/og/tin-tuc/${second!.id}.jpg`);
      });
    });

    describe("winners' categories", () => {
      it("name the category's group, as several groups have a category of the same name", async () => {
        // Two categories of one name in different groups of the 2024 season (the demo's
        // "Chiến dịch").
        const categories = await db.kysely
          .selectFrom("categories as c")
          .innerJoin("category_groups as g", "g.id", "c.group_id")
          .innerJoin("tracks as t", "t.id", "g.track_id")
          .innerJoin("seasons as s", "s.id", "t.season_id")
          .select(["c.id", "c.name_vi", "g.name_vi as group_vi", "g.name_en as group_en"])
          .where("s.year", "=", 2024)
          .orderBy("c.id")
          .execute();
        const one = categories.find((c) =>
          categories.some((d) => d.name_vi === c.name_vi && d.group_vi !== c.group_vi),
        )!;
        const other = categories.find(
          (d) => d.name_vi === one.name_vi && d.group_vi !== one.group_vi,
        )!;
        expect(one.group_vi).not.toBe(other.group_vi);
        const save = async (categoryId: number, extra: Record<string, unknown> = {}) =>
          accepted(
            await services.contentAdmin.saveWinner(
              EDITOR,
              null,
              winnerSchema.parse({
                year: 2024,
                title: `Cùng tên ${categoryId}`,
                brand: "Nhãn",
                categoryId,
                prize: "gold",
                ...extra,
              }),
            ),
          ).winner;
        const first = await save(Number(one.id));
        const second = await save(Number(other.id));
        const labelled = await save(Number(one.id), { categoryLabelVi: "Hạng mục đặc biệt" });
        for (const lang of ["vi", "en"] as const) {
          const items = (await services.content.winners({ year: 2024, pageSize: 1000 }, lang))
            .items;
          const shown = (id: number) => items.find((w) => w.id === id)!;
          expect(shown(first.id).group).toBe(
            lang === "vi" ? one.group_vi : one.group_en || one.group_vi,
          );
          expect(shown(second.id).group).toBe(
            lang === "vi" ? other.group_vi : other.group_en || other.group_vi,
          );
          expect(shown(first.id).category).toBe(shown(second.id).category);
          // A label of the winner's own stands alone.
          expect(shown(labelled.id)).toMatchObject({ group: "", category: "Hạng mục đặc biệt" });
        }
        for (const winner of [first, second, labelled]) {
          await services.contentAdmin.deleteWinner(EDITOR, winner.id);
        }
      });
    });

    describe("winners linked to an entry", () => {
      it("show the entry's campaign name and brand and carry its id for the link", async () => {
        const entryId = "5d1c2b3a-0000-4c1e-9d7a-2f2d3f1e0a77";
        await addWinningEntry(services, db, {
          email: "thang-giai@example.vn",
          id: entryId,
          code: "VX24-TVC-0777",
          brand: "Trà Sen Tây Hồ",
          campaign: "Mùa sen về",
        });
        const linked = accepted(
          await services.contentAdmin.saveWinner(
            EDITOR,
            null,
            winnerSchema.parse({
              year: 2024,
              title: "Tên nhập tay",
              brand: "Nhãn nhập tay",
              categoryLabelVi: "Nhãn",
              prize: "gold",
              entryRef: "VX24-TVC-0777",
            }),
          ),
        ).winner;
        const plain = accepted(
          await services.contentAdmin.saveWinner(
            EDITOR,
            null,
            winnerSchema.parse({
              year: 2024,
              title: "Không liên kết",
              brand: "Nhãn riêng",
              categoryLabelVi: "Nhãn",
              prize: "silver",
            }),
          ),
        ).winner;
        const items = (await services.content.winners({ year: 2024, pageSize: 1000 }, "vi")).items;
        expect(items.find((w) => w.id === linked.id)).toMatchObject({
          title: "Mùa sen về",
          brand: "Trà Sen Tây Hồ",
          entryId,
        });
        expect(items.find((w) => w.id === plain.id)).toMatchObject({
          title: "Không liên kết",
          brand: "Nhãn riêng",
          entryId: null,
        });
        await services.contentAdmin.deleteWinner(EDITOR, linked.id);
        await services.contentAdmin.deleteWinner(EDITOR, plain.id);
      });
    });
  });
});
