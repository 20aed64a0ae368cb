import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { queuedMailSent } from "../../test-support/mail";
import { AFTER_CLOSE, CLOSES, entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("deadline", () => {
    const t = entriesTestbed(target);

    it("makes entries read-only after the submission deadline", async () => {
      const entry = await t.completeDraft();
      const image = (await t.entries.get(t.alice, entry.id))!.files[0]!;
      t.now = AFTER_CLOSE;
      const closed = {
        ok: false,
        status: 403,
        formError: "entry.problems.submissionClosed",
      };
      expect(await t.entries.createDraft(t.alice)).toMatchObject(closed);
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "Muộn" })).toMatchObject(
        closed,
      );
      expect(await t.attach(entry.id, "images")).toMatchObject(closed);
      expect(await t.entries.removeFile(t.alice, entry.id, image.id)).toMatchObject(closed);
      expect(await t.entries.submit(t.alice, entry.id)).toMatchObject(closed);
      expect(
        await t.entries.duplicate(t.alice, entry.id, { categoryId: t.cat("OLC").id }),
      ).toMatchObject(closed);
      expect(await t.entries.uploadAllowed(t.alice, entry.id, "images", 1000)).toBe(
        "entry.problems.submissionClosed",
      );
      const after = (await t.entries.get(t.alice, entry.id))!;
      expect(after).toMatchObject({ editable: false, status: "draft", version: entry.version });
      expect(after.files).toHaveLength(5);
      // Before the window opens, no new draft either.
      t.now = new Date("2026-07-01T00:00:00.000Z");
      expect(await t.entries.createDraft(t.alice)).toMatchObject({
        status: 403,
        formError: "entry.problems.submissionNotOpen",
      });
      // One millisecond before the deadline it was still open.
      t.now = new Date(Date.parse(CLOSES) - 1);
      expect((await t.entries.saveDraft(t.alice, entry.id, { brandName: "Kịp" })).ok).toBe(true);
      t.now = new Date(CLOSES);
      expect(await t.entries.saveDraft(t.alice, entry.id, { brandName: "Trễ" })).toMatchObject(
        closed,
      );
    });

    it("takes late entries after the submission deadline until the late deadline", async () => {
      // Late entries until 07/01/2027 23:59:59 in Vietnam.
      const lateDeadline = "2027-01-07T16:59:59.999Z";
      const season = () => t.db.kysely.updateTable("seasons").where("year", "=", 2026);
      await season().set({ late_deadline: lateDeadline }).execute();
      try {
        const before = await t.draft();
        const onTime = await t.completeDraft();
        expect((await t.entries.submit(t.alice, onTime.id)).ok).toBe(true);
        t.now = AFTER_CLOSE;
        const window = (await t.services.seasons.current())!.submission;
        expect(window).toEqual({ state: "open", closesAt: lateDeadline, late: true });
        // An entry begun before the deadline, and one begun in the late period, both go in.
        expect((await t.entries.saveDraft(t.alice, before.id, { brandName: "Muộn" })).ok).toBe(
          true,
        );
        const late = await t.completeDraft();
        expect((await t.entries.get(t.alice, late.id))!.editable).toBe(true);
        const submitted = await t.entries.submit(t.alice, late.id);
        expect(submitted.ok && submitted.entry.status).toBe("submitted");
        // Staff see it came in late; an entry submitted before the deadline is not marked.
        expect((await t.entries.getForStaff(late.id))?.submittedLate).toBe(true);
        expect((await t.entries.getForStaff(onTime.id))?.submittedLate).toBe(false);
        // The receipt gives the late deadline as the last day to change the entry.
        await queuedMailSent(t.db);
        const outbox = await t.services.mail.listOutbox({ pageSize: 100 });
        const receipt = outbox.items.find(
          (m) => m.template === "entryReceipt" && m.subject.includes(late.code ?? "?"),
        );
        const message = await t.services.mail.readOutboxMessage(receipt!.id);
        expect(message!.text).toContain("(07/01/2027)");
        // At the late deadline itself, submission is closed, and says when it closed.
        t.now = new Date(Date.parse(lateDeadline) + 1);
        expect((await t.services.seasons.current())!.submission).toEqual({
          state: "closed",
          closedAt: lateDeadline,
        });
        expect(await t.entries.saveDraft(t.alice, late.id, { brandName: "Trễ" })).toMatchObject({
          ok: false,
          status: 403,
          formError: "entry.problems.submissionClosed",
        });
        expect((await t.entries.get(t.alice, late.id))!.editable).toBe(false);
      } finally {
        await season().set({ late_deadline: null }).execute();
      }
    });
  });
});
