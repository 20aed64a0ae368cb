import type { Locator, Page } from "playwright-core";
import { describe, expect, onTestFinished, test } from "vitest";
import { focused, openPage, useBrowser, waitForHydration } from "./support/browser";
import { withDatabase } from "./support/db";
import { demoCredentials } from "./support/demo-credentials";
import { signInStaff } from "./support/sign-in";

// The seasons page's category tree reordered with the keyboard: the focus stays on the arrow
// pressed, and the line's new place is said in a polite live region. On 2024's tree, put back
// as it was, so the other journeys see the demo order. A category with entries cannot be
// deleted, nor a group or track with entries in its categories, and each says so in words
// beside its button.
const browser = useBrowser();

/** A tree line (its name, facts and buttons, not the lines beneath it) by kind and id. */
const treeLine = (page: Page, kind: string, id: number) =>
  page.locator(".tree-node").filter({ has: page.locator(`[id="move-${kind}-${id}-up"]`) });

/** A tree line's delete button. */
const deleteButton = (page: Page, kind: string, id: number) =>
  treeLine(page, kind, id).getByRole("button", { name: /^(Xoá|Delete) “.+”$/ });

/**
 * The delete button is disabled and names, through aria-describedby, words shown on the page
 * in its own line: not only a tooltip, and read with the button.
 */
async function expectLockedWithReason(button: Locator, reason: string) {
  await expect(button.isDisabled()).resolves.toBe(true);
  const reasonId = await button.getAttribute("aria-describedby");
  expect(reasonId).toBeTruthy();
  const said = button.page().locator(`[id="${reasonId}"]`);
  await expect(said.isVisible()).resolves.toBe(true);
  await expect(said.textContent()).resolves.toBe(reason);
  await expect
    .poll(() =>
      button.evaluate((b) =>
        b
          .closest(".tree-node")!
          .contains(document.getElementById(b.getAttribute("aria-describedby")!)),
      ),
    )
    .toBe(true);
}

/** A new track holding one group and no category in a season's tree; `remove` deletes both. */
function emptyTrackWithGroup(year: number) {
  const suffix = Date.now().toString(36);
  return withDatabase((db) => {
    const trackId = Number(
      db
        .prepare(
          `INSERT INTO tracks (season_id, slug, code, name_vi, name_en, tagline_vi, tagline_en, sort_order)
           VALUES ((SELECT id FROM seasons WHERE year = ?), ?, ?, ?, ?, '', '', 999)`,
        )
        .run(
          year,
          `bang-trong-${suffix}`,
          `E${suffix.slice(-5).toUpperCase()}`,
          `Bảng trống ${suffix}`,
          `Empty track ${suffix}`,
        ).lastInsertRowid,
    );
    const groupId = Number(
      db
        .prepare(
          `INSERT INTO category_groups (track_id, slug, name_vi, name_en, sort_order)
           VALUES (?, ?, ?, ?, 0)`,
        )
        .run(trackId, `nhom-trong-${suffix}`, `Nhóm trống ${suffix}`, `Empty group ${suffix}`)
        .lastInsertRowid,
    );
    const remove = () =>
      withDatabase((d) => {
        d.prepare("DELETE FROM category_groups WHERE id = ?").run(groupId);
        d.prepare("DELETE FROM tracks WHERE id = ?").run(trackId);
      });
    return { trackId, groupId, remove };
  });
}

/**
 * A new category in the first group of a season's first track, and a group of another track
 * to move it to; `remove` deletes the category wherever it went.
 */
function categoryToMove(year: number) {
  const suffix = Date.now().toString(36);
  return withDatabase((db) => {
    const groups = db
      .prepare<[number], { id: number; trackId: number; nameVi: string; trackVi: string }>(
        `SELECT g.id, g.track_id AS trackId, g.name_vi AS nameVi, t.name_vi AS trackVi
         FROM category_groups g JOIN tracks t ON t.id = g.track_id
         WHERE t.season_id = (SELECT id FROM seasons WHERE year = ?)
         ORDER BY t.sort_order, t.id, g.sort_order, g.id`,
      )
      .all(year);
    const from = groups[0]!;
    const to = groups.find((g) => g.trackId !== from.trackId)!;
    const name = `Hạng mục chuyển ${suffix}`;
    const id = Number(
      db
        .prepare(
          `INSERT INTO categories (group_id, slug, code, name_vi, name_en, fee_vnd, sort_order)
           VALUES (?, ?, ?, ?, ?, 1000000, 999)`,
        )
        .run(from.id, `chuyen-${suffix}`, `M${suffix.slice(-4).toUpperCase()}`, name, "")
        .lastInsertRowid,
    );
    const remove = () => {
      withDatabase((d) => d.prepare("DELETE FROM categories WHERE id = ?").run(id));
    };
    return { id, name, from, to, remove };
  });
}

describe("the category tree's edit form", () => {
  test("moves a category to a group of another track, and gives the keyboard back to its line", async () => {
    const { page, problems } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    const moving = categoryToMove(2024);
    onTestFinished(moving.remove);
    await page.goto(`/quan-tri/mua-giai?year=2024&edit=category:${moving.id}#editor`);
    await waitForHydration(page);

    // "Nhóm" lists the season's groups under their tracks, the category's own chosen.
    const select = page.locator('#editor select[name="parentId"]');
    await expect(select.inputValue()).resolves.toBe(String(moving.from.id));
    await expect(
      select
        .locator(`optgroup[label="${moving.to.trackVi}"] option[value="${moving.to.id}"]`)
        .count(),
    ).resolves.toBe(1);
    // The question before deleting a category is about the category alone (and Esc keeps it).
    await deleteButton(page, "category", moving.id).click();
    const question = page.getByRole("alertdialog");
    await expect
      .poll(() => question.textContent())
      .toContain(`Xoá hạng mục “${moving.name}”? Không thể hoàn tác.`);
    await page.keyboard.press("Escape");
    await expect.poll(() => question.isVisible()).toBe(false);

    await select.selectOption(String(moving.to.id));
    await page.locator("#editor").getByRole("button", { name: "Lưu thay đổi" }).focus();
    await page.keyboard.press("Enter");
    // Saved: the form closes and the keyboard is on the moved line's edit link.
    await expect.poll(() => page.locator("#editor").count()).toBe(0);
    await expect.poll(() => focused(page).then((f) => f.id)).toBe(`edit-category-${moving.id}`);
    // The line is the last of its new group.
    const lastInGroup = await page
      .locator(`[id="edit-group-${moving.to.id}"]`)
      .evaluate((link) =>
        [...link.closest("li")!.querySelectorAll(":scope > ul > li > .tree-node a[id^='edit-']")]
          .map((a) => a.id)
          .at(-1),
      );
    expect(lastInGroup).toBe(`edit-category-${moving.id}`);
    const stored = withDatabase((db) =>
      db
        .prepare<[number], { groupId: number }>(
          "SELECT group_id AS groupId FROM categories WHERE id = ?",
        )
        .get(moving.id),
    );
    expect(stored?.groupId).toBe(moving.to.id);
    expect(problems.pageErrors).toEqual([]);
  });
});

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

  test("a category, group or track with entries says beside its disabled delete button why, for every user", async () => {
    const { page, problems } = await openPage(browser());
    const { admin } = demoCredentials();
    await signInStaff(page, admin.email, admin.password);
    // An empty track with an empty group in 2024, beside the demo's (all holding entries);
    // taken away again after the test, whatever happens.
    const empty = emptyTrackWithGroup(2024);
    onTestFinished(empty.remove);
    // Each 2024 track and group, and whether entries are filed under its categories.
    const nodes = withDatabase((db) =>
      db
        .prepare<[], { kind: "track" | "group"; id: number; entries: number }>(
          `SELECT 'track' AS kind, t.id, COUNT(e.id) AS entries FROM tracks t
             LEFT JOIN category_groups g ON g.track_id = t.id
             LEFT JOIN categories c ON c.group_id = g.id
             LEFT JOIN entries e ON e.category_id = c.id
           WHERE t.season_id = (SELECT id FROM seasons WHERE year = 2024) GROUP BY t.id
           UNION ALL
           SELECT 'group' AS kind, g.id, COUNT(e.id) AS entries FROM category_groups g
             JOIN tracks t ON t.id = g.track_id
             LEFT JOIN categories c ON c.group_id = g.id
             LEFT JOIN entries e ON e.category_id = c.id
           WHERE t.season_id = (SELECT id FROM seasons WHERE year = 2024) GROUP BY g.id`,
        )
        .all(),
    );
    expect(nodes.filter((n) => n.entries > 0).map((n) => n.kind)).toEqual(
      expect.arrayContaining(["track", "group"]),
    );
    expect(nodes.filter((n) => n.entries === 0)).toEqual(
      expect.arrayContaining([
        { kind: "track", id: empty.trackId, entries: 0 },
        { kind: "group", id: empty.groupId, entries: 0 },
      ]),
    );
    await page.goto("/quan-tri/mua-giai?year=2024");
    await waitForHydration(page);

    // A category holding entries: its own reason.
    await expectLockedWithReason(
      page.locator('button[aria-describedby^="delete-category-"]').first(),
      "Không thể xoá: đã có bài dự thi thuộc hạng mục này.",
    );
    // Every track and group with entries in its categories is locked, saying why in its own
    // words; the empty ones can be deleted and say nothing.
    for (const node of nodes) {
      const remove = deleteButton(page, node.kind, node.id);
      if (node.entries > 0) {
        await expectLockedWithReason(
          remove,
          "Không thể xoá: các hạng mục bên trong đã có bài dự thi.",
        );
      } else {
        await expect(remove.isDisabled(), `${node.kind} ${node.id}`).resolves.toBe(false);
        await expect(remove.getAttribute("aria-describedby")).resolves.toBeNull();
        await expect(
          treeLine(page, node.kind, node.id).locator(".tree-node__locked").count(),
        ).resolves.toBe(0);
      }
    }

    // The same in English.
    await page.goto("/en/quan-tri/mua-giai?year=2024");
    await waitForHydration(page);
    const lockedTrack = nodes.find((n) => n.kind === "track" && n.entries > 0)!;
    await expectLockedWithReason(
      deleteButton(page, "track", lockedTrack.id),
      "Cannot delete: categories inside it already have entries.",
    );
    await expect(deleteButton(page, "track", empty.trackId).isDisabled()).resolves.toBe(false);
    expect(problems.pageErrors).toEqual([]);
  });
});
