import { describe, expect, it } from "vitest";
import { formatVietnamDateTime, parseVietnamClosingTime, parseVietnamDateTime } from "./dates";
import {
  categoryFeesSchema,
  categorySchema,
  makeCurrentSchema,
  correctSeasonSchema,
  deleteSeasonSchema,
  openIntakeOf,
  attachedKinds,
  SEASON_ATTACHMENTS,
  type SeasonAttachments,
  nextSeasonDefaults,
  nextSeasonSchema,
  parseNodeParam,
  shiftYears,
  shiftSeasonDates,
  seasonDatesSchema,
  seasonDatesToIso,
  trackSchema,
  seasonToShow,
} from "./season-admin";

describe("Vietnam date-times typed in the back office", () => {
  it("reads DD/MM/YYYY HH:mm as Vietnam time (UTC+7) and writes it back", () => {
    expect(parseVietnamDateTime("31/12/2026 23:59")).toBe("2026-12-31T16:59:00.000Z");
    expect(parseVietnamDateTime(" 01/08/2026 ")).toBe("2026-07-31T17:00:00.000Z");
    expect(formatVietnamDateTime("2026-12-31T16:59:00.000Z")).toBe("31/12/2026 23:59");
    expect(formatVietnamDateTime(null)).toBe("");
  });

  it("refuses dates that do not exist rather than rolling them over", () => {
    expect(parseVietnamDateTime("31/02/2026")).toBeNull();
    expect(parseVietnamDateTime("12/13/2026 10:00")).toBeNull();
    expect(parseVietnamDateTime("2026-31-12")).toBeNull();
  });
});

describe("season dates form", () => {
  it("stores the dates as ISO UTC, closings to the end of what was typed, empty as null", () => {
    const form = seasonDatesSchema.parse({
      nameVi: "Vạn Xuân 2026",
      registrationOpensAt: "15/07/2026",
      registrationClosesAt: "31/12/2026",
      submissionOpensAt: "01/08/2026 00:00",
      submissionClosesAt: "01/09/2026 09:00",
      earlyBirdDeadline: "15/08/2026 23:59",
      lateDeadline: "10/09/2026 12:00:30",
      ceremonyAt: "",
    });
    expect(seasonDatesToIso(form)).toEqual({
      // Openings are the instant typed, a date alone its 00:00.
      registrationOpensAt: "2026-07-14T17:00:00.000Z",
      submissionOpensAt: "2026-07-31T17:00:00.000Z",
      // Closings run through the day, minute or second typed.
      registrationClosesAt: "2026-12-31T16:59:59.999Z",
      submissionClosesAt: "2026-09-01T02:00:59.999Z",
      earlyBirdDeadline: "2026-08-15T16:59:59.999Z",
      lateDeadline: "2026-09-10T05:00:30.999Z",
      ceremonyAt: null,
    });
  });

  it("shows a stored closing time as typed, and saves it again unchanged", () => {
    const stored = parseVietnamClosingTime("31/12/2026 23:59")!;
    expect(formatVietnamDateTime(stored)).toBe("31/12/2026 23:59");
    expect(parseVietnamClosingTime(formatVietnamDateTime(stored))).toBe(stored);
    // What the demo stores (the last second) reads the same and moves by under a second.
    expect(formatVietnamDateTime("2026-12-31T16:59:59.000Z")).toBe("31/12/2026 23:59");
    expect(parseVietnamClosingTime("nonsense")).toBeNull();
  });

  it("asks for both ends of the submission window", () => {
    const parsed = seasonDatesSchema.safeParse({
      nameVi: "Vạn Xuân 2026",
      submissionOpensAt: "01/08/2026",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["submissionClosesAt"],
      message: "adminPlatform.validation.windowBoth",
    });
  });
  it("refuses a ceremony before submission (or the late deadline) has closed", () => {
    const dates = {
      nameVi: "Vạn Xuân 2026",
      submissionOpensAt: "01/08/2026 00:00",
      submissionClosesAt: "30/10/2026 23:59",
    };
    for (const extra of [
      { ceremonyAt: "20/10/2026 19:00" },
      { lateDeadline: "15/11/2026 23:59", ceremonyAt: "10/11/2026 19:00" },
    ]) {
      const parsed = seasonDatesSchema.safeParse({ ...dates, ...extra });
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({
          path: ["ceremonyAt"],
          message: "adminPlatform.validation.ceremonyBeforeClose",
        }),
      ]);
    }
    expect(
      seasonDatesSchema.safeParse({
        ...dates,
        lateDeadline: "15/11/2026 23:59",
        ceremonyAt: "20/12/2026 19:00",
      }).success,
    ).toBe(true);
  });
});

describe("dates compared as stored: openings from their start, closings to their end", () => {
  const season = { nameVi: "Vạn Xuân 2026" };
  const issues = (dates: Record<string, string>) =>
    seasonDatesSchema.safeParse({ ...season, ...dates }).error?.issues ?? [];

  it("accepts a one-day window typed as dates only, for registration and submission", () => {
    const parsed = seasonDatesSchema.safeParse({
      ...season,
      registrationOpensAt: "15/07/2026",
      registrationClosesAt: "15/07/2026",
      submissionOpensAt: "15/07/2026",
      submissionClosesAt: "15/07/2026",
      // An early-bird day and a late day of their own are one-day periods too.
      earlyBirdDeadline: "15/07/2026",
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(seasonDatesToIso(parsed.data!)).toMatchObject({
      submissionOpensAt: "2026-07-14T17:00:00.000Z",
      submissionClosesAt: "2026-07-15T16:59:59.999Z",
    });
    expect(
      issues({
        submissionOpensAt: "15/07/2026",
        submissionClosesAt: "15/07/2026",
        lateDeadline: "16/07/2026",
      }),
    ).toEqual([]);
    // One minute typed for both ends is that minute.
    expect(
      issues({ submissionOpensAt: "15/07/2026 10:00", submissionClosesAt: "15/07/2026 10:00" }),
    ).toEqual([]);
  });

  it("still refuses a closing before the opening", () => {
    for (const [opens, closes] of [
      ["15/07/2026", "14/07/2026"],
      ["15/07/2026 10:00", "15/07/2026 09:59"],
      ["15/07/2026 10:00", "15/07/2026 09:59:59"],
    ]) {
      for (const [open, close] of [
        ["registrationOpensAt", "registrationClosesAt"],
        ["submissionOpensAt", "submissionClosesAt"],
      ]) {
        expect(issues({ [open!]: opens!, [close!]: closes! })).toEqual([
          expect.objectContaining({
            path: [close],
            message: "adminPlatform.validation.closesBeforeOpens",
          }),
        ]);
      }
    }
  });

  it("checks the early-bird, late and ceremony dates against what is stored", () => {
    const window = { submissionOpensAt: "01/08/2026", submissionClosesAt: "31/12/2026" };
    // An early bird on the opening day runs through it; on the closing day it ends with it.
    expect(issues({ ...window, earlyBirdDeadline: "01/08/2026" })).toEqual([]);
    expect(issues({ ...window, earlyBirdDeadline: "31/12/2026" })).toEqual([]);
    // Early bird through the whole of 31/12 outlasts a window closing at noon that day.
    expect(
      issues({
        ...window,
        submissionClosesAt: "31/12/2026 12:00",
        earlyBirdDeadline: "31/12/2026",
      }),
    ).toEqual([
      expect.objectContaining({
        path: ["submissionClosesAt"],
        message: "adminPlatform.validation.earlyBirdOutside",
      }),
    ]);
    // An early bird ending before the window opens is outside it.
    expect(
      issues({ ...window, submissionOpensAt: "01/08/2026 12:00", earlyBirdDeadline: "31/07/2026" }),
    ).toEqual([
      expect.objectContaining({
        path: ["earlyBirdDeadline"],
        message: "adminPlatform.validation.earlyBirdOutside",
      }),
    ]);
    // A late deadline must add time: 31/12 23:59 ends when 31/12 does.
    for (const lateDeadline of ["31/12/2026", "31/12/2026 23:59"]) {
      expect(issues({ ...window, lateDeadline })).toEqual([
        expect.objectContaining({
          path: ["lateDeadline"],
          message: "adminPlatform.validation.lateBeforeClose",
        }),
      ]);
    }
    expect(issues({ ...window, lateDeadline: "01/01/2027" })).toEqual([]);
    // The ceremony that evening would come before the last entries of the day.
    for (const extra of [
      { ceremonyAt: "31/12/2026 19:00" },
      { lateDeadline: "10/01/2027", ceremonyAt: "10/01/2027 19:00" },
    ]) {
      expect(issues({ ...window, ...extra })).toEqual([
        expect.objectContaining({
          path: ["ceremonyAt"],
          message: "adminPlatform.validation.ceremonyBeforeClose",
        }),
      ]);
    }
    expect(issues({ ...window, ceremonyAt: "01/01/2027 19:00" })).toEqual([]);
  });

  it("lets registration open on the day submission closes", () => {
    expect(
      issues({
        registrationOpensAt: "31/12/2026",
        submissionOpensAt: "01/08/2026",
        submissionClosesAt: "31/12/2026",
      }),
    ).toEqual([]);
  });
});

describe("registration opening against the submission window", () => {
  const dates = {
    nameVi: "Vạn Xuân 2026",
    submissionOpensAt: "01/08/2026 00:00",
    submissionClosesAt: "30/10/2026 23:59",
  };

  it("refuses a registration opening at or after submission closes, at the opening", () => {
    // Submission takes entries through 30/10/2026 23:59:59.
    for (const registrationOpensAt of ["31/10/2026 00:00", "31/10/2026", "01/11/2026 00:00"]) {
      const parsed = seasonDatesSchema.safeParse({ ...dates, registrationOpensAt });
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({
          path: ["registrationOpensAt"],
          message: "adminPlatform.validation.registrationAfterSubmissionCloses",
        }),
      ]);
    }
  });

  it("accepts one opening before, even after submission opens or past its own close", () => {
    for (const extra of [
      { registrationOpensAt: "15/07/2026 00:00" },
      { registrationOpensAt: "15/09/2026 00:00" },
      // Closing registration after submission closes is odd but locks nobody out.
      { registrationOpensAt: "15/07/2026 00:00", registrationClosesAt: "15/11/2026 00:00" },
      // Without a submission close there is nothing to compare.
      { registrationOpensAt: "01/12/2026 00:00", submissionOpensAt: "", submissionClosesAt: "" },
    ]) {
      expect(seasonDatesSchema.safeParse({ ...dates, ...extra }).success).toBe(true);
    }
  });
});

describe("category tree forms", () => {
  it("reads fees with thousands separators and checkboxes as posted", () => {
    const category = categorySchema.parse({
      slug: "chien-dich",
      code: "CD",
      nameVi: "Chiến dịch",
      feeVnd: "3.300.000",
      earlyBirdFeeVnd: "",
      allowEnterprise: "on",
    });
    expect(category).toMatchObject({
      feeVnd: 3_300_000,
      earlyBirdFeeVnd: null,
      allowIndividual: false,
      allowEnterprise: true,
    });
  });

  it("refuses a category nobody may enter, and a slug that is not one", () => {
    const nobody = categorySchema.safeParse({ slug: "a", code: "A", nameVi: "A", feeVnd: "1" });
    expect(nobody.error?.issues[0]?.message).toBe("adminPlatform.validation.eligibility");
    const badSlug = trackSchema.safeParse({ slug: "Vạn Xuân", code: "VX", nameVi: "Vạn Xuân" });
    expect(badSlug.error?.issues[0]?.message).toBe("adminPlatform.validation.slug");
  });

  it("reads the ?edit= / ?add= node parameter", () => {
    expect(parseNodeParam("category:12")).toEqual({ kind: "category", id: 12 });
    expect(parseNodeParam("season:1")).toBeNull();
    expect(parseNodeParam(null)).toBeNull();
  });
});

describe("the next season", () => {
  it("moves a date one year on at the same Vietnam wall-clock time", () => {
    expect(shiftYears("2026-12-31T16:59:59.000Z")).toBe("2027-12-31T16:59:59.000Z");
    // 01/08/2026 00:00 in Vietnam is 31/07 in UTC: still 01/08 a year later.
    expect(formatVietnamDateTime(shiftYears(parseVietnamDateTime("01/08/2026 00:00")))).toBe(
      "01/08/2027 00:00",
    );
    expect(shiftYears(null)).toBeNull();
  });

  it("turns 29/02 of a leap year into 28/02, and keeps 28/02 and 01/03", () => {
    expect(formatVietnamDateTime(shiftYears(parseVietnamDateTime("29/02/2028 23:59")))).toBe(
      "28/02/2029 23:59",
    );
    expect(formatVietnamDateTime(shiftYears(parseVietnamDateTime("28/02/2027 10:00")))).toBe(
      "28/02/2028 10:00",
    );
    expect(formatVietnamDateTime(shiftYears(parseVietnamDateTime("01/03/2028 00:00")))).toBe(
      "01/03/2029 00:00",
    );
  });

  it("shifts every key date and leaves the empty ones empty", () => {
    const shifted = shiftSeasonDates({
      registrationOpensAt: "2026-07-14T17:00:00.000Z",
      registrationClosesAt: null,
      submissionOpensAt: "2026-07-31T17:00:00.000Z",
      submissionClosesAt: "2026-12-31T16:59:59.000Z",
      earlyBirdDeadline: "2026-09-15T16:59:59.000Z",
      lateDeadline: null,
      ceremonyAt: "2027-01-16T12:00:00.000Z",
    });
    expect(shifted).toEqual({
      registrationOpensAt: "2027-07-14T17:00:00.000Z",
      registrationClosesAt: null,
      submissionOpensAt: "2027-07-31T17:00:00.000Z",
      submissionClosesAt: "2027-12-31T16:59:59.000Z",
      earlyBirdDeadline: "2027-09-15T16:59:59.000Z",
      lateDeadline: null,
      ceremonyAt: "2028-01-16T12:00:00.000Z",
    });
  });

  it("shifts by the years between two seasons when asked", () => {
    expect(
      shiftSeasonDates(
        {
          registrationOpensAt: "2026-07-14T17:00:00.000Z",
          registrationClosesAt: null,
          submissionOpensAt: null,
          submissionClosesAt: "2026-12-31T10:00:00.000Z",
          earlyBirdDeadline: null,
          lateDeadline: null,
          ceremonyAt: null,
        },
        2,
      ),
    ).toMatchObject({
      registrationOpensAt: "2028-07-14T17:00:00.000Z",
      submissionClosesAt: "2028-12-31T10:00:00.000Z",
    });
  });

  it("proposes the year after, with the year in the names and the code moved on", () => {
    expect(
      nextSeasonDefaults({
        year: 2026,
        code: "VX26",
        nameVi: "Giải thưởng Vạn Xuân 2026",
        nameEn: "Van Xuan Awards 2026",
      }),
    ).toEqual({
      year: 2027,
      code: "VX27",
      nameVi: "Giải thưởng Vạn Xuân 2027",
      nameEn: "Van Xuan Awards 2027",
    });
    const later = nextSeasonDefaults(
      { year: 2025, code: "VX25", nameVi: "Vạn Xuân 2025", nameEn: "" },
      [2025, 2026, 2027],
    );
    expect(later).toEqual({ year: 2028, code: "VX28", nameVi: "Vạn Xuân 2028", nameEn: "" });
  });

  it("reads the form's text and speaks in i18n keys", () => {
    expect(
      nextSeasonSchema.parse({
        fromYear: "2026",
        year: " 2027 ",
        code: "VX27",
        nameVi: "Vạn Xuân 2027",
      }),
    ).toEqual({ fromYear: 2026, year: 2027, code: "VX27", nameVi: "Vạn Xuân 2027", nameEn: "" });
    const bad = nextSeasonSchema.safeParse({
      fromYear: "2026",
      year: "năm sau",
      code: "vx",
      nameVi: "",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      year: "adminPlatform.validation.year",
      code: "adminPlatform.validation.code",
      nameVi: "validation.required",
    });
    expect(makeCurrentSchema.safeParse({ year: "1999" }).success).toBe(false);
    expect(makeCurrentSchema.parse({ year: "2027" })).toEqual({
      year: 2027,
      acknowledgeOpen: false,
    });
    expect(makeCurrentSchema.parse({ year: "2027", acknowledgeOpen: "on" })).toEqual({
      year: 2027,
      acknowledgeOpen: true,
    });
  });

  it("corrects a season's year and code by the next season's rules", () => {
    expect(correctSeasonSchema.parse({ fromYear: "2027", year: " 2028 ", code: "VX28" })).toEqual({
      fromYear: 2027,
      year: 2028,
      code: "VX28",
    });
    const bad = correctSeasonSchema.safeParse({ fromYear: "2027", year: "2101", code: "vx-28" });
    expect(
      Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message])),
    ).toEqual({ year: "adminPlatform.validation.year", code: "adminPlatform.validation.code" });
    expect(deleteSeasonSchema.safeParse({ year: "1999" }).success).toBe(false);
  });
});

describe("what the current season still takes (openIntakeOf)", () => {
  const dates = {
    registrationOpensAt: "2026-07-14T17:00:00.000Z",
    registrationClosesAt: "2026-10-25T16:59:59.999Z",
    submissionOpensAt: "2026-07-31T17:00:00.000Z",
    submissionClosesAt: "2026-10-30T16:59:59.999Z",
    earlyBirdDeadline: null,
    lateDeadline: null,
    ceremonyAt: null,
  };
  it("says which windows are open and until when", () => {
    expect(openIntakeOf(dates, new Date("2026-09-01T03:00:00.000Z"))).toEqual({
      registration: { closesAt: dates.registrationClosesAt },
      submission: { closesAt: dates.submissionClosesAt, late: false },
    });
    // Registration closed, submission still open.
    expect(openIntakeOf(dates, new Date("2026-10-28T03:00:00.000Z"))).toEqual({
      registration: null,
      submission: { closesAt: dates.submissionClosesAt, late: false },
    });
    expect(openIntakeOf(dates, new Date("2026-11-01T03:00:00.000Z"))).toBeNull();
    expect(openIntakeOf(dates, new Date("2026-07-01T03:00:00.000Z"))).toBeNull();
  });
  it("counts the late period, and not a registration window without dates", () => {
    const late = { ...dates, lateDeadline: "2026-11-15T16:59:59.999Z" };
    expect(openIntakeOf(late, new Date("2026-11-01T03:00:00.000Z"))).toEqual({
      registration: null,
      submission: { closesAt: late.lateDeadline, late: true },
    });
    const unbounded = { ...dates, registrationOpensAt: null, registrationClosesAt: null };
    expect(openIntakeOf(unbounded, new Date("2026-11-01T03:00:00.000Z"))).toBeNull();
  });
  it("names what is attached in a fixed order", () => {
    const none = Object.fromEntries(SEASON_ATTACHMENTS.map((k) => [k, 0])) as SeasonAttachments;
    expect(attachedKinds(none)).toEqual([]);
    expect(attachedKinds({ ...none, winners: 2, entries: 1 })).toEqual(["entries", "winners"]);
  });
});

/** The form the fees page posts for a category, as the schema reads it. */
function feesForm(over: Record<string, string> = {}) {
  return categoryFeesSchema.safeParse({
    categoryId: "1",
    feeVnd: "3.300.000",
    earlyBirdFeeVnd: "2.750.000",
    lateFeeVnd: "",
    currentFeeVnd: "0",
    currentEarlyBirdFeeVnd: "",
    currentLateFeeVnd: "",
    ...over,
  });
}

describe("the fees form", () => {
  it("reads amounts typed with separators and empty optional fees as null", () => {
    const parsed = feesForm();
    expect(parsed.success && parsed.data).toMatchObject({
      categoryId: 1,
      feeVnd: 3_300_000,
      earlyBirdFeeVnd: 2_750_000,
      lateFeeVnd: null,
    });
  });

  it("names the field of a negative, fractional, too large or missing amount", () => {
    const errors = (over: Record<string, string>) => {
      const parsed = feesForm(over);
      return parsed.success ? {} : parsed.error.issues.map((i) => [i.path[0], i.message]);
    };
    expect(errors({ feeVnd: "-5" })).toEqual([["feeVnd", "adminPlatform.validation.vnd"]]);
    expect(errors({ earlyBirdFeeVnd: "1500000.5" })).toEqual([
      ["earlyBirdFeeVnd", "adminPlatform.validation.vnd"],
    ]);
    expect(errors({ lateFeeVnd: "1".repeat(13) })).toEqual([
      ["lateFeeVnd", "adminPlatform.validation.vnd"],
    ]);
    expect(errors({ feeVnd: "1.500.000,5" })).toEqual([["feeVnd", "adminPlatform.validation.vnd"]]);
    expect(errors({ feeVnd: "" })).toEqual([["feeVnd", "validation.required"]]);
  });

  it("refuses an early-bird fee above the standard one and a late fee below it", () => {
    const errors = (over: Record<string, string>) => {
      const parsed = feesForm(over);
      return parsed.success ? [] : parsed.error.issues.map((i) => [i.path[0], i.message]);
    };
    expect(
      errors({ feeVnd: "1.000.000", earlyBirdFeeVnd: "1.500.000", lateFeeVnd: "800.000" }),
    ).toEqual([
      ["earlyBirdFeeVnd", "adminPlatform.validation.earlyBirdAboveStandard"],
      ["lateFeeVnd", "adminPlatform.validation.lateBelowStandard"],
    ]);
    // Equal fees are allowed: a season may charge one price throughout.
    expect(
      errors({ feeVnd: "1.000.000", earlyBirdFeeVnd: "1.000.000", lateFeeVnd: "1.000.000" }),
    ).toEqual([]);
  });

  it("takes the amount as the page shows it in either language", () => {
    for (const typed of [
      "3300000",
      "3.300.000",
      "3,300,000",
      "3 300 000",
      "3.300.000 ₫",
      "₫3,300,000",
    ]) {
      const parsed = feesForm({ feeVnd: typed });
      expect(parsed.success && parsed.data.feeVnd, typed).toBe(3_300_000);
    }
  });
});

describe("the season a back-office page shows", () => {
  const seasons = [{ year: 2027 }, { year: 2026 }, { year: 2025 }];
  it("is the asked one, else the current one, else the newest", () => {
    expect(seasonToShow(seasons, 2025, 2026)).toEqual({ year: 2025 });
    expect(seasonToShow(seasons, 1999, 2026)).toEqual({ year: 2026 });
    expect(seasonToShow(seasons, Number.NaN, 2030)).toEqual({ year: 2027 });
    expect(seasonToShow([], 2026, 2026)).toBeNull();
  });
});
