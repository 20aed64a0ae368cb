import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildVnpayUrl, vnpayDate, vnpaySign, verifyVnpayQuery } from "./vnpay";

const CONFIG = {
  tmnCode: "VXTEST01",
  hashSecret: "SECRETSECRETSECRET",
  url: "https://sandbox.example/paymentv2/vpcpay.html",
};

describe("VNPay signing", () => {
  it("signs the sorted, form-encoded parameters with HMAC-SHA512", () => {
    const params = {
      vnp_TxnRef: "VXP26K7M3QZ",
      vnp_Amount: "300000000",
      vnp_OrderInfo: "Phi du thi VXP26K7M3QZ",
    };
    // Written by hand: names in order, spaces as "+".
    const canonical =
      "vnp_Amount=300000000&vnp_OrderInfo=Phi+du+thi+VXP26K7M3QZ&vnp_TxnRef=VXP26K7M3QZ";
    const expected = createHmac("sha512", CONFIG.hashSecret).update(canonical).digest("hex");
    expect(vnpaySign(CONFIG.hashSecret, params)).toBe(expected);
  });

  it("writes dates in Vietnam time", () => {
    expect(vnpayDate(new Date("2026-09-01T17:30:05.000Z"))).toBe("20260902003005");
  });

  it("builds a URL whose parameters verify, with the amount in hundredths of a đồng", () => {
    const url = new URL(
      buildVnpayUrl(CONFIG, {
        txnRef: "VXP26K7M3QZ",
        amountVnd: 3_000_000,
        orderInfo: "Phí dự thi VXP26K7M3QZ",
        ipAddr: "127.0.0.1",
        returnUrl: "http://localhost:3000/nop-bai-du-thi/thanh-toan/vnpay",
        createdAt: new Date("2026-09-01T03:00:00Z"),
        expiresAt: new Date("2026-09-01T03:15:00Z"),
        lang: "vi",
      }),
    );
    const query = Object.fromEntries(url.searchParams);
    expect(query.vnp_Amount).toBe("300000000");
    expect(query.vnp_Locale).toBe("vn");
    expect(query.vnp_OrderInfo).toBe("Phí dự thi VXP26K7M3QZ");
    expect(verifyVnpayQuery(CONFIG, query)).toBe(true);
    expect(verifyVnpayQuery(CONFIG, { ...query, vnp_Amount: "100" })).toBe(false);
    expect(verifyVnpayQuery({ hashSecret: "other-secret" }, query)).toBe(false);
    expect(verifyVnpayQuery(CONFIG, { ...query, vnp_SecureHash: "abc" })).toBe(false);
  });
});
