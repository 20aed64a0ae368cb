import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectAxeClean } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// An article typed in the news editor while the staff session has ended is not lost: the save
// goes to the sign-in form, which brings the editor back to the editor, where the draft kept
// in the browser is offered back ("Khôi phục" / "Bỏ bản nháp", from the keyboard); once saved
// the draft is gone. A change to a saved article is offered back after a reload, in English
// too, and discarded.
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `ban-nhap-tin-${STAMP}@vanxuan-awards.example`,
  password: "ban-nhap-tin-tuc-2026",
};
const TITLE = `Bài viết giữ lại khi hết phiên ${STAMP}`;
const SUMMARY = "Tóm tắt gõ trước khi phiên đăng nhập hết hạn.";
const BODY = `Đoạn văn không được mất ${STAMP}`;
const EDITOR_PATH = "/quan-tri/noi-dung/tin-tuc/moi";
let editorId = "";

beforeAll(async () => {
  editorId = await withE2eServices((services) =>
    services.identity.createStaff({
      email: EDITOR.email,
      name: "Biên Tập Bản Nháp",
      password: EDITOR.password,
      role: "editor",
    }),
  );
});

afterAll(async () => {
  await withE2eServices(async (_services, db) => {
    await db.kysely.deleteFrom("news_articles").where("title_vi", "=", TITLE).execute();
  });
});

/** The drafts this browser keeps for the news editor, by article ("new" or an id). */
function keptDrafts(page: Page): Promise<Record<string, { values: Record<string, string> }>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith("vx-news-draft:"))
        .map((key) => [key.slice("vx-news-draft:".length), JSON.parse(localStorage[key]!)]),
    ),
  );
}

/** The staff member's sessions end, as they do when they expire: the cookie opens nothing. */
async function endSessions(): Promise<void> {
  await withE2eServices(async (_services, db) => {
    await db.kysely.deleteFrom("session").where("userId", "=", editorId).execute();
  });
}

describe("news editor drafts", () => {
  test("an article typed when the session ended comes back after signing in again, and saves", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto(EDITOR_PATH);
    await waitForHydration(page);
    const viBody = page
      .locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Việt" }) })
      .getByRole("textbox", { name: "Nội dung" });
    await viBody.waitFor();

    await page.locator('input[name="titleVi"]').fill(TITLE);
    await page.locator('textarea[name="summaryVi"]').fill(SUMMARY);
    await viBody.click();
    await page.keyboard.type(BODY);
    await expect.poll(() => page.locator('input[name="bodyVi"]').inputValue()).toContain(BODY);

    // The session ends while the editor types; then they save.
    await endSessions();
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/quan-tri/dang-nhap"),
      page.getByRole("button", { name: "Lưu nháp" }).click(),
    ]);
    // The sign-in form knows where to go back to; the browser kept what was typed.
    expect(new URL(page.url()).searchParams.get("next")).toBe(EDITOR_PATH);
    const kept = (await keptDrafts(page)).new;
    expect(kept?.values).toMatchObject({ titleVi: TITLE, summaryVi: SUMMARY });
    expect(kept?.values.bodyVi).toContain(BODY);

    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(EDITOR.email);
    await page.locator('input[name="password"]').fill(EDITOR.password);
    await Promise.all([
      page.waitForURL((u) => u.pathname === EDITOR_PATH),
      page.getByRole("button", { name: "Đăng nhập", exact: true }).click(),
    ]);
    await waitForHydration(page);

    // Back in the editor, the draft is offered, since it differs from the (empty) new article.
    const offer = page.getByRole("region", { name: "Có bản nháp chưa lưu" });
    await offer.waitFor();
    await expect(page.locator('input[name="titleVi"]').inputValue()).resolves.toBe("");
    await expectAxeClean(page);
    // Restored from the keyboard: the form starts again from the draft, the focus at its start.
    await offer.getByRole("button", { name: "Khôi phục" }).focus();
    await page.keyboard.press("Enter");
    await offer.waitFor({ state: "detached" });
    await page.getByText("Đã khôi phục bản nháp. Hãy lưu bài viết để giữ các thay đổi.").waitFor();
    await expect(page.locator('input[name="titleVi"]').inputValue()).resolves.toBe(TITLE);
    await expect(page.locator('textarea[name="summaryVi"]').inputValue()).resolves.toBe(SUMMARY);
    await expect.poll(() => viBody.innerText()).toContain(BODY);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe("titleVi");
    // The slug still follows the restored title.
    await expect
      .poll(() => page.locator('input[name="slugVi"]').inputValue())
      .toBe(`bai-viet-giu-lai-khi-het-phien-${STAMP}`);

    // Saved, with the session back: the article holds what was typed, the draft is gone.
    await Promise.all([
      page.waitForURL((u) => /^\/quan-tri\/noi-dung\/tin-tuc\/\d+$/.test(u.pathname)),
      page.getByRole("button", { name: "Lưu nháp" }).click(),
    ]);
    await page.getByText("Đã tạo bài viết.").waitFor();
    const id = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    const saved = await withE2eServices((services) => services.news.get(id));
    expect(saved).toMatchObject({ titleVi: TITLE, summaryVi: SUMMARY });
    expect(JSON.stringify(saved!.bodyVi)).toContain(BODY);
    await expect.poll(() => keptDrafts(page)).toEqual({});
    await page.goto(EDITOR_PATH);
    await waitForHydration(page);
    await page.locator('input[name="titleVi"]').waitFor();
    expect(await page.getByRole("region", { name: "Có bản nháp chưa lưu" }).count()).toBe(0);

    // A change to the saved article, kept as it is typed, is offered after a reload — in
    // English on the English page — and discarded from the keyboard.
    await page.goto(`/quan-tri/noi-dung/tin-tuc/${id}`);
    await waitForHydration(page);
    await page.locator('textarea[name="summaryVi"]').fill("Tóm tắt đổi mà chưa lưu.");
    await expect
      .poll(() => keptDrafts(page).then((drafts) => drafts[String(id)]?.values.summaryVi))
      .toBe("Tóm tắt đổi mà chưa lưu.");
    await page.goto(`/en/quan-tri/noi-dung/tin-tuc/${id}`);
    await waitForHydration(page);
    const englishOffer = page.getByRole("region", { name: "Unsaved draft" });
    await englishOffer.waitFor();
    await expect(page.locator('textarea[name="summaryVi"]').inputValue()).resolves.toBe(SUMMARY);
    await englishOffer.getByRole("button", { name: "Restore" }).waitFor();
    await englishOffer.getByRole("button", { name: "Discard" }).focus();
    await page.keyboard.press("Enter");
    await englishOffer.waitFor({ state: "detached" });
    await page.getByText("The draft was discarded.").waitFor();
    await expect(page.locator('textarea[name="summaryVi"]').inputValue()).resolves.toBe(SUMMARY);
    expect(await keptDrafts(page)).toEqual({});
    await page.reload();
    await waitForHydration(page);
    await page.locator('textarea[name="summaryVi"]').waitFor();
    expect(await page.getByRole("region", { name: "Unsaved draft" }).count()).toBe(0);

    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  }, 120_000);
});
