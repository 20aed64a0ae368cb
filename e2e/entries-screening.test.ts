import { describe, expect, test } from "vitest";
import { focused, openPage, useBrowser, waitForHydration } from "./support/browser";
import { answerConfirmation, confirmation } from "./support/confirm";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// Screening from the entries table: an organiser moves batch after batch of entries with the
// bulk bar, by mouse or keyboard.
const browser = useBrowser();

/** Paid 2026 entries, by code (the table finds each by its code). */
function paidCodes(): [string, string, string] {
  const rows = withDatabase((db) =>
    db
      .prepare<[], { code: string }>(
        `SELECT e.code FROM entries e JOIN seasons s ON s.id = e.season_id
          WHERE s.year = 2026 AND e.status = 'paid' AND e.code IS NOT NULL
          ORDER BY e.code DESC LIMIT 3`,
      )
      .all(),
  );
  if (rows.length < 3) throw new Error("Fewer than three paid 2026 entries in the e2e database");
  return [rows[0]!.code, rows[1]!.code, rows[2]!.code];
}

const reasonOf = (code: string) =>
  withDatabase((db) =>
    db
      .prepare<[string], { reason: string | null; to_status: string }>(
        `SELECT h.reason, h.to_status FROM entry_status_history h
             JOIN entries e ON e.id = h.entry_id
            WHERE e.code = ? ORDER BY h.id DESC LIMIT 1`,
      )
      .get(code),
  );

describe("the entries table's bulk status change", () => {
  test("empties itself after a change, so the next batch is not sent the last reason", async () => {
    const [first, second] = paidCodes().slice(0, 2) as [string, string];
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);

    const bar = page.getByRole("group", { name: "Đổi trạng thái các bài đã chọn" });
    const to = bar.getByLabel("Trạng thái mới");
    const reason = bar.getByLabel("Lý do (gửi kèm email cho thí sinh)");
    const submit = bar.getByRole("button", { name: "Đổi trạng thái", exact: true });

    // The first batch: sent back with a reason that is only about it.
    await page.goto(`/quan-tri/bai-du-thi?q=${first}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: new RegExp(first) }).check();
    await to.selectOption("rejected");
    await reason.fill("Bài dự thi vi phạm quy chế về bản quyền.");
    await submit.click();
    await answerConfirmation(page);
    await page.getByText("Đã đổi trạng thái 1 bài, bỏ qua 0 bài.").waitFor();

    // The bar starts again empty, and the keyboard is back on its button, not at the page's top.
    await expect.poll(() => to.inputValue()).toBe("");
    expect(await reason.inputValue()).toBe("");
    await expect.poll(() => focused(page).then((f) => f.text)).toBe("Đổi trạng thái");

    // The next batch, found with the search (the page stays), accepted without a reason of its
    // own, is accepted without one.
    await page.locator('main input[name="q"]').fill(second);
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("q") === second),
      page.locator('main input[name="q"]').press("Enter"),
    ]);
    await page.getByRole("checkbox", { name: new RegExp(second) }).check();
    await to.selectOption("accepted");
    await submit.click();
    await answerConfirmation(page);
    await page.getByText("Đã đổi trạng thái 1 bài, bỏ qua 0 bài.").waitFor();
    expect(reasonOf(first)).toEqual({
      to_status: "rejected",
      reason: "Bài dự thi vi phạm quy chế về bản quyền.",
    });
    expect(reasonOf(second)).toEqual({ to_status: "accepted", reason: "" });
  });

  test("says in English how many entries moved, one or several", async () => {
    const [third] = paidCodes();
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto(`/en/quan-tri/bai-du-thi?q=${third}`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: new RegExp(third) }).check();
    const bar = page.getByRole("group", { name: "Change the status of the selected entries" });
    await bar.getByLabel("New status").selectOption("accepted");
    await bar.getByRole("button", { name: "Change status", exact: true }).click();
    // The question is asked in English too, its way back "Cancel".
    const dialog = confirmation(page);
    await dialog.getByRole("button", { name: "Cancel", exact: true }).waitFor();
    await answerConfirmation(page);
    await page.getByText("1 entry changed, 0 skipped.").waitFor();
  });

  test("offers the categories of the season chosen, clearing and announcing one it lacks", async () => {
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/bai-du-thi");
    await waitForHydration(page);
    const season = page.getByLabel("Mùa giải", { exact: true });
    const category = page.getByLabel("Hạng mục", { exact: true });
    const categoryIds = (year: number) =>
      withDatabase((db) =>
        db
          .prepare<[number], { id: number }>(
            `SELECT c.id FROM categories c JOIN category_groups g ON g.id = c.group_id
               JOIN tracks t ON t.id = g.track_id JOIN seasons s ON s.id = t.season_id
              WHERE s.year = ?`,
          )
          .all(year)
          .map((row) => String(row.id))
          .sort(),
      );
    const offered = async () =>
      (
        await category
          .locator("option")
          .evaluateAll((options) =>
            options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
          )
      ).sort();
    expect(await season.inputValue()).toBe("2026");
    expect(await offered()).toEqual(categoryIds(2026));

    // A 2026 category chosen, then the season 2025: its categories at once, the choice cleared
    // and said so (politely, in the filters' live region).
    const chosen = categoryIds(2026)[0]!;
    await category.selectOption(chosen);
    await season.selectOption("2025");
    await expect.poll(offered).toEqual(categoryIds(2025));
    expect(await category.inputValue()).toBe("");
    const notice = page.locator(".entries-filters__notice");
    await expect
      .poll(() => notice.textContent())
      .toBe("Hạng mục đã chọn không thuộc mùa 2025 nên đã được bỏ.");
    expect(await notice.getAttribute("aria-live")).toBe("polite");

    // Sent, the address holds the season and no category; the list is 2025's.
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("season") === "2025"),
      page.getByRole("button", { name: "Lọc", exact: true }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("category") ?? "").toBe("");
    await page.getByRole("table").getByText("Bài dự thi mùa giải 2025").waitFor();
    await expect.poll(() => notice.textContent()).toBe("");

    // Back to 2026, a 2025 category is cleared too: catalogue ids belong to one season.
    const old = categoryIds(2025)[0]!;
    await category.selectOption(old);
    await season.selectOption("2026");
    await expect.poll(offered).toEqual(categoryIds(2026));
    expect(await category.inputValue()).toBe("");
  });

  test("keeps the keyboard in the search box after a search sent with Enter", async () => {
    const { page } = await openPage(browser());
    const admin = demoCredentials().admin;
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/bai-du-thi?status=paid");
    await waitForHydration(page);
    const search = page.locator('main input[name="q"]');
    await search.focus();
    await page.keyboard.type("nguyen");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("q") === "nguyen"),
      page.keyboard.press("Enter"),
    ]);
    await page.locator(".entries-range").waitFor();
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typing on refines the search without going back to the box.
    await page.keyboard.type(" van");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("q") === "nguyen van"),
      page.keyboard.press("Enter"),
    ]);
    // Going back shows the earlier search in the box, as the address says.
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("q") === "nguyen");
    await expect.poll(() => search.inputValue()).toBe("nguyen");
  });
});
