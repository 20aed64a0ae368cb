import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, onTestFinished, test } from "vitest";
import { text } from "../server/test-support/text";
import { focused, openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import { confirmation } from "./support/confirm";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// A back-office button that asks first, used with the keyboard alone: the question opens in
// the page's own dialog (never the browser's, which a person can silence for good), starting
// on "Huỷ"; Esc sends nothing and gives the focus back; confirming sends the form through the
// button that asked, with its own name and value.
const browser = useBrowser();
const vi = (key: string, values?: Record<string, string>) => text("vi", key, values);

/** A 2024 judge holding a code: their row offers "Cấp mã mới" and "Thu hồi mã" in one form. */
function judgeWithCode(): { id: string; name: string } {
  const id = randomUUID();
  const name = `Giám Khảo Hỏi Trước ${id.slice(0, 6)}`;
  const at = new Date().toISOString();
  withDatabase((db) => {
    db.prepare(
      `INSERT INTO judges (id, season_id, name, email, lang, code_hash, code_hint,
                           code_issued_at, created_at, updated_at)
       VALUES (?, (SELECT id FROM seasons WHERE year = 2024), ?, ?, 'vi', ?, 'ABCD', ?, ?, ?)`,
    ).run(id, name, `hoi-truoc-${id}@example.org`, randomBytes(32).toString("hex"), at, at, at);
  });
  return { id, name };
}

const codeOf = (id: string) =>
  withDatabase((db) =>
    db
      .prepare<[string], { code_hash: string | null; code_revoked_at: string | null }>(
        "SELECT code_hash, code_revoked_at FROM judges WHERE id = ?",
      )
      .get(id)!,
  );

describe("the back office's confirmation", () => {
  test("opens from the keyboard on Huỷ; Esc sends nothing and returns to the button; Space on the action sends that button", async () => {
    const judge = judgeWithCode();
    onTestFinished(() => {
      withDatabase((db) => db.prepare("DELETE FROM judges WHERE id = ?").run(judge.id));
    });
    const { page, problems } = await openPage(browser());
    const nativeDialogs: string[] = [];
    page.on("dialog", (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/cham-giai/giam-khao?year=2024");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.postData() ?? "");
    });
    const row = page.locator(`tr[data-judge="hoi-truoc-${judge.id}@example.org"]`);
    const revoke = row.getByRole("button", { name: vi("judgingAdmin.judges.revoke") });
    const question = vi("judgingAdmin.judges.revokeConfirm", { name: judge.name });
    const dialog = confirmation(page);
    const isRevokeFocused = () => revoke.evaluate((button) => button === document.activeElement);

    // Enter opens the question, with the focus on the way back, not on the action.
    await revoke.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(
      await dialog.locator(`[id="${await dialog.getAttribute("aria-labelledby")}"]`).textContent(),
    ).toBe(question);
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).open)).toBe(true);
    await expect.poll(() => focused(page).then((f) => f.text)).toBe(vi("common.cancel"));
    const buttons = await dialog.getByRole("button").allTextContents();
    expect(buttons).toEqual([vi("judgingAdmin.judges.revoke"), vi("common.cancel")]);

    // Esc: nothing sent, the focus back on the button that asked.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(isRevokeFocused).toBe(true);
    await settled(page);
    expect(posts).toEqual([]);
    expect(codeOf(judge.id).code_hash).not.toBeNull();

    // Space opens it again; Shift+Tab reaches the action and Space on it sends the form through
    // "Thu hồi mã" (not the other button of the same form, "Cấp mã mới").
    await page.keyboard.press("Space");
    await dialog.waitFor();
    await expect.poll(() => focused(page).then((f) => f.text)).toBe(vi("common.cancel"));
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page)).text).toBe(vi("judgingAdmin.judges.revoke"));
    await page.keyboard.press("Space");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => codeOf(judge.id).code_revoked_at).not.toBeNull();
    expect(codeOf(judge.id).code_hash).toBeNull();
    // The browser tells of the request on its own channel, which can lag the server's answer.
    await expect.poll(() => posts.length).toBe(1);
    expect(new URLSearchParams(posts[0]).get("intent")).toBe("revoke");
    expect(nativeDialogs).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });

  test("without JavaScript the button simply submits; with it, Enter on the action confirms", async () => {
    const judge = judgeWithCode();
    onTestFinished(() => {
      withDatabase((db) => db.prepare("DELETE FROM judges WHERE id = ?").run(judge.id));
    });
    const { admin } = demoCredentials();
    const { page } = await openPage(browser());
    await signInStaff(page, admin.email, admin.password);
    const revokeIn = (on: typeof page) =>
      on
        .locator(`tr[data-judge="hoi-truoc-${judge.id}@example.org"]`)
        .getByRole("button", { name: vi("judgingAdmin.judges.revoke") });

    // Without JavaScript (or before it has arrived): no question, the post goes at once.
    const plain = await openPage(browser(), { javaScriptEnabled: false });
    await plain.page.context().addCookies(await page.context().cookies());
    await plain.page.goto("/quan-tri/cham-giai/giam-khao?year=2024");
    await revokeIn(plain.page).click();
    await expect.poll(() => codeOf(judge.id).code_revoked_at).not.toBeNull();

    // A code again; with JavaScript, Enter on the action (reached from "Huỷ") sends it.
    withDatabase((db) =>
      db
        .prepare("UPDATE judges SET code_hash = ?, code_revoked_at = NULL WHERE id = ?")
        .run(randomBytes(32).toString("hex"), judge.id),
    );
    await page.goto("/quan-tri/cham-giai/giam-khao?year=2024");
    await waitForHydration(page);
    await revokeIn(page).focus();
    await page.keyboard.press("Enter");
    await confirmation(page).waitFor();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => codeOf(judge.id).code_revoked_at).not.toBeNull();
    await confirmation(page).waitFor({ state: "detached" });
  });
});
