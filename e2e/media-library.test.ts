import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Dialog } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
import { withE2eServices } from "./support/services";
import { signInStaff } from "./support/sign-in";

// Back-office polish: an editor reuses an image already in the media library — the rich-text
// editor's "choose from library" dialog lists it (thumbnails, keyboard path) and inserts it.
const browser = useBrowser();

const STAMP = Date.now();
const EDITOR = {
  email: `thu-vien-anh-${STAMP}@vanxuan-awards.example`,
  password: "thu-vien-anh-2026",
};
const ALT = `Sân khấu thư viện ${STAMP}`;

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), "vx-e2e-library-"));
  try {
    await withE2eServices(async (services) => {
      await services.identity.createStaff({
        email: EDITOR.email,
        name: "Biên Tập Thư Viện",
        password: EDITOR.password,
        role: "editor",
      });
      const file = path.join(work, "anh.jpg");
      await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#2f6f4f" } })
        .jpeg()
        .toFile(file);
      await services.media.storeImage(file, { purpose: "news", alt: ALT });
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

describe("media library in the editor", () => {
  test("an editor opens the library, picks an image with the keyboard and it is inserted", async () => {
    const { page, problems } = await openPage(browser());
    await signInStaff(page, EDITOR.email, EDITOR.password);
    await page.goto("/quan-tri/noi-dung/tin-tuc/moi");
    await waitForHydration(page);
    const vi = page.locator("fieldset", { has: page.locator("legend", { hasText: "Tiếng Việt" }) });
    const body = vi.getByRole("textbox", { name: "Nội dung" });
    await body.waitFor();
    const prompts: string[] = [];
    page.on("dialog", (dialog: Dialog) => {
      prompts.push(dialog.defaultValue());
      void dialog.accept(dialog.defaultValue());
    });

    await vi.getByRole("button", { name: "Chọn ảnh từ thư viện" }).click();
    const dialog = page.getByRole("dialog", { name: "Thư viện ảnh" });
    await dialog.waitFor();
    const choice = dialog.getByRole("button", { name: new RegExp(`^Chèn ảnh “${ALT}”`) });
    await choice.waitFor();
    await expect.poll(() => dialog.getByRole("status").textContent()).toMatch(/ảnh — trang 1\//);
    // A thumbnail: the smallest variant, not the 1000 px fallback.
    expect(await choice.locator("img").getAttribute("src")).toMatch(
      /^\/media\/[a-f0-9]{24}\/w480\./,
    );
    const violations = await seriousViolations(page);
    expect(violations, violations.join("\n\n")).toEqual([]);

    // Keyboard: focus the picture's button and press Enter; the alt prompt offers the library's alt.
    await choice.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    expect(prompts).toEqual([ALT]);
    const inserted = body.locator("img");
    await expect
      .poll(() => inserted.getAttribute("src"))
      .toMatch(/^\/media\/[a-f0-9]{24}\/w1000\.jpg$/);
    expect(await inserted.getAttribute("alt")).toBe(ALT);
    await vi.getByText("Đã chèn ảnh.").waitFor();

    // Esc closes the dialog without inserting anything.
    await vi.getByRole("button", { name: "Chọn ảnh từ thư viện" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await body.locator("img").count()).toBe(1);
    expect(problems.pageErrors).toEqual([]);
  });
});
