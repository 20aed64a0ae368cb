import { describe, expect, it } from "vitest";
import { contentPageSchema } from "../../../core/content-admin";
import { rt } from "../../../core/rich-text";
import { testDatabases } from "../../test-support/databases";
import { accepted, contentTestBed, EDITOR } from "./test-bed";

// Saving a season's own version of a page or track text.

describe.each(testDatabases())("saving pages on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);

    it("saves the season's own version of a track page, sanitised, shown publicly", async () => {
      const year = await bed.services.contentAdmin.pagesSeason();
      expect(year).toBe(2026);
      const pages = await bed.services.contentAdmin.pages(2026);
      expect(pages.map((p) => p.key)).toEqual([
        "award-introduction",
        "track:van-xuan",
        "track:van-xuan-classic",
        "track:van-xuan-stars",
      ]);
      expect(pages.every((p) => p.inherited && p.exists)).toBe(true);

      const dirty = [
        rt.h("Về giải thưởng"),
        {
          type: "paragraph",
          children: [
            { type: "text", text: "<script>alert(1)</script>" },
            { type: "link", text: "bấm", href: "javascript:alert(1)" },
            { type: "link", text: "svg", href: "data:image/svg+xml,<svg onload=alert(1)>" },
            { type: "link", text: "ok", href: "https://vanxuan.example/a" },
          ],
        },
        { type: "html", html: '<img src=x onerror="alert(1)">' },
        { type: "heading", text: "<svg onload=alert(1)>", onclick: "alert(1)" },
      ];
      const input = contentPageSchema.parse({
        key: "track:van-xuan-stars",
        titleVi: "Vạn Xuân Stars 2026",
        titleEn: "",
        summaryVi: "Tóm tắt <b>mới</b>",
        summaryEn: "New summary",
        bodyVi: JSON.stringify(dirty),
        bodyEn: "not json",
      });
      accepted(await bed.services.contentAdmin.savePage(EDITOR, 2026, input));
      // updates, no second row
      accepted(await bed.services.contentAdmin.savePage(EDITOR, 2026, input));

      const rows = await bed.db.kysely
        .selectFrom("content_pages")
        .selectAll()
        .where("key", "=", "track:van-xuan-stars")
        .execute();
      expect(rows).toHaveLength(2); // the shared one and the season's own
      const own = rows.find((r) => r.season_id !== null)!;
      expect(JSON.parse(own.body_vi)).toEqual([
        { type: "heading", text: "Về giải thưởng" },
        {
          type: "paragraph",
          children: [
            { type: "text", text: "<script>alert(1)</script>" },
            { type: "text", text: "bấm" },
            { type: "text", text: "svg" },
            { type: "link", text: "ok", href: "https://vanxuan.example/a" },
          ],
        },
        { type: "heading", text: "<svg onload=alert(1)>" },
      ]);
      expect(own.body_en).toBe("[]");

      const shown = await bed.services.content.page("track:van-xuan-stars", "en");
      expect(shown?.summary).toBe("New summary");
      // English body empty → the Vietnamese one.
      expect(shown?.body[0]).toEqual({ type: "heading", text: "Về giải thưởng" });
      const after = (await bed.services.contentAdmin.pages(2026)).find(
        (p) => p.key === "track:van-xuan-stars",
      )!;
      // A track page has no title of its own (its heading is the track's name): none is kept.
      expect(after).toMatchObject({ inherited: false, titleVi: "", titleEn: "" });
      // Other seasons keep the shared version.
      expect(
        (await bed.services.contentAdmin.pages(2025)).find((p) => p.key === "track:van-xuan-stars")
          ?.inherited,
      ).toBe(true);
      expect((await bed.auditRows("page.update"))[0]).toMatchObject({
        target_type: "content_page",
        target_id: "track:van-xuan-stars@2026",
      });
      expect(contentPageSchema.safeParse({ ...input, key: "home" }).success).toBe(false);
    });
  });
});
