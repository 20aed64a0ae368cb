import { describe, expect, it } from "vitest";
import { countdownTo, keyDatesOf } from "./key-dates";

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
