import { describe, expect, test } from "vitest";
import { focused, openPage, useBrowser, waitForHydration } from "./support/browser";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// The seasons page's category tree reordered with the keyboard: the focus stays on the arrow
// pressed, and the line's new place is said in a polite live region. On 2024's tree, put back
// as it was, so the other journeys see the demo order. A category with entries cannot be
// deleted, and says so in words beside its button.
const browser = useBrowser();

describe("the category tree's move buttons", () => {
  test("say where the line went, up and down, and keep the focus on the arrow", async () => {
    const { page, problems } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/mua-giai?year=2024");
    await waitForHydration(page);

    // The first category of a group that has several: its "down" arrow is enabled.
    const down = page.locator('button[id^="move-category-"][id$="-down"]:not([disabled])').first();
    const downId = (await down.getAttribute("id"))!;
    const upId = downId.replace(/-down$/, "-up");
    const name = /^Chuyển “(.+)” xuống$/.exec((await down.getAttribute("aria-label")) ?? "")?.[1];
    expect(name).toBeTruthy();
    const siblings = await down.evaluate(
      (button) =>
        button.closest("li")!.parentElement!.querySelectorAll(":scope > li > .tree-node").length,
    );
    expect(siblings).toBeGreaterThan(1);
    const said = page.locator('main [role="status"][aria-live="polite"]').filter({
      hasText: "Đã chuyển",
    });

    await down.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => said.textContent())
      .toBe(`Đã chuyển “${name}” xuống vị trí 2/${siblings}.`);
    // Now last of two, its "down" arrow is disabled: the focus is on its "up" one.
    await expect.poll(() => focused(page).then((f) => f.id)).toBe(siblings === 2 ? upId : downId);

    // And back up, where it was: the same words, the other way.
    await page.locator(`[id="${upId}"]`).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => said.textContent())
      .toBe(`Đã chuyển “${name}” lên vị trí 1/${siblings}.`);
    await expect.poll(() => focused(page).then((f) => f.id)).toBe(downId);
    expect(problems.pageErrors).toEqual([]);
  });

  test("a category with entries says beside its disabled delete button why, for every user", async () => {
    const { page, problems } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    await page.goto("/quan-tri/mua-giai?year=2024");
    await waitForHydration(page);

    const locked = page.getByRole("button", { name: /^Xoá “.+”$/, disabled: true }).first();
    const reasonId = await locked.getAttribute("aria-describedby");
    expect(reasonId).toBeTruthy();
    const reason = page.locator(`[id="${reasonId}"]`);
    // Shown on the page, not only in a tooltip, and read with the button.
    await expect(reason.isVisible()).resolves.toBe(true);
    await expect(reason.textContent()).resolves.toBe(
      "Không thể xoá: đã có bài dự thi thuộc hạng mục này.",
    );
    await expect
      .poll(() =>
        locked.evaluate((button) =>
          button
            .closest(".tree-node")!
            .contains(document.getElementById(button.getAttribute("aria-describedby")!)),
        ),
      )
      .toBe(true);
    expect(problems.pageErrors).toEqual([]);
  });
});
