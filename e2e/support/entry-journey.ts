import { forgetRegistrationLimits } from "./db";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import type { Lang } from "../../core/languages";
import { box, fullBox, u32 } from "../../server/demo/demo-video";
import { text } from "../../server/test-support/text";
import { waitForHydration } from "./browser";
import { linkIn, mailTo } from "./outbox";

/** The entrant's side of the entry journeys: test files, registration, the form's waits. */

export const PASSWORD = "mua-thu-ha-noi-2026";
export const uniqueEmail = (who: string) => `${who}.${randomBytes(4).toString("hex")}@example.vn`;

// Real files: the server checks every upload by its content, and makes judges' copies of the
// film and the documents (a file it cannot copy does not count towards submission).
/** A one-page PDF. */
export const PDF =
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";

/**
 * A small MP4: `ftyp`, a movie box with one track whose sample table points into the `mdat`
 * box of filler after it (about 3 MB, so progress shows).
 */
function tinyMp4(bytes: number): Buffer {
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200), Buffer.from("isomavc1"));
  const stco = fullBox("stco", 0, 0, u32(1, 0));
  const moov = box(
    "moov",
    fullBox("mvhd", 0, 0, u32(0, 0, 1000, 1000), Buffer.alloc(80)),
    box(
      "trak",
      fullBox("tkhd", 0, 1, u32(0, 0, 1, 0, 1000), Buffer.alloc(60)),
      box(
        "mdia",
        fullBox("mdhd", 0, 0, u32(0, 0, 90_000, 90_000, 0)),
        fullBox("hdlr", 0, 0, u32(0), Buffer.from("vide", "latin1"), Buffer.alloc(13)),
        box("minf", box("stbl", stco)),
      ),
    ),
  );
  const head = Buffer.concat([ftyp, moov]);
  const mdat = Buffer.alloc(bytes - head.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "ascii");
  randomBytes(mdat.length - 8).copy(mdat, 8);
  const film = Buffer.concat([head, mdat]);
  // The sample table points at the samples' absolute offset, as muxers write it.
  film.writeUInt32BE(head.length + 8, film.indexOf(stco) + 16);
  return film;
}

/**
 * The files the entry journeys upload, written to a temp folder before the file's tests and
 * removed after them: three PNGs, a 3 MB MP4, the documents as PDFs, and two impostors (a
 * text file, an HTML page named .png). Returns the path of a file by its name.
 */
export function useEntryFiles(): (name: string) => string {
  const dir = mkdtempSync(path.join(tmpdir(), "e2e-entry-"));
  const file = (name: string) => path.join(dir, name);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(() => writeEntryFiles(file));
  return file;
}

async function writeEntryFiles(file: (name: string) => string) {
  const colours = [
    { r: 122, g: 31, b: 31 },
    { r: 212, g: 160, b: 23 },
    { r: 26, g: 95, b: 180 },
    { r: 40, g: 140, b: 70 },
  ];
  await Promise.all(
    colours.map((background, index) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .png()
        .toFile(file(`anh-${index + 1}.png`)),
    ),
  );
  writeFileSync(file("phim-quang-cao.mp4"), tinyMp4(3 * 1024 * 1024));
  writeFileSync(file("notes.txt"), "not an image");
  writeFileSync(
    file("not-an-image.png"),
    "<!doctype html><title>x</title><script>alert(1)</script>",
  );
  for (const name of ["y-tuong-vi.pdf", "cam-ket-phap-ly.pdf", "cam-ket-ban-quyen.pdf"]) {
    writeFileSync(file(name), PDF);
  }
}

export const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

/** Registers an individual entrant in `lang` and confirms the email from the outbox. */
export async function registerEntrant(page: Page, lang: Lang): Promise<string> {
  forgetRegistrationLimits();
  const prefix = lang === "en" ? "/en" : "";
  const email = uniqueEmail(lang === "en" ? "mai" : "binh");
  await page.goto(`${prefix}/dang-ky-du-thi`);
  await waitForHydration(page);
  await input(page, "fullName").fill(lang === "en" ? "Mai Lan Anh" : "Phạm Thị Bình");
  await input(page, "phone").fill("0912 345 678");
  await input(page, "email").fill(email);
  await input(page, "address").fill("34 Tràng Tiền, Hoàn Kiếm, Hà Nội");
  await input(page, "password").fill(PASSWORD);
  await input(page, "acceptRules").check();
  // Registering asks to check the inbox; the emailed link signs in.
  await Promise.all([
    page.waitForURL(
      (u) => u.pathname === `${prefix}/dang-ky-du-thi` && u.searchParams.get("sent") === "1",
    ),
    page.getByRole("button", { name: text(lang, "account.register"), exact: true }).click(),
  ]);
  const mail = await mailTo(email, "verification");
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await page.waitForURL((u) => u.pathname === `${prefix}/tai-khoan`);
  return email;
}

/** Waits for the autosave status to say "Saved at HH:mm". */
export async function waitSaved(page: Page, lang: Lang) {
  const saved = text(lang, "entryForm.save.savedAt", { time: "" }).trim();
  await expect
    .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
    .toContain(saved);
}

export async function chooseFirstCategory(page: Page) {
  await page.locator('input[name="trackId"]').first().check();
  const select = page.locator("#entry-categoryId");
  const value = await select
    .locator("option")
    .evaluateAll((options) =>
      (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== ""),
    );
  expect(value, "a category open to individuals in the first track").toBeTruthy();
  await select.selectOption(value!);
}

/**
 * Uploads files (full paths) through a field's picker and waits until the server has
 * attached them, each having shown its progress bar up to 100 %.
 */
export async function upload(page: Page, field: string, files: string[]) {
  const names = files.map((file) => path.basename(file));
  const group = page.locator(`.upload[data-field="${field}"]`);
  // Small files finish in a blink: the page notes every progress bar it shows meanwhile,
  // including the last state of a bar removed before the observer ran (a bar can reach 100 %
  // and be replaced by the attached file within one task).
  await group.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const note = (bar: Element) =>
      seen.push(`${bar.getAttribute("aria-label")}:${bar.getAttribute("value")}`);
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches("progress")) note(node);
          node.querySelectorAll("progress").forEach(note);
        }
      }
      element.querySelectorAll("progress").forEach(note);
    }).observe(element, { subtree: true, childList: true, attributes: true });
  });
  await group.locator("input[type=file]").setInputFiles(files);
  // The attached files are listed once the server has them (a replacement in place of the
  // one there) …
  await expect
    .poll(
      async () => {
        const listed = await group.locator(".upload__files .upload__file").allTextContents();
        return listed.length === names.length && names.every((n) => listed.join("\n").includes(n));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // … and each had its progress bar on the way. A small file's last bytes, the server's answer
  // and the file's place in the list can land in one render, so 100 % is not always drawn for
  // every file; it is for the files that take longer than that.
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  const bar = (name: string, value = "\\d+") => new RegExp(`${name.replace(".", "\\.")}:${value}$`);
  for (const name of names) {
    expect(seen, `progress of ${name}`).toContainEqual(expect.stringMatching(bar(name)));
  }
  expect(
    names.some((name) => seen.some((s) => bar(name, "100").test(s))),
    `a file seen at 100 %: ${seen.join(", ")}`,
  ).toBe(true);
}
