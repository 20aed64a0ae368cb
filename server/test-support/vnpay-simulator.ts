import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { vnpaySign, verifyVnpayQuery } from "../modules/payments/vnpay";

/** The merchant the simulator and the app under test share. */
export const SIMULATED_MERCHANT = {
  tmnCode: "VXSIM001",
  hashSecret: "simulator-hash-secret-0123456789",
};

export interface VnpaySimulator {
  /** The gateway's payment page URL (VNPAY_URL). */
  url: string;
  /** IPN answers the app gave, in order. */
  ipnAnswers: { RspCode: string; Message: string }[];
  /** The environment that points an app at this simulator. */
  env: Record<string, string>;
  close(): Promise<void>;
}

let transactionNo = 14_100_000;

/** The signed result VNPay sends to the IPN and the return URL for an order. */
export function vnpayResult(
  order: Record<string, string>,
  outcome: { responseCode?: string; amount?: string } = {},
  secret = SIMULATED_MERCHANT.hashSecret,
): Record<string, string> {
  const code = outcome.responseCode ?? "00";
  const params: Record<string, string> = {
    vnp_TmnCode: order.vnp_TmnCode ?? "",
    vnp_Amount: outcome.amount ?? order.vnp_Amount ?? "",
    vnp_BankCode: "NCB",
    vnp_BankTranNo: `VNP${transactionNo}`,
    vnp_CardType: "ATM",
    vnp_OrderInfo: order.vnp_OrderInfo ?? "",
    vnp_PayDate: order.vnp_CreateDate ?? "",
    vnp_ResponseCode: code,
    vnp_TransactionNo: String(++transactionNo),
    vnp_TransactionStatus: code === "00" ? "00" : "02",
    vnp_TxnRef: order.vnp_TxnRef ?? "",
  };
  return { ...params, vnp_SecureHashType: "HmacSHA512", vnp_SecureHash: vnpaySign(secret, params) };
}

const page = (body: string) =>
  `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>VNPay (simulator)</title></head><body><main>${body}</main></body></html>`;

/**
 * A local stand-in for VNPay's gateway (the real one is out of reach here): its payment page
 * checks the signed order and offers "Thanh toán" and "Hủy"; paying calls the app's IPN
 * (`appUrl`/api/payments/vnpay/ipn) with a signed result, then sends the browser to the order's
 * return URL, as VNPay does. Only ever listens on 127.0.0.1.
 */
export async function startVnpaySimulator(appUrl: () => string): Promise<VnpaySimulator> {
  const ipnAnswers: VnpaySimulator["ipnAnswers"] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const query = Object.fromEntries(url.searchParams);
      if (url.pathname === "/paymentv2/vpcpay.html") {
        if (!verifyVnpayQuery(SIMULATED_MERCHANT, query)) {
          res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
          res.end(page("<h1>Sai chữ ký</h1>"));
          return;
        }
        const order = new URLSearchParams(query).toString();
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(
          page(
            `<h1>Cổng thanh toán VNPay (giả lập)</h1><p>Đơn hàng ${query.vnp_TxnRef}: ${Number(query.vnp_Amount) / 100} VND</p>` +
              `<p><a href="/pay?${order}">Thanh toán</a> <a href="/cancel?${order}">Hủy</a></p>`,
          ),
        );
        return;
      }
      if (url.pathname === "/pay" || url.pathname === "/cancel") {
        const result = vnpayResult(query, { responseCode: url.pathname === "/pay" ? "00" : "24" });
        const ipn = await fetch(
          `${appUrl()}/api/payments/vnpay/ipn?${new URLSearchParams(result)}`,
        );
        ipnAnswers.push((await ipn.json()) as { RspCode: string; Message: string });
        res.writeHead(302, { location: `${query.vnp_ReturnUrl}?${new URLSearchParams(result)}` });
        res.end();
        return;
      }
      res.writeHead(404);
      res.end();
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/paymentv2/vpcpay.html`;
  return {
    url,
    ipnAnswers,
    env: {
      VNPAY_TMN_CODE: SIMULATED_MERCHANT.tmnCode,
      VNPAY_HASH_SECRET: SIMULATED_MERCHANT.hashSecret,
      VNPAY_URL: url,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
