import { describe, expect, it } from "vitest";
import {
  countdownTarget,
  countdownTo,
  keyDateLabel,
  keyDatesOf,
  lateDeadlineOf,
} from "./key-dates";

describe("keyDatesOf", () => {
  it("keeps the dates that are set, in time order", () => {
    expect(
      keyDatesOf({
        ceremony: "2027-01-16T12:00:00.000Z",
        submissionCloses: "2026-12-31T16:59:59.999Z",
        registrationOpens: "2026-07-14T17:00:00.000Z",
        registrationCloses: "2026-10-25T16:59:59.999Z",
        submissionOpens: "2026-07-31T17:00:00.000Z",
        earlyBird: "2026-09-15T16:59:59.999Z",
        lateDeadline: null,
      }),
    ).toEqual([
      { kind: "registrationOpens", at: "2026-07-14T17:00:00.000Z" },
      { kind: "submissionOpens", at: "2026-07-31T17:00:00.000Z" },
      { kind: "earlyBird", at: "2026-09-15T16:59:59.999Z" },
      { kind: "registrationCloses", at: "2026-10-25T16:59:59.999Z" },
      { kind: "submissionCloses", at: "2026-12-31T16:59:59.999Z" },
      { kind: "ceremony", at: "2027-01-16T12:00:00.000Z" },
    ]);
  });

  it("leaves out unreadable dates and keeps the kind order for the same instant", () => {
    expect(
      keyDatesOf({
        submissionOpens: "2026-08-01T00:00:00.000Z",
        registrationOpens: "2026-08-01T00:00:00.000Z",
        ceremony: "not a date",
      }).map((d) => d.kind),
    ).toEqual(["registrationOpens", "submissionOpens"]);
    // Registration and submission often close together: registration is listed first.
    expect(
      keyDatesOf({
        submissionCloses: "2026-12-31T16:59:59.999Z",
        registrationCloses: "2026-12-31T16:59:59.999Z",
      }).map((d) => d.kind),
    ).toEqual(["registrationCloses", "submissionCloses"]);
    expect(keyDatesOf({})).toEqual([]);
  });
});

describe("countdownTo", () => {
  const deadline = "2026-12-31T16:59:59.999Z";
  const at = (iso: string) => new Date(iso);

  it("splits the time left into days, hours and minutes", () => {
    // 40 days, 3 hours and 25 minutes before.
    const now = new Date(Date.parse(deadline) - ((40 * 24 + 3) * 60 + 25) * 60_000);
    expect(countdownTo(deadline, now)).toEqual({ days: 40, hours: 3, minutes: 25 });
  });

  it("rounds up to the minute: the last second still counts", () => {
    expect(countdownTo(deadline, at("2026-12-31T16:59:59.000Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 1,
    });
    expect(countdownTo(deadline, at("2026-12-31T16:58:59.998Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 2,
    });
  });

  it("is over at the deadline and after it, and for an unreadable date", () => {
    expect(countdownTo(deadline, at(deadline))).toBeNull();
    expect(countdownTo(deadline, at("2027-01-01T00:00:00.000Z"))).toBeNull();
    expect(countdownTo("someday", at("2026-01-01T00:00:00.000Z"))).toBeNull();
  });
});

describe("countdownTarget", () => {
  const season = (lateDeadline: string | null) =>
    keyDatesOf({
      registrationOpens: "2026-07-14T17:00:00.000Z",
      submissionOpens: "2026-07-31T17:00:00.000Z",
      submissionCloses: "2026-12-31T16:59:59.999Z",
      lateDeadline,
      ceremony: "2027-01-16T12:00:00.000Z",
    });
  const at = (iso: string) => new Date(iso);

  it("counts to the opening before submission opens, not to the deadline", () => {
    expect(countdownTarget(season(null), at("2026-07-20T00:00:00.000Z"))).toEqual({
      label: "opening",
      kind: "submissionOpens",
      at: "2026-07-31T17:00:00.000Z",
    });
    expect(countdownTarget(season(null), at("2026-07-31T16:59:59.999Z"))?.label).toBe("opening");
  });

  it("counts to the deadline once open: the final one without a late deadline", () => {
    const target = { label: "deadline", kind: "submissionCloses", at: "2026-12-31T16:59:59.999Z" };
    expect(countdownTarget(season(null), at("2026-07-31T17:00:00.000Z"))).toEqual(target);
    expect(countdownTarget(season(null), at("2026-12-31T16:59:59.998Z"))).toEqual(target);
    expect(countdownTarget(season(null), at("2026-12-31T16:59:59.999Z"))).toBeNull();
  });

  it("with a late deadline: the standard deadline, then the late one, then nothing", () => {
    const dates = season("2027-01-10T16:59:59.999Z");
    expect(countdownTarget(dates, at("2026-10-01T00:00:00.000Z"))).toEqual({
      label: "standardDeadline",
      kind: "submissionCloses",
      at: "2026-12-31T16:59:59.999Z",
    });
    // The late window: entries are still taken (at the late fee), so the countdown goes on.
    expect(countdownTarget(dates, at("2026-12-31T16:59:59.999Z"))).toEqual({
      label: "lateDeadline",
      kind: "lateDeadline",
      at: "2027-01-10T16:59:59.999Z",
    });
    expect(countdownTarget(dates, at("2027-01-10T16:59:59.999Z"))).toBeNull();
    // Before opening it still counts to the opening.
    expect(countdownTarget(dates, at("2026-07-01T00:00:00.000Z"))?.label).toBe("opening");
  });

  it("ignores a late deadline that is not after the deadline", () => {
    const dates = season("2026-12-01T00:00:00.000Z");
    expect(lateDeadlineOf(dates)).toBeNull();
    expect(countdownTarget(dates, at("2026-11-01T00:00:00.000Z"))?.label).toBe("deadline");
    expect(countdownTarget(dates, at("2027-01-01T00:00:00.000Z"))).toBeNull();
  });

  it("shows no countdown without a deadline; without an opening date it counts to the deadline", () => {
    const now = at("2026-08-01T00:00:00.000Z");
    expect(countdownTarget(keyDatesOf({ submissionOpens: "2026-09-01T00:00:00.000Z" }), now)).toBe(
      null,
    );
    expect(countdownTarget([], now)).toBeNull();
    expect(
      countdownTarget(keyDatesOf({ submissionCloses: "2026-12-31T16:59:59.999Z" }), now),
    ).toEqual({ label: "deadline", kind: "submissionCloses", at: "2026-12-31T16:59:59.999Z" });
  });
});

describe("keyDateLabel", () => {
  const closes = { kind: "submissionCloses", at: "2026-12-31T16:59:59.999Z" } as const;
  const late = { kind: "lateDeadline", at: "2027-01-10T16:59:59.999Z" } as const;

  it("calls the deadline the standard one when a late deadline follows it", () => {
    expect(keyDateLabel(closes, [closes, late])).toBe("standardSubmissionCloses");
    expect(keyDateLabel(late, [closes, late])).toBe("lateDeadline");
    expect(keyDateLabel(closes, [closes])).toBe("submissionCloses");
    const early = { kind: "lateDeadline", at: "2026-12-01T00:00:00.000Z" } as const;
    expect(keyDateLabel(closes, [early, closes])).toBe("submissionCloses");
  });
});
