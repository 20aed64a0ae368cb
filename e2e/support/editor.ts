import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { openPage, waitForHydration } from "./browser";
import { withE2eServices } from "./services";
import { signInStaff } from "./sign-in";

export interface TestEditor {
  email: string;
  password: string;
  name: string;
}

/**
 * An editor account of this test file's own (made before its tests), and the articles it
 * titled `title` removed after them, so no other journey reads them in the news list.
 */
export function useEditor(editor: TestEditor, title: string): void {
  beforeAll(async () => {
    await withE2eServices((services) =>
      services.identity.createStaff({ ...editor, role: "editor" }),
    );
  });
  afterAll(async () => {
    await withE2eServices(async (_services, db) => {
      await db.kysely.deleteFrom("news_articles").where("title_vi", "=", title).execute();
    });
  });
}

/** The editor signed in on a new article, hydrated, its Vietnamese fields ready. */
export async function openNewArticle(browser: Browser, editor: Omit<TestEditor, "name">) {
  const { page, problems } = await openPage(browser);
  await signInStaff(page, editor.email, editor.password);
  await page.goto("/quan-tri/noi-dung/tin-tuc/moi");
  await waitForHydration(page);
  const vi = page.locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Việt" }) });
  const body = vi.getByRole("textbox", { name: "Nội dung" });
  await body.waitFor();
  return { page, problems, vi, body };
}
