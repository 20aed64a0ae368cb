import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { firstSeasonDefaults } from "../core/season-admin";
import { SERVER_NODE_FLAGS, serverBundlePath } from "../scripts/build-server";
import { migrateToLatest, openDatabase } from "../server/db/database";
import { createServices } from "../server/services";
import { testConfig } from "../server/test-support/config";
import { spawnServer, type SpawnedServer } from "../server/test-support/production-server";
import { TEST_PASSWORD } from "../server/test-support/sign-in";
import { seriousViolations } from "./support/axe";
import { focused, openPage, useBrowser } from "./support/browser";
import { errorOfField } from "./support/fields";
import { e2eServer } from "./support/server";
import { signInStaff } from "./support/sign-in";

// A real install: no demo data, only the administrator `npm run create-admin` made. The
// seasons page offers the first season's form; the browser checks it before sending (what was
// typed stays), and the season it creates becomes the current one.
const browser = useBrowser();
const ADMIN = { email: "ban-to-chuc@example.org", password: TEST_PASSWORD };
const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-real-site-"));
const dbFile = path.join(dataDir, "app.db");
let server: SpawnedServer | undefined;

beforeAll(async () => {
  const db = openDatabase({ kind: "sqlite", file: dbFile });
  try {
    await migrateToLatest(db);
    await createServices(db, testConfig({ DATA_DIR: dataDir }), {
      onContentChange: () => {},
    }).identity.createStaff({ ...ADMIN, name: "Nguyễn Văn A", role: "admin" });
  } finally {
    await db.close();
  }
  const buildDir = e2eServer().buildDir;
  server = await spawnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${dbFile}`,
      BUILD_DIR: buildDir,
      DEMO_DATA: "false",
      TRUST_PROXY: "false",
      HTML_CACHE_SECONDS: "0",
    },
    [...SERVER_NODE_FLAGS, serverBundlePath(buildDir)],
  );
}, 120_000);

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the first season of a real install", () => {
  test("an administrator creates it from the seasons page, by keyboard, after a refused year", async () => {
    const { page } = await openPage(browser(), { baseUrl: server!.baseUrl });
    await signInStaff(page, ADMIN.email, ADMIN.password);
    await page.goto("/quan-tri/mua-giai");
    const form = page.getByRole("region", { name: "Tạo mùa giải đầu tiên" });
    await form.waitFor();
    await page.locator(".empty-state", { hasText: "Chưa có mùa giải nào." }).waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n\n")).toEqual([]);

    const proposed = firstSeasonDefaults(new Date());
    const year = form.locator('input[name="year"]');
    const code = form.locator('input[name="code"]');
    const nameVi = form.locator('input[name="nameVi"]');
    await expect(year.inputValue()).resolves.toBe(String(proposed.year));
    await expect(code.inputValue()).resolves.toBe(proposed.code);

    // A year out of range: refused in the browser (nothing sent), focus on it, the other
    // fields as typed.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await year.fill("1999");
    await code.fill("VXDAU");
    await nameVi.fill("Giải Vạn Xuân lần thứ nhất");
    await nameVi.press("Enter");
    await expect.poll(() => errorOfField(year)).toBe("Nhập năm gồm bốn chữ số, từ 2000 đến 2100.");
    await expect.poll(async () => (await focused(page)).id).toBe(await year.getAttribute("id"));
    await expect(code.inputValue()).resolves.toBe("VXDAU");
    await expect(nameVi.inputValue()).resolves.toBe("Giải Vạn Xuân lần thứ nhất");
    expect(posts).toEqual([]);

    // Corrected and sent with Enter: the season exists, is current, and the form is gone.
    await year.fill(String(proposed.year));
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("year") === String(proposed.year)),
      year.press("Enter"),
    ]);
    await page
      .getByText("Đã tạo mùa giải đầu tiên và đặt làm mùa giải hiện tại.", { exact: false })
      .waitFor();
    await expect(page.getByRole("region", { name: "Tạo mùa giải đầu tiên" }).count()).resolves.toBe(
      0,
    );

    const db = openDatabase({ kind: "sqlite", file: dbFile });
    try {
      const seasons = await db.kysely
        .selectFrom("seasons")
        .select(["year", "code", "name_vi"])
        .execute();
      expect(seasons).toEqual([
        { year: proposed.year, code: "VXDAU", name_vi: "Giải Vạn Xuân lần thứ nhất" },
      ]);
    } finally {
      await db.close();
    }
  });
});
