import { describe, expect, it } from "vitest";
import {
  lastSubmissionDeadline,
  lateSubmissionsFrom,
  submissionWindowState,
  submittedAfterDeadline,
} from "./submission-window";

const opensAt = "2026-08-01T00:00:00.000Z";
const closesAt = "2026-10-30T16:59:59.000Z";
const window = { submissionOpensAt: opensAt, submissionClosesAt: closesAt };
const at = (iso: string) => new Date(iso);

describe("submissionWindowState", () => {
  it("is not yet open before the opening instant", () => {
    expect(submissionWindowState(window, at("2026-07-31T23:59:59.999Z"))).toEqual({
      state: "not_yet_open",
      opensAt,
    });
  });

  it("opens at exactly the opening instant", () => {
    expect(submissionWindowState(window, at(opensAt))).toEqual({
      state: "open",
      closesAt,
      late: false,
    });
  });

  it("stays open until just before the closing instant", () => {
    expect(submissionWindowState(window, at("2026-10-30T16:59:58.999Z"))).toEqual({
      state: "open",
      closesAt,
      late: false,
    });
  });

  it("is closed at exactly the closing instant and after", () => {
    expect(submissionWindowState(window, at(closesAt))).toEqual({
      state: "closed",
      closedAt: closesAt,
    });
    expect(submissionWindowState(window, at("2027-01-01T00:00:00Z"))).toEqual({
      state: "closed",
      closedAt: closesAt,
    });
  });

  it("is unscheduled while either date is missing", () => {
    const now = at("2026-09-01T00:00:00Z");
    expect(
      submissionWindowState({ submissionOpensAt: null, submissionClosesAt: closesAt }, now),
    ).toEqual({
      state: "unscheduled",
    });
    expect(
      submissionWindowState({ submissionOpensAt: opensAt, submissionClosesAt: null }, now),
    ).toEqual({
      state: "unscheduled",
    });
    expect(
      submissionWindowState({ submissionOpensAt: null, submissionClosesAt: null }, now),
    ).toEqual({
      state: "unscheduled",
    });
  });

  it("compares instants, not strings, across time-zone offsets", () => {
    const local = { submissionOpensAt: "2026-08-01T07:00:00+07:00", submissionClosesAt: closesAt };
    expect(submissionWindowState(local, at("2026-08-01T00:00:00Z")).state).toBe("open");
    expect(submissionWindowState(local, at("2026-07-31T23:59:59Z")).state).toBe("not_yet_open");
  });

  // A date that does not parse must never open submission.
  it("never reports open for a date it cannot read", () => {
    const now = at("2026-09-01T00:00:00Z");
    expect(
      submissionWindowState({ submissionOpensAt: opensAt, submissionClosesAt: "soon" }, now),
    ).toEqual({
      state: "unscheduled",
    });
    expect(
      submissionWindowState({ submissionOpensAt: "", submissionClosesAt: closesAt }, now),
    ).toEqual({
      state: "unscheduled",
    });
  });

  describe("with a late deadline", () => {
    const lateDeadline = "2026-11-15T16:59:59.999Z";
    const withLate = { ...window, lateDeadline };

    it("is open, not late, before the submission deadline", () => {
      expect(submissionWindowState(withLate, at("2026-10-30T16:59:58.999Z"))).toEqual({
        state: "open",
        closesAt,
        late: false,
      });
    });

    it("takes late entries from the submission deadline until the late deadline", () => {
      expect(submissionWindowState(withLate, at(closesAt))).toEqual({
        state: "open",
        closesAt: lateDeadline,
        late: true,
      });
      expect(submissionWindowState(withLate, at("2026-11-15T16:59:59.998Z"))).toEqual({
        state: "open",
        closesAt: lateDeadline,
        late: true,
      });
    });

    it("is closed at the late deadline, and says so with that deadline", () => {
      expect(submissionWindowState(withLate, at(lateDeadline))).toEqual({
        state: "closed",
        closedAt: lateDeadline,
      });
    });

    it("ignores a late deadline it cannot read or that is not after the submission deadline", () => {
      for (const bad of ["later", "2026-10-01T00:00:00Z", closesAt, null]) {
        const state = submissionWindowState({ ...window, lateDeadline: bad }, at(closesAt));
        expect(state).toEqual({ state: "closed", closedAt: closesAt });
        expect(lastSubmissionDeadline({ submissionClosesAt: closesAt, lateDeadline: bad })).toBe(
          closesAt,
        );
      }
      expect(lastSubmissionDeadline(withLate)).toBe(lateDeadline);
    });
  });
});

describe("submittedAfterDeadline", () => {
  it("marks an entry first submitted at or after the submission deadline, not one before", () => {
    expect(submittedAfterDeadline("2026-10-30T16:59:58.999Z", window)).toBe(false);
    expect(submittedAfterDeadline(closesAt, window)).toBe(true);
    expect(submittedAfterDeadline("2026-11-02T03:00:00.000Z", window)).toBe(true);
  });

  it("marks nothing never submitted, nor in a season without a readable deadline", () => {
    expect(submittedAfterDeadline(null, window)).toBe(false);
    expect(submittedAfterDeadline("2026-11-02T03:00:00.000Z", { submissionClosesAt: null })).toBe(
      false,
    );
    expect(submittedAfterDeadline("2026-11-02T03:00:00.000Z", { submissionClosesAt: "soon" })).toBe(
      false,
    );
  });

  it("gives the same answer as comparing stored submission times with lateSubmissionsFrom", () => {
    // A deadline stored without milliseconds or with an offset is still one instant.
    for (const deadline of [closesAt, "2026-10-30T16:59:59Z", "2026-10-30T23:59:59+07:00"]) {
      const from = lateSubmissionsFrom({ submissionClosesAt: deadline });
      expect(from).toBe("2026-10-30T16:59:59.000Z");
      for (const submitted of [
        "2026-10-30T16:59:58.999Z",
        "2026-10-30T16:59:59.000Z",
        "2026-10-30T16:59:59.500Z",
        "2026-12-01T00:00:00.000Z",
      ]) {
        expect(submitted >= from!, `${deadline} ${submitted}`).toBe(
          submittedAfterDeadline(submitted, { submissionClosesAt: deadline }),
        );
      }
    }
    expect(lateSubmissionsFrom({ submissionClosesAt: null })).toBeNull();
    expect(lateSubmissionsFrom({ submissionClosesAt: "soon" })).toBeNull();
  });
});
