import { beforeAll, describe, expect, it } from "vitest";
import { signedInApp } from "./test-support/signed-in-app";
import { TEST_ORIGIN } from "./test-support/sign-in";
import { SIMULATED_MERCHANT, vnpayResult } from "./test-support/vnpay-simulator";
import { insertSubmittedEntries } from "./test-support/demo-catalogue";

// VNPay over HTTP, the gateway played by the simulator's signing (server/test-support/
// vnpay-simulator.ts): the checkout sends the entrant to the gateway with a signed order; the
// IPN refuses a wrong signature (97), a wrong amount (04), answers 50 simultaneous copies of
// the same success with exactly one payment (one 00, 49 × 02), and a replay changes nothing.
const ENTRANT = "vnpay-entrant@example.vn";
const GATEWAY = "http://127.0.0.1:9/paymentv2/vpcpay.html";
const office = signedInApp({
  env: {
    VNPAY_TMN_CODE: SIMULATED_MERCHANT.tmnCode,
    VNPAY_HASH_SECRET: SIMULATED_MERCHANT.hashSecret,
    VNPAY_URL: GATEWAY,
  },
  staffEmail: (role) => `vnpay-${role.replace("_", "-")}@vanxuan-awards.example`,
  entrant: { email: ENTRANT, fullName: "Thí Sinh VNPay" },
});

let entryIds: string[] = [];

beforeAll(async () => {
  entryIds = await insertSubmittedEntries(
    office.db.kysely,
    ENTRANT,
    [0, 1].map((i) => ({
      code: `VX26-TVC-97${i}${Math.floor(Math.random() * 10)}`,
      brandName: "Cà Phê Sớm",
      campaignName: `Sáng nay ${i}`,
      endMonth: 2,
    })),
  );
});

const ipn = (query: Record<string, string>) =>
  office.request("GET", `/api/payments/vnpay/ipn?${new URLSearchParams(query)}`);

describe("VNPay over HTTP", () => {
  it("signs the order, refuses forged and wrong-amount IPNs, and pays once under 50 copies", async () => {
    const checkout = await office.request("GET", "/nop-bai-du-thi/thanh-toan", {
      cookie: office.cookies.get("entrant"),
    });
    expect(checkout.body).toContain('value="vnpay"');
    const created = await office.app.fastify.inject({
      method: "POST",
      url: "/nop-bai-du-thi/thanh-toan",
      headers: {
        host: "localhost:3000",
        origin: TEST_ORIGIN,
        cookie: office.cookies.get("entrant")!,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams([
        ...entryIds.map((id) => ["entryIds", id]),
        ["method", "vnpay"],
      ]).toString(),
    });
    expect(created.statusCode).toBe(302);
    const gateway = new URL(String(created.headers.location));
    expect(`${gateway.origin}${gateway.pathname}`).toBe(GATEWAY);
    const order = Object.fromEntries(gateway.searchParams);
    expect(order.vnp_TmnCode).toBe(SIMULATED_MERCHANT.tmnCode);
    expect(order.vnp_ReturnUrl).toBe("http://localhost:3000/nop-bai-du-thi/thanh-toan/vnpay");

    const forged = vnpayResult(order, {}, "not-the-merchant-secret");
    expect((await ipn(forged)).json()).toEqual({ RspCode: "97", Message: "Invalid signature" });
    const wrongAmount = vnpayResult(order, { amount: String(Number(order.vnp_Amount) - 100) });
    expect((await ipn(wrongAmount)).json()).toEqual({ RspCode: "04", Message: "Invalid amount" });

    const success = vnpayResult(order);
    const answers = await Promise.all(Array.from({ length: 50 }, () => ipn(success)));
    const codes = answers.map((a) => (a.json() as { RspCode: string }).RspCode);
    expect(codes.filter((c) => c === "00")).toHaveLength(1);
    expect(codes.filter((c) => c === "02")).toHaveLength(49);
    expect((await ipn(success)).json()).toMatchObject({ RspCode: "02" });

    const payment = await office.db.kysely
      .selectFrom("payments")
      .select(["id", "state"])
      .where("gateway_ref", "=", order.vnp_TxnRef!)
      .executeTakeFirstOrThrow();
    expect(payment.state).toBe("paid");
    const events = await office.db.kysely
      .selectFrom("payment_events")
      .select("to_state")
      .where("payment_id", "=", payment.id)
      .execute();
    expect(events.map((e) => e.to_state)).toEqual(["pending", "paid"]);
    const statuses = await office.db.kysely
      .selectFrom("entries")
      .select("status")
      .where("id", "in", entryIds)
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(["paid", "paid"]);

    // The return page shows the result without changing anything.
    const back = await office.request(
      "GET",
      `/nop-bai-du-thi/thanh-toan/vnpay?${new URLSearchParams(success)}`,
      { cookie: office.cookies.get("entrant") },
    );
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain("Thanh toán thành công");
  });
});
