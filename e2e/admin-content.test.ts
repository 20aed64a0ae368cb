import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { juryMemberSchema } from "../core/content-admin";
import { expectAxeClean } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { withE2eServices } from "./support/services";
import { errorOfField } from "./support/fields";
import { signInStaff } from "./support/sign-in";

// Content back office: an editor adds a juror with an uploaded photo for 2025 and it
// appears (with responsive variants and its size) on the public jury page; reorders with the
// keyboard; edits a winner and finds it through the public category filter of that year;
// every content admin page is axe clean. (Year switching and multi-category filtering of the
// public pages themselves are in content.test.ts.)
const browser = useBrowser();

const EDITOR = {
  email: `bien-tap-noi-dung-${Date.now()}@vanxuan-awards.example`,
  password: "bien-tap-noi-dung-2026",
};

/** An editor account, created in the e2e server's own database (as `npm run create-admin` would). */
beforeAll(async () => {
  await withE2eServices(async (services) => {
    await services.identity.createStaff({
      email: EDITOR.email,
      name: "Biên Tập Nội Dung",
      password: EDITOR.password,
      role: "editor",
    });
  });
});

describe("content back office", () => {
  test("an editor adds a juror with a photo for 2025; it appears on the public jury page", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page
      .getByRole("navigation", { name: "Các mục quản trị" })
      .getByRole("link", { name: "Nội dung" })
      .click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung");
    await page.locator("#main").getByRole("link", { name: "Hội đồng giám khảo" }).click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/chuyen-gia");
    await waitForHydration(page);

    // The year picker: 2025 (a plain GET form).
    await page.getByLabel("Năm", { exact: true }).selectOption("2025");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("year") === "2025"),
      page.getByRole("button", { name: "Xem", exact: true }).click(),
    ]);
    await page.getByRole("heading", { level: 1, name: "Hội đồng giám khảo năm 2025" }).waitFor();
    const before = await page.locator("tbody tr").count();
    expect(before).toBeGreaterThanOrEqual(12);
    await expectAxeClean(page);

    await page.getByRole("link", { name: "Thêm giám khảo" }).click();
    await page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/chuyen-gia/moi");
    await page.getByRole("heading", { level: 1, name: "Thêm giám khảo năm 2025" }).waitFor();
    await waitForHydration(page);

    // Saving without a name is refused in the browser; nothing typed is lost.
    await page.getByLabel("Chức danh (tiếng Việt)").fill("Giám đốc sáng tạo");
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await page.getByText("Vui lòng điền thông tin này.").first().waitFor();
    expect(await page.getByLabel("Chức danh (tiếng Việt)").inputValue()).toBe("Giám đốc sáng tạo");

    const name = "Đặng Thu Hà (thử nghiệm)";
    await page.getByLabel("Họ và tên").fill(name);
    await page.getByLabel("Chức danh (tiếng Anh)").fill("Creative director");
    await page.getByLabel("Đơn vị công tác").fill("Studio Mây");
    await page.getByLabel("Tiểu sử (tiếng Việt)").fill("Hơn 15 năm làm quảng cáo.");
    const photo = await sharp({
      create: { width: 640, height: 640, channels: 3, background: "#d4a017" },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Ảnh chân dung")
      .setInputFiles({ name: "chan-dung.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText("Đã tải ảnh lên.").waitFor();
    await expectAxeClean(page);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/chuyen-gia"),
      page.getByRole("button", { name: "Lưu", exact: true }).click(),
    ]);
    await page.getByText("Đã thêm mới.").waitFor();
    expect(await page.locator("tbody tr").count()).toBe(before + 1);
    const lastRow = page.locator("tbody tr").last();
    expect(await lastRow.getByRole("rowheader").textContent()).toBe(name);

    // Keyboard: move the new juror up one place; focus stays on the button pressed.
    await page.getByRole("button", { name: `Đưa ${name} lên một bậc` }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Đã đổi thứ tự.").waitFor();
    await expect
      .poll(() =>
        page
          .locator("tbody tr")
          .nth(before - 1)
          .getByRole("rowheader")
          .textContent(),
      )
      .toBe(name);
    expect(await page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/^jury-up-\d+$/);

    const visitor = await openPage(browser());
    await visitor.page.goto("/chuyen-gia-dong-hanh?year=2025");
    await waitForHydration(visitor.page);
    const card = visitor.page.locator(".jury-card", { hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain("Studio Mây");
    const img = card.getByRole("img", { name: `Ảnh chân dung ${name}` });
    expect(await img.getAttribute("width")).toBe("640");
    expect(await img.getAttribute("height")).toBe("640");
    expect(await card.locator('picture source[type="image/webp"]').getAttribute("srcset")).toMatch(
      /\/media\/[a-f0-9]{24}\/w480\.webp 480w/,
    );
    // The browser really loads one of the variants (lazily, once scrolled to).
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
      .toBeGreaterThan(0);
    expect(problems.pageErrors).toEqual([]);
    expect(visitor.problems.pageErrors).toEqual([]);
  });

  test("an editor edits a winner; the public page of that year and category shows it", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto("/quan-tri/noi-dung/thang-giai?year=2024");
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Thắng giải năm 2024" }).waitFor();
    await expectAxeClean(page);

    // The server filters by category.
    await page
      .getByLabel("Hạng mục", { exact: true })
      .selectOption({ label: "Trực tuyến – Chiến dịch" });
    await Promise.all([
      page.waitForURL((u) => u.searchParams.has("category")),
      page.getByRole("button", { name: "Xem", exact: true }).click(),
    ]);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(2);

    await page.locator("tbody tr").first().getByRole("link", { name: /^Sửa / }).click();
    await page.waitForURL((u) => /\/quan-tri\/noi-dung\/thang-giai\/\d+$/.test(u.pathname));
    await waitForHydration(page);
    await expectAxeClean(page);
    const title = "Chiến dịch “Mùa xuân xanh” (đã sửa)";
    await page.getByLabel("Tên tác phẩm").fill(title);
    // The demo's winners are linked to their entries, whose own title the public page shows:
    // this one becomes a record of its own.
    await page.getByLabel("Liên kết tới bài dự thi (mã bài hoặc mã định danh)").fill("");
    await page.getByLabel("Liên kết video (YouTube hoặc Vimeo)").fill("không phải video");
    await page.getByRole("button", { name: "Lưu", exact: true }).click();
    await page.getByText("Liên kết video cần là một liên kết YouTube hoặc Vimeo.").waitFor();
    await page
      .getByLabel("Liên kết video (YouTube hoặc Vimeo)")
      .fill("https://youtu.be/dQw4w9WgXcQ");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/thang-giai"),
      page.getByRole("button", { name: "Lưu", exact: true }).click(),
    ]);
    await page.getByText("Đã lưu thay đổi.").waitFor();

    const visitor = await openPage(browser());
    await visitor.page.goto("/danh-sach-thang-giai?year=2024&category=OLC");
    await waitForHydration(visitor.page);
    const card = visitor.page.locator(".winner-card", { hasText: title });
    await card.waitFor();
    expect(await card.getAttribute("data-category")).toBe("OLC");
    expect(await card.getByRole("link", { name: "Xem video" }).getAttribute("href")).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    );
    // Another year does not list it.
    await visitor.page.goto("/danh-sach-thang-giai?year=2023&category=OLC");
    await visitor.page
      .getByRole("heading", { level: 1, name: "Danh sách thắng giải năm 2023" })
      .waitFor();
    expect(await visitor.page.locator(".winner-card", { hasText: title }).count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  });

  test("an editor's dashboard shows the season's counts and no money", async () => {
    const { page } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page
      .locator("caption", { hasText: "Lượt nộp bài theo ngày" })
      .waitFor({ state: "attached" });
    const main = (await page.locator("main").textContent()) ?? "";
    for (const money of ["Lệ phí", "Thanh toán đã ghi nhận", "Đã thu", "Chưa thu", "₫"]) {
      expect(main, money).not.toContain(money);
    }
    expect(await page.getByRole("heading", { name: "Lệ phí" }).count()).toBe(0);
  });

  test("a criteria document sent with no file chosen asks for one at the field, in each language", async () => {
    const { page } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    for (const [path, heading, title, message] of [
      [
        "/quan-tri/noi-dung/tai-lieu",
        "Tải lên tiêu chí giải thưởng",
        "Tệp PDF",
        "Vui lòng chọn tệp PDF.",
      ],
      [
        "/en/quan-tri/noi-dung/tai-lieu",
        "Upload award criteria",
        "PDF file",
        "Please choose a PDF file.",
      ],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
      await waitForHydration(page);
      const form = page.locator("form", { has: page.locator('input[type="file"]') });
      const name = form.locator('input[name="title"]');
      await name.fill("Tiêu chí 2026 (bản sửa)");
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") requests.push(request.url());
      });
      await form.locator('button[type="submit"]').click();
      const file = form.getByLabel(title);
      await expect.poll(() => errorOfField(file)).toBe(message);
      // Checked in the browser with the server's schema: nothing was sent, nothing typed lost,
      // and the field with the problem has the focus.
      expect(requests).toEqual([]);
      await expect(name.inputValue()).resolves.toBe("Tiêu chí 2026 (bản sửa)");
      await expect(file.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
      expect(await page.getByText("Tệp bị trống").count()).toBe(0);
      page.removeAllListeners("request");
    }
  });

  test("uploading over a season's criteria PDF asks first, naming the file it replaces", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto("/quan-tri/noi-dung/tai-lieu");
    await waitForHydration(page);
    const form = page.locator("form", { has: page.locator('input[type="file"]') });
    const pdf = {
      name: "tieu-chi.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
      ),
    };
    const titleIn = (year: number, lang: string) =>
      page
        .getByRole("table", { name: `Tiêu chí giải thưởng mùa ${year}` })
        .getByRole("row")
        .filter({ hasText: lang })
        .getByRole("rowheader")
        .textContent();
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });

    // The Season field starts on the current season, whose file the public window shows.
    expect(await form.locator('select[name="year"]').inputValue()).toBe("2026");
    const live = await titleIn(2026, "Tiếng Việt");
    await form.locator('input[type="file"]').setInputFiles(pdf);
    await form.getByRole("button", { name: "Tải lên" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.locator(".confirm-dialog__question").textContent()).toBe(
      `Thay tệp “${live}” đang hiển thị trong cửa sổ tiêu chí giải thưởng bằng tệp mới? Tệp cũ sẽ bị xoá.`,
    );
    await dialog.getByRole("button", { name: "Huỷ" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(posts).toEqual([]);
    expect(await titleIn(2026, "Tiếng Việt")).toBe(live);

    // Another season: asked too, then the notice says when the public window will show it.
    await form.locator('select[name="year"]').selectOption("2023");
    await form.locator('select[name="lang"]').selectOption("en");
    const archived = await titleIn(2023, "Tiếng Anh");
    // Under the same title, so the demo's 2023 list reads as before.
    await form.locator('input[name="title"]').fill(archived!);
    await form.getByRole("button", { name: "Tải lên" }).click();
    await dialog.waitFor();
    expect(await dialog.locator(".confirm-dialog__question").textContent()).toBe(
      `Thay tệp “${archived}” của mùa giải 2023 bằng tệp mới? Tệp cũ sẽ bị xoá.`,
    );
    await dialog.getByRole("button", { name: "Thay tệp" }).click();
    await page
      .getByText(
        "Đã tải tệp lên cho mùa giải 2023. Cửa sổ tiêu chí giải thưởng sẽ hiển thị tệp này khi mùa giải 2023 trở thành mùa hiện tại.",
      )
      .waitFor();
    expect(posts).toHaveLength(1);
    expect(await titleIn(2023, "Tiếng Anh")).toBe(archived);
    expect(problems.pageErrors).toEqual([]);
    page.removeAllListeners("request");
  });

  test("the introduction's Vietnamese title is required in the browser; a track page has no title", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    for (const [path, label, message] of [
      [
        "/quan-tri/noi-dung/trang?key=award-introduction",
        "Tiêu đề (VI)",
        "Vui lòng điền thông tin này.",
      ],
      [
        "/en/quan-tri/noi-dung/trang?key=award-introduction",
        "Title (VI)",
        "Please fill in this field.",
      ],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const title = page.getByLabel(label);
      expect(await title.getAttribute("aria-required"), path).toBe("true");
      await title.fill("");
      const summary = page.locator('textarea[name="summaryVi"]');
      await summary.fill("Tóm tắt vừa gõ");
      const requests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") requests.push(request.url());
      });
      await page.locator("form.content-admin-form button[type=submit]").click();
      await expect.poll(() => errorOfField(title)).toBe(message);
      // Checked in the browser with the server's schema: nothing sent, nothing typed lost.
      expect(requests, path).toEqual([]);
      expect(await summary.inputValue(), path).toBe("Tóm tắt vừa gõ");
      page.removeAllListeners("request");
    }
    await page.goto("/quan-tri/noi-dung/trang?key=track%3Avan-xuan");
    await waitForHydration(page);
    await page.locator('textarea[name="summaryVi"]').waitFor();
    expect(await page.locator('input[name="titleVi"], input[name="titleEn"]').count()).toBe(0);
    expect(problems.pageErrors).toEqual([]);
  });

  test("the pages and documents admin pages are axe clean in both languages", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    for (const url of [
      "/quan-tri/noi-dung",
      "/quan-tri/noi-dung/trang",
      "/quan-tri/noi-dung/trang?key=track%3Avan-xuan",
      "/quan-tri/noi-dung/tai-lieu",
      "/en/quan-tri/noi-dung/chuyen-gia?year=2024",
      "/en/quan-tri/noi-dung/tai-lieu",
    ]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expectAxeClean(page);
    }
    expect(problems.pageErrors).toEqual([]);
  });

  test("saving a juror before the page runs (no JavaScript) keeps the photo", async () => {
    const actor = { id: "e2e-editor", email: EDITOR.email, ip: "127.0.0.1" };
    const photo = "/generated/portrait/12/PA.svg";
    const id = await withE2eServices(async (services) => {
      const saved = await services.contentAdmin.saveJuror(
        actor,
        null,
        juryMemberSchema.parse({ year: 2024, name: `Giữ Ảnh ${Date.now()}`, photo }),
      );
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      return saved.juror.id;
    });
    try {
      const signedIn = await openPage(browser());
      await signInStaff(signedIn.page, EDITOR.email, EDITOR.password);
      const { page } = await openPage(browser(), { javaScriptEnabled: false });
      await page.context().addCookies(await signedIn.context.cookies());
      await page.goto(`/quan-tri/noi-dung/chuyen-gia/${id}`);
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get("notice") === "adminContent.notices.saved"),
        page.getByRole("button", { name: "Lưu", exact: true }).click(),
      ]);
      const stored = await withE2eServices((services) => services.contentAdmin.juryGet(id));
      expect(stored?.photo).toBe(photo);
    } finally {
      await withE2eServices((services) => services.contentAdmin.deleteJuror(actor, id));
    }
  });
});
