import { describe, expect, it } from "vitest";
import { formatVnd } from "../core/dates";
import { signedInApp } from "./test-support/signed-in-app";
import { pdfText } from "./test-support/pdf-text";
import { TEST_ORIGIN, type Who } from "./test-support/sign-in";
import { insertSubmittedEntries } from "./test-support/demo-catalogue";

// The payment pages over HTTP against the production build: the entrant's checkout, payment
// and receipt; finance's list, confirm and refund; the VNPay IPN without a merchant configured.
const ENTRANT = "payments-entrant@example.vn";
const office = signedInApp({
  staffEmail: (role) => `payments-${role.replace("_", "-")}@vanxuan-awards.example`,
  entrant: { email: ENTRANT, fullName: "Thí Sinh Thanh Toán" },
});

const get = (url: string, who: Who = "entrant") =>
  office.request("GET", url, { cookie: office.cookies.get(who) });

function post(url: string, who: Who, fields: [string, string][]) {
  return office.app.fastify.inject({
    method: "POST",
    url,
    headers: {
      host: "localhost:3000",
      origin: TEST_ORIGIN,
      cookie: office.cookies.get(who)!,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Two submitted entries of the signed-in entrant in the demo 2026 TVC category. */
async function submittedEntries(count: number) {
  const entries = Array.from({ length: count }, (_, i) => ({
    code: `VX26-TVC-9${String(i + Math.floor(Math.random() * 900)).padStart(3, "0")}`,
    brandName: "Trà Xanh",
    campaignName: `Tết sum vầy ${i + 1}`,
  }));
  const ids = await insertSubmittedEntries(office.db.kysely, ENTRANT, entries);
  return entries.map((entry, i) => ({ id: ids[i]!, code: entry.code }));
}

describe("payments over HTTP", () => {
  it("lets the entrant pay two entries by VietQR and finance confirm it; the receipt follows", async () => {
    const entries = await submittedEntries(2);
    const checkout = await get("/nop-bai-du-thi/thanh-toan");
    expect(checkout.statusCode).toBe(200);
    for (const e of entries) expect(checkout.body).toContain(e.code);
    expect(checkout.body).toContain("Giá sớm");
    expect(checkout.body).not.toContain("VNPay</span>");

    // The dashboard shows each unpaid entry's fee, its tier and until when it holds.
    const dashboard = await get("/tai-khoan");
    expect(dashboard.body).toContain("Giá sớm");
    expect(dashboard.body).toContain("đến hết 15/09/2026");

    const empty = await post("/nop-bai-du-thi/thanh-toan", "entrant", [["method", "vietqr"]]);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Vui lòng chọn ít nhất một bài dự thi để thanh toán.");
    const emptyEn = await post("/en/nop-bai-du-thi/thanh-toan", "entrant", [["method", "vietqr"]]);
    expect(emptyEn.body).toContain("Please choose at least one entry to pay for.");

    const created = await post("/nop-bai-du-thi/thanh-toan", "entrant", [
      ...entries.map((e) => ["entryIds", e.id] as [string, string]),
      ["method", "vietqr"],
    ]);
    expect(created.statusCode).toBe(302);
    const location = String(created.headers.location);
    const reference = /\/nop-bai-du-thi\/thanh-toan\/(VXP26[0-9A-Z]{6})$/.exec(location)?.[1];
    expect(reference).toBeDefined();

    const page = await get(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<svg");
    expect(page.body).toContain("0011004000000");
    expect(page.body).toContain(reference!);
    // The same entries cannot go into a second payment.
    const twice = await post("/nop-bai-du-thi/thanh-toan", "entrant", [
      ["entryIds", entries[0]!.id],
      ["method", "vietqr"],
    ]);
    expect(twice.statusCode).toBe(409);

    // Finance sees it; an editor may not.
    const list = await get(`/quan-tri/thanh-toan?q=${reference}`, "finance");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(reference!);
    expect((await get("/quan-tri/thanh-toan", "editor")).statusCode).toBe(403);
    const paymentId = new RegExp(`/quan-tri/thanh-toan/([0-9a-f-]{36})"[^>]*>${reference}`).exec(
      list.body,
    )?.[1];
    expect(paymentId).toBeDefined();

    const stale = await post(`/quan-tri/thanh-toan/${paymentId}`, "finance", [
      ["intent", "confirm"],
      ["stateVersion", "7"],
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Khoản thanh toán vừa được người khác cập nhật");
    expect((await get(`/nop-bai-du-thi/thanh-toan/${reference}/bien-nhan`)).statusCode).toBe(404);
    const confirmed = await post(`/quan-tri/thanh-toan/${paymentId}`, "finance", [
      ["intent", "confirm"],
      ["stateVersion", "1"],
      ["reason", "Sao kê VCB"],
    ]);
    expect(confirmed.statusCode).toBe(302);

    expect((await get("/tai-khoan")).body).toContain(
      `/nop-bai-du-thi/thanh-toan/${reference}/bien-nhan`,
    );
    const receipt = await get(`/nop-bai-du-thi/thanh-toan/${reference}/bien-nhan`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(receipt.rawPayload);
    expect(text).toContain("Biên nhận thanh toán");
    for (const e of entries) expect(text).toContain(e.code);
    // Staff are not the payment's owner: no receipt through the entrant's page.
    const staffReceipt = await get(`/nop-bai-du-thi/thanh-toan/${reference}/bien-nhan`, "finance");
    expect(staffReceipt.headers["content-type"]).not.toBe("application/pdf");

    const noReason = await post(`/quan-tri/thanh-toan/${paymentId}`, "admin", [
      ["intent", "refund"],
      ["stateVersion", "2"],
      ["reason", ""],
    ]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain("Vui lòng ghi lý do.");
    const noReasonEn = await post(`/en/quan-tri/thanh-toan/${paymentId}`, "admin", [
      ["intent", "refund"],
      ["stateVersion", "2"],
      ["reason", ""],
    ]);
    expect(noReasonEn.body).toContain("Please give a reason.");
  });

  it("tells on the dashboard which entry's fee was refunded and when, until it is paid again", async () => {
    const [entry] = await submittedEntries(1);
    /** The dashboard's item of the entry, in a language. */
    const item = async (prefix: "" | "/en") => {
      const body = (await get(`${prefix}/tai-khoan`)).body;
      const start = body.indexOf(`data-entry-id="${entry!.id}"`);
      expect(start).toBeGreaterThan(-1);
      // The entry's item ends after its links (its list of missing items has items of its own).
      return body.slice(start, body.indexOf("</p></li>", start));
    };
    /** Creates a transfer for the entry and has finance confirm it; the payment's id. */
    const pay = async () => {
      const created = await post("/nop-bai-du-thi/thanh-toan", "entrant", [
        ["entryIds", entry!.id],
        ["method", "vietqr"],
      ]);
      expect(created.statusCode).toBe(302);
      const reference = /(VXP26[0-9A-Z]{6})$/.exec(String(created.headers.location))![1]!;
      const list = await get(`/quan-tri/thanh-toan?q=${reference}`, "finance");
      const id = new RegExp(`/quan-tri/thanh-toan/([0-9a-f-]{36})"[^>]*>${reference}`).exec(
        list.body,
      )![1]!;
      const confirmed = await post(`/quan-tri/thanh-toan/${id}`, "finance", [
        ["intent", "confirm"],
        ["stateVersion", "1"],
        ["reason", "Sao kê VCB"],
      ]);
      expect(confirmed.statusCode).toBe(302);
      return { id, reference };
    };

    const { id: paymentId, reference } = await pay();
    expect(await item("")).not.toContain("hoàn lại");
    const refunded = await post(`/quan-tri/thanh-toan/${paymentId}`, "finance", [
      ["intent", "refund"],
      ["stateVersion", "2"],
      ["reason", "Khách hàng yêu cầu"],
    ]);
    expect(refunded.statusCode).toBe(302);

    // Due again, with the way to pay, and said why: near the fee, in each language.
    const vi = await item("");
    expect(vi).toContain("Phí đã được hoàn lại ngày 01/09/2026");
    expect(vi).toContain("/nop-bai-du-thi/thanh-toan");
    expect(await item("/en")).toContain("Fee refunded on 01/09/2026");
    // The entrant's page of the payment tells each move and by which side, not staff's
    // reasons (the refund's own reaches them by email) nor who in the office made it.
    const page = (await get(`/nop-bai-du-thi/thanh-toan/${reference}`)).body;
    expect(page).toContain("Tài chính");
    expect(page).not.toContain("Sao kê VCB");
    expect(page).not.toContain("Khách hàng yêu cầu");

    await pay();
    expect(await item("")).not.toContain("hoàn lại");
  });

  it("tells on the dashboard, before it happens, when an unpaid entry's fee rises or can no longer be paid", async () => {
    const [entry] = await submittedEntries(1);
    /** The dashboard's item of the entry, in a language, no-break spaces read as spaces. */
    const item = async (prefix: "" | "/en") => {
      const body = (await get(`${prefix}/tai-khoan`)).body;
      const start = body.indexOf(`data-entry-id="${entry!.id}"`);
      expect(start).toBeGreaterThan(-1);
      return body.slice(start, body.indexOf("</p></li>", start)).replace(/\u00a0/g, " ");
    };
    // The demo TVC category has one price in every tier and its season no late deadline: the
    // fee never changes, and the season's deadline (the end of 31/12/2026) is the last to pay.
    expect(await item("")).toContain(
      "Hạn chót thanh toán: 31/12/2026 23:59 — sau thời điểm này bài dự thi không thể thanh toán",
    );
    expect(await item("/en")).toContain(
      "Payment deadline: 31/12/2026 23:59 — after this the entry can no longer be paid for",
    );
    const tvc = await office.db.kysely
      .selectFrom("entries as e")
      .innerJoin("categories as c", "c.id", "e.category_id")
      .select(["c.id", "c.fee_vnd", "c.early_bird_fee_vnd"])
      .where("e.id", "=", entry!.id)
      .executeTakeFirstOrThrow();
    // A cheaper early-bird price (today, 01/09/2026, is early bird): the rise is what comes next.
    await office.db.kysely
      .updateTable("categories")
      .set({ early_bird_fee_vnd: Number(tvc.fee_vnd) - 500_000 })
      .where("id", "=", tvc.id)
      .execute();
    try {
      const vi = await item("");
      expect(vi).toContain(
        `Lệ phí tăng lên ${formatVnd(Number(tvc.fee_vnd), "vi").replace(/\u00a0/g, " ")} sau 15/09/2026 23:59`,
      );
      // Said once: the tier is not followed by the same deadline again.
      expect(vi).toContain("Giá sớm");
      expect(vi).not.toContain("đến hết 15/09/2026");
      expect(vi).not.toContain("Hạn chót thanh toán");
      expect(await item("/en")).toContain(
        `The fee goes up to ${formatVnd(Number(tvc.fee_vnd), "en")} after 15/09/2026 23:59`,
      );
    } finally {
      await office.db.kysely
        .updateTable("categories")
        .set({ early_bird_fee_vnd: tvc.early_bird_fee_vnd })
        .where("id", "=", tvc.id)
        .execute();
    }
    // In a transfer waiting for its money, the amount is fixed: nothing more to tell.
    const created = await post("/nop-bai-du-thi/thanh-toan", "entrant", [
      ["entryIds", entry!.id],
      ["method", "vietqr"],
    ]);
    expect(created.statusCode).toBe(302);
    expect(await item("")).not.toContain("Hạn chót thanh toán");
  });

  it("answers the VNPay IPN with 97 while no merchant is configured, and 404s others' payments", async () => {
    const ipn = await office.request(
      "GET",
      "/api/payments/vnpay/ipn?vnp_TxnRef=X&vnp_SecureHash=abc",
    );
    expect(ipn.statusCode).toBe(200);
    expect(ipn.json()).toEqual({ RspCode: "97", Message: "Invalid signature" });
    expect((await get("/nop-bai-du-thi/thanh-toan/VXP26ZZZZZZ")).statusCode).toBe(404);
    const anonymous = await office.request("GET", "/nop-bai-du-thi/thanh-toan");
    expect(anonymous.statusCode).toBe(302);
  });
});
