import { describe, expect, it } from "vitest";
import { crc16Ccitt, hasValidCrc, vietQrMemo, vietQrPayload } from "./vietqr";

// Payloads published with open-source VietQR generators (their READMEs), scanned by banking apps.
const PUBLISHED = [
  // subiz/vietqr: 120,000 đồng to VietinBank (970415) account 0011001932418, memo "ung ho lu lut".
  "00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C",
];

describe("CRC16-CCITT (FALSE)", () => {
  it("gives the catalogue check value for 123456789", () => {
    expect(crc16Ccitt("123456789")).toBe(0x29b1);
  });

  it("matches the CRC of published VietQR payloads", () => {
    for (const payload of PUBLISHED) expect(hasValidCrc(payload)).toBe(true);
    expect(hasValidCrc(PUBLISHED[0]!.replace("120000", "120001"))).toBe(false);
  });
});

describe("vietQrPayload", () => {
  it("builds the published payload field for field", () => {
    expect(
      vietQrPayload({
        bankBin: "970415",
        accountNumber: "0011001932418",
        amountVnd: 120_000,
        memo: "ủng hộ lũ lụt",
      }),
    ).toBe(PUBLISHED[0]);
  });

  it("makes a static QR without amount or memo", () => {
    const payload = vietQrPayload({ bankBin: "970436", accountNumber: "0011004000000" });
    expect(payload).toMatch(/^000201010211/);
    expect(payload).not.toContain("54");
    expect(hasValidCrc(payload)).toBe(true);
  });

  it("refuses what no bank would take", () => {
    expect(() => vietQrPayload({ bankBin: "97043", accountNumber: "1" })).toThrow(RangeError);
    expect(() => vietQrPayload({ bankBin: "970436", accountNumber: "00 11" })).toThrow(RangeError);
    expect(() => vietQrPayload({ bankBin: "970436", accountNumber: "1", amountVnd: 1.5 })).toThrow(
      RangeError,
    );
  });
});

describe("vietQrMemo", () => {
  it("folds Vietnamese, drops punctuation and keeps 25 characters", () => {
    expect(vietQrMemo("Đóng phí VX26-TV-0042!")).toBe("Dong phi VX26 TV 0042");
    expect(vietQrMemo("x".repeat(40))).toHaveLength(25);
  });
});
