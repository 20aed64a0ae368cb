import { describe, expect, it } from "vitest";
import {
  BULK_STATUS_MAX,
  bulkStatusChangeSchema,
  bulkStatusChangeSchemaOn,
  changesDueAtOf,
  changesDueDayIsPast,
  parseSelectedValue,
  statusChangeSchema,
  statusChangeSchemaOn,
  STATUS_REASON_MAX,
} from "./entry-status-change";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";

const ID = "0b7c3f1e-8f7a-4f5e-9a51-2d7a6c1e9b30";

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe("changesDueAtOf", () => {
  it("is the end of the day in Vietnam, as a UTC instant", () => {
    expect(changesDueAtOf("2027-01-15")).toBe("2027-01-15T16:59:59.000Z");
    expect(changesDueAtOf("2028-02-29")).toBe("2028-02-29T16:59:59.000Z");
  });

  it("refuses days that do not exist and other shapes", () => {
    for (const day of ["2027-02-29", "2026-02-30", "2026-13-01", "2026-00-10", "15/01/2027", ""])
      expect(changesDueAtOf(day), day).toBeNull();
  });
});

describe("statusChangeSchema", () => {
  it("accepts a move with its version, trimming the reason", () => {
    const parsed = statusChangeSchema.safeParse({ to: "accepted", statusVersion: "3" });
    expect(parsed.success && parsed.data).toEqual({ to: "accepted", reason: "", statusVersion: 3 });
    const withReason = statusChangeSchema.safeParse({
      to: "rejected",
      reason: "  Không phải tác phẩm quảng cáo.  ",
      statusVersion: 2,
    });
    expect(withReason.success && withReason.data.reason).toBe("Không phải tác phẩm quảng cáo.");
  });

  it("asks for a reason when sending back or rejecting, and a real date when sending back", () => {
    expect(
      fieldErrors(statusChangeSchema.safeParse({ to: "rejected", reason: "  ", statusVersion: 1 })),
    ).toEqual({ reason: "entryAdmin.validation.reasonRequired" });
    expect(
      fieldErrors(statusChangeSchema.safeParse({ to: "needs_changes", statusVersion: 1 })),
    ).toEqual({
      reason: "entryAdmin.validation.reasonRequired",
      changesDueOn: "entryAdmin.validation.dueDateRequired",
    });
    expect(
      fieldErrors(
        statusChangeSchema.safeParse({
          to: "needs_changes",
          reason: "Bổ sung video",
          changesDueOn: "2027-02-30",
          statusVersion: 1,
        }),
      ),
    ).toEqual({ changesDueOn: "validation.noSuchDay" });
    expect(
      statusChangeSchema.safeParse({
        to: "needs_changes",
        reason: "Bổ sung video",
        changesDueOn: "2027-01-15",
        statusVersion: 1,
      }).success,
    ).toBe(true);
  });

  it("refuses an unknown status, a missing version and a reason that is too long", () => {
    expect(
      fieldErrors(
        statusChangeSchema.safeParse({
          to: "approved",
          reason: "x".repeat(STATUS_REASON_MAX + 1),
          statusVersion: 0,
        }),
      ),
    ).toEqual({
      to: "entryAdmin.validation.statusRequired",
      reason: "validation.tooLong",
      statusVersion: "validation.required",
    });
  });
});

describe("bulkStatusChangeSchema", () => {
  it("needs between one and the maximum of entries", () => {
    const entry = { id: ID, statusVersion: 2 };
    expect(fieldErrors(bulkStatusChangeSchema.safeParse({ to: "accepted", entries: [] }))).toEqual({
      entries: "entryAdmin.validation.selectEntries",
    });
    expect(
      fieldErrors(
        bulkStatusChangeSchema.safeParse({
          to: "accepted",
          entries: Array.from({ length: BULK_STATUS_MAX + 1 }, () => entry),
        }),
      ),
    ).toEqual({ entries: "entryAdmin.validation.tooManyEntries" });
    expect(bulkStatusChangeSchema.safeParse({ to: "accepted", entries: [entry] }).success).toBe(
      true,
    );
  });
});

describe("a due day already over", () => {
  const sendBack = { to: "needs_changes", reason: "Bổ sung video" };

  it("is a day before today in Vietnam; today itself still has the rest of the day", () => {
    expect(changesDueDayIsPast("2026-08-31", "2026-09-01")).toBe(true);
    expect(changesDueDayIsPast("2026-09-01", "2026-09-01")).toBe(false);
    expect(changesDueDayIsPast("2027-01-01", "2026-12-31")).toBe(false);
  });

  it("is refused at its field, in the server's words, by the schemas given today", () => {
    const entries = [{ id: ID, statusVersion: 2 }];
    expect(
      fieldErrors(
        statusChangeSchemaOn("2026-09-01").safeParse({
          ...sendBack,
          changesDueOn: "31/08/2026",
          statusVersion: 1,
        }),
      ),
    ).toEqual({ changesDueOn: "entryAdmin.validation.dueDatePast" });
    expect(
      fieldErrors(
        bulkStatusChangeSchemaOn("2026-09-01").safeParse({
          ...sendBack,
          changesDueOn: "2026-08-31",
          entries,
        }),
      ),
    ).toEqual({ changesDueOn: "entryAdmin.validation.dueDatePast" });
    expect(
      statusChangeSchemaOn("2026-09-01").safeParse({
        ...sendBack,
        changesDueOn: "01/09/2026",
        statusVersion: 1,
      }).success,
    ).toBe(true);
    // Only "needs changes" has a due day; other moves ignore a stray one.
    expect(
      bulkStatusChangeSchemaOn("2026-09-01").safeParse({
        to: "accepted",
        changesDueOn: "2026-08-31",
        entries,
      }).success,
    ).toBe(true);
  });

  it("is left to the operation's clock by the schemas without a day", () => {
    expect(
      statusChangeSchema.safeParse({ ...sendBack, changesDueOn: "2000-01-01", statusVersion: 1 })
        .success,
    ).toBe(true);
  });
});

describe("parseSelectedValue", () => {
  it("reads a table checkbox's `id:statusVersion`", () => {
    expect(parseSelectedValue(`${ID.toUpperCase()}:7`)).toEqual({ id: ID, statusVersion: 7 });
    expect(parseSelectedValue(ID)).toBeNull();
    expect(parseSelectedValue(`${ID}:x`)).toBeNull();
  });
});

describe("messages", () => {
  it.each([
    "entryAdmin.validation.statusRequired",
    "entryAdmin.validation.reasonRequired",
    "entryAdmin.validation.dueDate",
    "entryAdmin.validation.dueDateRequired",
    "entryAdmin.validation.dueDatePast",
    "entryAdmin.validation.selectEntries",
    "entryAdmin.validation.tooManyEntries",
    "entryAdmin.problems.statusConflict",
    "entryAdmin.problems.transitionNotAllowed",
  ])("%s exists in both languages", (key) => {
    for (const lang of LANGUAGES) expect(catalogText(lang, key), lang).toBeTruthy();
  });
});
