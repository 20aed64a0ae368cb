import { describe, expect, it } from "vitest";
import { entryLocksAt } from "./entry-lock";

/** A season taking entries from 01/08/2026 to the end of 31/12/2026 in Vietnam. */
const WINDOW = {
  submissionOpensAt: "2026-07-31T17:00:00.000Z",
  submissionClosesAt: "2026-12-31T16:59:59.999Z",
  lateDeadline: null,
};
const LATE = "2027-01-15T16:59:59.999Z";
/** The end of 20/09/2026 and of 20/01/2027 in Vietnam: due dates staff can choose. */
const DUE_IN_WINDOW = "2026-09-20T16:59:59.000Z";
const DUE_AFTER = "2027-01-20T16:59:59.000Z";

const sentBack = (changesDueAt: string | null) => ({
  status: "needs_changes" as const,
  changesDueAt,
});

describe("when an entry locks for its entrant", () => {
  it("locks an entry sent back for changes when the window closes, while that is later", () => {
    const now = new Date("2026-09-01T03:00:00.000Z");
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), WINDOW, now)).toEqual({
      at: WINDOW.submissionClosesAt,
      by: "window",
    });
    // Past its due date the entry is still open: the window is, and it still locks then.
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), WINDOW, new Date("2026-10-01"))).toEqual({
      at: WINDOW.submissionClosesAt,
      by: "window",
    });
  });

  it("counts the late deadline as the window's end", () => {
    const now = new Date("2026-09-01T03:00:00.000Z");
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), { ...WINDOW, lateDeadline: LATE }, now)).toEqual({
      at: LATE,
      by: "window",
    });
    // A due date after the late deadline still wins.
    expect(entryLocksAt(sentBack(DUE_AFTER), { ...WINDOW, lateDeadline: LATE }, now)).toEqual({
      at: DUE_AFTER,
      by: "changesDue",
    });
  });

  it("locks at the due date when it is later than the window's end, or the window is over", () => {
    expect(entryLocksAt(sentBack(DUE_AFTER), WINDOW, new Date("2026-09-01"))).toEqual({
      at: DUE_AFTER,
      by: "changesDue",
    });
    expect(entryLocksAt(sentBack(DUE_AFTER), WINDOW, new Date("2027-01-05"))).toEqual({
      at: DUE_AFTER,
      by: "changesDue",
    });
  });

  it("says when an entry past both moments locked: the later one", () => {
    const after = new Date("2027-02-01");
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), WINDOW, after)).toEqual({
      at: WINDOW.submissionClosesAt,
      by: "window",
    });
    expect(entryLocksAt(sentBack(DUE_AFTER), WINDOW, after)).toEqual({
      at: DUE_AFTER,
      by: "changesDue",
    });
  });

  it("keeps to the due date while the window has not opened or has no dates", () => {
    const early = new Date("2026-07-01");
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), WINDOW, early)).toEqual({
      at: DUE_IN_WINDOW,
      by: "changesDue",
    });
    const unscheduled = { submissionOpensAt: null, submissionClosesAt: null, lateDeadline: null };
    expect(entryLocksAt(sentBack(DUE_IN_WINDOW), unscheduled, early)).toEqual({
      at: DUE_IN_WINDOW,
      by: "changesDue",
    });
  });

  it("locks any other editable entry when the window closes", () => {
    const now = new Date("2026-09-01");
    for (const status of ["draft", "submitted", "paid"] as const) {
      expect(entryLocksAt({ status, changesDueAt: null }, WINDOW, now)).toEqual({
        at: WINDOW.submissionClosesAt,
        by: "window",
      });
    }
    // An entry sent back without a readable date follows the window too.
    expect(entryLocksAt(sentBack("not a date"), WINDOW, now)).toEqual({
      at: WINDOW.submissionClosesAt,
      by: "window",
    });
  });

  it("has no lock for entries their entrant cannot change, or with nothing scheduled", () => {
    const now = new Date("2026-09-01");
    for (const status of ["accepted", "rejected", "withdrawn", "winner"] as const) {
      expect(entryLocksAt({ status, changesDueAt: DUE_IN_WINDOW }, WINDOW, now)).toBeNull();
    }
    expect(
      entryLocksAt(
        { status: "draft", changesDueAt: null },
        { ...WINDOW, submissionClosesAt: "soon" },
        now,
      ),
    ).toBeNull();
  });
});
