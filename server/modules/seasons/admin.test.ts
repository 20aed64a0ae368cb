import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  categorySchema,
  groupSchema,
  seasonDatesSchema,
  seasonDatesToIso,
  trackSchema,
} from "../../../core/admin-platform";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoData } from "../../db/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";

const config = testConfig();
const NOW = new Date("2026-09-01T03:00:00.000Z");

const category = (over: Record<string, unknown> = {}) =>
  categorySchema.parse({
    slug: "chien-dich-moi",
    code: "NEW",
    nameVi: "Chiến dịch mới",
    nameEn: "New campaign",
    feeVnd: "3.300.000",
    earlyBirdFeeVnd: "2.750.000",
    lateFeeVnd: "",
    videoRequired: "on",
    allowIndividual: undefined,
    allowEnterprise: "on",
    ...over,
  });

describe.each(testDatabases())("seasons admin on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let services: Services;
    let changes: number;

    beforeAll(async () => {
      db = await target.open();
      await migrateToLatest(db);
      await seedDemoData(db, NOW);
    });
    beforeEach(() => {
      changes = 0;
      services = createServices(db, config, { onContentChange: () => changes++, clock: () => NOW });
    });
    afterAll(() => target.cleanup());

    it("lists the seasons newest first", async () => {
      const seasons = await services.seasonsAdmin.list();
      expect(seasons.map((s) => s.year)).toEqual([2026, 2025, 2024, 2023]);
    });

    it("closes the submission window: the header state follows at once", async () => {
      const form = seasonDatesSchema.parse({
        nameVi: "Vạn Xuân 2026",
        nameEn: "Van Xuan 2026",
        submissionOpensAt: "01/08/2026 00:00",
        submissionClosesAt: "01/09/2026 09:00",
      });
      const saved = await services.seasonsAdmin.updateSeason(2026, {
        nameVi: form.nameVi,
        nameEn: form.nameEn,
        ...seasonDatesToIso(form),
      });
      expect(saved?.after.submissionClosesAt).toBe("2026-09-01T02:00:00.000Z");
      expect(changes).toBe(1);
      expect((await services.seasons.current())?.submission.state).toBe("closed");
    });

    it("edits the category tree: create, unique slugs and codes, fees, reorder, delete", async () => {
      const [track] = await services.seasonsAdmin.tree(2026);
      const group = track!.groups[0]!;
      const created = await services.seasonsAdmin.createCategory(group.id, category());
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      let tree = await services.seasonsAdmin.tree(2026);
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

      // The same slug or code anywhere in the season is refused, with the field to fix.
      const otherGroup = tree[0]!.groups[1]!;
      const clash = await services.seasonsAdmin.createCategory(otherGroup.id, category());
      expect(clash).toEqual({
        ok: false,
        status: 409,
        fieldErrors: {
          slug: "adminPlatform.validation.slugTaken",
          code: "adminPlatform.validation.codeTaken",
        },
      });

      // Up one place among its siblings.
      const before = tree[0]!.groups[0]!.categories.map((c) => c.id);
      await services.seasonsAdmin.move("category", created.id, "up");
      tree = await services.seasonsAdmin.tree(2026);
      const after = tree[0]!.groups[0]!.categories.map((c) => c.id);
      expect(after.at(-2)).toBe(created.id);
      expect(after.at(-1)).toBe(before.at(-2));
      // The first one cannot move further up: nothing changes.
      await services.seasonsAdmin.move("category", after[0]!, "up");
      expect(
        (await services.seasonsAdmin.tree(2026))[0]!.groups[0]!.categories.map((c) => c.id),
      ).toEqual(after);

      // The public tree shows it too.
      const publicTree = await services.seasons.categoryTree(2026);
      expect(publicTree[0]!.groups[0]!.categories.map((c) => c.slug)).toContain("chien-dich-moi");

      expect((await services.seasonsAdmin.remove("category", created.id)).ok).toBe(true);
      tree = await services.seasonsAdmin.tree(2026);
      expect(tree[0]!.groups[0]!.categories.map((c) => c.id)).not.toContain(created.id);
    });

    it("creates and renames tracks and groups with per-season unique slugs", async () => {
      const track = await services.seasonsAdmin.createTrack(
        2026,
        trackSchema.parse({ slug: "van-xuan-test", code: "T", nameVi: "Thử", nameEn: "Test" }),
      );
      expect(track.ok).toBe(true);
      if (!track.ok) return;
      const group = await services.seasonsAdmin.createGroup(
        track.id,
        groupSchema.parse({ slug: "nhom-thu", nameVi: "Nhóm thử" }),
      );
      expect(group.ok).toBe(true);
      const again = await services.seasonsAdmin.createGroup(
        track.id,
        groupSchema.parse({ slug: "nhom-thu", nameVi: "Nhóm khác" }),
      );
      expect(again).toMatchObject({
        ok: false,
        fieldErrors: { slug: "adminPlatform.validation.slugTaken" },
      });
      const renamed = await services.seasonsAdmin.updateTrack(
        track.id,
        trackSchema.parse({
          slug: "van-xuan-thu",
          code: "T",
          nameVi: "Thử nghiệm",
          nameEn: "Trial",
        }),
      );
      expect(renamed.ok).toBe(true);
      const tree = await services.seasonsAdmin.tree(2026);
      expect(tree.at(-1)).toMatchObject({
        slug: "van-xuan-thu",
        nameVi: "Thử nghiệm",
        groups: [{ slug: "nhom-thu" }],
      });
      expect((await services.seasonsAdmin.remove("track", track.id)).ok).toBe(true);
      expect((await services.seasonsAdmin.tree(2026)).map((t) => t.slug)).not.toContain(
        "van-xuan-thu",
      );
    });

    it("refuses to delete a category (or its group or track) that has entries", async () => {
      const ownerId = await services.identity.createEntrant({
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
      const tree = await services.seasonsAdmin.tree(2026);
      const track = tree[0]!;
      const group = track.groups[0]!;
      const target = group.categories[0]!;
      const season = (await services.seasonsAdmin.get(2026))!;
      await db.kysely
        .insertInto("entries")
        .values({
          id: "entry-admin-test",
          owner_user_id: ownerId,
          season_id: season.id,
          track_id: track.id,
          category_id: target.id,
          code: null,
          status: "draft",
          brand_name: "",
          campaign_name: "",
          description_vi: "",
          description_en: "",
          start_month: null,
          start_year: null,
          end_month: null,
          end_year: null,
          video_link: "",
          credits: "{}",
          version: 1,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
          submitted_at: null,
          withdrawn_at: null,
        } as never)
        .execute();
      for (const [kind, id] of [
        ["category", target.id],
        ["group", group.id],
        ["track", track.id],
      ] as const) {
        expect(await services.seasonsAdmin.remove(kind, id)).toEqual({
          ok: false,
          status: 409,
          formError: "adminPlatform.errors.hasEntries",
        });
      }
      expect((await services.seasonsAdmin.tree(2026))[0]!.groups[0]!.categories[0]).toMatchObject({
        id: target.id,
        entryCount: 1,
      });
    });
  });
});
