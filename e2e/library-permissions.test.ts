import { beforeAll, describe, expect, test } from "vitest";
import { expectAxeClean } from "./support/axe";
import { openPage, useBrowser } from "./support/browser";
import { withDatabase } from "./support/db";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// Who decides what the public library shows: the roles that run results. Finance opens the
// entries table for payments and sees whether an entry is published, but neither the page
// offers it the library buttons nor does the server take its request.
const browser = useBrowser();

const FINANCE = {
  email: `ke-toan-thu-vien-${Date.now()}@vanxuan-awards.example`,
  password: "ke-toan-thu-vien-2026",
};

beforeAll(async () => {
  await withE2eServices(async (services) => {
    await services.identity.createStaff({
      email: FINANCE.email,
      name: "Kế Toán Thư Viện",
      password: FINANCE.password,
      role: "finance",
    });
  });
});

/** A 2026 entry that could be published (it took part) and is not in the library. */
function publishableEntry(): { id: string; version: number } {
  const row = withDatabase((db) =>
    db
      .prepare<[], { id: string; version: number }>(
        `SELECT id, status_version AS version FROM entries
          WHERE status = 'accepted' AND category_id IS NOT NULL
            AND id NOT IN (SELECT entry_id FROM library_entries) LIMIT 1`,
      )
      .get(),
  );
  if (!row) throw new Error("No accepted, unpublished entry in the e2e database");
  return row;
}

const inLibrary = (id: string) =>
  withDatabase(
    (db) =>
      db.prepare("SELECT count(*) AS n FROM library_entries WHERE entry_id = ?").get(id) as {
        n: number;
      },
  ).n;

describe("publishing to the library", () => {
  test("finance sees no library buttons and its requests to publish are refused", async () => {
    const entry = publishableEntry();
    const { page } = await openPage(browser());
    await signInStaff(page, FINANCE.email, FINANCE.password);

    await page.goto("/quan-tri/bai-du-thi");
    await page.getByRole("table").waitFor();
    expect(await page.locator('button[name="libraryIntent"]').count()).toBe(0);

    await page.goto(`/quan-tri/bai-du-thi/${entry.id}`);
    const panel = page.getByRole("region", { name: "Thư viện bài dự thi" });
    await panel.waitFor();
    await expect(panel.textContent()).resolves.toContain(
      "Chỉ quản trị viên và quản lý giám khảo được đăng hoặc gỡ bài khỏi thư viện.",
    );
    expect(await panel.getByRole("button").count()).toBe(0);
    await expectAxeClean(page);

    // The forms' requests, sent by hand from the signed-in page (same origin, its cookie).
    const statuses = await page.evaluate(
      async ({ id, version }) => {
        const post = (path: string, fields: [string, string][]) =>
          fetch(path, { method: "POST", body: new URLSearchParams(fields) }).then((r) => r.status);
        return [
          await post(`/quan-tri/bai-du-thi/${id}`, [["intent", "publish"]]),
          await post("/quan-tri/bai-du-thi", [
            ["libraryIntent", "publish"],
            ["entries", `${id}:${version}`],
          ]),
        ];
      },
      { id: entry.id, version: entry.version },
    );
    expect(statuses).toEqual([403, 403]);
    expect(inLibrary(entry.id)).toBe(0);
  });
});
