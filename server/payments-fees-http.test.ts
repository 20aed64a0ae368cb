import { describe, expect, it } from "vitest";
import { backOfficeApp } from "./test-support/back-office";
import { TEST_ORIGIN, type Who } from "./test-support/sign-in";
import { insertSeason } from "./test-support/seasons";

// The category fees page of the payments section over HTTP against the production build:
// finance and admins read and save a category's three fees; editors and jury managers are
// refused; a wrong amount comes back on its field in the page's language with what was typed.

const office = backOfficeApp();
const PAGE = "/quan-tri/thanh-toan/le-phi";

const get = (url: string, who: Who) =>
  office.request("GET", url, { cookie: office.cookies.get(who) });

const post = (url: string, who: Who, form: Record<string, string>) =>
  office.request("POST", url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form,
  });

/** The first category of the current (2026) demo season, as stored now. */
async function firstCategory() {
  const tree = await office.app.services.seasonsAdmin.tree(2026);
  return tree[0]!.groups[0]!.categories[0]!;
}

const text = (amount: number | null) => (amount === null ? "" : String(amount));

/** The form the page posts for the category, with some fields retyped. */
async function feesForm(over: Record<string, string> = {}) {
  const c = await firstCategory();
  return {
    intent: "fees",
    formKey: `fees-${c.id}`,
    categoryId: String(c.id),
    feeVnd: String(c.feeVnd),
    earlyBirdFeeVnd: text(c.earlyBirdFeeVnd),
    lateFeeVnd: text(c.lateFeeVnd),
    currentFeeVnd: String(c.feeVnd),
    currentEarlyBirdFeeVnd: text(c.earlyBirdFeeVnd),
    currentLateFeeVnd: text(c.lateFeeVnd),
    ...over,
  };
}

describe("category fees over HTTP", () => {
  it("shows finance and admins every category with its fees and the season's deadlines", async () => {
    const c = await firstCategory();
    for (const who of ["finance", "admin"] as const) {
      const page = await get(PAGE, who);
      expect(page.statusCode, who).toBe(200);
      expect(page.body).toContain("Lệ phí hạng mục");
      expect(page.body).toContain(c.code);
      expect(page.body).toContain(c.nameVi);
      expect(page.body).toContain("Hạn ưu đãi sớm");
      expect(page.body).toMatch(/\d{2}\/\d{2}\/2026 \d{2}:\d{2}/);
      expect(page.body).toContain(`name="formKey" value="fees-${c.id}"`);
    }
    // Linked from the payments list.
    expect((await get("/quan-tri/thanh-toan", "finance")).body).toContain(`href="${PAGE}"`);
  });

  it("lets finance and admins save the fees: a redirect with the notice, the value stored", async () => {
    const c = await firstCategory();
    const saved = await post(
      PAGE,
      "finance",
      await feesForm({ feeVnd: "4.400.000", lateFeeVnd: "" }),
    );
    expect(saved.statusCode).toBe(302);
    expect(String(saved.headers.location)).toBe(`${PAGE}?year=2026&notice=paymentAdmin.fees.saved`);
    expect(await firstCategory()).toMatchObject({ feeVnd: 4_400_000, lateFeeVnd: null });
    const after = await get(String(saved.headers.location), "finance");
    expect(after.body).toContain("Đã lưu lệ phí của hạng mục.");

    const byAdmin = await post(
      `/en${PAGE}`,
      "admin",
      await feesForm({ earlyBirdFeeVnd: "3,850,000" }),
    );
    expect(byAdmin.statusCode).toBe(302);
    expect(String(byAdmin.headers.location)).toMatch(
      /^\/en\/quan-tri\/thanh-toan\/le-phi\?year=2026/,
    );
    expect((await firstCategory()).earlyBirdFeeVnd).toBe(3_850_000);

    const log = await office.app.services.audit.list({ search: "category.update" });
    expect(log.items[0]).toMatchObject({ targetType: "category", targetId: String(c.id) });
  });

  it("refuses editors and jury managers, reading and writing", async () => {
    const before = await firstCategory();
    for (const who of ["editor", "jury_manager"] as const) {
      expect((await get(PAGE, who)).statusCode, who).toBe(403);
      const refused = await post(PAGE, who, await feesForm({ feeVnd: "1" }));
      expect(refused.statusCode, who).toBe(403);
    }
    expect((await firstCategory()).feeVnd).toBe(before.feeVnd);
  });

  it("answers a wrong amount on its field, in the page's language, keeping what was typed", async () => {
    const before = await firstCategory();
    const vi = await post(PAGE, "finance", await feesForm({ feeVnd: "-5000" }));
    expect(vi.statusCode).toBe(400);
    expect(vi.body).toContain("Nhập số tiền nguyên bằng đồng, ví dụ 3.300.000.");
    expect(vi.body).toContain('value="-5000"');
    expect(vi.body).toMatch(
      /aria-invalid="true"[^>]*name="feeVnd"|name="feeVnd"[^>]*aria-invalid="true"/,
    );

    const en = await post(`/en${PAGE}`, "finance", await feesForm({ lateFeeVnd: "1500000.5" }));
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain("Enter a whole amount in đồng, for example 3,300,000.");
    expect(en.body).toContain('value="1500000.5"');
    expect((await firstCategory()).feeVnd).toBe(before.feeVnd);
  });

  it("refuses a save from a stale page with the conflict message", async () => {
    const before = await firstCategory();
    const stale = await post(
      PAGE,
      "finance",
      // One price throughout (no early-bird or late fee), typed over a stale page.
      await feesForm({
        feeVnd: "999",
        earlyBirdFeeVnd: "",
        lateFeeVnd: "",
        currentFeeVnd: String(before.feeVnd + 1),
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Lệ phí của hạng mục này vừa được người khác thay đổi.");
    expect(stale.body).toContain('value="999"');
    expect((await firstCategory()).feeVnd).toBe(before.feeVnd);
  });

  it("says so for a season without categories, its deadlines not set", async () => {
    await insertSeason(office.db.kysely, 2031);
    const page = await get(`${PAGE}?year=2031`, "finance");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Mùa giải này chưa có hạng mục nào.");
    expect(page.body).toContain("Chưa đặt");
    expect(page.body).not.toContain('name="formKey"');
  });

  it("speaks English on the English page", async () => {
    const page = await get(`/en${PAGE}?year=2025`, "finance");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Category fees");
    expect(page.body).toContain("Early-bird deadline");
    expect(page.body).toContain("Standard fee (VND)");
    expect(page.body).toContain("Save fees");
    expect(page.body).not.toContain("Lệ phí hạng mục");
  });
});
