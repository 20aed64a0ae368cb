import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { winnerSchema, type WinnerInput } from "../../../core/content-admin";
import { fieldRefusal } from "../../../core/refusal";
import { testDatabases } from "../../test-support/databases";
import { accepted, addWinningEntry, contentTestBed, EDITOR, XSS } from "./test-bed";

// Adding, editing and deleting winners (the winner editor and the paged winners list).

describe.each(testDatabases())("saving winners on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);
    const createWinner = async (input: WinnerInput) =>
      accepted(await bed.services.contentAdmin.saveWinner(EDITOR, null, input)).winner;
    const updateWinner = async (id: number, input: WinnerInput) => {
      const saved = await bed.services.contentAdmin.saveWinner(EDITOR, id, input);
      return saved.ok ? saved.winner : null;
    };

    it("creates a legacy winner in a tree category, edits, pages and deletes it", async () => {
      const categories = await bed.services.contentAdmin.winnerCategories(2024);
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
      const created = accepted(
        await bed.services.contentAdmin.saveWinner(EDITOR, null, input),
      ).winner;
      expect(created).toMatchObject({ categoryCode: "TVC", entryId: null, prize: "gold" });

      const filtered = await bed.services.contentAdmin.winnersList({
        year: 2024,
        categoryId: tvc.id,
        pageSize: 2,
        page: 99,
      });
      expect(filtered.items.every((w) => w.categoryId === tvc.id)).toBe(true);
      expect(filtered.page).toBe(filtered.pageCount);
      expect(filtered.total).toBeGreaterThan(1);

      const publicBefore = await bed.services.content.winners(
        { year: 2024, categories: ["TVC"], pageSize: 100 },
        "vi",
      );
      expect(publicBefore.items.find((w) => w.id === created.id)?.title).toBe(
        "Chiến dịch Tết sum vầy",
      );

      const updated = await updateWinner(
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
      const publicAfter = await bed.services.content.winners({ year: 2024, pageSize: 1000 }, "en");
      expect(publicAfter.items.find((w) => w.id === created.id)).toMatchObject({
        title: "Tết sum vầy (bản cập nhật)",
        category: "Organisers' special award",
      });

      expect((await bed.services.contentAdmin.deleteWinner(EDITOR, created.id)).ok).toBe(true);
      expect(await bed.services.contentAdmin.winnerGet(created.id)).toBeNull();
      for (const action of ["winner.create", "winner.update", "winner.delete"]) {
        expect((await bed.auditRows(action))[0]).toMatchObject({
          actor_email: EDITOR.email,
          target_type: "winner",
          target_id: String(created.id),
        });
      }
    });

    it("refuses a category of another season, an unknown entry, a bad video link or prize", async () => {
      const other = (await bed.services.contentAdmin.winnerCategories(2023))[0]!;
      expect(
        await bed.services.contentAdmin.saveWinner(
          EDITOR,
          null,
          winnerSchema.parse({ year: 2024, title: "X", categoryId: other.id, prize: "gold" }),
        ),
      ).toEqual(fieldRefusal({ categoryId: "adminContent.errors.category" }));
      expect(
        await bed.services.contentAdmin.saveWinner(
          EDITOR,
          null,
          winnerSchema.parse({
            year: 2024,
            title: "X",
            categoryLabelVi: "Nhãn",
            prize: "gold",
            entryRef: "VX26-NOPE",
          }),
        ),
      ).toEqual(fieldRefusal({ entryRef: "adminContent.errors.entryRef" }));

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

    it("refuses an entrant's private picture as a winner's image", async () => {
      const file = path.join(bed.config.dataDir, "winner-entry-picture.jpg");
      writeFileSync(
        file,
        await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7a1f" } })
          .jpeg()
          .toBuffer(),
      );
      const secret = await bed.services.media.storeImage(file, { purpose: "entry" });
      const input = winnerSchema.parse({
        year: 2024,
        title: "Ảnh bài dự thi chưa công bố",
        categoryLabelVi: "Giải riêng",
        prize: "gold",
        imageMediaId: String(secret.id),
      });
      expect(await bed.services.contentAdmin.saveWinner(EDITOR, null, input)).toEqual(
        fieldRefusal({ image: "adminContent.errors.imagePrivate" }),
      );
      const shown = await bed.services.content.winners({ year: 2024, pageSize: 1000 }, "vi");
      expect(shown.items.some((w) => w.title === "Ảnh bài dự thi chưa công bố")).toBe(false);
    });

    it("links a winner to an existing entry by its code or id", async () => {
      await addWinningEntry(bed.services, bed.db, {
        email: "lien-ket@example.vn",
        id: "0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01",
        code: "VX24-TVC-0042",
        brand: "Sen",
        campaign: "Tết",
      });
      const base = {
        year: 2024,
        title: "Tác phẩm liên kết",
        categoryLabelVi: "Nhãn",
        prize: "gold",
      };
      const byCode = await createWinner(winnerSchema.parse({ ...base, entryRef: "VX24-TVC-0042" }));
      expect(byCode.entryId).toBe("0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01");
      // Staff see the entry by its code, in the list and in the form.
      expect(byCode.entryCode).toBe("VX24-TVC-0042");
      const listed = await bed.services.contentAdmin.winnersList({ year: 2024, pageSize: 500 });
      expect(listed.items.find((w) => w.id === byCode.id)?.entryCode).toBe("VX24-TVC-0042");
      const byId = await updateWinner(
        byCode.id,
        winnerSchema.parse({ ...base, entryRef: "0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01" }),
      );
      expect(byId?.entryId).toBe("0b7e6a52-6c1f-4c1e-9d7a-2f2d3f1e0a01");
      const unlinked = await updateWinner(byCode.id, winnerSchema.parse({ ...base, entryRef: "" }));
      expect(unlinked?.entryId).toBeNull();
      await bed.services.contentAdmin.deleteWinner(EDITOR, byCode.id);
    });

    it("stores XSS payloads in every text field as plain text", async () => {
      for (const payload of XSS) {
        const created = await createWinner(
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
        const stored = (await bed.services.contentAdmin.winnerGet(created.id))!;
        expect([
          stored.title,
          stored.brand,
          stored.agency,
          stored.categoryLabelVi,
          stored.categoryLabelEn,
        ]).toEqual(Array(5).fill(payload));
        expect(stored.videoUrl).toBeNull();
        await bed.services.contentAdmin.deleteWinner(EDITOR, created.id);
      }
    });
  });
});
