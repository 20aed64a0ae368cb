import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { groupSchema } from "../../../core/season-admin";
import type { AdminTrack } from "./admin";
import { ADMIN, category, NOW, seasonsAdminFixture } from "./admin-test-setup";
import { insertBareDraft } from "../../test-support/seasons";

/** Each node's entry count by kind and id, tracks and groups included. */
const countsOf = (tree: AdminTrack[]) =>
  new Map(
    tree.flatMap((t) => [
      [`track:${t.id}`, t.entryCount] as const,
      ...t.groups.flatMap((g) => [
        [`group:${g.id}`, g.entryCount] as const,
        ...g.categories.map((c) => [`category:${c.id}`, c.entryCount] as const),
      ]),
    ]),
  );

describe.each(testDatabases())("category tree deletion on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = seasonsAdminFixture(target);

    it("refuses to delete a category (or its group or track) that has entries", async () => {
      const ownerId = await f.services.identity.createEntrant({
        email: "entrant-admin-test@example.vn",
        password: "mua-thu-ha-noi-2026",
        profile: {
          type: "individual",
          fullName: "Lê Văn Thử",
          phone: "+84912345678",
          address: "1 Tràng Tiền, Hà Nội",
          personalId: null,
          companyName: null,
          businessRegistrationNumber: null,
          taxCode: null,
          licenceFileId: null,
        },
      });
      const tree = await f.services.seasonsAdmin.tree(2026);
      const track = tree[0]!;
      const group = track.groups[0]!;
      const target = group.categories[0]!;
      const season = (await f.services.seasonsAdmin.get(2026))!;
      const before = countsOf(tree);
      await insertBareDraft(f.db.kysely, ownerId, season.id, {
        id: "entry-admin-test",
        track_id: track.id,
        category_id: target.id,
        created_at: NOW.toISOString(),
      });
      // Said of the category itself, or of the categories inside a group or track (the words
      // the tree shows beside their disabled buttons).
      for (const [kind, id, key] of [
        ["category", target.id, "hasEntries"],
        ["group", group.id, "hasEntriesInside"],
        ["track", track.id, "hasEntriesInside"],
      ] as const) {
        expect(await f.services.seasonsAdmin.remove(kind, id)).toEqual({
          ok: false,
          status: 409,
          formError: `adminPlatform.errors.${key}`,
        });
      }
      const after = await f.services.seasonsAdmin.tree(2026);
      expect(after[0]!.groups[0]!.categories[0]).toMatchObject({ id: target.id, entryCount: 1 });
      // The entry counts for its group and track too (what the tree disables their delete on),
      // and for nothing else.
      const changed = [...countsOf(after)].filter(([node, n]) => before.get(node) !== n);
      expect(changed).toEqual([
        [`track:${track.id}`, before.get(`track:${track.id}`)! + 1],
        [`group:${group.id}`, before.get(`group:${group.id}`)! + 1],
        [`category:${target.id}`, 1],
      ]);
      // A track's and a group's count is that of the categories beneath them.
      for (const t of after) {
        expect(t.entryCount).toBe(t.groups.reduce((sum, g) => sum + g.entryCount, 0));
        for (const g of t.groups)
          expect(g.entryCount).toBe(g.categories.reduce((sum, c) => sum + c.entryCount, 0));
      }

      // A group with an empty category beside it counts none, and can be deleted.
      const empty = await f.services.seasonsAdmin.saveNode(
        { kind: "group", mode: "create", year: 2026, parentId: track.id, id: null },
        groupSchema.parse({ slug: "nhom-trong", nameVi: "Nhóm trống" }),
        ADMIN,
      );
      if (!empty.ok) throw new Error("the group was not created");
      const inEmpty = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "create", year: 2026, parentId: empty.id, id: null },
        category({ slug: "hang-muc-trong", code: "EMPTY" }),
        ADMIN,
      );
      expect(inEmpty.ok).toBe(true);
      const emptyGroup = (await f.services.seasonsAdmin.tree(2026))[0]!.groups.find(
        (g) => g.id === empty.id,
      );
      expect(emptyGroup).toMatchObject({ entryCount: 0, categories: [{ entryCount: 0 }] });
      expect(await f.services.seasonsAdmin.remove("group", empty.id, ADMIN)).toMatchObject({
        ok: true,
      });
      // The log names the group, its season and the categories deleted with it.
      const log = await f.services.audit.list({ search: "group.delete" });
      expect(log.items[0]).toMatchObject({
        targetType: "group",
        summary: {
          year: 2026,
          name: `${track.code} · Nhóm trống`,
          slug: "nhom-trong",
          nameVi: "Nhóm trống",
          deletedCategories: ["EMPTY · Chiến dịch mới"],
        },
      });
    });

    it("refuses to delete a category a winner or a judge's assignment names, and keeps both", async () => {
      const tree = await f.services.seasonsAdmin.tree(2026);
      const group = tree[0]!.groups[0]!;
      const created = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "create", year: 2026, parentId: group.id, id: null },
        category({ slug: "khong-bai-du-thi", code: "NOENT" }),
        ADMIN,
      );
      if (!created.ok) throw new Error("the category was not created");
      const categoryId = created.id;
      const season = (await f.services.seasonsAdmin.get(2026))!;
      const at = NOW.toISOString();
      const k = f.db.kysely;

      // A legacy winner filed under the category (no entry): the winner would lose it.
      const winner = await k
        .insertInto("winners")
        .values({
          year: 2026,
          category_id: categoryId,
          title: "Chiến dịch không có bài",
          prize: "gold",
          created_at: at,
          updated_at: at,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await f.services.seasonsAdmin.remove("category", categoryId, ADMIN)).toEqual({
        ok: false,
        status: 409,
        formError: "adminPlatform.errors.hasWinners",
      });
      expect(
        await k
          .selectFrom("winners")
          .select("category_id")
          .where("id", "=", winner.id)
          .executeTakeFirst(),
      ).toEqual({ category_id: categoryId });
      await k.deleteFrom("winners").where("id", "=", winner.id).execute();

      // A judge assigned the whole category before any entry arrived.
      const round = await k
        .insertInto("judging_rounds")
        .values({
          season_id: season.id,
          position: 99,
          name_vi: "Vòng thử",
          name_en: "Test round",
          state: "draft",
          method: "mean",
          criteria: "[]",
          created_at: at,
          updated_at: at,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      await k
        .insertInto("judges")
        .values({
          id: "judge-delete-test",
          season_id: season.id,
          name: "Giám khảo Thử",
          email: "giam-khao-thu@example.vn",
          lang: "vi",
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await k
        .insertInto("judge_assignments")
        .values({
          round_id: round.id,
          judge_id: "judge-delete-test",
          category_id: categoryId,
          created_at: at,
        } as never)
        .execute();
      expect(await f.services.seasonsAdmin.remove("category", categoryId, ADMIN)).toEqual({
        ok: false,
        status: 409,
        formError: "adminPlatform.errors.hasAssignments",
      });
      await k.deleteFrom("judge_assignments").where("round_id", "=", round.id).execute();

      // Nothing names it any more: it goes, and the audit log says which one it was.
      expect(await f.services.seasonsAdmin.remove("category", categoryId, ADMIN)).toMatchObject({
        ok: true,
      });
      const log = await f.services.audit.list({ search: "category.delete" });
      expect(log.items[0]).toMatchObject({
        action: "category.delete",
        summary: {
          year: 2026,
          name: "NOENT · Chiến dịch mới",
          slug: "khong-bai-du-thi",
          nameVi: "Chiến dịch mới",
        },
      });
    });
  });
});
