import { describe, expect, it } from "vitest";
import {
  ENTRY_CODE_MAX_LENGTH,
  entryCodeField,
  entryCodePrefix,
  entryCodePrefixOf,
  findEntryCodes,
  formatEntryCode,
  isEntryCode,
  normalizeEntryCode,
  parseEntryCode,
} from "./entry-code";

describe("entry codes", () => {
  it("are track code, season year, category code and a four-digit sequence", () => {
    expect(
      formatEntryCode({ trackCode: "VX", seasonYear: 2026, categoryCode: "TVC", sequence: 42 }),
    ).toBe("VX26-TVC-0042");
    expect(
      formatEntryCode({ trackCode: "VXS", seasonYear: 2026, categoryCode: "TAL", sequence: 7 }),
    ).toBe("VXS26-TAL-0007");
    expect(
      formatEntryCode({ trackCode: "VXC", seasonYear: 2030, categoryCode: "AGC", sequence: 9999 }),
    ).toBe("VXC30-AGC-9999");
  });

  it("parse back to their parts", () => {
    expect(parseEntryCode("VXC25-BRD-0150")).toEqual({
      trackCode: "VXC",
      seasonYear: 2025,
      categoryCode: "BRD",
      sequence: 150,
    });
  });

  it("round-trip for every demo track and category", () => {
    const categories = ["TVC", "TVW", "OLC", "OLW", "OOH", "COM", "EVT", "CCP", "GPX"];
    for (const trackCode of ["VX", "VXC", "VXS"]) {
      for (const categoryCode of [...categories, "AGC", "BRD", "TAL", "AMB"]) {
        for (const sequence of [1, 42, 9999]) {
          const parts = { trackCode, seasonYear: 2026, categoryCode, sequence };
          const code = formatEntryCode(parts);
          expect(code.length).toBeLessThanOrEqual(ENTRY_CODE_MAX_LENGTH);
          expect(parseEntryCode(code)).toEqual(parts);
        }
      }
    }
  });

  it("refuse to format out-of-range parts", () => {
    const ok = { trackCode: "VX", seasonYear: 2026, categoryCode: "TVC", sequence: 1 };
    expect(() => formatEntryCode({ ...ok, sequence: 0 })).toThrow(RangeError);
    expect(() => formatEntryCode({ ...ok, sequence: 10_000 })).toThrow(RangeError);
    expect(() => formatEntryCode({ ...ok, sequence: 1.5 })).toThrow(RangeError);
    expect(() => formatEntryCode({ ...ok, trackCode: "vx" })).toThrow(RangeError);
    expect(() => formatEntryCode({ ...ok, categoryCode: "TV-C" })).toThrow(RangeError);
    expect(() => formatEntryCode({ ...ok, seasonYear: 26 })).toThrow(RangeError);
  });

  it("accept what people type: spaces and lower case", () => {
    expect(normalizeEntryCode("  vx26-tvc-0042 ")).toBe("VX26-TVC-0042");
    expect(isEntryCode("VX26-TVC-0042")).toBe(true);
  });

  it("reject anything else", () => {
    for (const bad of [
      "",
      "VX26-TVC-0000",
      "VX26-TVC-42",
      "VX26-TVC-00042",
      "VX2026-TVC-0042",
      "VX26TVC0042",
      "VX26-TV C-0042",
      "V26-TVC-0042",
      "VX26-1TV-0042",
      "VX26-TVC-0042-1",
      "VX26–TVC–0042",
    ]) {
      expect(parseEntryCode(bad), bad).toBeNull();
    }
  });

  it("are found in a bank transfer memo", () => {
    expect(
      findEntryCodes("CONG TY ABC TT PHI DU THI vx26-tvc-0042 VX26-OLW-0007, VX26-TVC-0042"),
    ).toEqual(["VX26-TVC-0042", "VX26-OLW-0007"]);
    expect(findEntryCodes("XVX26-TVC-00421")).toEqual([]);
  });
});

describe("entry code prefixes", () => {
  it("are the track code, the season's two digits and the category code", () => {
    expect(entryCodePrefix({ trackCode: "VX", seasonYear: 2026, categoryCode: "TVC" })).toBe(
      "VX26-TVC",
    );
    expect(entryCodePrefix({ trackCode: "VXS", seasonYear: 2005, categoryCode: "TAL" })).toBe(
      "VXS05-TAL",
    );
    expect(entryCodePrefixOf("VX26-TVC-0042")).toBe("VX26-TVC");
    expect(
      entryCodePrefixOf(
        formatEntryCode({ trackCode: "VXC", seasonYear: 2027, categoryCode: "OLW", sequence: 7 }),
      ),
    ).toBe(entryCodePrefix({ trackCode: "VXC", seasonYear: 2027, categoryCode: "OLW" }));
  });
});

describe("the entry code field", () => {
  it("is required, canonical and checked", () => {
    const field = entryCodeField();
    expect(field.parse(" vxs26-tal-0007")).toBe("VXS26-TAL-0007");
    expect(field.safeParse("").error?.issues[0]?.message).toBe("validation.required");
    expect(field.safeParse("VX26-0042").error?.issues[0]?.message).toBe("validation.entryCode");
  });
});
