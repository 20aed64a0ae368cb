import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { text } from "../../test-support/text";
import { demoCategory } from "../../test-support/demo-catalogue";
import { signedInApp, TEST_NOW } from "../../test-support/signed-in-app";
import { TEST_ORIGIN, type Who } from "../../test-support/sign-in";
import { CLIENT, ipnQuery, TEST_VNPAY } from "./testbed";

// Money VNPay took but holds for review, as finance sees it over HTTP on the production build:
// the payments list counts such payments and filters them, flagged, and the payment's page
// says what happened and what to do, in Vietnamese and English.

const office = signedInApp({
  env: {
    VNPAY_TMN_CODE: TEST_VNPAY.tmnCode,
    VNPAY_HASH_SECRET: TEST_VNPAY.hashSecret,
    VNPAY_URL: TEST_VNPAY.url,
  },
  staffEmail: (role) => `attention-${role.replace("_", "-")}@vanxuan-awards.example`,
  entrant: { email: "attention-entrant@example.vn", fullName: "Thí Sinh Thẻ" },
});

const page = (url: string, who: Who = "finance") =>
  office.request("GET", url, { cookie: office.cookies.get(who), headers: { origin: TEST_ORIGIN } });
const post = (url: string, form: Record<string, string>, who: Who = "finance") =>
  office.request("POST", url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form,
  });

/** A submitted entry of the signed-in entrant (with this code) in a card payment: the payment. */
async function cardPayment(code: string) {
  const db = office.db.kysely;
  const owner = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "attention-entrant@example.vn")
    .executeTakeFirstOrThrow();
  const category = await demoCategory(db);
  const id = randomUUID();
  const at = TEST_NOW.toISOString();
  await db
    .insertInto("entries")
    .values({
      id,
      owner_user_id: owner.id,
      season_id: category.season_id,
      track_id: category.track_id,
      category_id: category.id,
      code,
      status: "submitted",
      brand_name: "Trà Xanh",
      campaign_name: "Tết sum vầy",
      description_vi: "",
      description_en: "",
      start_month: null,
      start_year: null,
      end_month: null,
      end_year: null,
      video_link: "",
      credits: JSON.stringify({ companies: [], people: [] }),
      version: 1,
      created_at: at,
      updated_at: at,
      submitted_at: at,
    })
    .execute();
  const made = await office.app.services.payments.create(
    owner.id,
    { entryIds: [id], method: "vnpay" },
    CLIENT,
  );
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.payment;
}

/** Sends VNPay's signed IPN for the payment (its fields overridden by `extra`): VNPay's answer. */
const ipnOf =
  (payment: { reference: string; amountVnd: number }) => async (extra: Record<string, string>) =>
    (
      await office.request(
        "GET",
        `/api/payments/vnpay/ipn?${new URLSearchParams(ipnQuery(payment.reference, payment.amountVnd, extra))}`,
      )
    ).json();

describe("a card payment VNPay holds for review, on the staff pages", () => {
  it("is counted, filtered and flagged in the list, and explained on its page", async () => {
    const payment = await cardPayment("VX26-TVC-9001");
    const suspect = new URLSearchParams(
      ipnQuery(payment.reference, payment.amountVnd, {
        vnp_ResponseCode: "07",
        vnp_TransactionStatus: "07",
        vnp_TransactionNo: "14109999",
      }),
    );
    const ipn = await office.request("GET", `/api/payments/vnpay/ipn?${suspect}`);
    expect(ipn.json()).toEqual({ RspCode: "00", Message: "Confirm Success" });

    const list = await page("/en/quan-tri/thanh-toan");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('data-testid="payments-attention"');
    expect(list.body).toContain("1 payment with VNPay money to handle");
    expect(list.body).toContain("attention=open");

    const filtered = await page("/en/quan-tri/thanh-toan?attention=open");
    expect(filtered.body).toContain(payment.reference);
    expect(filtered.body).toContain(text("en", "paymentAdmin.attention.badge"));
    // Another payment, with nothing to handle, is not in the filtered list.
    const plain = (await cardPayment("VX26-TVC-9002")).reference;
    expect((await page("/en/quan-tri/thanh-toan")).body).toContain(plain);
    expect((await page("/en/quan-tri/thanh-toan?attention=open")).body).not.toContain(plain);

    const english = await page(`/en/quan-tri/thanh-toan/${payment.id}`);
    expect(english.body).toContain('data-testid="payment-attention"');
    expect(english.body).toContain(text("en", "paymentAdmin.attention.heldForReview.title"));
    expect(english.body).toContain("14109999");
    const vietnamese = await page(`/quan-tri/thanh-toan/${payment.id}`);
    expect(vietnamese.body).toContain(text("vi", "paymentAdmin.attention.heldForReview.title"));
    // A payment with nothing to handle shows no notice.
    const quiet = await office.db.kysely
      .selectFrom("payments")
      .select("id")
      .where("reference", "=", plain)
      .executeTakeFirstOrThrow();
    expect((await page(`/en/quan-tri/thanh-toan/${quiet.id}`)).body).not.toContain(
      'data-testid="payment-attention"',
    );
  });
});

describe("money VNPay holds for review on a payment that had already ended", () => {
  it("says the payment holds nothing and offers to record what finance did, not to confirm or release", async () => {
    const payment = await cardPayment("VX26-TVC-9004");
    const ipn = ipnOf(payment);
    // VNPay declines the card (the payment fails), then reports it charged but held (07).
    expect(await ipn({ vnp_ResponseCode: "24", vnp_TransactionStatus: "02" })).toMatchObject({
      RspCode: "00",
    });
    expect(
      await ipn({
        vnp_ResponseCode: "07",
        vnp_TransactionStatus: "07",
        vnp_TransactionNo: "14107777",
      }),
    ).toMatchObject({ RspCode: "00" });

    for (const lang of ["en", "vi"] as const) {
      const url =
        lang === "en"
          ? `/en/quan-tri/thanh-toan/${payment.id}`
          : `/quan-tri/thanh-toan/${payment.id}`;
      const { body } = await page(url);
      expect(body).toContain(text(lang, "paymentAdmin.attention.heldForReview.title"));
      expect(body).toContain("14107777");
      const ended = text(lang, "paymentAdmin.attention.heldForReview.bodyEnded", {
        amount: "",
        transaction: "",
        at: "",
      });
      // The sentence after the figures: the payment holds nothing and cannot be confirmed.
      expect(body).toContain(ended.slice(ended.indexOf(".") + 2, ended.indexOf(".") + 60));
      expect(body).not.toContain(
        text(lang, "paymentAdmin.attention.heldForReview.body", {
          amount: "",
          transaction: "",
          at: "",
        }).slice(-60),
      );
      expect(body).toContain('data-testid="payment-handled"');
      expect(body).not.toContain(text(lang, "paymentAdmin.attention.release.title"));
    }
  });
});

describe("late VNPay money on an ended payment, handled by finance", () => {
  it("is closed with what finance did: the notice, the flag and the count go, the history keeps it", async () => {
    const payment = await cardPayment("VX26-TVC-9003");
    const entryId = payment.entries[0]!.entryId;
    const ipn = ipnOf(payment);
    // VNPay declines the card, the entry goes into a transfer, then VNPay reports it charged.
    expect(await ipn({ vnp_ResponseCode: "24", vnp_TransactionStatus: "02" })).toMatchObject({
      RspCode: "00",
    });
    const owner = await office.db.kysely
      .selectFrom("payments")
      .select("owner_user_id")
      .where("id", "=", payment.id)
      .executeTakeFirstOrThrow();
    const transfer = await office.app.services.payments.create(
      owner.owner_user_id,
      { entryIds: [entryId], method: "vietqr" },
      CLIENT,
    );
    expect(transfer).toMatchObject({ ok: true });
    expect(await ipn({ vnp_TransactionNo: "14108888" })).toMatchObject({ RspCode: "00" });

    const url = `/en/quan-tri/thanh-toan/${payment.id}`;
    const noted = await page(url);
    expect(noted.body).toContain(text("en", "paymentAdmin.attention.lateCapture.title"));
    expect(noted.body).toContain('data-testid="payment-handled"');
    expect(noted.body).toContain(text("en", "paymentAdmin.attention.handle.submit"));
    expect((await page("/en/quan-tri/thanh-toan?attention=open")).body).toContain(
      payment.reference,
    );
    const { state_version } = await office.db.kysely
      .selectFrom("payments")
      .select("state_version")
      .where("id", "=", payment.id)
      .executeTakeFirstOrThrow();
    const stateVersion = String(state_version);

    // No reason: refused at the field, in the page's language, the note still open.
    const blank = await post(url, { intent: "handled", stateVersion, reason: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(text("en", "paymentCore.validation.reasonRequired"));
    expect(blank.body).toContain('data-testid="payment-attention"');
    // A stale page: the conflict other staff moves give.
    const stale = await post(url, {
      intent: "handled",
      stateVersion: String(Number(stateVersion) + 1),
      reason: "Refunded",
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(text("en", "paymentCore.problems.conflict"));
    // An editor may not act on payments: refused, nothing recorded.
    const editor = await post(url, { intent: "handled", stateVersion, reason: "x" }, "editor");
    expect(editor.statusCode).toBe(403);
    expect((await page(url)).body).toContain('data-testid="payment-attention"');

    const reason = "Đã hoàn tiền qua VNPay ngày 05/12/2026, mã GD 14108888";
    const done = await post(url, { intent: "handled", stateVersion, reason });
    expect(done.statusCode).toBe(302);
    const after = await page(String(done.headers.location));
    expect(after.body).toContain(text("en", "paymentAdmin.attention.handle.done"));
    expect(after.body).not.toContain('data-testid="payment-attention"');
    expect(after.body).not.toContain('data-testid="payment-handled"');
    expect(after.body).toContain(reason);
    expect((await page("/en/quan-tri/thanh-toan?attention=open")).body).not.toContain(
      payment.reference,
    );
    const vietnamese = await page(`/quan-tri/thanh-toan/${payment.id}`);
    expect(vietnamese.body).not.toContain('data-testid="payment-attention"');
  });
});
