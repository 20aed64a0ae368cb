import { expect } from "vitest";
import type { StatusActor } from "../entries/change-status";
import { submittedEntry } from "../entries/lifecycle-testbed";
import { entriesTestbed, type EntriesTestbed } from "../entries/testbed";
import type { TestDatabase } from "../../test-support/databases";
import { vnpaySign } from "./vnpay";

/** The VNPay merchant the tests sign with (the simulator uses the same). */
export const TEST_VNPAY = {
  tmnCode: "VXTEST01",
  hashSecret: "test-hash-secret-0123456789",
  url: "http://127.0.0.1:9/paymentv2/vpcpay.html",
};

/** The entries testbed with VNPay configured: payments run on the same demo season. */
export function paymentsTestbed(target: TestDatabase): EntriesTestbed {
  const t = entriesTestbed(target);
  Object.assign(t.config, { vnpay: TEST_VNPAY });
  return t;
}

export const CLIENT = { ip: "127.0.0.1", lang: "vi" as const };

export function finance(t: EntriesTestbed): StatusActor {
  return { id: t.staff, email: "staff@example.vn", role: "finance", name: "Hoàng Kế Toán" };
}

/** `count` submitted entries of `userId`. */
export async function submittedEntries(t: EntriesTestbed, count: number, userId = t.alice) {
  const entries = [];
  for (let i = 0; i < count; i++) entries.push(await submittedEntry(t, userId));
  return entries;
}

/** A payment that must be created. */
export async function created(
  t: EntriesTestbed,
  entryIds: string[],
  method: "vietqr" | "vnpay" = "vietqr",
  userId = t.alice,
) {
  const result = await t.services.payments.create(userId, { entryIds, method }, CLIENT);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  if (!result.ok) throw new Error("create refused");
  return result;
}

/** One submitted entry of alice's in a payment finance has confirmed by hand. */
export async function paidPayment(t: EntriesTestbed) {
  const entries = await submittedEntries(t, 1);
  const { payment } = await created(
    t,
    entries.map((e) => e.id),
  );
  const paid = await t.services.payments.confirm(finance(t), payment.id, {
    stateVersion: payment.stateVersion,
  });
  if (!paid.ok) throw new Error("confirm refused");
  return { entries, payment, paid };
}

/** The IPN VNPay would send for a payment, signed (fields overridable before signing). */
export function ipnQuery(
  reference: string,
  amountVnd: number,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const params: Record<string, string> = {
    vnp_TmnCode: TEST_VNPAY.tmnCode,
    vnp_Amount: String(amountVnd * 100),
    vnp_BankCode: "NCB",
    vnp_OrderInfo: `Thanh toan phi du thi ${reference}`,
    vnp_PayDate: "20260901103000",
    vnp_ResponseCode: "00",
    vnp_TransactionNo: "14100001",
    vnp_TransactionStatus: "00",
    vnp_TxnRef: reference,
    ...overrides,
  };
  return {
    ...params,
    vnp_SecureHashType: "HmacSHA512",
    vnp_SecureHash: vnpaySign(TEST_VNPAY.hashSecret, params),
  };
}

/** The entries' statuses, by id. */
export async function statuses(t: EntriesTestbed, ids: string[]) {
  const rows = await t.db.kysely
    .selectFrom("entries")
    .select(["id", "status"])
    .where("id", "in", ids)
    .execute();
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
}
