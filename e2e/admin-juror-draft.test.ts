import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { juryMemberSchema } from "../core/content-admin";
import { SESSION_COOKIE_NAMES } from "../server/modules/identity/auth";
import { expectAxeClean } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// A juror typed in the back office while the staff session has ended is not lost: the save
// goes to the sign-in form, which brings the editor back to the juror editor, where the draft
// kept in the browser (the uploaded photo too) is offered back and restored from the keyboard;
// once saved the draft is gone. A change to a saved juror is offered after a reload and
// discarded. (The news editor's draft, the same module, is in admin-news-draft.test.ts.)
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `ban-nhap-giam-khao-${STAMP}@vanxuan-awards.example`,
  password: "ban-nhap-giam-khao-2026",
};
const NAME = `Giám Khảo Giữ Nháp ${STAMP}`;
const SAVED_NAME = `Giám Khảo Đã Lưu ${STAMP}`;
const BIO = "Hai mươi năm làm sáng tạo quảng cáo, gõ trước khi phiên đăng nhập hết hạn.";
const NEW_PATH = "/quan-tri/noi-dung/chuyen-gia/moi";
const DRAFT_PREFIX = "vx-juror-draft:";

beforeAll(async () => {
  await withE2eServices((services) =>
    services.identity.createStaff({
      email: EDITOR.email,
      name: "Biên Tập Giám Khảo",
      password: EDITOR.password,
      role: "editor",
    }),
  );
});

afterAll(async () => {
  await withE2eServices(async (_services, db) => {
    await db.kysely.deleteFrom("jury_members").where("name", "in", [NAME, SAVED_NAME]).execute();
  });
});

/** The drafts this browser keeps for the juror editor, by juror ("new" or an id). */
function keptDrafts(page: Page): Promise<Record<string, { values: Record<string, string> }>> {
  return page.evaluate(
    (prefix) =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((key) => key.startsWith(prefix))
          .map((key) => [key.slice(prefix.length), JSON.parse(localStorage[key]!)]),
      ),
    DRAFT_PREFIX,
  );
}

/** The session ends as a lost or expired cookie ends it: the browser no longer sends one. */
async function loseSession(page: Page): Promise<void> {
  for (const name of SESSION_COOKIE_NAMES) await page.context().clearCookies({ name });
}

/** The control that has the keyboard's focus: its name attribute. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("name") ?? "");

describe("juror editor drafts", () => {
  test("a juror typed when the session ended comes back after signing in again, and saves", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto(`${NEW_PATH}?year=2023`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Thêm giám khảo năm 2023" }).waitFor();

    await page.getByLabel("Họ và tên").fill(NAME);
    await page.getByLabel("Đơn vị công tác").fill("Studio Mây");
    await page.getByLabel("Tiểu sử (tiếng Việt)").fill(BIO);
    const photo = await sharp({
      create: { width: 480, height: 480, channels: 3, background: "#2f6f4e" },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Ảnh chân dung")
      .setInputFiles({ name: "chan-dung.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText("Đã tải ảnh lên.").waitFor();
    const mediaId = await page.locator('input[name="photoMediaId"]').inputValue();
    expect(mediaId).toMatch(/^\d+$/);

    // The session ends while the editor types; then they save.
    await loseSession(page);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/dang-nhap"),
      page.getByRole("button", { name: "Lưu", exact: true }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("next")).toBe(`${NEW_PATH}?year=2023`);
    // The browser kept what was typed, the uploaded photo as its media id.
    expect((await keptDrafts(page)).new?.values).toMatchObject({
      year: "2023",
      name: NAME,
      organisation: "Studio Mây",
      bioVi: BIO,
      photoMediaId: mediaId,
    });

    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(EDITOR.email);
    await page.locator('input[name="password"]').fill(EDITOR.password);
    await Promise.all([
      page.waitForURL((u) => u.pathname === NEW_PATH && u.searchParams.get("year") === "2023"),
      page.getByRole("button", { name: "Đăng nhập", exact: true }).click(),
    ]);
    await waitForHydration(page);

    // Back in the editor, the draft is offered, since it differs from the (empty) new juror.
    const offer = page.getByRole("region", { name: "Có bản nháp chưa lưu" });
    await offer.waitFor();
    expect(await page.getByLabel("Họ và tên").inputValue()).toBe("");
    await expectAxeClean(page);
    // Restored from the keyboard: the form starts again from the draft, the focus at its start.
    await offer.getByRole("button", { name: "Khôi phục" }).focus();
    await page.keyboard.press("Enter");
    await offer.waitFor({ state: "detached" });
    await page.getByText("Đã khôi phục bản nháp. Hãy lưu để giữ các thay đổi.").waitFor();
    expect(await page.getByLabel("Họ và tên").inputValue()).toBe(NAME);
    expect(await page.getByLabel("Đơn vị công tác").inputValue()).toBe("Studio Mây");
    expect(await page.getByLabel("Tiểu sử (tiếng Việt)").inputValue()).toBe(BIO);
    expect(await page.locator('input[name="photoMediaId"]').inputValue()).toBe(mediaId);
    await page.getByRole("img", { name: "Ảnh hiện tại" }).waitFor();
    await expect.poll(() => focusedName(page)).toBe("year");

    // Saved, with the session back: the juror holds what was typed, the draft is gone.
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/noi-dung/chuyen-gia"),
      page.getByRole("button", { name: "Lưu", exact: true }).click(),
    ]);
    await page.getByText("Đã thêm mới.").waitFor();
    const saved = await withE2eServices((_services, db) =>
      db.kysely.selectFrom("jury_members").selectAll().where("name", "=", NAME).execute(),
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      year: 2023,
      organisation: "Studio Mây",
      bio_vi: BIO,
      photo_media_id: Number(mediaId),
    });
    expect(await keptDrafts(page)).toEqual({});
    await page.goto(`${NEW_PATH}?year=2023`);
    await waitForHydration(page);
    await page.getByLabel("Họ và tên").waitFor();
    expect(await page.getByRole("region", { name: "Có bản nháp chưa lưu" }).count()).toBe(0);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  }, 120_000);

  test("a change to a saved juror is offered after a reload, and discarded", async () => {
    const id = await withE2eServices(async (services) => {
      const saved = await services.contentAdmin.saveJuror(
        { id: "e2e-editor", email: EDITOR.email, ip: "127.0.0.1" },
        null,
        juryMemberSchema.parse({ year: 2023, name: SAVED_NAME, bioVi: "Tiểu sử đã lưu." }),
      );
      if (!saved.ok) throw new Error(JSON.stringify(saved));
      return saved.juror.id;
    });
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    const editor = `/quan-tri/noi-dung/chuyen-gia/${id}`;
    await page.goto(editor);
    await waitForHydration(page);
    await page.getByLabel("Tiểu sử (tiếng Việt)").fill("Tiểu sử sửa mà chưa lưu.");
    await page.getByLabel("Chủ tịch hội đồng").check();
    await expect
      .poll(() => keptDrafts(page).then((drafts) => drafts[String(id)]?.values))
      .toMatchObject({ bioVi: "Tiểu sử sửa mà chưa lưu.", isChair: "true" });

    await page.reload();
    await waitForHydration(page);
    const offer = page.getByRole("region", { name: "Có bản nháp chưa lưu" });
    await offer.waitFor();
    expect(await page.getByLabel("Tiểu sử (tiếng Việt)").inputValue()).toBe("Tiểu sử đã lưu.");
    await offer.getByRole("button", { name: "Bỏ bản nháp" }).focus();
    await page.keyboard.press("Enter");
    await offer.waitFor({ state: "detached" });
    await page.getByText("Đã bỏ bản nháp.").waitFor();
    await expect.poll(() => focusedName(page)).toBe("year");
    expect(await page.getByLabel("Tiểu sử (tiếng Việt)").inputValue()).toBe("Tiểu sử đã lưu.");
    expect(await page.getByLabel("Chủ tịch hội đồng").isChecked()).toBe(false);
    expect(await keptDrafts(page)).toEqual({});
    await page.reload();
    await waitForHydration(page);
    await page.getByLabel("Tiểu sử (tiếng Việt)").waitFor();
    expect(await offer.count()).toBe(0);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });
});
