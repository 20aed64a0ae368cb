import { describe, expect, it } from "vitest";
import { canTransition, ENTRY_STATUSES, nextStatuses } from "../../../core/entry-status";
import { STAFF_ROLES } from "../../../core/roles";
import { testDatabases } from "../../test-support/databases";
import { moveTo, statusOf } from "./lifecycle-testbed";
import { recordTransition } from "./record-transition";
import { entriesTestbed } from "./testbed";

describe.each(testDatabases())("entries on $name", (target) => {
  describe.skipIf(!target.available)("the status moves staff may make", () => {
    const t = entriesTestbed(target);

    it("allows exactly the moves core/entry-status.ts gives each role, from every state", async () => {
      const entry = await t.completeDraft();
      const put = (status: string) =>
        t.db.kysely.updateTable("entries").set({ status }).where("id", "=", entry.id).execute();
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const from of ENTRY_STATUSES) {
        for (const role of STAFF_ROLES) {
          for (const to of ENTRY_STATUSES) {
            await put(from);
            const result = await moveTo(t, entry.id, to, role, {
              reason: "Lý do của Ban Thư ký",
              changesDueOn: "2026-10-15",
            });
            outcomes.push(`${from} → ${to} by ${role}: ${result.ok ? "ok" : result.status}`);
            // Allowed; forbidden when the move exists for someone else; else a clash with the state.
            const answer = canTransition(from, to, role)
              ? "ok"
              : nextStatuses(from).includes(to)
                ? 403
                : 409;
            expected.push(`${from} → ${to} by ${role}: ${answer}`);
          }
        }
      }
      expect(outcomes).toEqual(expected);
      // Spot checks, so the table above cannot agree with itself by accident.
      expect(outcomes).toContain("paid → needs_changes by jury_manager: ok");
      expect(outcomes).toContain("submitted → paid by finance: ok");
      expect(outcomes).toContain("paid → accepted by finance: 403");
      expect(outcomes).toContain("draft → submitted by admin: 403");
      expect(outcomes).toContain("submitted → accepted by admin: 409");
      expect(outcomes).toContain("shortlisted → withdrawn by admin: 409");
      expect(outcomes).toContain("needs_changes → needs_changes by jury_manager: ok");
      expect(outcomes).toContain("needs_changes → rejected by jury_manager: ok");
      expect(outcomes).toContain("needs_changes → rejected by finance: 403");
      // A screening decision taken back (with a reason), by the secretariat only.
      expect(outcomes).toContain("rejected → paid by jury_manager: ok");
      expect(outcomes).toContain("accepted → paid by admin: ok");
      expect(outcomes).toContain("rejected → paid by finance: 403");
      expect(outcomes).toContain("rejected → accepted by admin: 409");
      expect(outcomes.filter((o) => o.endsWith("ok"))).toHaveLength(33);
      expect(outcomes.filter((o) => o.startsWith("paid") && o.includes("by editor: ok"))).toEqual(
        [],
      );
    }, 120_000);

    it("writes nothing when the version the mover saw is no longer current", async () => {
      const entry = await t.completeDraft();
      const { statusVersion } = await statusOf(t, entry.id);
      const move = {
        from: "draft" as const,
        to: "withdrawn" as const,
        actor: { userId: t.staff, role: "admin" as const, name: "Phạm Quản Trị" },
        at: t.now.toISOString(),
      };
      const stale = await t.db.kysely
        .transaction()
        .execute((trx) =>
          recordTransition(trx, entry.id, { ...move, statusVersion: statusVersion + 1 }),
        );
      expect(stale).toBe(false);
      expect(await statusOf(t, entry.id)).toEqual({ status: "draft", statusVersion });
      expect(await t.entries.statusHistory(entry.id)).toEqual([]);
      const current = await t.db.kysely
        .transaction()
        .execute((trx) => recordTransition(trx, entry.id, { ...move, statusVersion }));
      expect(current).toBe(true);
      expect(await statusOf(t, entry.id)).toEqual({
        status: "withdrawn",
        statusVersion: statusVersion + 1,
      });
    });
  });
});
