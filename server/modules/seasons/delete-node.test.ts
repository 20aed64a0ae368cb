import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { NOW, seasonsAdminFixture } from "./admin-test-setup";

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
      await f.db.kysely
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
        expect(await f.services.seasonsAdmin.remove(kind, id)).toEqual({
          ok: false,
          status: 409,
          formError: "adminPlatform.errors.hasEntries",
        });
      }
      expect((await f.services.seasonsAdmin.tree(2026))[0]!.groups[0]!.categories[0]).toMatchObject(
        {
          id: target.id,
          entryCount: 1,
        },
      );
    });
  });
});
