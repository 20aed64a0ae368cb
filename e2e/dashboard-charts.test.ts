import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Db } from "../server/db/database";
import { DESKTOP, MOBILE, openPage, useBrowser } from "./support/browser";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// The dashboard's row charts (entries by status, track, category, registrant type) drawn in
// Chromium on a phone and a desktop: every row's name stays inside the drawing and no two
// names overlap, however long the category's name (two neighbouring categories get long names
// for the file's journeys and their own back after).
const browser = useBrowser();

const EDITOR = {
  email: `bieu-do-${Date.now()}@vanxuan-awards.example`,
  password: "bieu-do-bang-dieu-khien-2026",
};

/** Two neighbouring rows of the category chart given long names, as real categories have. */
const LONG_NAMES: Record<string, string> = {
  AGC: "Công ty quảng cáo của năm dành cho các đơn vị có trụ sở tại Việt Nam",
  BRD: "Thương hiệu sáng tạo của năm trong lĩnh vực hàng tiêu dùng nhanh và bán lẻ",
};
let namesBefore: { id: number; name_vi: string }[] = [];

/** The 2026 demo categories of `codes`, as the dashboard's current season lists them. */
async function categoriesOf(db: Db, codes: string[]) {
  return db.kysely
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select(["c.id", "c.code", "c.name_vi"])
    .where("s.year", "=", 2026)
    .where("c.code", "in", codes)
    .execute();
}

beforeAll(async () => {
  await withE2eServices(async (services, db) => {
    await services.identity.createStaff({
      email: EDITOR.email,
      name: "Xem Biểu Đồ",
      password: EDITOR.password,
      role: "editor",
    });
    const rows = await categoriesOf(db, Object.keys(LONG_NAMES));
    namesBefore = rows.map((r) => ({ id: Number(r.id), name_vi: r.name_vi }));
    for (const row of rows) {
      await db.kysely
        .updateTable("categories")
        .set({ name_vi: LONG_NAMES[row.code]! })
        .where("id", "=", row.id)
        .execute();
    }
  });
});

// The journeys after this one in the worker see the demo's names again.
afterAll(async () => {
  await withE2eServices(async (_services, db) => {
    for (const row of namesBefore) {
      await db.kysely
        .updateTable("categories")
        .set({ name_vi: row.name_vi })
        .where("id", "=", row.id)
        .execute();
    }
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the category axis's names of the chart titled `title`, and of its drawing. */
async function rowLabelBoxes(page: Page, title: string) {
  const chart = page.locator("section.dashboard-chart", {
    has: page.getByRole("heading", { level: 2, name: title }),
  });
  const ticks = chart.locator(".recharts-yAxis-tick-labels text");
  await ticks.first().waitFor();
  const labels = await ticks.evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect();
      return {
        text: node.textContent ?? "",
        box: { x: box.x, y: box.y, width: box.width, height: box.height },
      };
    }),
  );
  const drawing = (await chart.locator(".dashboard-chart__drawing").boundingBox())!;
  return { labels, drawing };
}

describe("the dashboard's row charts", () => {
  for (const [name, viewport] of [
    ["a phone", MOBILE],
    ["a desktop", DESKTOP],
  ] as const) {
    test(`keep every row's name readable and apart on ${name}`, async () => {
      const { page } = await openPage(browser(), { viewport });
      await signInStaff(page, EDITOR.email, EDITOR.password);
      for (const title of ["Bài đã nộp theo hạng mục", "Bài dự thi theo trạng thái"]) {
        const { labels, drawing } = await rowLabelBoxes(page, title);
        expect(labels.length, title).toBeGreaterThan(0);
        for (const [i, label] of labels.entries()) {
          // Inside the drawing's own box: not cut off at its left edge.
          expect(label.box.x, `${title}: ${label.text}`).toBeGreaterThanOrEqual(drawing.x - 0.5);
          for (const other of labels.slice(i + 1)) {
            expect(overlap(label.box, other.box), `${label.text} / ${other.text}`).toBe(false);
          }
        }
      }
      // A long name shows whole in its title (a tooltip) and in the table below the chart.
      for (const [code, name] of Object.entries(LONG_NAMES)) {
        const full = `${code} · ${name}`;
        const titles = await page
          .locator(".recharts-yAxis-tick-labels title")
          .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
        expect(titles).toContain(full);
        expect(await page.locator("th", { hasText: full }).count()).toBe(1);
      }
    });
  }
});
