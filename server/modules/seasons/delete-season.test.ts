import { describe, expect, it } from "vitest";
import { nextSeasonSchema, SEASON_ATTACHMENTS } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import { insertBareDraft } from "../../test-support/seasons";
import { individual } from "../entries/testbed";
import { ADMIN, NOW, seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("deleting a season on $name", (target) => {
  describe.skipIf(!target.available)("delete season", () => {
    const f = seasonsAdminFixture(target);
    const stamp = NOW.toISOString();
    const createSeason = (year: number) =>
      f.services.seasonsAdmin.createFromPrevious(
        nextSeasonSchema.parse({
          fromYear: "2026",
          year: String(year),
          code: `VX${String(year).slice(2)}`,
          nameVi: `Vạn Xuân ${year}`,
        }),
      );
    const seasonId = async (year: number) => Number((await f.services.seasonsAdmin.get(year))!.id);
    const treeRows = async (id: number) =>
      (await f.db.kysely.selectFrom("tracks").select("id").where("season_id", "=", id).execute())
        .length;

    it("deletes a season made by mistake with its tree, audited", async () => {
      const created = await createSeason(2028);
      expect(created.ok).toBe(true);
      const id = await seasonId(2028);
      expect(await treeRows(id)).toBeGreaterThan(0);
      expect(await f.services.seasonsAdmin.attachments(2028)).toEqual(
        Object.fromEntries(SEASON_ATTACHMENTS.map((kind) => [kind, 0])),
      );
      f.changes = 0;
      expect(await f.services.seasonsAdmin.deleteSeason(2028, ADMIN)).toEqual({
        ok: true,
        year: 2028,
        code: "VX28",
      });
      expect(await f.services.seasonsAdmin.get(2028)).toBeNull();
      expect(await treeRows(id)).toBe(0);
      const orphanCategories = await f.db.kysely
        .selectFrom("categories as c")
        .leftJoin("category_groups as g", "g.id", "c.group_id")
        .select("c.id")
        .where("g.id", "is", null)
        .execute();
      expect(orphanCategories).toEqual([]);
      expect(f.changes).toBeGreaterThan(0);
      const log = await f.services.audit.list({ search: "season.delete" });
      expect(log.items[0]).toMatchObject({ actorEmail: ADMIN.email, targetId: "2028" });
      expect(log.items[0]!.summary.code).toBe("VX28");
    });

    it("refuses the current season, a season a winner names, and one that does not exist", async () => {
      expect(await f.services.seasonsAdmin.deleteSeason(2026, ADMIN)).toMatchObject({
        ok: false,
        status: 409,
        formError: "adminPlatform.seasons.remove.blocked.current",
      });
      // A winner of another year naming one of 2025's categories ties 2025 too.
      const category = await f.db.kysely
        .selectFrom("categories as c")
        .innerJoin("category_groups as g", "g.id", "c.group_id")
        .innerJoin("tracks as t", "t.id", "g.track_id")
        .select("c.id")
        .where("t.season_id", "=", await seasonId(2025))
        .executeTakeFirstOrThrow();
      await f.db.kysely
        .insertInto("winners")
        .values({
          year: 2024,
          category_id: category.id,
          entry_id: null,
          title: "Mùa xuân trên phố",
          brand: "Trà Sen",
          agency: "Công ty Sáng Tạo",
          category_label_vi: "Phim quảng cáo",
          category_label_en: "Film",
          prize: "gold",
          image: null,
          image_media_id: null,
          video_url: null,
          sort_order: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      expect((await f.services.seasonsAdmin.attachments(2025))!.winners).toBe(1);
      expect(await f.services.seasonsAdmin.deleteSeason(2025, ADMIN)).toMatchObject({
        ok: false,
        status: 409,
        formError: "adminPlatform.seasons.remove.blocked.winners",
      });
      expect(await f.services.seasonsAdmin.get(2025)).not.toBeNull();
      expect(await f.services.seasonsAdmin.deleteSeason(1999, ADMIN)).toMatchObject({
        status: 404,
      });
      expect((await f.services.audit.list({ search: "season.delete" })).total).toBe(1);
    });

    it("refuses while a jury member, a document or an entry is tied to the season", async () => {
      await createSeason(2029);
      const id = await seasonId(2029);
      const refusedFor = async (kind: string) =>
        expect(await f.services.seasonsAdmin.deleteSeason(2029, ADMIN)).toMatchObject({
          ok: false,
          status: 409,
          formError: `adminPlatform.seasons.remove.blocked.${kind}`,
        });

      const jury = await f.db.kysely
        .insertInto("jury_members")
        .values({
          year: 2029,
          name: "Nguyễn Văn An",
          title_vi: "Giám đốc sáng tạo",
          title_en: "Creative director",
          organisation: "Công ty Sáng Tạo",
          bio_vi: "",
          bio_en: "",
          photo: null,
          photo_media_id: null,
          is_chair: 0,
          sort_order: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await refusedFor("juryMembers");
      await f.db.kysely.deleteFrom("jury_members").where("id", "=", jury.id).execute();

      const doc = await f.db.kysely
        .insertInto("documents")
        .values({
          season_id: id,
          kind: "criteria",
          lang: "vi",
          title: "Tiêu chí 2029",
          storage_name: "tieu-chi-2029.pdf",
          bytes: 1000,
          created_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await refusedFor("documents");
      await f.db.kysely.deleteFrom("documents").where("id", "=", doc.id).execute();

      const owner = await f.services.identity.createEntrant({
        email: "nhap@example.vn",
        password: "mat-khau-rat-dai-2029",
        profile: individual("Lê Văn Nhập"),
      });
      await insertBareDraft(f.db.kysely, owner, id, {
        id: "00000000-0000-4000-8000-000000002029",
        created_at: stamp,
        updated_at: stamp,
      });
      await refusedFor("entries");
      expect(await f.services.seasonsAdmin.get(2029)).not.toBeNull();

      await f.db.kysely.deleteFrom("entries").where("season_id", "=", id).execute();
      expect((await f.services.seasonsAdmin.deleteSeason(2029, ADMIN)).ok).toBe(true);
    });
  });
});
