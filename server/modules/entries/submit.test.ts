import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { queuedMailSent } from "../../test-support/mail";
import { COMPLETE_TEXT, enterprise, entriesTestbed, file, NOW, PDF } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("submit", () => {
    const t = entriesTestbed(target);

    it("lists what is missing, then submits and queues the receipt, which the mail job sends", async () => {
      const entry = await t.draft(t.alice, { categoryId: t.cat("TVC").id, brandName: "Vinamilk" });
      const refused = await t.entries.submit(t.alice, entry.id);
      expect(refused).toMatchObject({ ok: false, status: 422 });
      const missing = !refused.ok ? refused.missing! : [];
      expect(missing.map((m) => m.field)).toEqual([
        "campaignName",
        "descriptionVi",
        "descriptionEn",
        "startMonth",
        "startYear",
        "imageIds",
        "videoFileId",
        "ideaArticleViFileId",
        "legalCommitmentFileId",
        "copyrightCommitmentFileId",
      ]);
      expect(missing.find((m) => m.field === "imageIds")).toEqual({
        field: "imageIds",
        messageKey: "validation.entryImagesRequired",
        itemKey: "entry.missing.images",
      });
      expect((await t.entries.get(t.alice, entry.id))!.status).toBe("draft");

      const complete = await t.completeDraft();
      expect(complete.code).toMatch(/^VX26-TVC-/);
      const before = await t.services.mail.listOutbox({ pageSize: 100 });
      const submitted = await t.entries.submit(t.alice, complete.id);
      expect(submitted).toMatchObject({ ok: true, receiptQueued: true });
      if (!submitted.ok) return;
      expect(submitted.entry).toMatchObject({
        status: "submitted",
        submittedAt: NOW.toISOString(),
        missing: [],
      });
      await queuedMailSent(t.db);
      const outbox = await t.services.mail.listOutbox({ pageSize: 100 });
      expect(outbox.total).toBe(before.total + 1);
      const receipt = outbox.items.find((m) => m.template === "entryReceipt")!;
      expect(receipt).toMatchObject({
        to: "alice@example.vn",
        lang: "vi",
        subject: `Đã nhận bài dự thi ${complete.code} – Giải thưởng Vạn Xuân`,
      });
      const message = await t.services.mail.readOutboxMessage(receipt.id);
      expect(message!.text).toContain(`Mã bài dự thi: ${complete.code}`);
      expect(message!.text).toContain("Chiến dịch / dự án / tác phẩm: Tết sum vầy");
      // The group too: several groups have a "Chiến dịch" category.
      expect(message!.text).toContain("Hạng mục: Truyền hình – Chiến dịch");
      expect(message!.text).toContain("Ngày nộp: 01/09/2026");
      expect(message!.text).toContain("(31/12/2026)");
      expect(message!.text).toContain("http://localhost:3000/tai-khoan");
      // Submitting again is refused; the entry stays editable until the deadline.
      expect(await t.entries.submit(t.alice, complete.id)).toMatchObject({
        status: 409,
        formError: "entry.problems.alreadySubmitted",
      });
      const edited = await t.entries.saveDraft(t.alice, complete.id, { brandName: "Sửa sau nộp" });
      expect(edited.ok && edited.entry.status).toBe("submitted");
      // …but not its category (the code and the fee depend on it).
      expect(
        await t.entries.saveDraft(t.alice, complete.id, { categoryId: t.cat("OLC").id }),
      ).toMatchObject({ fieldErrors: { categoryId: "entry.problems.categoryLocked" } });
    });

    it("sends the receipt in the entrant's language", async () => {
      const entry = await t.completeDraft(t.bob);
      const submitted = await t.entries.submit(t.bob, entry.id);
      expect(submitted.ok).toBe(true);
      await queuedMailSent(t.db);
      const outbox = await t.services.mail.listOutbox({ pageSize: 100 });
      const receipt = outbox.items.find((m) => m.to === "bob@example.com")!;
      expect(receipt.lang).toBe("en");
      expect(receipt.subject).toBe(`Entry ${entry.code} received – Van Xuan Awards`);
      const message = await t.services.mail.readOutboxMessage(receipt.id);
      expect(message!.text).toContain("Category: Television – Campaigns");
      expect(message!.text).toContain("http://localhost:3000/en/tai-khoan");
    });

    it("keeps an unconfirmed account's entry a draft until its email is confirmed", async () => {
      const dung = await t.services.identity.createEntrant({
        email: "dung@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Lê Văn Dũng"),
      });
      await t.db.kysely
        .updateTable("user")
        .set({ emailVerified: t.db.kind === "postgres" ? false : 0 })
        .where("id", "=", dung)
        .execute();
      // Drafts may start before the address is confirmed …
      const entry = await t.completeDraft(dung);
      const refused = await t.entries.submit(dung, entry.id);
      expect(refused).toMatchObject({
        ok: false,
        status: 403,
        formError: "entry.problems.emailUnverified",
      });
      expect((await t.entries.get(dung, entry.id))!.status).toBe("draft");
      const outbox = await t.services.mail.listOutbox({ pageSize: 100 });
      expect(outbox.items.some((m) => m.to === "dung@example.vn")).toBe(false);
      // … and once it is, the same entry goes in.
      await t.services.identity.markEmailVerified(dung);
      expect(await t.entries.submit(dung, entry.id)).toMatchObject({
        ok: true,
        entry: { status: "submitted" },
      });
    });

    it("accepts a YouTube link for the video, and no video where the category needs none", async () => {
      const entry = await t.draft(t.alice, {
        ...COMPLETE_TEXT,
        categoryId: t.cat("COM").id,
      });
      for (const field of [
        "images",
        "slidesEn",
        "legalCommitment",
        "copyrightCommitment",
      ] as const) {
        const facts = field === "images" ? file() : file(PDF);
        expect((await t.attach(entry.id, field, facts)).ok).toBe(true);
      }
      expect((await t.entries.get(t.alice, entry.id))!.missing).toEqual([]);
      expect((await t.entries.submit(t.alice, entry.id)).ok).toBe(true);
    });
  });
});
