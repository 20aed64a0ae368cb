import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Dialog } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { openNewArticle } from "./support/editor";
import { withE2eServices } from "./support/services";

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
    const { page, problems, vi, body } = await openNewArticle(browser(), EDITOR);
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

  test("a pasted or dropped picture goes through the library's upload; pictures of pasted HTML the page cannot keep are named", async () => {
    const { page, problems, vi, body } = await openNewArticle(browser(), EDITOR);
    const prompts: string[] = [];
    page.on("dialog", (dialog: Dialog) => {
      prompts.push(dialog.message());
      void dialog.accept("Ảnh chụp màn hình dán vào");
    });
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/media") {
        uploads.push(request.url());
      }
    });
    /** Pastes into the body as a browser does: a clipboard event with files and/or texts. */
    const paste = (clip: { png?: string; html?: string; text?: string }) =>
      body.evaluate((element, { png, html, text }) => {
        const data = new DataTransfer();
        if (png) {
          const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
          data.items.add(new File([bytes], "image.png", { type: "image/png" }));
        }
        if (html) data.setData("text/html", html);
        if (text) data.setData("text/plain", text);
        element.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, clip);
    const status = vi.locator(".editor__status");
    // An inserted picture stays selected; End moves the caret past it once the editor has read
    // the new selection (a selection change comes as its own event), so nothing pasted next
    // replaces the picture.
    const toEnd = async () => {
      await body.press("End");
      await expect.poll(() => body.locator(".ProseMirror-selectednode").count()).toBe(0);
    };

    // A screenshot on the clipboard: uploaded to the media library, then inserted with its alt.
    const png = await sharp({
      create: { width: 800, height: 450, channels: 3, background: "#8a3b12" },
    })
      .png()
      .toBuffer();
    await body.click();
    await paste({ png: png.toString("base64") });
    const inserted = body.locator("img");
    await expect.poll(() => inserted.count()).toBe(1);
    expect(await inserted.getAttribute("src")).toMatch(/^\/media\/[a-f0-9]{24}\/w\d+\.\w+$/);
    expect(await inserted.getAttribute("alt")).toBe("Ảnh chụp màn hình dán vào");
    expect(uploads).toHaveLength(1);
    expect(prompts).toHaveLength(1);
    await expect.poll(() => status.textContent()).toBe("Đã chèn ảnh.");

    // A picture file dropped on the body from the desktop: the same upload, the same question.
    await toEnd();
    await body.evaluate((element, png) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], "keo-tha.png", { type: "image/png" }));
      const box = element.getBoundingClientRect();
      element.dispatchEvent(
        new DragEvent("drop", {
          dataTransfer: data,
          bubbles: true,
          cancelable: true,
          clientX: box.left + 10,
          clientY: box.bottom - 10,
        }),
      );
    }, png.toString("base64"));
    await expect.poll(() => inserted.count()).toBe(2);
    expect(uploads).toHaveLength(2);
    expect(prompts).toHaveLength(2);

    // Text copied from an office program comes with a picture of itself: the text is pasted.
    await toEnd();
    await paste({
      png: png.toString("base64"),
      html: "<p>Đoạn văn chép từ Word</p>",
      text: "Đoạn văn chép từ Word",
    });
    await expect.poll(() => body.textContent()).toContain("Đoạn văn chép từ Word");
    expect(await body.locator("img").count()).toBe(2);
    expect(uploads).toHaveLength(2);

    // HTML copied from another site: its text is kept, its picture is not, and the editor is
    // told so at the field, with the way to insert one.
    await toEnd();
    await paste({
      html: '<p>Chú thích từ trang khác</p><img src="https://anh.example.org/poster.png" alt="Poster">',
      text: "Chú thích từ trang khác",
    });
    await expect.poll(() => body.textContent()).toContain("Chú thích từ trang khác");
    expect(await body.locator("img").count()).toBe(2);
    expect(await status.getAttribute("role")).toBe("status");
    await expect
      .poll(() => status.textContent())
      .toBe(
        "Ảnh trong nội dung vừa dán không được giữ lại vì không nằm trên trang này. Để chèn ảnh, hãy lưu ảnh về máy rồi dùng nút “Chèn ảnh (tải lên)”, hoặc chọn ảnh đã có bằng nút “Chọn ảnh từ thư viện”.",
      );
    expect(uploads).toHaveLength(2);
    expect(problems.pageErrors).toEqual([]);
  });
});
