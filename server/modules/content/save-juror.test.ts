import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { juryMemberSchema, type JuryMemberInput } from "../../../core/content-admin";
import { testDatabases } from "../../test-support/databases";
import { accepted, contentTestBed, EDITOR, NOW, XSS } from "./test-bed";

// Adding, editing, reordering and deleting jurors (the juror editor and the jury list).

describe.each(testDatabases())("saving jurors on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);
    const createJuror = async (input: JuryMemberInput) =>
      accepted(await bed.services.contentAdmin.saveJuror(EDITOR, null, input)).juror;
    const updateJuror = async (id: number, input: JuryMemberInput) => {
      const saved = await bed.services.contentAdmin.saveJuror(EDITOR, id, input);
      return saved.ok ? saved.juror : null;
    };

    it("creates, edits, reorders and deletes a juror, each write audited and the cache cleared", async () => {
      const before = bed.changes;
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
      const created = accepted(
        await bed.services.contentAdmin.saveJuror(EDITOR, null, input),
      ).juror;
      const list = await bed.services.contentAdmin.juryList(2025);
      expect(list.at(-1)!.id).toBe(created.id);
      expect(bed.changes).toBe(before + 1);

      const publicJury = await bed.services.content.jury(2025, "en");
      const shown = publicJury.members.find((m) => m.id === created.id)!;
      expect(shown).toMatchObject({
        name: "Nguyễn Thị Mai",
        title: "Creative director",
        // English falls back to Vietnamese.
        bio: "Dòng 1\n\nDòng 2",
        photo: "/generated/portrait/mai.svg",
        isChair: false,
      });

      const updated = await updateJuror(
        created.id,
        juryMemberSchema.parse({ ...input, year: "2025", name: "Nguyễn Thị Mai Anh" }),
      );
      expect(updated?.name).toBe("Nguyễn Thị Mai Anh");
      expect(updated?.sortOrder).toBe(created.sortOrder);

      // Up one place: now just before the member who was before it.
      const previous = list.at(-2)!;
      expect((await bed.services.contentAdmin.reorderJury(EDITOR, created.id, "up")).ok).toBe(true);
      const moved = await bed.services.contentAdmin.juryList(2025);
      expect(moved.at(-2)!.id).toBe(created.id);
      expect(moved.at(-1)!.id).toBe(previous.id);
      expect((await bed.services.content.jury(2025, "vi")).members.at(-2)!.id).toBe(created.id);
      // The chair stays first: a member cannot move above it, the last cannot move down.
      const chair = moved.find((m) => m.isChair)!;
      expect(moved[0]!.id).toBe(chair.id);
      expect((await bed.services.contentAdmin.reorderJury(EDITOR, moved[1]!.id, "up")).ok).toBe(
        false,
      );
      expect(
        (await bed.services.contentAdmin.reorderJury(EDITOR, moved.at(-1)!.id, "down")).ok,
      ).toBe(false);
      expect((await bed.services.contentAdmin.reorderJury(EDITOR, created.id, "down")).ok).toBe(
        true,
      );
      expect((await bed.services.contentAdmin.juryList(2025)).at(-1)!.id).toBe(created.id);

      expect((await bed.services.contentAdmin.deleteJuror(EDITOR, created.id)).ok).toBe(true);
      expect(await bed.services.contentAdmin.juryGet(created.id)).toBeNull();
      expect((await bed.services.contentAdmin.deleteJuror(EDITOR, created.id)).ok).toBe(false);
      expect(
        (await bed.services.content.jury(2025, "vi")).members.some((m) => m.id === created.id),
      ).toBe(false);

      for (const action of ["jury.create", "jury.update", "jury.reorder", "jury.delete"]) {
        const [row] = await bed.auditRows(action);
        expect(row, action).toMatchObject({
          actor_id: EDITOR.id,
          actor_email: EDITOR.email,
          ip: EDITOR.ip,
          target_type: "jury_member",
          target_id: String(created.id),
        });
      }
      expect(bed.changes).toBe(before + 5);
    });

    it("adds a first juror to a year without a jury, which then appears publicly", async () => {
      const input = juryMemberSchema.parse({ year: 2026, name: "Trần Văn Bình", isChair: true });
      const created = accepted(
        await bed.services.contentAdmin.saveJuror(EDITOR, null, input),
      ).juror;
      expect(created.sortOrder).toBe(0);
      expect(created.isChair).toBe(true);
      const jury = await bed.services.content.jury(2026, "vi");
      expect(jury.year).toBe(2026);
      expect(jury.members.map((m) => m.name)).toEqual(["Trần Văn Bình"]);
      await bed.services.contentAdmin.deleteJuror(EDITOR, created.id);
    });

    it("shows an uploaded photo with its responsive variants; a legacy path stays plain", async () => {
      const file = path.join(bed.config.dataDir, "portrait.jpg");
      const jpeg = await sharp({
        create: { width: 800, height: 800, channels: 3, background: "#7a1f1f" },
      })
        .jpeg()
        .toBuffer();
      writeFileSync(file, jpeg);
      const image = await bed.services.media.storeImage(file, { purpose: "jury" });
      const created = await createJuror(
        juryMemberSchema.parse({
          year: 2023,
          name: "Lê Ảnh Mới",
          photoMediaId: String(image.id),
          photo: image.src,
        }),
      );
      const members = (await bed.services.content.jury(2023, "vi")).members;
      const shown = members.find((m) => m.id === created.id)!;
      expect(shown.photo).toBe(image.src);
      expect(shown.photoImage).toMatchObject({ id: image.id, width: 800, height: 800 });
      expect(shown.photoImage?.srcset?.webp).toMatch(/\/media\/[a-f0-9]{24}\/w480\.webp 480w/);
      // Demo jurors keep their plain generated portraits.
      const legacy = members.find((m) => m.id !== created.id)!;
      expect(legacy.photo).toMatch(/^\/generated\//);
      expect(legacy.photoImage).toBeNull();
      await bed.services.contentAdmin.deleteJuror(EDITOR, created.id);
    });

    it("refuses an entrant's private picture as a photo; the public jury never shows one", async () => {
      const file = path.join(bed.config.dataDir, "entry-picture.jpg");
      writeFileSync(
        file,
        await sharp({ create: { width: 640, height: 480, channels: 3, background: "#1f3a7a" } })
          .jpeg()
          .toBuffer(),
      );
      // An entry's picture: private until the entry is published to the library.
      const secret = await bed.services.media.storeImage(file, { purpose: "entry" });
      expect(secret.visibility).toBe("private");
      const refused = await bed.services.contentAdmin.saveJuror(
        EDITOR,
        null,
        juryMemberSchema.parse({ year: 2023, name: "Ảnh Riêng", photoMediaId: String(secret.id) }),
      );
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: { photo: "adminContent.errors.imagePrivate" },
      });
      const missing = await bed.services.contentAdmin.saveJuror(
        EDITOR,
        null,
        juryMemberSchema.parse({ year: 2023, name: "Ảnh Không Có", photoMediaId: "987654" }),
      );
      expect(missing).toMatchObject({
        ok: false,
        fieldErrors: { photo: "adminContent.errors.imagePrivate" },
      });
      expect(
        (await bed.services.content.jury(2023, "vi")).members.some((m) =>
          ["Ảnh Riêng", "Ảnh Không Có"].includes(m.name),
        ),
      ).toBe(false);

      // A row written before this check (or by hand) still shows no private picture.
      const [row] = await bed.db.kysely
        .insertInto("jury_members")
        .values({
          year: 2023,
          name: "Ảnh Cũ",
          title_vi: "",
          title_en: "",
          organisation: "",
          bio_vi: "",
          bio_en: "",
          photo: null,
          photo_media_id: secret.id,
          is_chair: 0,
          sort_order: 9999,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        })
        .returning("id")
        .execute();
      // Public reads are kept a few seconds between content changes: read after they lapse.
      bed.now = new Date(NOW.getTime() + 60_000);
      const shown = (await bed.services.content.jury(2023, "vi")).members.find(
        (m) => m.id === Number(row!.id),
      )!;
      bed.now = NOW;
      expect(shown.photoImage).toBeNull();
      await bed.services.contentAdmin.deleteJuror(EDITOR, Number(row!.id));
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
        const created = await createJuror(
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
        const stored = (await bed.services.contentAdmin.juryGet(created.id))!;
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
        await bed.services.contentAdmin.deleteJuror(EDITOR, created.id);
      }
    });
  });
});
