import { describe, expect, it } from "vitest";
import {
  DATE_ERRORS,
  dateTimeForField,
  dayForField,
  optionalDateTimeField,
  optionalDayField,
} from "./date-fields";
import {
  DATE_TIME_PATTERN,
  DAY_PATTERN,
  formatDay,
  formatVietnamDateTime,
  parseDay,
  parseVietnamDateTime,
  readDay,
  readVietnamDateTime,
} from "./dates";
import { catalogText } from "./i18n/lookup";
import { roundFormSchema } from "./judging-rounds";
import { statusChangeSchema } from "./entry-status-change";
import { paymentListDateErrors, parsePaymentListQuery } from "./payments";

/** The message a field piece gives for `text`, or null when it reads it. */
function messageOf(field: ReturnType<typeof optionalDayField>, text: string): string | null {
  const parsed = field.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "");
}

describe("days typed in back-office fields", () => {
  it("reads DD/MM/YYYY day first, whatever a browser would have guessed", () => {
    expect(parseDay("05/03/2026")).toBe("2026-03-05");
    // A US-English habit would read 03/04 as 4 March; here it is 3 April.
    expect(parseDay("03/04/2026")).toBe("2026-04-03");
  });

  it("accepts 1- or 2-digit day and month, `-`, `.` or `,` between, spaces around, or digits only", () => {
    for (const typed of [
      "5/3/2026",
      "05/3/2026",
      "5/03/2026",
      "5-3-2026",
      "05.03.2026",
      " 5.3.2026 ",
      // A phone's digit keypad: its decimal separator, or no separator at all.
      "05,03,2026",
      "5,3,2026",
      "05032026",
    ]) {
      expect(parseDay(typed), typed).toBe("2026-03-05");
    }
  });

  it("still reads ISO days, as links and bookmarks carry them", () => {
    expect(parseDay("2026-11-01")).toBe("2026-11-01");
    expect(parseDay("2026-3-5")).toBe("2026-03-05");
  });

  it("refuses days the calendar lacks instead of rolling them over", () => {
    expect(readDay("31/02/2026")).toEqual({ ok: false, problem: "noSuchDay" });
    expect(readDay("29/02/2026")).toEqual({ ok: false, problem: "noSuchDay" });
    expect(readDay("29/02/2028")).toEqual({ ok: true, value: "2028-02-29" });
    expect(readDay("31/04/2026")).toEqual({ ok: false, problem: "noSuchDay" });
    // Month first (12/13) is not a month; 0 is no day.
    expect(readDay("12/13/2026")).toEqual({ ok: false, problem: "noSuchDay" });
    expect(readDay("00/03/2026")).toEqual({ ok: false, problem: "noSuchDay" });
    expect(readDay("2026-02-30")).toEqual({ ok: false, problem: "noSuchDay" });
  });

  it("refuses wrong shapes", () => {
    for (const typed of [
      "",
      "5 March 2026",
      "05/03/26",
      "2026/03/05",
      "5032026",
      "050326",
      "05/03/0026",
      "1/1/3026",
      "05/03/2026 10:00",
    ]) {
      expect(readDay(typed), typed).toEqual({ ok: false, problem: "format" });
    }
  });

  it("writes stored days back as DD/MM/YYYY", () => {
    expect(formatDay("2026-03-05")).toBe("05/03/2026");
    expect(formatDay(null)).toBe("");
    expect(dayForField("2026-11-01")).toBe("01/11/2026");
    // What someone typed stays as typed.
    expect(dayForField("31/02/2026")).toBe("31/02/2026");
    expect(dayForField(undefined)).toBe("");
  });
});

describe("dates and times typed in back-office fields", () => {
  it("are Vietnam time (UTC+7, Asia/Ho_Chi_Minh) whatever the machine's zone", () => {
    expect(parseVietnamDateTime("05/03/2026 14:30")).toBe("2026-03-05T07:30:00.000Z");
    // Before 07:00 in Vietnam it is still the day before in UTC.
    expect(parseVietnamDateTime("1/1/2026 05:30")).toBe("2025-12-31T22:30:00.000Z");
    const icu = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Ho_Chi_Minh",
      dateStyle: "short",
      timeStyle: "short",
    });
    expect(icu.format(new Date(parseVietnamDateTime("05/03/2026 00:15")!))).toBe(
      "05/03/2026, 00:15",
    );
  });

  it("take a date alone as its 00:00, 24-hour times, and the ways people write them", () => {
    expect(parseVietnamDateTime("05/03/2026")).toBe("2026-03-04T17:00:00.000Z");
    for (const typed of [
      "05/03/2026 14:30",
      "5.3.2026 14h30",
      "5-3-2026  14.30",
      "05/03/2026 14:30:00",
    ]) {
      expect(parseVietnamDateTime(typed), typed).toBe("2026-03-05T07:30:00.000Z");
    }
  });

  it("still read ISO (the old date-and-time inputs, links)", () => {
    expect(parseVietnamDateTime("2026-09-02T10:00")).toBe("2026-09-02T03:00:00.000Z");
    expect(parseVietnamDateTime("2026-09-02 10:00")).toBe("2026-09-02T03:00:00.000Z");
    expect(parseVietnamDateTime("2026-09-02")).toBe("2026-09-01T17:00:00.000Z");
  });

  it("refuse impossible days and times, and wrong shapes", () => {
    expect(readVietnamDateTime("31/02/2026 10:00")).toEqual({ ok: false, problem: "noSuchDay" });
    expect(readVietnamDateTime("05/03/2026 24:00")).toEqual({ ok: false, problem: "noSuchTime" });
    expect(readVietnamDateTime("05/03/2026 10:60")).toEqual({ ok: false, problem: "noSuchTime" });
    for (const typed of ["05/03/2026 2pm", "05/03/2026 10", "tomorrow", "05/03/2026T"]) {
      expect(readVietnamDateTime(typed), typed).toEqual({ ok: false, problem: "format" });
    }
  });

  it("write stored instants back as DD/MM/YYYY HH:mm in Vietnam time", () => {
    expect(formatVietnamDateTime("2026-03-05T07:30:00.000Z")).toBe("05/03/2026 14:30");
    expect(dateTimeForField("2025-12-31T22:30:00.000Z")).toBe("01/01/2026 05:30");
    expect(dateTimeForField("2026-03-05T14:30:00+07:00")).toBe("05/03/2026 14:30");
    expect(dateTimeForField("31/02/2026 10:00")).toBe("31/02/2026 10:00");
    expect(dateTimeForField(null)).toBe("");
  });
});

describe("the inputs' pattern attribute", () => {
  // Chromium compiles `pattern` with the `v` flag; the shapes it lets through are the ones
  // the parser reads (the parser then says which day does not exist).
  const samples = [
    "05/03/2026",
    "5.3.2026",
    "05,03,2026",
    "05032026",
    "31022026",
    "2026-11-01",
    "31/02/2026",
    "05/03/26",
    "5 March",
    "05/03/2026 14:30",
    "5-3-2026 14h30",
    "2026-09-02T10:00",
    "05/03/2026 24:00",
    "05/03/2026 2pm",
  ];
  it.each(samples)("agrees with the parser on %j", (typed) => {
    const day = new RegExp(`^(?:${DAY_PATTERN})$`, "v");
    const dateTime = new RegExp(`^(?:${DATE_TIME_PATTERN})$`, "v");
    const shaped = (reading: { ok: boolean; problem?: string }) =>
      reading.ok || reading.problem !== "format";
    expect(day.test(typed)).toBe(shaped(readDay(typed)));
    expect(dateTime.test(typed)).toBe(shaped(readVietnamDateTime(typed)));
  });
});

describe("the date fields of the core schemas", () => {
  it("say what is wrong in Vietnamese and in English", () => {
    const day = optionalDayField();
    const expected = {
      "31/02/2026": DATE_ERRORS.noSuchDay,
      "2026/02/03": DATE_ERRORS.day,
    };
    for (const [typed, key] of Object.entries(expected)) {
      expect(messageOf(day, typed)).toBe(key);
    }
    expect(messageOf(optionalDateTimeField() as never, "05/03/2026 25:00")).toBe(
      DATE_ERRORS.noSuchTime,
    );
    expect(messageOf(optionalDateTimeField() as never, "5 giờ chiều")).toBe(DATE_ERRORS.dateTime);
    expect(catalogText("vi", DATE_ERRORS.noSuchDay)).toContain("Ngày này không có trên lịch");
    expect(catalogText("en", DATE_ERRORS.noSuchDay)).toContain("That day is not on the calendar");
    expect(catalogText("vi", DATE_ERRORS.day)).toContain("DD/MM/YYYY");
    expect(catalogText("en", DATE_ERRORS.day)).toContain("DD/MM/YYYY");
    expect(catalogText("vi", DATE_ERRORS.dateTime)).toContain("giờ Việt Nam");
    expect(catalogText("en", DATE_ERRORS.dateTime)).toContain("Vietnam time");
    expect(catalogText("vi", DATE_ERRORS.noSuchTime)).toContain("từ 00 đến 23");
    expect(catalogText("en", DATE_ERRORS.noSuchTime)).toContain("00 to 23");
    for (const lang of ["vi", "en"] as const) {
      expect(catalogText(lang, "common.dateHint")).toContain("DD/MM/YYYY");
      expect(catalogText(lang, "common.dateTimeHint")).toContain("DD/MM/YYYY HH:mm");
    }
  });

  it("hand the operations ISO days, empty as nothing", () => {
    const round = roundFormSchema.parse({
      nameVi: "Vòng sơ khảo",
      nameEn: "Preliminary round",
      startsOn: "5/3/2026",
      endsOn: "",
    });
    expect(round).toMatchObject({ startsOn: "2026-03-05", endsOn: null });
    // The operation parses the parsed values again: ISO and null go through unchanged.
    expect(roundFormSchema.parse(round)).toMatchObject({ startsOn: "2026-03-05", endsOn: null });
  });

  it("keep the rules that compare dates: a round ending before it starts", () => {
    const parsed = roundFormSchema.safeParse({
      nameVi: "Vòng",
      nameEn: "Round",
      startsOn: "10/03/2026",
      endsOn: "09/03/2026",
    });
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["endsOn", "judging.validation.endsBefore"],
    ]);
    // 10/03 and 09/04 compare as days, not as text typed day first.
    expect(
      roundFormSchema.safeParse({
        nameVi: "V",
        nameEn: "R",
        startsOn: "10/03/2026",
        endsOn: "09/04/2026",
      }).success,
    ).toBe(true);
  });

  it("read the due date of changes day first, and refuse one that does not exist", () => {
    const base = { to: "needs_changes", reason: "Thiếu bản cam kết", statusVersion: "1" };
    expect(statusChangeSchema.parse({ ...base, changesDueOn: "05/03/2026" }).changesDueOn).toBe(
      "2026-03-05",
    );
    expect(statusChangeSchema.parse({ ...base, changesDueOn: "2026-03-05" }).changesDueOn).toBe(
      "2026-03-05",
    );
    const refused = statusChangeSchema.safeParse({ ...base, changesDueOn: "31/02/2026" });
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["changesDueOn", "validation.noSuchDay"],
    ]);
    const missing = statusChangeSchema.safeParse({ ...base, changesDueOn: "" });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      "entryAdmin.validation.dueDateRequired",
    ]);
  });

  it("filter payments by days typed or linked, and say which filter could not be read", () => {
    const typed = new URLSearchParams({ from: "01/11/2026", to: "5.11.2026" });
    expect(parsePaymentListQuery(typed)).toMatchObject({ from: "2026-11-01", to: "2026-11-05" });
    const linked = new URLSearchParams({ from: "2026-11-01" });
    expect(parsePaymentListQuery(linked)).toMatchObject({ from: "2026-11-01" });
    expect(paymentListDateErrors(linked)).toEqual({});
    const wrong = new URLSearchParams({ from: "31/02/2026", to: "soon" });
    expect(parsePaymentListQuery(wrong)).toMatchObject({ from: undefined, to: undefined });
    expect(paymentListDateErrors(wrong)).toEqual({
      from: "validation.noSuchDay",
      to: "validation.date",
    });
  });
});
