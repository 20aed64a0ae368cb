import { describe, expect, it } from "vitest";
import { backOfficeApp } from "./test-support/back-office";
import { TEST_ORIGIN, TEST_PASSWORD, type Who } from "./test-support/sign-in";

// The back-office platform's writes as a browser posts them: site settings, season dates and
// staff accounts, each validated on the server, audited, and visible on the next request.

const office = backOfficeApp();

/** A form post as the browser sends it, signed in as `who`. */
const post = (url: string, who: Who, form: Record<string, string>) =>
  office.request("POST", url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form,
  });

/** A page as `who` sees it. */
const request = (method: "GET", url: string, who: Who) =>
  office.request(method, url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
  });

describe("back-office platform writes over HTTP", () => {
  it("site settings: validated, audited, and their SEO defaults reach pages without their own", async () => {
    const form = {
      intent: "settings",
      formKey: "settings",
      contactEmail: "ban-to-chuc@vanxuan-awards.example",
      contactPhone: "+84 28 3822 6868",
      socialWebsite: "",
      socialEmail: "",
      socialFacebook: "https://www.facebook.com/vanxuanawards",
      socialYoutube: "",
      socialLinkedin: "",
      socialTiktok: "",
      chatProvider: "none",
      chatAccountId: "",
      seoTitleVi: "Giải thưởng Vạn Xuân 2026",
      seoDescriptionVi: "Mô tả mặc định do quản trị viên đặt.",
      seoImageVi: "/images/og-mac-dinh.png",
      seoTitleEn: "",
      seoDescriptionEn: "",
      seoImageEn: "",
      paymentBankName: "VietinBank",
      paymentBankBin: "970415",
      paymentAccountNumber: "113366668888",
      paymentAccountHolder: "BAN TO CHUC GIAI THUONG",
      paymentExpiryHours: "48",
    };
    // A bank BIN that is not six digits is refused on its field.
    const badBin = await post("/quan-tri/cai-dat", "admin", { ...form, paymentBankBin: "9704" });
    expect(badBin.statusCode).toBe(400);
    expect(badBin.body).toContain("Mã BIN ngân hàng gồm đúng 6 chữ số.");
    // Refused: the typed values come back, nothing is saved or audited.
    const refused = await post("/quan-tri/cai-dat", "admin", {
      ...form,
      contactEmail: "không-phải-email",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("không-phải-email");
    expect((await office.app.services.audit.list({ search: "settings.update" })).total).toBe(0);
    // A script or data address as a social link: refused on its field with the scheme message.
    const scripted = await post("/quan-tri/cai-dat", "admin", {
      ...form,
      socialFacebook: " JavaScript:alert(document.cookie)",
      socialYoutube: "data:text/html,<script>alert(1)</script>",
    });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.body).toContain("Chỉ chấp nhận đường dẫn bắt đầu bằng https://");
    expect((await office.app.services.settings.get()).social.facebook).not.toMatch(/script/i);
    expect((await office.app.services.audit.list({ search: "settings.update" })).total).toBe(0);
    // The editor cannot write settings at all.
    expect((await post("/quan-tri/cai-dat", "editor", form)).statusCode).toBe(403);

    const saved = await post("/quan-tri/cai-dat", "admin", form);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe("/quan-tri/cai-dat?notice=adminPlatform.notices.saved");
    expect((await office.app.services.settings.get()).payments).toEqual({
      bankName: "VietinBank",
      bankBin: "970415",
      accountNumber: "113366668888",
      accountHolder: "BAN TO CHUC GIAI THUONG",
      expiryHours: 48,
    });
    const home = (await request("GET", "/", "visitor")).body;
    expect(home).toContain("<title>Giải thưởng Vạn Xuân 2026 | ");
    expect(home).toContain('content="Mô tả mặc định do quản trị viên đặt."');
    expect(home).toContain('content="http://localhost:3000/images/og-mac-dinh.png"');
    expect(home).toContain("ban-to-chuc@vanxuan-awards.example");
    // English pages keep the catalogue's defaults (the admin left them empty).
    const en = (await request("GET", "/en", "visitor")).body;
    expect(/<meta name="description" content="([^"]*)"/.exec(en)?.[1]).not.toContain("Mô tả");
    const log = await office.app.services.audit.list({ search: "settings.update" });
    expect(log.items[0]).toMatchObject({
      actorEmail: "access-admin@vanxuan-awards.example",
      targetType: "settings",
    });
    expect(log.items[0]?.summary.contactEmail).toEqual([
      expect.any(String),
      "ban-to-chuc@vanxuan-awards.example",
    ]);

    // A script link stored before links were checked is never rendered in the public footer.
    await office.db.kysely
      .updateTable("site_settings")
      .set({
        value: JSON.stringify({
          website: "",
          email: "",
          facebook: "javascript:alert(document.cookie)",
          youtube: "https://www.youtube.com/@vanxuanawards",
          linkedin: "",
          tiktok: "",
        }),
      })
      .where("key", "=", "social")
      .execute();
    office.app.services.settings.invalidate();
    office.app.htmlCache.clear();
    const footer = (await request("GET", "/", "visitor")).body;
    expect(footer).toContain('href="https://www.youtube.com/@vanxuanawards"');
    expect(footer).not.toMatch(/javascript:/i);
  });

  it("season dates: the header follows on the next request; orders refused with the field's key", async () => {
    const base = {
      intent: "dates",
      formKey: "dates",
      year: "2026",
      nameVi: "Vạn Xuân 2026",
      nameEn: "Van Xuan 2026",
      registrationOpensAt: "",
      registrationClosesAt: "",
      submissionOpensAt: "01/08/2026 00:00",
      earlyBirdDeadline: "",
      lateDeadline: "",
      ceremonyAt: "16/01/2027 19:00",
    };
    const wrong = await post("/quan-tri/mua-giai", "admin", {
      ...base,
      submissionClosesAt: "01/07/2026 00:00",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Thời điểm đóng phải sau thời điểm mở.");
    // NOW is 01/09/2026 10:00 in Vietnam: closing at 09:00 that day closes submission.
    const saved = await post("/quan-tri/mua-giai", "admin", {
      ...base,
      submissionClosesAt: "01/09/2026 09:00",
    });
    expect(saved.statusCode).toBe(302);
    const header = (await request("GET", "/", "visitor")).body;
    expect(header).toMatch(/data-state="closed"/);
    // Closing at 09:00 takes what arrives until 09:00:59.
    expect((await office.app.services.seasons.current())?.submissionClosesAt).toBe(
      "2026-09-01T02:00:59.999Z",
    );
    expect((await office.app.services.audit.list({ search: "season.update" })).total).toBe(1);
  });

  it("users: deactivation signs the person out at once; the last admin stays", async () => {
    const staff = await office.app.services.staff.list({ q: "access-jury-manager" });
    const target = staff.items[0]!;
    expect((await request("GET", "/quan-tri", "jury_manager")).statusCode).toBe(200);
    const off = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "active",
      formKey: `row:${target.id}`,
      userId: target.id,
    });
    expect(off.statusCode).toBe(302);
    const after = await request("GET", "/quan-tri", "jury_manager");
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toContain("/quan-tri/dang-nhap");
    expect((await office.app.services.audit.list({ search: "user.deactivate" })).total).toBe(1);

    // With a second admin, demoting that one works; then ours is the last and stays.
    await office.app.services.identity.createStaff({
      email: "second-admin@vanxuan-awards.example",
      name: "Quản Trị Hai",
      password: TEST_PASSWORD,
      role: "admin",
    });
    const admins = await office.app.services.staff.list({ role: "admin" });
    for (const other of admins.items.filter(
      (u) => u.email !== "access-admin@vanxuan-awards.example",
    )) {
      if (other.email !== "second-admin@vanxuan-awards.example") {
        await office.app.services.staff.changeRole(other.id, "editor");
      }
    }
    const demo = admins.items.find((u) => u.email === "second-admin@vanxuan-awards.example")!;
    const demoted = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "role",
      formKey: `row:${demo.id}`,
      userId: demo.id,
      role: "editor",
    });
    expect(demoted.statusCode).toBe(302);
    const me = admins.items.find((u) => u.email === "access-admin@vanxuan-awards.example")!;
    const last = await post("/quan-tri/nguoi-dung", "admin", {
      intent: "role",
      formKey: `row:${me.id}`,
      userId: me.id,
      role: "finance",
    });
    expect(last.statusCode).toBe(409);
    expect(last.body).toContain("ít nhất một quản trị viên đang hoạt động");
  });
});
