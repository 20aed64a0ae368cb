import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentPageSchema,
  criteriaDocumentSchema,
  juryMemberSchema,
  winnerSchema,
} from "../../../core/content-admin";
import { rt } from "../../../core/rich-text";
import { migrateToLatest, type Db } from "../../db/database";
import { seedDemoContent } from "../../db/demo-content";
import { seedDemoData } from "../../db/demo-data";
import { createServices, type Services } from "../../services";
import { testConfig } from "../../test-support/config";
import { testDatabases } from "../../test-support/databases";
import type { Actor } from "../audit/service";
import { DocumentRejected } from "../documents/service";
import { ContentAdminError } from "./admin";

const NOW = new Date("2026-09-01T03:00:00.000Z");
const EDITOR: Actor = { id: "editor-1", email: "editor@vanxuan-awards.example", ip: "203.0.113.9" };

/** Payloads that would run if any field reached the page as markup. */
const XSS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "javascript:alert(1)",
  '<svg onload="alert(1)"><script>alert(2)</script></svg>',
];

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

describe.each(testDatabases())("content admin on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    let db: Db;
    let services: Services;
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
    });
    afterAll(async () => {
      await target.cleanup();
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    const auditRows = (action: string) =>
      db.kysely
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", action)
        .orderBy("id", "desc")
        .execute();

    describe("jury", () => {
      it("creates, edits, reorders and deletes a juror, each write audited and the cache cleared", async () => {
        const before = changes;
        const input = juryMemberSchema.parse({
          year: "2025",
          name: "  Nguyễn   Thị Mai ",
          titleVi: "Giám đốc sáng tạo",
          titleEn: "Creative director",
          organisation: "Studio Sen",
          bioVi: "Dòng 1\r\n\r\n\r\nDòng 2",
          bioEn: "",
          photo: "/generated/portrait/mai.svg",
          isChair: "",
          sortOrder: "",
        });
        expect(input.name).toBe("Nguyễn Thị Mai");
        expect(input.bioVi).toBe("Dòng 1\n\nDòng 2");
        const created = await services.contentAdmin.juryCreate(EDITOR, input);
        const list = await services.contentAdmin.juryList(2025);
        expect(list.at(-1)!.id).toBe(created.id);
        expect(changes).toBe(before + 1);

        const publicJury = await services.content.jury(2025, "en");
        const shown = publicJury.members.find((m) => m.id === created.id)!;
        expect(shown).toMatchObject({
          name: "Nguyễn Thị Mai",
          title: "Creative director",
          // English falls back to Vietnamese.
          bio: "Dòng 1\n\nDòng 2",
          photo: "/generated/portrait/mai.svg",
          isChair: false,
        });

        const updated = await services.contentAdmin.juryUpdate(
          EDITOR,
          created.id,
          juryMemberSchema.parse({ ...input, year: "2025", name: "Nguyễn Thị Mai Anh" }),
        );
        expect(updated?.name).toBe("Nguyễn Thị Mai Anh");
        expect(updated?.sortOrder).toBe(created.sortOrder);

        // Up one place: now just before the member who was before it.
        const previous = list.at(-2)!;
        expect(await services.contentAdmin.juryMove(EDITOR, created.id, "up")).toBe(true);
        const moved = await services.contentAdmin.juryList(2025);
        expect(moved.at(-2)!.id).toBe(created.id);
        expect(moved.at(-1)!.id).toBe(previous.id);
        expect((await services.content.jury(2025, "vi")).members.at(-2)!.id).toBe(created.id);
        // The chair stays first: a member cannot move above it, the last cannot move down.
        const chair = moved.find((m) => m.isChair)!;
        expect(moved[0]!.id).toBe(chair.id);
        expect(await services.contentAdmin.juryMove(EDITOR, moved[1]!.id, "up")).toBe(false);
        expect(await services.contentAdmin.juryMove(EDITOR, moved.at(-1)!.id, "down")).toBe(false);
        expect(await services.contentAdmin.juryMove(EDITOR, created.id, "down")).toBe(true);
        expect((await services.contentAdmin.juryList(2025)).at(-1)!.id).toBe(created.id);

        expect(await services.contentAdmin.juryDelete(EDITOR, created.id)).toBe(true);
        expect(await services.contentAdmin.juryGet(created.id)).toBeNull();
        expect(await services.contentAdmin.juryDelete(EDITOR, created.id)).toBe(false);
        expect(
          (await services.content.jury(2025, "vi")).members.some((m) => m.id === created.id),
        ).toBe(false);

        for (const action of ["jury.create", "jury.update", "jury.reorder", "jury.delete"]) {
          const [row] = await auditRows(action);
          expect(row, action).toMatchObject({
            actor_id: EDITOR.id,
            actor_email: EDITOR.email,
            ip: EDITOR.ip,
            target_type: "jury_member",
            target_id: String(created.id),
          });
        }
        expect(changes).toBe(before + 5);
      });

      it("adds a first juror to a year without a jury, which then appears publicly", async () => {
        const input = juryMemberSchema.parse({ year: 2026, name: "Trần Văn Bình", isChair: true });
        const created = await services.contentAdmin.juryCreate(EDITOR, input);
        expect(created.sortOrder).toBe(0);
        expect(created.isChair).toBe(true);
        const jury = await services.content.jury(2026, "vi");
        expect(jury.year).toBe(2026);
        expect(jury.members.map((m) => m.name)).toEqual(["Trần Văn Bình"]);
        await services.contentAdmin.juryDelete(EDITOR, created.id);
      });

      it("shows an uploaded photo with its responsive variants; a legacy path stays plain", async () => {
        const file = path.join(config.dataDir, "portrait.jpg");
        const jpeg = await sharp({
          create: { width: 800, height: 800, channels: 3, background: "#7a1f1f" },
        })
          .jpeg()
          .toBuffer();
        writeFileSync(file, jpeg);
        const image = await services.media.storeImage(file, { purpose: "jury" });
        const created = await services.contentAdmin.juryCreate(
          EDITOR,
          juryMemberSchema.parse({
            year: 2023,
            name: "Lê Ảnh Mới",
            photoMediaId: String(image.id),
            photo: image.src,
          }),
        );
        const members = (await services.content.jury(2023, "vi")).members;
        const shown = members.find((m) => m.id === created.id)!;
        expect(shown.photo).toBe(image.src);
        expect(shown.photoImage).toMatchObject({ id: image.id, width: 800, height: 800 });
        expect(shown.photoImage?.srcset?.webp).toMatch(/\/media\/[a-f0-9]{24}\/w480\.webp 480w/);
        // Demo jurors keep their plain generated portraits.
        const legacy = members.find((m) => m.id !== created.id)!;
        expect(legacy.photo).toMatch(/^\/generated\//);
        expect(legacy.photoImage).toBeNull();
        await services.contentAdmin.juryDelete(EDITOR, created.id);
      });

      it("refuses what the form refuses", () => {
        const result = juryMemberSchema.safeParse({
          year: "1999",
          name: "   ",
          titleVi: "x".repeat(301),
          photo: "javascript:alert(1)",
          photoMediaId: "abc",
          sortOrder: "-1",
        });
        expect(result.success).toBe(false);
        const fields = Object.fromEntries(
          result.error!.issues.map((i) => [String(i.path[0]), i.message]),
        );
        expect(fields).toEqual({
          year: "adminContent.errors.year",
          name: "validation.required",
          titleVi: "validation.tooLong",
          photo: "adminContent.errors.imagePath",
          photoMediaId: "adminContent.errors.id",
          sortOrder: "adminContent.errors.order",
        });
        for (const photo of ["//evil.example/x.png", "https://evil.example/x.png", "/a/../b"]) {
          expect(juryMemberSchema.safeParse({ year: 2025, name: "A", photo }).success).toBe(false);
        }
      });

      it("stores XSS payloads in every text field as plain text", async () => {
        for (const payload of XSS) {
          const created = await services.contentAdmin.juryCreate(
            EDITOR,
            juryMemberSchema.parse({
              year: 2024,
              name: payload,
              titleVi: payload,
              titleEn: payload,
              organisation: payload,
              bioVi: payload,
              bioEn: payload,
            }),
          );
          const stored = (await services.contentAdmin.juryGet(created.id))!;
          for (const field of [
            "name",
            "titleVi",
            "titleEn",
            "organisation",
            "bioVi",
            "bioEn",
          ] as const) {
            // Kept as typed (text), never interpreted: React escapes it on the page.
            expect(stored[field]).toBe(payload);
          }
          await services.contentAdmin.juryDelete(EDITOR, created.id);
        }
      });
    });

    describe("winners", () => {
      it("creates a legacy winner in a tree category, edits, pages and deletes it", async () => {
        const categories = await services.contentAdmin.winnerCategories(2024);
        const tvc = categories.find((c) => c.code === "TVC")!;
        expect(tvc.name.vi).toBeTruthy();
        const input = winnerSchema.parse({
          year: "2024",
          title: "Chiến dịch Tết sum vầy",
          brand: "Nhãn hàng A",
          agency: "Agency B",
          categoryId: String(tvc.id),
          prize: "gold",
          videoUrl: "youtu.be/dQw4w9WgXcQ",
          image: "/generated/cover/1.svg",
        });
        expect(input.videoUrl).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
        const created = await services.contentAdmin.winnerCreate(EDITOR, input);
        expect(created).toMatchObject({ categoryCode: "TVC", entryId: null, prize: "gold" });

        const filtered = await services.contentAdmin.winnersList({
          year: 2024,
          categoryId: tvc.id,
          pageSize: 2,
          page: 99,
        });
        expect(filtered.items.every((w) => w.categoryId === tvc.id)).toBe(true);
        expect(filtered.page).toBe(filtered.pageCount);
        expect(filtered.total).toBeGreaterThan(1);

        const publicBefore = await services.content.winners(
          { year: 2024, categories: ["TVC"], pageSize: 100 },
          "vi",
        );
        expect(publicBefore.items.find((w) => w.id === created.id)?.title).toBe(
          "Chiến dịch Tết sum vầy",
        );

        const updated = await services.contentAdmin.winnerUpdate(
          EDITOR,
          created.id,
          winnerSchema.parse({
            year: 2024,
            title: "Tết sum vầy (bản cập nhật)",
            categoryId: "",
            categoryLabelVi: "Giải đặc biệt của Ban tổ chức",
            categoryLabelEn: "Organisers' special award",
            prize: "silver",
          }),
        );
        expect(updated).toMatchObject({ categoryId: null, prize: "silver", videoUrl: null });
        const publicAfter = await services.content.winners({ year: 2024, pageSize: 1000 }, "en");
        expect(publicAfter.items.find((w) => w.id === created.id)).toMatchObject({
          title: "Tết sum vầy (bản cập nhật)",
          category: "Organisers' special award",
        });

        expect(await services.contentAdmin.winnerDelete(EDITOR, created.id)).toBe(true);
        expect(await services.contentAdmin.winnerGet(created.id)).toBeNull();
        for (const action of ["winner.create", "winner.update", "winner.delete"]) {
          expect((await auditRows(action))[0]).toMatchObject({
            actor_email: EDITOR.email,
            target_type: "winner",
            target_id: String(created.id),
          });
        }
      });

      it("refuses a category of another season, an unknown entry, a bad video link or prize", async () => {
        const other = (await services.contentAdmin.winnerCategories(2023))[0]!;
        await expect(
          services.contentAdmin.winnerCreate(
            EDITOR,
            winnerSchema.parse({ year: 2024, title: "X", categoryId: other.id, prize: "gold" }),
          ),
        ).rejects.toEqual(new ContentAdminError("categoryId", "adminContent.errors.category"));
        await expect(
          services.contentAdmin.winnerCreate(
            EDITOR,
            winnerSchema.parse({
              year: 2024,
              title: "X",
              categoryLabelVi: "Nhãn",
              prize: "gold",
              entryRef: "VX26-NOPE",
            }),
          ),
        ).rejects.toEqual(new ContentAdminError("entryRef", "adminContent.errors.entryRef"));

        const bad = winnerSchema.safeParse({
          year: 2024,
          title: "",
          prize: "platinum",
          videoUrl: "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
          entryRef: "<script>",
        });
        const fields = Object.fromEntries(
          bad.error!.issues.map((i) => [String(i.path[0]), i.message]),
        );
        expect(fields).toMatchObject({
          title: "validation.required",
          prize: "adminContent.errors.prize",
          videoUrl: "adminContent.errors.videoLink",
          entryRef: "adminContent.errors.entryRef",
        });
        // Neither a category nor a label.
        const none = winnerSchema.safeParse({ year: 2024, title: "X", prize: "gold" });
        expect(none.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
          ["categoryId", "adminContent.errors.category"],
        ]);
      });

      it("links a winner to an existing entry by its code or id", async () => {
        const owner = await services.identity.createEntrant({
          email: "lien-ket@example.vn",
          password: "mua-thu-ha-noi-2026",
          profile: {
            type: "individual",
            fullName: "Người Dự Thi",
            phone: "+84912345678",
            address: "1 Tràng Tiền, Hà Nội",
            personalId: null,
            companyName: null,
            businessRegistrationNumber: null,
            taxCode: null,
            licenceFileId: null,
          },
        });
        const season = await db.kysely
          .selectFrom("seasons")
          .select("id")
          .where("year", "=", 2024)
          .executeTakeFirstOrThrow();
        await db.kysely
          .insertInto("entries")
          .values({
            id: "0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01",
            owner_user_id: owner,
            season_id: season.id,
            code: "VX24-TVC-0042",
            status: "winner",
            brand_name: "Sen",
            campaign_name: "Tết",
            description_vi: "",
            description_en: "",
            video_link: "",
            credits: '{"companies":[],"people":[]}',
            version: 1,
            created_at: NOW.toISOString(),
            updated_at: NOW.toISOString(),
          })
          .execute();
        const base = {
          year: 2024,
          title: "Tác phẩm liên kết",
          categoryLabelVi: "Nhãn",
          prize: "gold",
        };
        const byCode = await services.contentAdmin.winnerCreate(
          EDITOR,
          winnerSchema.parse({ ...base, entryRef: "VX24-TVC-0042" }),
        );
        expect(byCode.entryId).toBe("0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01");
        const byId = await services.contentAdmin.winnerUpdate(
          EDITOR,
          byCode.id,
          winnerSchema.parse({ ...base, entryRef: "0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01" }),
        );
        expect(byId?.entryId).toBe("0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01");
        const unlinked = await services.contentAdmin.winnerUpdate(
          EDITOR,
          byCode.id,
          winnerSchema.parse({ ...base, entryRef: "" }),
        );
        expect(unlinked?.entryId).toBeNull();
        await services.contentAdmin.winnerDelete(EDITOR, byCode.id);
      });

      it("stores XSS payloads in every text field as plain text", async () => {
        for (const payload of XSS) {
          const created = await services.contentAdmin.winnerCreate(
            EDITOR,
            winnerSchema.parse({
              year: 2023,
              title: payload,
              brand: payload,
              agency: payload,
              categoryLabelVi: payload,
              categoryLabelEn: payload,
              prize: "bronze",
            }),
          );
          const stored = (await services.contentAdmin.winnerGet(created.id))!;
          expect([
            stored.title,
            stored.brand,
            stored.agency,
            stored.categoryLabelVi,
            stored.categoryLabelEn,
          ]).toEqual(Array(5).fill(payload));
          expect(stored.videoUrl).toBeNull();
          await services.contentAdmin.winnerDelete(EDITOR, created.id);
        }
      });
    });

    describe("pages", () => {
      it("saves the season's own version of a track page, sanitised, shown publicly", async () => {
        const year = await services.contentAdmin.pagesSeason();
        expect(year).toBe(2026);
        const pages = await services.contentAdmin.pages(2026);
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
        await services.contentAdmin.pageSave(EDITOR, 2026, input);
        await services.contentAdmin.pageSave(EDITOR, 2026, input); // updates, no second row

        const rows = await db.kysely
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

        const shown = await services.content.page("track:van-xuan-stars", "en");
        expect(shown?.summary).toBe("New summary");
        // English body empty → the Vietnamese one.
        expect(shown?.body[0]).toEqual({ type: "heading", text: "Về giải thưởng" });
        const after = (await services.contentAdmin.pages(2026)).find(
          (p) => p.key === "track:van-xuan-stars",
        )!;
        expect(after).toMatchObject({ inherited: false, titleVi: "Vạn Xuân Stars 2026" });
        // Other seasons keep the shared version.
        expect(
          (await services.contentAdmin.pages(2025)).find((p) => p.key === "track:van-xuan-stars")
            ?.inherited,
        ).toBe(true);
        expect((await auditRows("page.update"))[0]).toMatchObject({
          target_type: "content_page",
          target_id: "track:van-xuan-stars@2026",
        });
        expect(contentPageSchema.safeParse({ ...input, key: "home" }).success).toBe(false);
      });
    });

    describe("documents", () => {
      it("uploads and replaces a season's criteria PDF per language; the chrome shows the new one", async () => {
        const input = criteriaDocumentSchema.parse({ year: "2026", lang: "en", title: "" });
        const first = await services.contentAdmin.criteriaUpload(EDITOR, input, PDF);
        expect(first.title).toBe("Award criteria 2026");
        const second = await services.contentAdmin.criteriaUpload(EDITOR, input, PDF);
        const en = (await services.documents.ofSeason(2026, "criteria")).filter(
          (d) => d.lang === "en",
        );
        expect(en.map((d) => d.id)).toEqual([second.id]);
        expect((await services.documents.criteriaUrls(2026)).en).toBe(second.url);
        expect((await auditRows("document.replace"))[0]).toMatchObject({
          target_type: "document",
          target_id: String(second.id),
        });

        await expect(
          services.contentAdmin.criteriaUpload(
            EDITOR,
            input,
            Buffer.from('<svg onload="alert(1)"></svg>'),
          ),
        ).rejects.toEqual(new DocumentRejected("notPdf"));
        await expect(
          services.contentAdmin.criteriaUpload(EDITOR, input, new Uint8Array()),
        ).rejects.toEqual(new DocumentRejected("empty"));
        // A refused file leaves the current one in place.
        expect((await services.documents.criteriaUrls(2026)).en).toBe(second.url);

        expect(await services.contentAdmin.documentDelete(EDITOR, second.id)).toBe(true);
        expect(
          (await services.documents.ofSeason(2026, "criteria")).some((d) => d.lang === "en"),
        ).toBe(false);
        expect(criteriaDocumentSchema.safeParse({ year: 2026, lang: "fr" }).success).toBe(false);
        await expect(
          services.contentAdmin.criteriaUpload(
            EDITOR,
            criteriaDocumentSchema.parse({ year: 2031, lang: "vi" }),
            PDF,
          ),
        ).rejects.toEqual(new ContentAdminError("year", "adminContent.errors.year"));
      });
    });
  });
});
