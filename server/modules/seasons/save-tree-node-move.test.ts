import { describe, expect, it } from "vitest";
import { groupSchema } from "../../../core/season-admin";
import { testDatabases } from "../../test-support/databases";
import type { AdminTrack } from "./admin";
import { ADMIN, category, NOW, seasonsAdminFixture } from "./admin-test-setup";
import { insertBareDraft } from "../../test-support/seasons";

describe.each(testDatabases())("moving a tree node to another parent on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = seasonsAdminFixture(target);

    /** A draft entry of the category, filed under its track as the entry form files it. */
    async function entryIn(id: string, trackId: number, categoryId: number): Promise<void> {
      const ownerId = await f.services.identity.createEntrant({
        email: `${id}@example.vn`,
        password: "mua-thu-ha-noi-2026",
        profile: {
          type: "individual",
          fullName: "Lê Văn Chuyển",
          phone: "+84912345678",
          address: "1 Tràng Tiền, Hà Nội",
          personalId: null,
          companyName: null,
          businessRegistrationNumber: null,
          taxCode: null,
          licenceFileId: null,
        },
      });
      const season = (await f.services.seasonsAdmin.get(2026))!;
      await insertBareDraft(f.db.kysely, ownerId, season.id, {
        id,
        track_id: trackId,
        category_id: categoryId,
        created_at: NOW.toISOString(),
      });
    }

    const trackOfEntry = async (id: string) =>
      (
        await f.db.kysely
          .selectFrom("entries")
          .select("track_id")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).track_id;

    /** Two tracks of 2026 that both have groups. */
    function twoTracks(tree: AdminTrack[]): [AdminTrack, AdminTrack] {
      const withGroups = tree.filter((t) => t.groups.length > 0);
      expect(withGroups.length).toBeGreaterThan(1);
      return [withGroups[0]!, withGroups[1]!];
    }

    it("moves a category to a group of another track: last there, its entries with it, audited", async () => {
      const [home, away] = twoTracks(await f.services.seasonsAdmin.tree(2026));
      const from = home.groups[0]!;
      const to = away.groups[0]!;
      const created = await f.services.seasonsAdmin.createCategory(
        from.id,
        category({ slug: "di-chuyen", code: "MOVE" }),
      );
      if (!created.ok) throw new Error("the category was not created");
      await entryIn("entry-move-category", home.id, created.id);
      f.changes = 0;

      const moved = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "update", year: 2026, parentId: null, id: created.id },
        category({ slug: "di-chuyen", code: "MOVE", parentId: String(to.id) }),
        ADMIN,
      );
      expect(moved).toEqual({ ok: true, id: created.id, seasonYear: 2026 });
      expect(f.changes).toBe(1);
      const tree = await f.services.seasonsAdmin.tree(2026);
      const there = tree.flatMap((t) => t.groups).find((g) => g.id === to.id)!;
      // Last among its new siblings, its entry still counted under it.
      expect(there.categories.at(-1)).toMatchObject({ id: created.id, entryCount: 1 });
      expect(there.categories.map((c) => c.id).slice(0, -1)).toEqual(
        to.categories.map((c) => c.id),
      );
      const left = tree.flatMap((t) => t.groups).find((g) => g.id === from.id)!;
      expect(left.categories.map((c) => c.id)).not.toContain(created.id);
      // The entry names the new track too, as the entry form would file it now.
      expect(Number(await trackOfEntry("entry-move-category"))).toBe(away.id);

      const log = await f.services.audit.list({ search: "category.update" });
      expect(log.items[0]).toMatchObject({
        targetType: "category",
        targetId: String(created.id),
        summary: {
          year: 2026,
          name: "MOVE · Chiến dịch mới",
          group: { from: `${home.code} · ${from.nameVi}`, to: `${away.code} · ${to.nameVi}` },
        },
      });
      // Only the move changed: no field is listed as changed.
      expect(Object.keys(log.items[0]!.summary).sort()).toEqual(["group", "name", "year"]);

      // Saved again with the same group: nothing moves.
      const again = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "update", year: 2026, parentId: null, id: created.id },
        category({ slug: "di-chuyen", code: "MOVE", parentId: String(to.id) }),
        ADMIN,
      );
      expect(again.ok).toBe(true);
      const still = (await f.services.seasonsAdmin.tree(2026))
        .flatMap((t) => t.groups)
        .find((g) => g.id === to.id)!;
      expect(still.categories.at(-1)!.id).toBe(created.id);

      await f.db.kysely.deleteFrom("entries").where("id", "=", "entry-move-category").execute();
      expect((await f.services.seasonsAdmin.remove("category", created.id)).ok).toBe(true);
    });

    it("refuses a group of another season, a node that is no group, and a slug taken there", async () => {
      const [home, away] = twoTracks(await f.services.seasonsAdmin.tree(2026));
      const from = home.groups[0]!;
      const to = away.groups[0]!;
      const created = await f.services.seasonsAdmin.createCategory(
        from.id,
        category({ slug: "trung-ten", code: "DUP2" }),
      );
      const taken = await f.services.seasonsAdmin.createCategory(
        to.id,
        category({ slug: "trung-ten", code: "DUP1" }),
      );
      if (!created.ok || !taken.ok) throw new Error("the categories were not created");
      const otherSeason = (await f.services.seasonsAdmin.tree(2025))[0]!.groups[0]!;
      const moveTo = (parentId: number) =>
        f.services.seasonsAdmin.saveNode(
          { kind: "category", mode: "update", year: 2026, parentId: null, id: created.id },
          category({ slug: "trung-ten", code: "DUP2", parentId: String(parentId) }),
          ADMIN,
        );
      for (const parentId of [otherSeason.id, 999_999]) {
        expect(await moveTo(parentId)).toEqual({
          ok: false,
          status: 409,
          fieldErrors: { parentId: "adminPlatform.validation.parent" },
        });
      }
      // Category slugs are unique within their group: the new one's counts.
      expect(await moveTo(to.id)).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
      });
      // Nothing moved.
      const tree = await f.services.seasonsAdmin.tree(2026);
      const stays = tree.flatMap((t) => t.groups).find((g) => g.id === from.id)!;
      expect(stays.categories.map((c) => c.id)).toContain(created.id);
      // The schema itself refuses what is not an id.
      expect(() => category({ parentId: "nhom" })).toThrow();
      await f.services.seasonsAdmin.remove("category", created.id);
      await f.services.seasonsAdmin.remove("category", taken.id);
    });

    it("moves a group to another track with its categories and their entries", async () => {
      const [home, away] = twoTracks(await f.services.seasonsAdmin.tree(2026));
      const group = await f.services.seasonsAdmin.createGroup(
        home.id,
        groupSchema.parse({ slug: "nhom-di-chuyen", nameVi: "Nhóm di chuyển" }),
      );
      if (!group.ok) throw new Error("the group was not created");
      const inside = await f.services.seasonsAdmin.createCategory(
        group.id,
        category({ slug: "ben-trong", code: "INSIDE" }),
      );
      if (!inside.ok) throw new Error("the category was not created");
      await entryIn("entry-move-group", home.id, inside.id);

      const moved = await f.services.seasonsAdmin.saveNode(
        { kind: "group", mode: "update", year: 2026, parentId: null, id: group.id },
        groupSchema.parse({
          slug: "nhom-di-chuyen",
          nameVi: "Nhóm di chuyển",
          parentId: String(away.id),
        }),
        ADMIN,
      );
      expect(moved).toEqual({ ok: true, id: group.id, seasonYear: 2026 });
      const tree = await f.services.seasonsAdmin.tree(2026);
      const awayNow = tree.find((t) => t.id === away.id)!;
      expect(awayNow.groups.at(-1)).toMatchObject({
        id: group.id,
        entryCount: 1,
        categories: [{ id: inside.id, entryCount: 1 }],
      });
      expect(tree.find((t) => t.id === home.id)!.groups.map((g) => g.id)).not.toContain(group.id);
      expect(Number(await trackOfEntry("entry-move-group"))).toBe(away.id);
      const log = await f.services.audit.list({ search: "group.update" });
      expect(log.items[0]!.summary).toEqual({
        year: 2026,
        name: `${away.code} · Nhóm di chuyển`,
        track: { from: `${home.code} · ${home.nameVi}`, to: `${away.code} · ${away.nameVi}` },
      });

      await f.db.kysely.deleteFrom("entries").where("id", "=", "entry-move-group").execute();
      expect((await f.services.seasonsAdmin.remove("group", group.id)).ok).toBe(true);
    });
  });
});
