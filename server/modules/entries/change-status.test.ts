import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { SUBJECTS } from "../../test-support/email-subjects";
import {
  mailCount,
  moved,
  moveTo,
  newestMail,
  staffActor,
  statusOf,
  submittedEntry,
} from "./lifecycle-testbed";
import { enterprise, entriesTestbed, NOW } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("staff status changes", () => {
    const t = entriesTestbed(target);

    it("walks an entry to an award, one history row per move, each version moving on", async () => {
      const entry = await submittedEntry(t);
      expect(await statusOf(t, entry.id)).toEqual({ status: "submitted", statusVersion: 2 });
      const paid = await moved(t, entry.id, "paid", "finance");
      expect(paid).toMatchObject({
        ok: true,
        entry: { id: entry.id, code: entry.code, status: "paid", statusVersion: 3 },
      });
      await moved(t, entry.id, "accepted", "jury_manager");
      await moved(t, entry.id, "shortlisted", "jury_manager");
      await moved(t, entry.id, "winner", "admin");
      expect(await statusOf(t, entry.id)).toEqual({ status: "winner", statusVersion: 6 });

      const history = await t.entries.statusHistory(entry.id);
      expect(history.map((h) => [h.from, h.to, h.actorRole, h.actorName])).toEqual([
        ["draft", "submitted", "entrant", "Trần Thị Ánh"],
        ["submitted", "paid", "finance", "Hoàng Kế Toán"],
        ["paid", "accepted", "jury_manager", "Vũ Thư Ký"],
        ["accepted", "shortlisted", "jury_manager", "Vũ Thư Ký"],
        ["shortlisted", "winner", "admin", "Phạm Quản Trị"],
      ]);
      expect(history.every((h) => h.at === NOW.toISOString())).toBe(true);
      // Oldest first.
      expect(history.map((h) => h.id)).toEqual([...history.map((h) => h.id)].sort((a, b) => a - b));
      // Staff moves do not touch what the entrant's open form holds.
      const after = await t.entries.get(t.alice, entry.id);
      expect(after!.version).toBe(entry.version);
      expect(after!.submittedAt).toBe(entry.submittedAt);
    });

    it("refuses a move the state or the role does not allow, changing nothing", async () => {
      const entry = await submittedEntry(t);
      const before = await statusOf(t, entry.id);
      // Nobody takes a submitted entry straight to accepted: the state clashes.
      expect(await moveTo(t, entry.id, "accepted", "admin")).toEqual({
        ok: false,
        status: 409,
        code: "notAllowed",
        formError: "entryAdmin.problems.transitionNotAllowed",
      });
      // The move exists, but not for this role.
      expect(await moveTo(t, entry.id, "paid", "editor")).toMatchObject({
        status: 403,
        code: "notAllowed",
      });
      expect(await moveTo(t, entry.id, "paid", "jury_manager")).toMatchObject({ status: 403 });
      expect(await statusOf(t, entry.id)).toEqual(before);
      expect(await t.entries.statusHistory(entry.id)).toHaveLength(1);

      const draft = await t.draft();
      expect(await moveTo(t, draft.id, "submitted", "admin")).toMatchObject({ status: 403 });
      expect(
        await t.entries.changeStatus(staffActor(t, "admin"), crypto.randomUUID(), {
          to: "paid",
          reason: "",
          statusVersion: 1,
        }),
      ).toMatchObject({ status: 404, code: "notFound", formError: "entry.problems.notFound" });
    });

    it("asks for a reason and a future due date, and keeps them in the history", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      expect(await moveTo(t, entry.id, "rejected", "jury_manager")).toEqual({
        ok: false,
        status: 400,
        fieldErrors: { reason: "entryAdmin.validation.reasonRequired" },
      });
      expect(
        await moveTo(t, entry.id, "needs_changes", "jury_manager", { reason: "Thiếu video" }),
      ).toMatchObject({ fieldErrors: { changesDueOn: "entryAdmin.validation.dueDateRequired" } });
      expect(
        await moveTo(t, entry.id, "needs_changes", "jury_manager", {
          reason: "Thiếu video",
          changesDueOn: "2026-02-30",
        }),
      ).toMatchObject({ fieldErrors: { changesDueOn: "validation.noSuchDay" } });
      // NOW is 01/09/2026 10:00 in Vietnam: 31/08 is over, 01/09 still has the rest of the day.
      expect(
        await moveTo(t, entry.id, "needs_changes", "jury_manager", {
          reason: "Thiếu video",
          changesDueOn: "2026-08-31",
        }),
      ).toMatchObject({ fieldErrors: { changesDueOn: "entryAdmin.validation.dueDatePast" } });
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "paid" });

      const sent = await moved(t, entry.id, "needs_changes", "jury_manager", {
        reason: "  Video chưa có phụ đề tiếng Anh.\nVui lòng tải lên bản có phụ đề.  ",
        changesDueOn: "2026-09-01",
      });
      expect(sent).toMatchObject({ entry: { status: "needs_changes" } });
      const last = (await t.entries.statusHistory(entry.id)).at(-1)!;
      expect(last).toMatchObject({
        from: "paid",
        to: "needs_changes",
        actorRole: "jury_manager",
        reason: "Video chưa có phụ đề tiếng Anh.\nVui lòng tải lên bản có phụ đề.",
        // The end of 01/09/2026 in Vietnam.
        changesDueAt: "2026-09-01T16:59:59.000Z",
      });
      const seen = await t.entries.get(t.alice, entry.id);
      expect(seen!.changesRequested).toEqual({
        reason: "Video chưa có phụ đề tiếng Anh.\nVui lòng tải lên bản có phụ đề.",
        dueAt: "2026-09-01T16:59:59.000Z",
        // The season is open until later: that is when editing ends.
        editableUntil: { at: "2026-12-31T16:59:59.000Z", by: "window" },
      });
      // Any other move closes the re-opened editing.
      await moved(t, entry.id, "withdrawn", "admin");
      const row = await t.db.kysely
        .selectFrom("entries")
        .select(["changes_due_at", "withdrawn_at"])
        .where("id", "=", entry.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ changes_due_at: null, withdrawn_at: NOW.toISOString() });
      expect((await t.entries.get(t.alice, entry.id))!.changesRequested).toBeNull();
    });

    it("refuses the second of two changes made from the same page, as a conflict", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const seen = await statusOf(t, entry.id);
      const first = await moveTo(t, entry.id, "accepted", "jury_manager", {
        statusVersion: seen.statusVersion,
      });
      expect(first.ok).toBe(true);
      const second = await moveTo(t, entry.id, "rejected", "admin", {
        reason: "Trùng bài",
        statusVersion: seen.statusVersion,
      });
      expect(second).toEqual({
        ok: false,
        status: 409,
        code: "conflict",
        formError: "entryAdmin.problems.statusConflict",
      });
      expect(await statusOf(t, entry.id)).toEqual({
        status: "accepted",
        statusVersion: seen.statusVersion + 1,
      });
    });

    it("lets exactly one of two simultaneous changes through", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const seen = await statusOf(t, entry.id);
      const results = await Promise.all([
        moveTo(t, entry.id, "accepted", "jury_manager", { statusVersion: seen.statusVersion }),
        moveTo(t, entry.id, "rejected", "admin", {
          reason: "Không phải tác phẩm quảng cáo",
          statusVersion: seen.statusVersion,
        }),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        expect.objectContaining({ status: 409, code: "conflict" }),
      ]);
      const winner = results.find((r) => r.ok)!;
      const history = await t.entries.statusHistory(entry.id);
      expect(history).toHaveLength(3);
      expect(history.at(-1)!.to).toBe(winner.ok ? winner.entry.status : null);
      expect(await statusOf(t, entry.id)).toEqual({
        status: winner.ok ? winner.entry.status : null,
        statusVersion: seen.statusVersion + 1,
      });
    });

    it("emails the entrant in their language, with the reason, the date and a text part", async () => {
      const entry = await submittedEntry(t, t.bob);
      await moved(t, entry.id, "paid", "finance");
      const sent = await moved(t, entry.id, "needs_changes", "jury_manager", {
        reason: "Please upload the copyright commitment signed and stamped.",
        changesDueOn: "2026-09-20",
      });
      expect(sent).toMatchObject({ emailed: true });
      const mail = await newestMail(t, "bob@example.com", "entryStatusChanged");
      expect(mail).toMatchObject({ lang: "en" });
      expect(mail!.subject).toBe(
        SUBJECTS.entryStatusChanged.en.replace("VX26-TVC-0042", entry.code!),
      );
      expect(mail!.text).toContain(`Entry code: ${entry.code}`);
      expect(mail!.text).toContain("New status: Needs changes");
      // Sent back while the season is open: editable until it closes, later than the date given.
      expect(mail!.text).toContain("Changes due by: 31/12/2026 23:59");
      expect(mail!.text).toContain(
        "until 31/12/2026 23:59 (Vietnam time), when the season stops taking entries.",
      );
      expect(mail!.text).toContain("After 31/12/2026 23:59 the entry is locked.");
      expect(mail!.text).not.toContain("20/09/2026");
      expect(mail!.text).toContain(
        "What to change:\nPlease upload the copyright commitment signed and stamped.",
      );
      expect(mail!.text).toContain(`http://localhost:3000/en/nop-bai-du-thi?entry=${entry.id}`);
      expect(mail!.html).toContain("Please upload the copyright commitment signed and stamped.");

      const hoa = await t.services.identity.createEntrant({
        email: "hoa@example.vn",
        password: "mat-khau-rat-dai-2026",
        profile: enterprise("Ngô Thị Hoa"),
      });
      const viEntry = await submittedEntry(t, hoa);
      await moved(t, viEntry.id, "paid", "admin");
      await moved(t, viEntry.id, "accepted", "admin");
      const accepted = await newestMail(t, "hoa@example.vn", "entryStatusChanged");
      expect(accepted).toMatchObject({ lang: "vi" });
      expect(accepted!.subject).toBe(
        `Bài dự thi ${viEntry.code} “Tết sum vầy”: Được chấp nhận – Giải thưởng Vạn Xuân`,
      );
      expect(accepted!.text).toContain("đã được Ban Thư ký chấp nhận");
      expect(accepted!.text).toContain("http://localhost:3000/tai-khoan");
      expect(accepted!.text).not.toContain("Hạn chỉnh sửa");
      // One email per move: paid and accepted.
      expect(await mailCount(t, "hoa@example.vn", "entryStatusChanged")).toBe(2);
    });

    it("records each staff change in the audit log", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const { items } = await t.services.audit.list({ targetType: "entry", pageSize: 200 });
      const mine = items.filter((item) => item.targetId === entry.id);
      expect(mine).toEqual([
        expect.objectContaining({
          action: "entry.status",
          actorId: t.staff,
          actorEmail: "staff@example.vn",
          summary: { code: entry.code, from: "submitted", to: "paid", reason: "" },
        }),
      ]);
    });
  });
});
