import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { queuedMailSent } from "../../test-support/mail";
import {
  mailCount,
  moved,
  moveTo,
  newestMail,
  statusOf,
  submittedEntry,
} from "./lifecycle-testbed";
import { AFTER_CLOSE, entriesTestbed, file, NOW, PDF } from "./testbed";

/** 15/01/2027 in Vietnam: two weeks after the demo 2026 season closed. */
const DUE_ON = "2027-01-15";
const DUE_AT = "2027-01-15T16:59:59.000Z";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("the entrant's side of the lifecycle", () => {
    const t = entriesTestbed(target);

    /** A submitted, paid entry sent back for changes until DUE_ON. */
    async function sentBack() {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      await moved(t, entry.id, "needs_changes", "jury_manager", {
        reason: "Bổ sung bản cam kết bản quyền có chữ ký.",
        changesDueOn: DUE_ON,
      });
      return entry;
    }

    it("records the entrant's submission and withdrawal in the history", async () => {
      const entry = await submittedEntry(t);
      const withdrawn = await t.entries.withdraw(t.alice, entry.id);
      expect(withdrawn).toMatchObject({ ok: true, emailed: true, entry: { status: "withdrawn" } });
      await queuedMailSent(t.db);
      const history = await t.entries.statusHistory(entry.id);
      expect(history).toEqual([
        expect.objectContaining({
          from: "draft",
          to: "submitted",
          actorRole: "entrant",
          actorName: "Trần Thị Ánh",
          reason: "",
          changesDueAt: null,
          at: NOW.toISOString(),
        }),
        expect.objectContaining({ from: "submitted", to: "withdrawn", actorRole: "entrant" }),
      ]);
      expect(await statusOf(t, entry.id)).toEqual({ status: "withdrawn", statusVersion: 3 });
      const mail = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(mail!.text).toContain("Trạng thái mới: Đã rút");
      // A draft never reached the organisers: its withdrawal is recorded, not emailed.
      const before = await mailCount(t, "alice@example.vn", "entryStatusChanged");
      const draft = await t.draft();
      expect(await t.entries.withdraw(t.alice, draft.id)).toMatchObject({ emailed: false });
      await queuedMailSent(t.db);
      expect(await t.entries.statusHistory(draft.id)).toEqual([
        expect.objectContaining({ from: "draft", to: "withdrawn", actorRole: "entrant" }),
      ]);
      expect(await mailCount(t, "alice@example.vn", "entryStatusChanged")).toBe(before);
    });

    it("re-opens editing after the deadline until the due date, and a paid entry comes back paid", async () => {
      const entry = await sentBack();
      // The due date comes after the season closes: the email names it, in Vietnamese.
      const asked = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(asked!.text).toContain("Hạn chỉnh sửa: 15/01/2027 23:59\n");
      expect(asked!.text).toContain(
        "Bạn có thể chỉnh sửa và nộp lại đến 15/01/2027 23:59 (giờ Việt Nam), kể cả khi đã hết hạn nộp bài.",
      );
      expect(asked!.text).toContain("Sau 15/01/2027 23:59, bài dự thi sẽ bị khoá chỉnh sửa.");
      t.now = AFTER_CLOSE;
      const seen = await t.entries.get(t.alice, entry.id);
      expect(seen).toMatchObject({
        status: "needs_changes",
        editable: true,
        changesRequested: {
          reason: "Bổ sung bản cam kết bản quyền có chữ ký.",
          dueAt: DUE_AT,
          editableUntil: { at: DUE_AT, by: "changesDue" },
        },
      });
      const listed = (await t.entries.listForEntrant(t.alice)).find((e) => e.id === entry.id)!;
      expect(listed).toMatchObject({
        editable: true,
        changesRequested: { reason: "Bổ sung bản cam kết bản quyền có chữ ký.", dueAt: DUE_AT },
      });
      // Every write the form makes goes through, although the season is closed.
      const saved = await t.entries.saveDraft(t.alice, entry.id, { brandName: "Trà Xanh 0 Độ" });
      expect(saved).toMatchObject({ ok: true, entry: { values: { brandName: "Trà Xanh 0 Độ" } } });
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "copyrightCommitment", 50_000)).toBe(
        null,
      );
      // The commitment is replaced by uploading another: removing the only one is refused
      // (the entry was submitted, and stays complete).
      const old = seen!.files.find((f) => f.field === "copyrightCommitment")!;
      expect((await t.entries.removeFile(t.alice, entry.id, old.id)).ok).toBe(false);
      expect((await t.attach(entry.id, "copyrightCommitment", file(PDF))).ok).toBe(true);
      const replaced = (await t.entries.get(t.alice, entry.id))!.files.filter(
        (f) => f.field === "copyrightCommitment",
      );
      expect(replaced.map((f) => f.id)).not.toContain(old.id);
      expect(replaced).toHaveLength(1);

      const resubmitted = await t.entries.submit(t.alice, entry.id);
      expect(resubmitted).toMatchObject({
        ok: true,
        receiptQueued: true,
        entry: { status: "paid" },
      });
      await queuedMailSent(t.db);
      // The first submission's time stays: fees and charts count from it.
      expect(!resubmitted.ok || resubmitted.entry.submittedAt).toBe(NOW.toISOString());
      expect(!resubmitted.ok || resubmitted.entry.changesRequested).toBeNull();
      const history = await t.entries.statusHistory(entry.id);
      expect(history.slice(-2)).toEqual([
        expect.objectContaining({
          from: "needs_changes",
          to: "submitted",
          actorRole: "entrant",
          actorName: "Trần Thị Ánh",
          at: AFTER_CLOSE.toISOString(),
        }),
        expect.objectContaining({
          from: "submitted",
          to: "paid",
          actorRole: "system",
          actorName: "",
          changesDueAt: null,
        }),
      ]);
      expect(await statusOf(t, entry.id)).toEqual({ status: "paid", statusVersion: 6 });
      // Resubmitted and back for screening: not worded as a payment just made.
      const mail = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(mail!.subject).toBe(
        `Bài dự thi ${entry.code} “Tết sum vầy”: Đã nộp lại, chờ xét duyệt – Giải thưởng Vạn Xuân`,
      );
      expect(mail!.text).toContain("đã nhận được bài dự thi bạn vừa chỉnh sửa và nộp lại");
      expect(mail!.text).toContain("Bài sẽ được Ban Thư ký xét duyệt lại");
      expect(mail!.text).toContain("Trạng thái mới: Đã nộp lại, chờ xét duyệt\n");
      expect(mail!.text).not.toContain("Đã thanh toán");
      // Back in screening, and locked again for the entrant (the season is closed).
      expect((await t.entries.get(t.alice, entry.id))!.editable).toBe(false);
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "x" })).toMatchObject({
        status: 403,
        formError: "entry.problems.submissionClosed",
      });
      // The secretariat can now accept it.
      await moved(t, entry.id, "accepted", "jury_manager");
    });

    it("locks the entry again once the due date has passed", async () => {
      const entry = await sentBack();
      // The last minute of 15/01/2027 in Vietnam is still open …
      t.now = new Date("2027-01-15T16:59:00.000Z");
      expect((await t.entries.get(t.alice, entry.id))!.editable).toBe(true);
      // … the next day is not.
      t.now = new Date("2027-01-15T17:00:00.000Z");
      const seen = await t.entries.get(t.alice, entry.id);
      expect(seen).toMatchObject({ editable: false, changesRequested: { dueAt: DUE_AT } });
      const closed = { status: 403, formError: "entry.problems.submissionClosed" };
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "x" })).toMatchObject(
        closed,
      );
      expect(await t.entries.submit(t.alice, entry.id)).toMatchObject(closed);
      expect(await t.attach(entry.id, "slidesVi", file(PDF))).toMatchObject(closed);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "slidesVi", 50_000)).toBe(
        "entry.problems.submissionClosed",
      );
      const listed = (await t.entries.listForEntrant(t.alice)).find((e) => e.id === entry.id)!;
      expect(listed.editable).toBe(false);
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "needs_changes" });
    });

    it("lets the secretariat give more time after the due date, or reject an entry never fixed", async () => {
      const entry = await sentBack();
      t.now = new Date("2027-01-16T03:00:00.000Z");
      expect((await t.entries.get(t.alice, entry.id))!.editable).toBe(false);
      // A new date re-opens editing until then, and the entrant is told the new date.
      await moved(t, entry.id, "needs_changes", "jury_manager", {
        reason: "Gia hạn: bổ sung bản cam kết bản quyền có chữ ký.",
        changesDueOn: "2027-01-25",
      });
      expect(await t.entries.get(t.alice, entry.id)).toMatchObject({
        status: "needs_changes",
        editable: true,
        changesRequested: { dueAt: "2027-01-25T16:59:59.000Z" },
      });
      const mail = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(mail!.text).toContain("25/01/2027");
      expect((await t.entries.statusHistory(entry.id)).at(-1)).toMatchObject({
        from: "needs_changes",
        to: "needs_changes",
        changesDueAt: "2027-01-25T16:59:59.000Z",
      });
      // Past that date as well, the secretariat closes it: rejected, with the reason.
      t.now = new Date("2027-01-26T03:00:00.000Z");
      expect(
        await moveTo(t, entry.id, "rejected", "finance", { reason: "Không bổ sung." }),
      ).toMatchObject({ ok: false, status: 403 });
      await moved(t, entry.id, "rejected", "jury_manager", { reason: "Không bổ sung hồ sơ." });
      expect(await statusOf(t, entry.id)).toMatchObject({ status: "rejected" });
      expect((await t.entries.get(t.alice, entry.id))!.editable).toBe(false);
    });

    it("keeps an entry sent back for changes editable while the season is open, whatever the date", async () => {
      const entry = await sentBack();
      t.now = new Date("2026-12-01T03:00:00.000Z");
      expect((await t.entries.get(t.alice, entry.id))!.editable).toBe(true);
      // A due date inside the window: the entry stays open until the window closes, and the
      // entrant's email, page and dashboard all name that moment.
      const closes = "2026-12-31T16:59:59.000Z";
      t.now = NOW;
      await moved(t, entry.id, "needs_changes", "jury_manager", {
        reason: "Bổ sung phụ đề tiếng Anh.",
        changesDueOn: "2026-09-20",
      });
      const mail = await newestMail(t, "alice@example.vn", "entryStatusChanged");
      expect(mail!.text).toContain("Hạn chỉnh sửa: 31/12/2026 23:59\n");
      expect(mail!.text).toContain(
        "Bạn có thể chỉnh sửa và nộp lại đến 31/12/2026 23:59 (giờ Việt Nam), khi mùa giải hết hạn nhận bài dự thi.",
      );
      expect(mail!.text).toContain("Sau 31/12/2026 23:59, bài dự thi sẽ bị khoá chỉnh sửa.");
      expect(mail!.text).not.toContain("20/09/2026");
      // Past the date given, still open until the season closes …
      t.now = new Date("2026-10-01T03:00:00.000Z");
      const until = {
        dueAt: "2026-09-20T16:59:59.000Z",
        editableUntil: { at: closes, by: "window" },
      };
      expect(await t.entries.get(t.alice, entry.id)).toMatchObject({
        editable: true,
        changesRequested: until,
      });
      expect(
        (await t.entries.listForEntrant(t.alice)).find((e) => e.id === entry.id),
      ).toMatchObject({ editable: true, changesRequested: until });
      // … and locked from then, the page saying when it locked.
      t.now = AFTER_CLOSE;
      expect(await t.entries.get(t.alice, entry.id)).toMatchObject({
        editable: false,
        changesRequested: until,
      });
      // Someone else's entry stays out of reach, re-opened or not.
      expect(await t.entries.saveDraft(t.bob, entry.id, { brandName: "x" })).toMatchObject({
        status: 404,
      });
    });
  });
});
