import { describe, expect, it } from "vitest";
import { groupSchema, trackSchema } from "../../../core/season-admin";
import { ADMIN, category } from "./admin-test-setup";
import { testDatabases } from "../../test-support/databases";
import { seasonsAdminFixture } from "./admin-test-setup";

describe.each(testDatabases())("category tree writes on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const f = seasonsAdminFixture(target);

    it("edits the category tree: create, unique slugs and codes, fees, reorder, delete", async () => {
      const [track] = await f.services.seasonsAdmin.tree(2026);
      const group = track!.groups[0]!;
      const created = await f.services.seasonsAdmin.createCategory(group.id, category());
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      let tree = await f.services.seasonsAdmin.tree(2026);
      const added = tree[0]!.groups[0]!.categories.at(-1)!;
      expect(added).toMatchObject({
        slug: "chien-dich-moi",
        feeVnd: 3_300_000,
        earlyBirdFeeVnd: 2_750_000,
        lateFeeVnd: null,
        videoRequired: true,
        allowIndividual: false,
        allowEnterprise: true,
      });

      // A code is unique in the season, a slug in its group, each refused with the field to fix.
      const otherGroup = tree[0]!.groups[1]!;
      const clash = await f.services.seasonsAdmin.createCategory(otherGroup.id, category());
      expect(clash).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { code: "adminPlatform.validation.codeTaken" },
      });
      const sameGroup = await f.services.seasonsAdmin.createCategory(
        group.id,
        category({ code: "NEW2" }),
      );
      expect(sameGroup).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
      });
      // The demo's groups share category slugs ("campaigns" on television and online): each
      // such category saves, and another group takes the slug too.
      const shared = tree[0]!.groups
        .flatMap((g) => g.categories)
        .find(
          (c) =>
            tree[0]!.groups.filter((g) => g.categories.some((o) => o.slug === c.slug)).length > 1,
        )!;
      expect(shared).toBeDefined();
      const resaved = await f.services.seasonsAdmin.updateCategory(
        shared.id,
        category({ slug: shared.slug, code: shared.code, nameVi: `${shared.nameVi} mới` }),
      );
      expect(resaved.ok).toBe(true);
      const elsewhere = await f.services.seasonsAdmin.createCategory(
        otherGroup.id,
        category({ code: "NEW3" }),
      );
      expect(elsewhere.ok).toBe(true);
      if (elsewhere.ok) await f.services.seasonsAdmin.remove("category", elsewhere.id);
      tree = await f.services.seasonsAdmin.tree(2026);

      // Up one place among its siblings.
      const before = tree[0]!.groups[0]!.categories.map((c) => c.id);
      await f.services.seasonsAdmin.move("category", created.id, "up");
      tree = await f.services.seasonsAdmin.tree(2026);
      const after = tree[0]!.groups[0]!.categories.map((c) => c.id);
      expect(after.at(-2)).toBe(created.id);
      expect(after.at(-1)).toBe(before.at(-2));
      // The first one cannot move further up: nothing changes.
      await f.services.seasonsAdmin.move("category", after[0]!, "up");
      expect(
        (await f.services.seasonsAdmin.tree(2026))[0]!.groups[0]!.categories.map((c) => c.id),
      ).toEqual(after);

      // The public tree shows it too.
      const publicTree = await f.services.seasons.categoryTree(2026);
      expect(publicTree[0]!.groups[0]!.categories.map((c) => c.slug)).toContain("chien-dich-moi");

      expect((await f.services.seasonsAdmin.remove("category", created.id)).ok).toBe(true);
      tree = await f.services.seasonsAdmin.tree(2026);
      expect(tree[0]!.groups[0]!.categories.map((c) => c.id)).not.toContain(created.id);
    });

    it("creates and renames tracks and groups with per-season unique slugs", async () => {
      const track = await f.services.seasonsAdmin.createTrack(
        2026,
        trackSchema.parse({ slug: "van-xuan-test", code: "T", nameVi: "Thử", nameEn: "Test" }),
      );
      expect(track.ok).toBe(true);
      if (!track.ok) return;
      const group = await f.services.seasonsAdmin.createGroup(
        track.id,
        groupSchema.parse({ slug: "nhom-thu", nameVi: "Nhóm thử" }),
      );
      expect(group.ok).toBe(true);
      const again = await f.services.seasonsAdmin.createGroup(
        track.id,
        groupSchema.parse({ slug: "nhom-thu", nameVi: "Nhóm khác" }),
      );
      expect(again).toMatchObject({
        ok: false,
        fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
      });
      const renamed = await f.services.seasonsAdmin.updateTrack(
        track.id,
        trackSchema.parse({
          slug: "van-xuan-thu",
          code: "T",
          nameVi: "Thử nghiệm",
          nameEn: "Trial",
        }),
      );
      expect(renamed.ok).toBe(true);
      const tree = await f.services.seasonsAdmin.tree(2026);
      expect(tree.at(-1)).toMatchObject({
        slug: "van-xuan-thu",
        nameVi: "Thử nghiệm",
        groups: [{ slug: "nhom-thu" }],
      });
      expect((await f.services.seasonsAdmin.remove("track", track.id)).ok).toBe(true);
      expect((await f.services.seasonsAdmin.tree(2026)).map((t) => t.slug)).not.toContain(
        "van-xuan-thu",
      );
    });

    it("records each write in the audit log when an admin makes it", async () => {
      const [track] = await f.services.seasonsAdmin.tree(2026);
      const created = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "create", year: 2026, parentId: track!.groups[0]!.id, id: null },
        category({ slug: "ghi-nhat-ky", code: "LOG" }),
        ADMIN,
      );
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      // An edit records only what changed, before and after, in the form's field names.
      const edited = await f.services.seasonsAdmin.saveNode(
        { kind: "category", mode: "update", year: 2026, parentId: null, id: created.id },
        category({
          slug: "ghi-nhat-ky",
          code: "LOG",
          nameEn: "Logged campaign",
          lateFeeVnd: "4.000.000",
          allowIndividual: "on",
        }),
        ADMIN,
      );
      expect(edited.ok).toBe(true);
      await f.services.seasonsAdmin.move("category", created.id, "up", ADMIN);
      await f.services.seasonsAdmin.remove("category", created.id, ADMIN);
      const log = await f.services.audit.list({ search: "category." });
      expect(log.items.map((entry) => entry.action)).toEqual([
        "category.delete",
        "category.move",
        "category.update",
        "category.create",
      ]);
      // Each names the category (code and name, as it is then) and its season.
      expect(log.items[2]!.summary).toEqual({
        year: 2026,
        name: "LOG · Chiến dịch mới",
        nameEn: ["New campaign", "Logged campaign"],
        lateFeeVnd: [null, 4_000_000],
        allowIndividual: [false, true],
      });
      expect(log.items.at(-1)).toMatchObject({
        actorEmail: ADMIN.email,
        targetType: "category",
        targetId: String(created.id),
        summary: {
          year: 2026,
          name: "LOG · Chiến dịch mới",
          slug: "ghi-nhat-ky",
          code: "LOG",
          feeVnd: 3_300_000,
        },
      });
      expect(log.items[1]!.summary).toEqual({
        year: 2026,
        name: "LOG · Chiến dịch mới",
        direction: "up",
      });
    });

    it("refuses a form without the node it is about", async () => {
      const refused = await f.services.seasonsAdmin.saveNode(
        { kind: "group", mode: "update", year: 2026, parentId: null, id: null },
        groupSchema.parse({ slug: "nhom", nameVi: "Nhóm" }),
      );
      expect(refused).toEqual({
        ok: false,
        status: 400,
        formError: "adminPlatform.errors.badRequest",
      });
    });
  });
});
