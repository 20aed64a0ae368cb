import { beforeAll, describe, expect, it } from "vitest";
import { parseLibraryQuery } from "../../../core/library";
import { testDatabases } from "../../test-support/databases";
import { libraryTestbed } from "./testbed";

// What the library's filters offer with no year chosen: every year's groups and categories that
// hold published entries, one option per code or slug, named as the newest year names it; and
// choosing one finds the entries of every year.

describe.each(testDatabases())("the library's filters across years on $name", (target) => {
  describe.skipIf(!target.available)("no year chosen", () => {
    const { bed, entry } = libraryTestbed(target);
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const q = bed.db.kysely;
      const seasonOf = async (year: number) =>
        (
          await q
            .selectFrom("seasons")
            .select("id")
            .where("year", "=", year)
            .executeTakeFirstOrThrow()
        ).id;
      const trackOf = async (year: number) =>
        (
          await q
            .selectFrom("tracks")
            .select("id")
            .where("season_id", "=", await seasonOf(year))
            .executeTakeFirstOrThrow()
        ).id;
      // 2024 alone had a grand prix group, after the films.
      const grandPrix = await q
        .insertInto("category_groups")
        .values({
          track_id: await trackOf(2024),
          slug: "giai-lon",
          name_vi: "Giải thưởng lớn",
          name_en: "Grand prix",
          sort_order: 2,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const category = await q
        .insertInto("categories")
        .values({
          group_id: grandPrix.id,
          slug: "gpx",
          code: "GPX",
          name_vi: "Giải lớn",
          name_en: "Grand prize",
          description_vi: "",
          description_en: "",
          fee_vnd: 1_000_000,
          video_required: 0,
          allow_individual: 1,
          allow_enterprise: 1,
          sort_order: 1,
          early_bird_fee_vnd: null,
          late_fee_vnd: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      bed.categories.set("2024/GPX", Number(category.id));
      // 2025 renamed the film group and its TV category: the newest names are the ones shown.
      await q
        .updateTable("category_groups")
        .set({ name_vi: "Phim và video", name_en: "Film and video" })
        .where("slug", "=", "phim")
        .where("track_id", "=", await trackOf(2025))
        .execute();
      await q
        .updateTable("categories")
        .set({ name_vi: "Phim truyền hình", name_en: "Television" })
        .where("id", "=", bed.categories.get("2025/TVC")!)
        .execute();

      ids.tv2025 = await entry({ title: "Phim Tết 2025", year: 2025, category: "TVC" });
      ids.tv2024 = await entry({ title: "Phim Tết 2024", year: 2024, category: "TVC" });
      ids.digital2024 = await entry({ title: "Quảng cáo số 2024", year: 2024, category: "DIG" });
      ids.grandPrix2024 = await entry({ title: "Giải lớn 2024", year: 2024, category: "GPX" });
      await bed.library.index(Object.values(ids));
    });

    const list = (params: Record<string, string | string[]>) =>
      bed.library.list(parseLibraryQuery(params));
    const found = async (params: Record<string, string | string[]>) =>
      (await list(params)).items.map((item) => item.id).sort();

    it("offers every year's groups and categories, each once, under the newest year's names", async () => {
      const all = await list({});
      expect(all.facets.years).toEqual([2025, 2024]);
      expect(all.facets.tracks).toEqual([
        {
          code: "VX",
          vi: "Chuyên nghiệp",
          en: "Professional",
          groups: [
            {
              slug: "phim",
              vi: "Phim và video",
              en: "Film and video",
              categories: [
                { code: "TVC", vi: "Phim truyền hình", en: "Television" },
                { code: "DIG", vi: "Quảng cáo số", en: "Digital" },
              ],
            },
            {
              slug: "giai-lon",
              vi: "Giải thưởng lớn",
              en: "Grand prix",
              categories: [{ code: "GPX", vi: "Giải lớn", en: "Grand prize" }],
            },
          ],
        },
      ]);
    });

    it("finds a group's or category's entries of every year", async () => {
      expect(await found({ track: "VX", group: "giai-lon" })).toEqual([ids.grandPrix2024]);
      expect(await found({ track: "VX", group: "phim", category: ["TVC"] })).toEqual(
        [ids.tv2025, ids.tv2024].sort(),
      );
      expect(await found({ track: "VX", group: "phim" })).toEqual(
        [ids.tv2025, ids.tv2024, ids.digital2024].sort(),
      );
    });

    it("offers a chosen year's own tree only", async () => {
      const year2025 = await list({ year: "2025" });
      expect(year2025.facets.tracks[0]!.groups).toEqual([
        {
          slug: "phim",
          vi: "Phim và video",
          en: "Film and video",
          categories: [{ code: "TVC", vi: "Phim truyền hình", en: "Television" }],
        },
      ]);
      const year2024 = await list({ year: "2024" });
      expect(year2024.facets.tracks[0]!.groups.map((g) => [g.slug, g.vi])).toEqual([
        ["phim", "Phim"],
        ["giai-lon", "Giải thưởng lớn"],
      ]);
      expect(await found({ year: "2024", track: "VX", group: "giai-lon" })).toEqual([
        ids.grandPrix2024,
      ]);
    });
  });
});
