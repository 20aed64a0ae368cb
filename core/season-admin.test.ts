import { describe, expect, it } from "vitest";
import { formatVietnamDateTime, parseVietnamDateTime } from "./dates";
import {
  categorySchema,
  parseNodeParam,
  seasonDatesSchema,
  seasonDatesToIso,
  trackSchema,
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
    expect(parseVietnamDateTime("2026-12-31")).toBeNull();
  });
});

describe("season dates form", () => {
  it("stores the dates as ISO UTC, empty as null", () => {
    const form = seasonDatesSchema.parse({
      nameVi: "Vạn Xuân 2026",
      submissionOpensAt: "01/08/2026 00:00",
      submissionClosesAt: "01/09/2026 09:00",
    });
    expect(seasonDatesToIso(form)).toMatchObject({
      submissionOpensAt: "2026-07-31T17:00:00.000Z",
      submissionClosesAt: "2026-09-01T02:00:00.000Z",
      ceremonyAt: null,
    });
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
