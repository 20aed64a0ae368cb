import { createHmac, timingSafeEqual } from "node:crypto";
import type { VnpayConfig } from "../../config";

/**
 * VNPay (payment gateway, API 2.1.0): the signed URL that sends the entrant to the gateway,
 * and the check of what the gateway sends back (return URL and IPN). The signature is
 * HMAC-SHA512 with the merchant's secret over the parameters sorted by name, each name and
 * value encoded as the gateway's own samples encode them (form encoding: spaces as "+").
 */

/** Form encoding as VNPay signs it: encodeURIComponent, then spaces as "+". */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+");
}

/** The string VNPay signs: `k=v&k=v` over the sorted, encoded, non-empty parameters. */
export function vnpaySignData(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== "vnp_SecureHash" && key !== "vnp_SecureHashType")
    .filter((key) => params[key] !== undefined && params[key] !== "")
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key]!)}`)
    .join("&");
}

export function vnpaySign(secret: string, params: Readonly<Record<string, string>>): string {
  return createHmac("sha512", secret).update(vnpaySignData(params), "utf8").digest("hex");
}

/** yyyyMMddHHmmss in Vietnam time (GMT+7), as VNPay dates are written. */
export function vnpayDate(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return local.slice(0, 19).replace(/[-T:]/g, "");
}

export interface VnpayOrder {
  txnRef: string;
  amountVnd: number;
  orderInfo: string;
  ipAddr: string;
  returnUrl: string;
  createdAt: Date;
  expiresAt: Date;
  lang: "vi" | "en";
}

/** The gateway URL the entrant is sent to, signed. */
export function buildVnpayUrl(config: VnpayConfig, order: VnpayOrder): string {
  const params: Record<string, string> = {
    vnp_Version: "2.1.0",
    vnp_Command: "pay",
    vnp_TmnCode: config.tmnCode,
    vnp_Amount: String(order.amountVnd * 100),
    vnp_CurrCode: "VND",
    vnp_TxnRef: order.txnRef,
    vnp_OrderInfo: order.orderInfo,
    vnp_OrderType: "other",
    vnp_Locale: order.lang === "en" ? "en" : "vn",
    vnp_ReturnUrl: order.returnUrl,
    vnp_IpAddr: order.ipAddr,
    vnp_CreateDate: vnpayDate(order.createdAt),
    vnp_ExpireDate: vnpayDate(order.expiresAt),
  };
  const query = vnpaySignData(params);
  return `${config.url}?${query}&vnp_SecureHash=${vnpaySign(config.hashSecret, params)}`;
}

/** Whether the query VNPay sent (return URL or IPN) carries a valid signature. */
export function verifyVnpayQuery(
  config: Pick<VnpayConfig, "hashSecret">,
  query: Readonly<Record<string, string>>,
): boolean {
  const given = query.vnp_SecureHash;
  if (typeof given !== "string" || !/^[0-9a-fA-F]{128}$/.test(given)) return false;
  const expected = Buffer.from(vnpaySign(config.hashSecret, query), "hex");
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), "hex"));
}

/** Only the vnp_ parameters, each a single string (a repeated parameter is refused as ""). */
export function vnpayParams(query: Readonly<Record<string, unknown>>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith("vnp_")) continue;
    params[key] = typeof value === "string" ? value : "";
  }
  return params;
}
