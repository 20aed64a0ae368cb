import type { Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { formatVietnamDateTime } from "../core/dates";
import { demoCredentials } from "./support/demo-credentials";
import { seriousViolations } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { clickAndConfirm } from "./support/confirm";
import { CURRENT_SEASON, setSiteSetting, setSubmissionWindow, withDatabase } from "./support/db";
import { errorOfField } from "./support/fields";
import { linkIn, mailTo } from "./support/outbox";

// Back-office platform: an admin closes the submission window and the public
// header's submit button is disabled (with its tooltip) on the next request; the admin pages
// are axe clean; an editor invited by email cannot open settings, users or seasons.
const browser = useBrowser();
const DAY_MS = 86_400_000;

async function expectAxeClean(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${page.url()}:\n\n${violations.join("\n\n")}\n`).toEqual([]);
}

async function signInStaff(page: Page, email: string, password: string) {
  await page.goto("/quan-tri/dang-nhap");
  await waitForHydration(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/quan-tri"),
    page.getByRole("button", { name: "Đăng nhập", exact: true }).click(),
  ]);
}

const submitButton = (page: Page) =>
  page.locator(".site-header").getByRole("button", { name: "Nộp bài dự thi" });

describe("back-office platform", () => {
  test("an admin closes the submission window: the header button is disabled on the next request", async () => {
    // Open now, whatever the demo dates say; put the real window back afterwards.
    const restore = setSubmissionWindow({
      opensAt: new Date(Date.now() - 10 * DAY_MS).toISOString(),
      closesAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
    onTestFinished(restore);

    const visitor = await openPage(browser());
    await visitor.page.goto("/");
    await waitForHydration(visitor.page);
    await expect(submitButton(visitor.page).getAttribute("aria-disabled")).resolves.toBeNull();

    const { page } = await openPage(browser());
    await signInStaff(page, demoCredentials().admin.email, demoCredentials().admin.password);
    await page
      .getByRole("navigation", { name: "Các mục quản trị" })
      .getByRole("link", { name: "Mùa giải" })
      .click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/mua-giai");
    await page.getByRole("heading", { level: 1, name: "Mùa giải và hạng mục" }).waitFor();
    await expectAxeClean(page);

    // A closing time before the opening one is refused in the browser, nothing lost.
    const closes = page.getByLabel("Đóng nhận bài", { exact: true });
    const opens = page.getByLabel("Mở nhận bài", { exact: true });
    const opensValue = await opens.inputValue();
    // Each date is the back office's one date field: text read day first, its format beside it.
    await expect(closes.getAttribute("inputmode")).resolves.toBe("text");
    const hintId = (await closes.getAttribute("aria-describedby"))!.split(" ")[0]!;
    await expect(page.locator(`[id="${hintId}"]`).textContent()).resolves.toContain(
      "Ngày/tháng/năm giờ:phút theo giờ Việt Nam",
    );
    await closes.fill("01/01/2000 00:00");
    await page.getByRole("button", { name: "Lưu thay đổi" }).first().click();
    await expect(
      page.getByText("Thời điểm đóng phải sau thời điểm mở.").count(),
    ).resolves.toBeGreaterThan(0);
    await expect(opens.inputValue()).resolves.toBe(opensValue);

    // Closed an hour ago (Vietnam time in the form).
    const closedAt = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
    await closes.fill(formatVietnamDateTime(closedAt.toISOString()));
    // Deadlines tied to the window must stay inside it: the demo's early-bird date goes.
    await page.getByLabel("Hạn ưu đãi sớm", { exact: true }).fill("");
    await page.getByLabel("Hạn nộp muộn", { exact: true }).fill("");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "adminPlatform.notices.saved"),
      page.getByRole("button", { name: "Lưu thay đổi" }).first().click(),
    ]);
    await page.getByText("Đã lưu thay đổi.").waitFor();

    // The next public request: disabled, and the tooltip says when it closed.
    await visitor.page.reload();
    await waitForHydration(visitor.page);
    const button = submitButton(visitor.page);
    await expect(button.getAttribute("aria-disabled")).resolves.toBe("true");
    const tooltipId = await button.getAttribute("aria-describedby");
    const tooltip = visitor.page.locator(`[id="${tooltipId}"]`);
    await expect(tooltip.getAttribute("role")).resolves.toBe("tooltip");
    await expect(tooltip.textContent()).resolves.toContain(
      formatVietnamDateTime(closedAt.toISOString()).slice(0, 10),
    );

    // The write is in the audit log, which is axe clean too.
    await page.goto("/quan-tri/nhat-ky?q=season.update");
    await page.getByRole("table").waitFor();
    // Named in the interface's language, not by its code.
    await expect(page.getByRole("table").textContent()).resolves.toContain("Sửa mùa giải");
    await expect(page.getByRole("table").textContent()).resolves.not.toContain("season.update");
    await expectAxeClean(page);

    // Settings and users pages are axe clean as well.
    for (const path of ["/quan-tri/cai-dat", "/quan-tri/nguoi-dung"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectAxeClean(page);
    }
    // Two browsers and five axe checks: about 20 s alone, over 60 s on a loaded two-core machine.
  }, 120_000);

  test("moving from one season to another shows that season's own names and dates", async () => {
    const { page } = await openPage(browser());
    await signInStaff(page, demoCredentials().admin.email, demoCredentials().admin.password);
    await page.goto("/quan-tri/mua-giai?year=2026");
    await page.getByRole("heading", { level: 1, name: "Mùa giải và hạng mục" }).waitFor();
    await waitForHydration(page);
    const stored = withDatabase((db) =>
      db
        .prepare<[], { name_vi: string; submission_opens_at: string | null }>(
          "SELECT name_vi, submission_opens_at FROM seasons WHERE year = 2025",
        )
        .get(),
    )!;
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("year") === "2025"),
      page
        .getByRole("navigation", { name: "Các mùa giải" })
        .getByRole("link", { name: "2025", exact: true })
        .click(),
    ]);
    await page.getByRole("heading", { name: "Mùa giải 2025: tên và ngày giờ" }).waitFor();
    // Saving this form writes 2025: it must hold 2025's values, not the 2026 ones shown before.
    const dates = page.locator('form:has(input[name="submissionOpensAt"])');
    await expect(dates.locator('input[name="year"]').inputValue()).resolves.toBe("2025");
    await expect(dates.getByLabel("Tên (tiếng Việt)").inputValue()).resolves.toBe(stored.name_vi);
    await expect(dates.getByLabel("Mở nhận bài", { exact: true }).inputValue()).resolves.toBe(
      formatVietnamDateTime(stored.submission_opens_at),
    );
  });

  test("a registration opening once submission has closed is refused at its field, with and without JavaScript", async () => {
    const stored = () =>
      withDatabase(
        (db) =>
          db
            .prepare<[], { registration_opens_at: string | null }>(
              "SELECT registration_opens_at FROM seasons WHERE year = 2026",
            )
            .get()!.registration_opens_at,
      );
    const before = stored();
    const said =
      "Đăng ký phải mở trước thời điểm đóng nhận bài, để người dự thi kịp đăng ký rồi nộp bài.";
    const signedIn = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(signedIn.page, admin.email, admin.password);
    const cookies = await signedIn.page.context().cookies();
    for (const javaScriptEnabled of [true, false]) {
      // The same rule in the browser (the form's schema) and, without JavaScript, on the server.
      const { page } = javaScriptEnabled
        ? signedIn
        : await openPage(browser(), { javaScriptEnabled });
      await page.context().addCookies(cookies);
      await page.goto("/quan-tri/mua-giai?year=2026");
      if (javaScriptEnabled) await waitForHydration(page);
      const dates = page.locator('form:has(input[name="submissionOpensAt"])');
      const opens = dates.getByLabel("Mở đăng ký", { exact: true });
      const closes = await dates.getByLabel("Đóng nhận bài", { exact: true }).inputValue();
      // Registration opening the day after submission closes leaves no one time to submit.
      const [day, month, year] = closes.slice(0, 10).split("/").map(Number);
      const next = new Date(Date.UTC(year!, month! - 1, day! + 1));
      const typed = `${String(next.getUTCDate()).padStart(2, "0")}/${String(
        next.getUTCMonth() + 1,
      ).padStart(2, "0")}/${next.getUTCFullYear()} 00:00`;
      await opens.fill(typed);
      await dates.getByRole("button", { name: "Lưu thay đổi" }).click();
      await expect.poll(() => errorOfField(opens)).toBe(said);
      await expect(opens.getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(opens.inputValue()).resolves.toBe(typed);
      expect(page.url()).not.toContain("notice=");
      expect(stored()).toBe(before);
    }
  });

  test("making a new season current while the current one is open: warned, acknowledged, then the mistaken season is deleted", async () => {
    // Whatever happens below, the other journeys get the current season back.
    onTestFinished(setSiteSetting("currentSeasonYear", CURRENT_SEASON));
    // The current season open now, whatever the demo dates say.
    onTestFinished(
      setSubmissionWindow({
        opensAt: new Date(Date.now() - 10 * DAY_MS).toISOString(),
        closesAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      }),
    );
    const { page } = await openPage(browser());
    await signInStaff(page, demoCredentials().admin.email, demoCredentials().admin.password);
    await page.goto(`/quan-tri/mua-giai?year=${CURRENT_SEASON}`);
    await waitForHydration(page);
    const nextForm = page.locator('form:has(input[name="intent"][value="createNext"])');
    const year = Number(await nextForm.locator('input[name="year"]').inputValue());
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("year") === String(year)),
      clickAndConfirm(page, nextForm.getByRole("button", { name: "Tạo mùa giải" })),
    ]);
    await waitForHydration(page);
    const panel = page.locator('section[aria-labelledby="current-season-heading"]');
    await expect
      .poll(() => panel.textContent())
      .toContain(`Mùa giải hiện tại (${CURRENT_SEASON}) vẫn đang mở.`);
    await expect(panel.textContent()).resolves.toContain("Bài dự thi của các mùa khác");
    const makeCurrent = panel.getByRole("button", {
      name: `Đặt mùa ${year} làm mùa giải hiện tại`,
    });
    // Not ticked: said at the box, no question asked, nothing switched.
    await makeCurrent.click();
    await expect
      .poll(() => panel.textContent())
      .toContain("hãy đánh dấu ô xác nhận rằng bạn hiểu việc nhận này sẽ dừng lại");
    await expect(page.getByRole("alertdialog").count()).resolves.toBe(0);
    await panel
      .getByLabel(`Tôi hiểu rằng mùa ${CURRENT_SEASON} sẽ ngừng nhận`, { exact: false })
      .check();
    await expectAxeClean(page);
    const [, question] = await Promise.all([
      page.waitForURL(
        (u) => u.searchParams.get("notice") === "adminPlatform.seasons.makeCurrent.done",
      ),
      clickAndConfirm(page, makeCurrent),
    ]);
    expect(question).toContain(`Không tạo được bài dự thi mới cho mùa ${CURRENT_SEASON} nữa`);
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(`Mùa giải ${year} đang là mùa giải hiện tại`);

    // Back to the current season: the new one's dates (a year on) are not open, no box to tick.
    await page.goto(`/quan-tri/mua-giai?year=${CURRENT_SEASON}`);
    await waitForHydration(page);
    await expect(page.locator('input[name="acknowledgeOpen"]').count()).resolves.toBe(0);
    await Promise.all([
      page.waitForURL(
        (u) => u.searchParams.get("notice") === "adminPlatform.seasons.makeCurrent.done",
      ),
      clickAndConfirm(
        page,
        page.getByRole("button", { name: `Đặt mùa ${CURRENT_SEASON} làm mùa giải hiện tại` }),
      ),
    ]);
    // The current season cannot be deleted: the button is off and says why.
    const deleteCurrent = page.getByRole("button", { name: `Xoá mùa giải ${CURRENT_SEASON}` });
    await expect(deleteCurrent.isDisabled()).resolves.toBe(true);

    // The season made by mistake is deleted, asked first.
    await page.goto(`/quan-tri/mua-giai?year=${year}`);
    await waitForHydration(page);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "adminPlatform.seasons.remove.done"),
      clickAndConfirm(page, page.getByRole("button", { name: `Xoá mùa giải ${year}` })),
    ]);
    await page.getByText("Đã xoá mùa giải.").waitFor();
    const left = withDatabase((db) =>
      db
        .prepare<[number], { n: number }>("SELECT COUNT(*) AS n FROM seasons WHERE year = ?")
        .get(year),
    );
    expect(left?.n).toBe(0);
  }, 120_000);

  test("settings in English: a required field left empty says it is required, at the field", async () => {
    const { page } = await openPage(browser());
    await signInStaff(page, demoCredentials().admin.email, demoCredentials().admin.password);
    await page.goto("/en/quan-tri/cai-dat");
    await page.getByRole("heading", { level: 1, name: "Site settings" }).waitFor();
    await waitForHydration(page);
    const email = page.getByLabel("Contact email");
    const bin = page.getByLabel("Bank BIN (NAPAS)");
    const hours = page.getByLabel("Payment window (hours)");
    const phone = page.getByLabel("Contact phone", { exact: true });
    const typedPhone = "+84 28 3822 9999";
    await phone.fill(typedPhone);
    for (const field of [email, bin, hours]) await field.fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => errorOfField(email)).toBe("Please fill in this field.");
    await expect(errorOfField(bin)).resolves.toBe("Please fill in this field.");
    await expect(errorOfField(hours)).resolves.toBe("Please fill in this field.");
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(phone.inputValue()).resolves.toBe(typedPhone);
    expect(page.url()).not.toContain("notice=");
    // Filled but wrong, the field's own rule speaks.
    await email.fill("lien-he");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => errorOfField(email))
      .toBe("This email address is not valid (e.g. name@company.com).");
  });

  test("an editor invited by email sets a password and cannot open settings, users or seasons", async () => {
    const { page } = await openPage(browser());
    await signInStaff(page, demoCredentials().admin.email, demoCredentials().admin.password);
    await page.goto("/quan-tri/nguoi-dung");
    await page.getByRole("heading", { level: 1, name: "Người dùng và vai trò" }).waitFor();
    const email = `bien-tap-${Date.now()}@vanxuan-awards.example`;
    const since = new Date();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="name"]').fill("Biên Tập Viên Thử");
    await page.locator('select[name="role"]').first().selectOption("editor");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("notice") === "adminPlatform.notices.invited"),
      page.getByRole("button", { name: "Gửi thư mời" }).click(),
    ]);
    await page.getByText("Đã gửi thư mời.").waitFor();
    // The same address again is refused: the message shows once, at its field, and the notice
    // of the earlier invitation is gone.
    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="name"]').fill("Biên Tập Viên Thử");
    await page.getByRole("button", { name: "Gửi thư mời" }).click();
    const taken = page.getByText("Địa chỉ email này đã có tài khoản.");
    await taken.first().waitFor();
    expect(await taken.count()).toBe(1);
    expect(await page.getByText("Đã gửi thư mời.").count()).toBe(0);

    const mail = await mailTo(email, "staffInvitation", since);
    const link = linkIn(mail, "/api/auth/reset-password/");
    const editor = await openPage(browser());
    await editor.page.goto(link);
    await editor.page.waitForURL((u) => u.pathname === "/dat-lai-mat-khau");
    // A first password, not a changed one: the page asks for it and then says the account is
    // ready, with the way to the back office's sign-in.
    await editor.page
      .getByRole("heading", { level: 1, name: "Tạo mật khẩu cho tài khoản của bạn" })
      .waitFor();
    // The tab's title says the same as the heading.
    expect(await editor.page.title()).toMatch(/^Tạo mật khẩu cho tài khoản của bạn/);
    await waitForHydration(editor.page);
    const password = "bien-tap-vien-2026!";
    await editor.page.locator('input[name="newPassword"]').fill(password);
    await editor.page.locator('input[name="confirmPassword"]').fill(password);
    await editor.page.getByRole("button", { name: "Lưu mật khẩu mới" }).click();
    const ready = editor.page
      .getByRole("status")
      .filter({ hasText: "Tài khoản của bạn đã sẵn sàng." });
    await ready.waitFor();
    await expect(ready.textContent()).resolves.not.toContain("đổi mật khẩu");
    await expect(
      ready.getByRole("link", { name: "Đăng nhập trang quản trị" }).getAttribute("href"),
    ).resolves.toBe("/quan-tri/dang-nhap");

    await signInStaff(editor.page, email, password);
    const nav = editor.page.getByRole("navigation", { name: "Các mục quản trị" });
    await nav.getByRole("link", { name: "Nội dung" }).waitFor();
    const links = await nav.getByRole("link").allTextContents();
    expect(links).toContain("Nội dung");
    for (const hidden of ["Mùa giải", "Cài đặt trang", "Người dùng", "Nhật ký"]) {
      expect(links).not.toContain(hidden);
    }
    for (const path of ["/quan-tri/cai-dat", "/quan-tri/nguoi-dung", "/quan-tri/mua-giai"]) {
      const response = await editor.page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
    // Said as what it is (no access), not as a fault a reload would mend; the way back.
    await editor.page
      .getByRole("heading", { level: 1, name: "Bạn không có quyền mở trang này" })
      .waitFor();
    await expect(
      editor.page.getByRole("link", { name: "Về trang quản trị" }).getAttribute("href"),
    ).resolves.toBe("/quan-tri");
  });
});
