import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabases } from "../../test-support/databases";
import { mailCount, moved, staffActor, statusOf, submittedEntry } from "./lifecycle-testbed";
import { entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("bulk status changes", () => {
    const t = entriesTestbed(target);

    it("moves the entries that can move and says why each other one was skipped", async () => {
      const movable = await submittedEntry(t, t.bob);
      await moved(t, movable.id, "paid", "finance");
      const stale = await submittedEntry(t, t.bob);
      await moved(t, stale.id, "paid", "finance");
      const staleSeen = await statusOf(t, stale.id);
      // Someone else acts on it after the table was drawn.
      await moved(t, stale.id, "needs_changes", "admin", {
        reason: "Thiếu phụ đề",
        changesDueOn: "2026-09-30",
      });
      const unpaid = await submittedEntry(t, t.bob);
      const missing = randomUUID();
      const mailsBefore = await mailCount(t, "bob@example.com", "entryStatusChanged");

      const result = await t.entries.changeStatuses(staffActor(t, "jury_manager"), {
        to: "accepted",
        reason: "",
        entries: [
          { id: movable.id, statusVersion: (await statusOf(t, movable.id)).statusVersion },
          { id: stale.id, statusVersion: staleSeen.statusVersion },
          { id: unpaid.id, statusVersion: (await statusOf(t, unpaid.id)).statusVersion },
          { id: missing, statusVersion: 1 },
          // The same row twice moves once.
          { id: movable.id, statusVersion: (await statusOf(t, movable.id)).statusVersion },
        ],
      });
      expect(result).toEqual({
        ok: true,
        changed: [{ id: movable.id, code: movable.code }],
        skipped: [
          { id: stale.id, code: stale.code, reason: "conflict" },
          { id: unpaid.id, code: unpaid.code, reason: "notAllowed" },
          { id: missing, code: null, reason: "notFound" },
        ],
      });
      expect((await statusOf(t, movable.id)).status).toBe("accepted");
      expect((await statusOf(t, stale.id)).status).toBe("needs_changes");
      expect((await statusOf(t, unpaid.id)).status).toBe("submitted");
      expect((await t.entries.statusHistory(movable.id)).at(-1)).toMatchObject({
        from: "paid",
        to: "accepted",
        actorRole: "jury_manager",
      });
      // One audit entry per moved entry, and one email, queued with the move and sent by the
      // mail job after the answer.
      await expect
        .poll(() => mailCount(t, "bob@example.com", "entryStatusChanged"))
        .toBe(mailsBefore + 1);
      expect(await t.db.kysely.selectFrom("mail_retries").selectAll().execute()).toEqual([]);
      const { items } = await t.services.audit.list({ targetType: "entry", pageSize: 200 });
      expect(items.filter((i) => i.summary.to === "accepted").map((i) => i.targetId)).toEqual([
        movable.id,
      ]);
    });

    it("checks the reason and due date once for the whole selection", async () => {
      const entry = await submittedEntry(t);
      await moved(t, entry.id, "paid", "finance");
      const selection = [
        { id: entry.id, statusVersion: (await statusOf(t, entry.id)).statusVersion },
      ];
      const actor = staffActor(t, "admin");
      expect(
        await t.entries.changeStatuses(actor, { to: "rejected", reason: " ", entries: selection }),
      ).toEqual({
        ok: false,
        status: 400,
        fieldErrors: { reason: "entryAdmin.validation.reasonRequired" },
      });
      expect(
        await t.entries.changeStatuses(actor, {
          to: "needs_changes",
          reason: "Bổ sung video",
          changesDueOn: "2026-08-01",
          entries: selection,
        }),
      ).toMatchObject({ fieldErrors: { changesDueOn: "entryAdmin.validation.dueDatePast" } });
      expect(
        await t.entries.changeStatuses(actor, { to: "accepted", reason: "", entries: [] }),
      ).toMatchObject({ fieldErrors: { entries: "entryAdmin.validation.selectEntries" } });
      expect((await statusOf(t, entry.id)).status).toBe("paid");

      const sent = await t.entries.changeStatuses(actor, {
        to: "needs_changes",
        reason: "Bổ sung video",
        changesDueOn: "2026-10-01",
        entries: selection,
      });
      expect(sent).toMatchObject({ ok: true, changed: [{ id: entry.id }], skipped: [] });
      expect((await t.entries.get(t.alice, entry.id))!.changesRequested).toEqual({
        reason: "Bổ sung video",
        dueAt: "2026-10-01T16:59:59.000Z",
        // The season stays open longer than the date given: editing ends when it closes.
        editableUntil: { at: "2026-12-31T16:59:59.000Z", by: "window" },
      });
    });
  });
});
