import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { SAMPLE_DOCUMENT_KINDS } from "../core/document-kinds";
import { text as catalogue } from "../server/test-support/text";
import { baseUrl, openPage, useBrowser, waitForHydration } from "./support/browser";
import { linkIn, mailTo } from "./support/outbox";
import { demoDocument } from "./support/pdf";
import { signInStaff, signInThroughForm } from "./support/sign-in";
import { withE2eServices } from "./support/services";
import type { Db } from "../server/db/database";
import type { RegistrantProfile } from "../server/modules/identity/types";
import type { Services } from "../server/services";

// PRODUCT §1: entrant accounts are email-verified. An entrant who has not confirmed the
// address yet may draft, is told on the entry form and the dashboard why submitting waits,
// and can have the link sent again (the identity service's rate-limited resend). The
// dashboard shows a company's registration number and tax code. The password-protected
// sample PDF is offered in the criteria window and listed in the back office. Categories of
// the same name read with their group in the entry form's list.
const browser = useBrowser();

const PASSWORD = "mua-thu-ha-noi-2026";
const suffix = randomBytes(4).toString("hex");
const ENTRANT = {
  email: `cong-ty.${suffix}@example.vn`,
  companyName: "Công ty TNHH Quảng cáo Minh Phát",
  businessRegistrationNumber: "0314409058",
  taxCode: "0100233488",
};
const EDITOR = { email: `bien-tap.${suffix}@example.vn`, password: "bien-tap-tai-lieu-2026" };

/** The Vietnamese page text of `key`. */
const text = (key: string, vars: Record<string, string | number> = {}) =>
  catalogue("vi", key, vars);

/** An entrant as just after registering: the account exists, its address not confirmed yet. */
async function unconfirmedEntrant(
  services: Services,
  db: Db,
  email: string,
  profile: RegistrantProfile,
): Promise<void> {
  const userId = await services.identity.createEntrant({ email, password: PASSWORD, profile });
  await db.kysely.updateTable("user").set({ emailVerified: 0 }).where("id", "=", userId).execute();
}

/** A company entrant whose address is not confirmed, and an editor, in the e2e server's database. */
beforeAll(async () => {
  await withE2eServices(async (services, db) => {
    await unconfirmedEntrant(services, db, ENTRANT.email, {
      type: "enterprise",
      fullName: "Lê Thị Bích",
      phone: "+842838221234",
      address: "25 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh",
      personalId: null,
      companyName: ENTRANT.companyName,
      businessRegistrationNumber: ENTRANT.businessRegistrationNumber,
      taxCode: ENTRANT.taxCode,
      licenceFileId: null,
    });
    await services.identity.createStaff({
      email: EDITOR.email,
      name: "Biên Tập Tài Liệu",
      password: EDITOR.password,
      role: "editor",
    });
  });
});

describe("an entrant who has not confirmed the email", () => {
  test("sees why submitting waits, gets the link again from the entry form, and confirms", async () => {
    const { page, problems } = await openPage(browser());
    await signInThroughForm(page, {
      at: "/dang-nhap",
      email: ENTRANT.email,
      password: PASSWORD,
      lands: "/tai-khoan",
    });

    // The dashboard: the company's numbers, and the unconfirmed address with its button.
    const profile = page.locator("section", { has: page.locator("#profile-heading") });
    for (const [label, value] of [
      ["registration.fields.businessRegistrationNumber.label", ENTRANT.businessRegistrationNumber],
      ["registration.fields.taxCode.label", ENTRANT.taxCode],
    ] as const) {
      const term = profile.locator("dt", { hasText: text(label) });
      await expect.poll(() => term.count()).toBe(1);
      expect(await term.locator("xpath=following-sibling::dd[1]").textContent()).toBe(value);
    }
    await page.getByText(text("account.verifyPrompt", { email: ENTRANT.email })).waitFor();
    expect(
      await page.getByRole("button", { name: text("account.resendVerification") }).count(),
    ).toBe(1);

    // The entry form: drafting is open, submitting waits for the confirmation.
    await page.goto("/nop-bai-du-thi");
    await waitForHydration(page);
    const notice = page.locator(".verify-email-notice");
    await notice.getByText(text("entryForm.verifyEmail", { email: ENTRANT.email })).waitFor();
    // The category list names each category with its group: several share a name.
    await page.locator('input[name="trackId"]').first().check();
    const labels = await page
      .locator("#entry-categoryId option")
      .evaluateAll((options) =>
        (options as HTMLOptionElement[]).filter((o) => o.value !== "").map((o) => o.text),
      );
    expect(labels).toContain("Truyền hình — Tác phẩm sáng tạo (TVW)");
    expect(labels).toContain("Trực tuyến — Tác phẩm sáng tạo (OLW)");
    expect(new Set(labels.map((label) => label.replace(/ \(\w+\)$/, ""))).size).toBe(labels.length);
    const since = new Date();
    await notice.getByRole("button", { name: text("account.resendVerification") }).click();
    await notice.getByText(text("account.verificationSent")).waitFor();
    // Still on the form, nothing typed lost.
    expect(new URL(page.url()).pathname).toBe("/nop-bai-du-thi");
    const mail = await mailTo(ENTRANT.email, "verification", since);

    await page.goto(linkIn(mail, "/api/auth/verify-email"));
    await page.waitForURL((u) => u.pathname === "/tai-khoan");
    await page.getByText(text("account.emailVerified")).waitFor();
    expect(
      await page.getByText(text("account.verifyPrompt", { email: ENTRANT.email })).count(),
    ).toBe(0);
    await page.goto("/nop-bai-du-thi");
    await waitForHydration(page);
    expect(await page.locator(".verify-email-notice").count()).toBe(0);
    expect(problems.hydration).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });
});

describe("a confirmation link that has expired or was altered", () => {
  test("says so on the dashboard, never that the address is confirmed", async () => {
    const email = `het-han.${suffix}@example.vn`;
    await withE2eServices((services, db) =>
      unconfirmedEntrant(services, db, email, {
        type: "individual",
        fullName: "Võ Thanh Tâm",
        phone: "+84912345678",
        address: "1 Lê Lợi, TP. Huế",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      }),
    );
    const { page } = await openPage(browser());
    await signInThroughForm(page, {
      at: "/dang-nhap",
      email,
      password: PASSWORD,
      lands: "/tai-khoan",
    });
    // The emailed link, its token no longer good (expired after 24 hours, or cut short).
    const callback = `${baseUrl()}/en/tai-khoan?verified=1`;
    await page.goto(
      `/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl&callbackURL=${encodeURIComponent(callback)}`,
    );
    await page.waitForURL((u) => u.pathname === "/en/tai-khoan");
    await page.getByText(catalogue("en", "account.verifyLinkFailed")).waitFor();
    expect(await page.getByText(catalogue("en", "account.emailVerified")).count()).toBe(0);
    await page.getByText(catalogue("en", "account.verifyPrompt", { email })).waitFor();
  });
});

describe("the password-protected sample PDF", () => {
  test("is offered in the criteria window and listed on the back office's documents page", async () => {
    const sample = demoDocument(SAMPLE_DOCUMENT_KINDS.protected);
    const viewerLink = `/pdf?file=${encodeURIComponent(sample.url)}`;
    const { page, problems } = await openPage(browser());

    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Điều hướng chính" })
      .getByRole("link", { name: "Tiêu chí giải thưởng" })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ state: "visible" });
    const offered = dialog.getByRole("link", { name: sample.title });
    await offered.waitFor();
    expect(await offered.getAttribute("href")).toBe(viewerLink);
    await page.keyboard.press("Escape");

    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto("/quan-tri/noi-dung/tai-lieu");
    await waitForHydration(page);
    const samples = page.locator("section", {
      has: page.getByRole("heading", { name: text("adminContent.documents.samples.heading") }),
    });
    const listed = samples.getByRole("link", {
      name: text("adminContent.documents.open", { title: sample.title }),
    });
    await listed.waitFor();
    expect(await listed.getAttribute("href")).toBe(viewerLink);

    // The link opens the document in the viewer, which asks for the password.
    await page.goto(viewerLink);
    await page.getByLabel("Tài liệu này cần mật khẩu để mở").waitFor();
    expect(problems.pageErrors).toEqual([]);
  });
});
