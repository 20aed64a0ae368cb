import { describe, expect, it } from "vitest";
import {
  extractReferences,
  isPaymentReference,
  paymentReference,
  transferMemo,
} from "./payment-reference";

describe("payment references", () => {
  it("are VXP, the season's year and six base-32 characters", () => {
    const ref = paymentReference(2026, new Uint8Array([0, 1, 18, 31, 63, 255]));
    expect(ref).toBe("VXP2601JZZZ");
    expect(ref).toHaveLength(11);
    expect(isPaymentReference(ref)).toBe(true);
    expect(isPaymentReference("VX26-TV-0042")).toBe(false);
    expect(isPaymentReference("VXP26ILOU00")).toBe(false);
  });

  it("are found in memos as banks print them, and entry codes are not mistaken for them", () => {
    expect(extractReferences("MBVCB.3311.vxp26k7m3qz VX26TV0042.CT tu 0011")).toEqual([
      "VXP26K7M3QZ",
    ]);
    expect(extractReferences("VXP26-K7M3-QZ thanh toan")).toEqual(["VXP26K7M3QZ"]);
    expect(extractReferences("VXP26K7M3QZ VXP26K7M3QZ VXP26AAAAAA")).toEqual([
      "VXP26K7M3QZ",
      "VXP26AAAAAA",
    ]);
    expect(extractReferences("VX26TV0042 VX26TV0043 chuyen khoan")).toEqual([]);
  });

  it("make a memo of at most 25 characters with the entry codes that fit", () => {
    expect(transferMemo("VXP26K7M3QZ", ["VX26-TV-0042", "VX26-OL-0007"])).toBe(
      "VXP26K7M3QZ VX26TV0042",
    );
    expect(transferMemo("VXP26K7M3QZ", [null])).toBe("VXP26K7M3QZ");
  });
});
