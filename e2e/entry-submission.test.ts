import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { Lang } from "../core/languages";
import { text } from "../server/test-support/text";
import { expectAxeClean } from "./support/axe";
import { focused, openPage, useBrowser, waitForHydration } from "./support/browser";
import { setSubmissionWindow, withDatabase } from "./support/db";
import { mailTo } from "./support/outbox";
import {
  chooseFirstCategory,
  registerEntrant,
  upload,
  useEntryFiles,
  waitSaved,
} from "./support/entry-journey";

// The entrant's journey in Chromium against the production server: a new entrant fills
// the whole entry form, uploads images, a video and the documents over tus with visible
// progress, reloads mid-way without losing anything, submits, finds the entry on the
// dashboard as submitted and the receipt in the outbox; a shorter pass in English checks
// the list of missing items; axe on the form.
const browser = useBrowser();

const file = useEntryFiles();

/** A new entrant's first draft, in the first category with a brand: saved, its address set. */
async function newDraft(page: Page, lang: Lang, brand: string): Promise<void> {
  await registerEntrant(page, lang);
  await page.goto(lang === "en" ? "/en/nop-bai-du-thi" : "/nop-bai-du-thi");
  await waitForHydration(page);
  await chooseFirstCategory(page);
  await page.locator("#entry-brandName").fill(brand);
  await waitSaved(page, lang);
  await page.waitForURL((u) => u.searchParams.has("entry"));
}

/**
 * A video upload begun whose bytes wait on a slow line until the test calls `letThrough`:
 * the upload group, its transfer shown.
 */
async function videoOnSlowLine(page: Page) {
  let letThrough!: () => void;
  const line = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/api/uploads**", async (route) => {
    if (route.request().method() === "PATCH") await line;
    await route.fallback();
  });
  const group = page.locator('.upload[data-field="video"]');
  await group.locator("input[type=file]").setInputFiles(file("phim-quang-cao.mp4"));
  await group.locator(".upload__transfers progress").waitFor();
  return { group, letThrough };
}

describe("entry submission", () => {
  test("an entrant fills the whole form in Vietnamese, uploads, reloads, submits and gets a receipt", async () => {
    const { context, page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    // Visitors are sent to sign in and brought back here.
    await page.goto("/nop-bai-du-thi");
    await page.waitForURL((u) => u.pathname === "/dang-nhap");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/nop-bai-du-thi");
    const email = await registerEntrant(page, lang);

    await page.goto("/nop-bai-du-thi");
    await waitForHydration(page);
    await page.locator("#entry-brandName").waitFor();
    await expectAxeClean(page);

    // The first save creates the draft and gives the page its shareable address.
    await chooseFirstCategory(page);
    await page.locator("#entry-brandName").fill("Cà phê Phố Cổ");
    await waitSaved(page, lang);
    await page.waitForURL((u) => u.pathname === "/nop-bai-du-thi" && u.searchParams.has("entry"));
    const entryUrl = new URL(page.url());
    await expect
      .poll(() => page.getByTestId("entry-code").textContent())
      .toMatch(/^[A-Z]{2,4}26-[A-Z][A-Z0-9]{1,4}-\d{4}$/);
    const code = (await page.getByTestId("entry-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z]{2,4}26-[A-Z][A-Z0-9]{1,4}-\d{4}$/);

    await page.locator("#entry-campaignName").fill("Hương vị ký ức Hà Nội");
    const descriptionVi =
      "Chiến dịch kể lại câu chuyện những quán cà phê lâu đời của phố cổ Hà Nội qua ký ức của ba thế hệ.";
    await page.locator("#entry-descriptionVi").fill(descriptionVi);
    // The live counter counts characters as a person does.
    await expect
      .poll(() => page.locator("#entry-descriptionVi-counter").textContent())
      .toContain(`${[...descriptionVi].length} / 2.000`);
    // Over the limit: the seed's "exceeding allowed characters" rejection, at once.
    await page.locator("#entry-descriptionEn").fill("x".repeat(2001));
    await expect
      .poll(() => page.locator(".field__error").allTextContents())
      .toContain(text(lang, "validation.entryDescriptionTooLong"));
    await page
      .locator("#entry-descriptionEn")
      .fill("A campaign retelling the old coffee houses of Hanoi through three generations.");
    await page.locator("#entry-startMonth").selectOption("3");
    await page.locator("#entry-startYear").selectOption("2025");
    await page.locator("#entry-endMonth").selectOption("1");
    await page.locator("#entry-endYear").selectOption("2025");
    await expect
      .poll(() => page.locator(".field__error").allTextContents())
      .toContain(text(lang, "validation.entryPeriodOrder"));
    // The rest is saved, the end is not: the status says so, and this browser keeps the end
    // through a reload, still marked.
    const savedExcept = text(lang, "entryForm.save.savedExcept", { time: "|" }).split("|")[1]!;
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
      .toContain(savedExcept);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.locator("#entry-endMonth").inputValue()).toBe("1");
    await expect(page.locator("#entry-endYear").inputValue()).resolves.toBe("2025");
    await expect
      .poll(() => page.locator(".field__error").allTextContents())
      .toContain(text(lang, "validation.entryPeriodOrder"));
    await page.locator("#entry-endMonth").selectOption("9");
    await waitSaved(page, lang);
    expect(await page.locator(".field__error").allTextContents()).not.toContain(
      text(lang, "validation.entryPeriodOrder"),
    );

    // Credits: a company and a person, added with the keyboard.
    await page.getByRole("button", { name: text(lang, "entryForm.credits.addCompany") }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.type("Công ty Sáng Tạo Sông Hồng");
    await page.locator("#entry-credits-companies-0-role").fill("Agency sáng tạo");
    await page.getByRole("button", { name: text(lang, "entryForm.credits.addPerson") }).click();
    await page.locator("#entry-credits-people-0-name").fill("Lê Minh Châu");
    await page.locator("#entry-credits-people-0-role").fill("Giám đốc sáng tạo");
    // The usual roles are suggested, in the page's language.
    const roles = await page.locator("#entry-credits-people-0-role").getAttribute("list");
    await expect(
      page
        .locator(`datalist[id="${roles}"] option`)
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).resolves.toContain("Giám đốc sáng tạo");
    await waitSaved(page, lang);

    await upload(page, "images", ["anh-1.png", "anh-2.png", "anh-3.png"].map(file));
    // Thumbnails through the owner's short-lived private links.
    await expect
      .poll(() =>
        page
          .locator('.upload[data-field="images"] img.upload__thumb')
          .evaluateAll(
            (imgs) => (imgs as HTMLImageElement[]).filter((img) => img.naturalWidth > 0).length,
          ),
      )
      .toBe(3);

    // The pictures in the order the entrant wants (the first is the entry's cover), moved by
    // keyboard: the moved picture keeps the focus, each move is announced and saved.
    const pictureNames = () =>
      page.locator('.upload[data-field="images"] .upload__name a').allTextContents();
    const [first, second, third] = await pictureNames();
    await page
      .getByRole("button", {
        name: text(lang, "entryForm.upload.moveEarlierNamed", { name: third! }),
      })
      .focus();
    await page.keyboard.press("Enter");
    await expect.poll(pictureNames).toEqual([first, third, second]);
    await page.keyboard.press("Enter");
    await expect.poll(pictureNames).toEqual([third, first, second]);
    // First now: "earlier" cannot go further, so the focus is on its "later".
    expect((await focused(page)).label).toBe(
      text(lang, "entryForm.upload.moveLaterNamed", { name: third! }),
    );
    await expect(
      page.locator('.upload[data-field="images"] [aria-live]').textContent(),
    ).resolves.toBe(
      text(lang, "entryForm.upload.movedTo", { name: third!, position: 1, count: 3 }),
    );
    const storedOrder = () =>
      withDatabase((db) =>
        db
          .prepare(
            "SELECT original_name AS name FROM entry_files WHERE entry_id = ? AND field = 'images' ORDER BY sort_order",
          )
          .all(entryUrl.searchParams.get("entry"))
          .map((row) => (row as { name: string }).name),
      );
    await expect.poll(storedOrder).toEqual([third, first, second]);

    // Reload in the middle: one edit the server has not seen yet (no time for autosave).
    await page.locator("#entry-campaignName").fill("Hương vị ký ức Hà Nội 2025");
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => page.locator("#entry-campaignName").inputValue())
      .toBe("Hương vị ký ức Hà Nội 2025");
    // It came back from this browser's copy, and goes to the server now (the notice says
    // so, then that it is saved).
    const restoredNotices = [
      text(lang, "entryForm.restored"),
      text(lang, "entryForm.restoredSaved"),
    ];
    await expect
      .poll(async () =>
        (await page.locator(".form-alert--success").allTextContents()).some((notice) =>
          restoredNotices.includes(notice),
        ),
      )
      .toBe(true);
    await expect(page.locator("#entry-brandName").inputValue()).resolves.toBe("Cà phê Phố Cổ");
    await expect(page.locator("#entry-descriptionVi").inputValue()).resolves.toBe(descriptionVi);
    await expect(page.locator("#entry-endMonth").inputValue()).resolves.toBe("9");
    await expect(page.locator("#entry-credits-people-0-name").inputValue()).resolves.toBe(
      "Lê Minh Châu",
    );
    await expect(page.locator('.upload[data-field="images"] .upload__file').count()).resolves.toBe(
      3,
    );
    expect(await pictureNames()).toEqual([third, first, second]);
    await waitSaved(page, lang);
    const categoryId = await page.locator("#entry-categoryId").inputValue();
    expect(categoryId).not.toBe("");

    // The video link and a video file are one or the other.
    await page.locator("#entry-videoLink").fill("https://youtu.be/dQw4w9WgXcQ");
    await expect.poll(() => page.locator(".entry-form__video-preview iframe").count()).toBe(1);
    await expect(page.locator("#video-input").isDisabled()).resolves.toBe(true);
    await page.locator("#entry-videoLink").fill("");
    await expect.poll(() => page.locator("#video-input").isDisabled()).toBe(false);
    await waitSaved(page, lang);

    // A lost connection: the status says so, and the save goes through once it is back.
    await context.setOffline(true);
    await page.locator("#entry-brandName").fill("Cà phê Phố Cổ Hà Nội");
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
      .toBe(text(lang, "entryForm.save.retrying"));
    await context.setOffline(false);
    await waitSaved(page, lang);

    // The video on a slow line: progress with speed, pause, a reload in the middle, and the
    // same file chosen again continues the same upload (no new one is created).
    const cdp = await context.newCDPSession(page);
    const throttle = (bytesPerSecond: number) =>
      cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await throttle(256 * 1024);
    const video = page.locator('.upload[data-field="video"]');
    await video.locator("input[type=file]").setInputFiles(file("phim-quang-cao.mp4"));
    await expect
      .poll(() => video.locator(".upload__stats").textContent(), { timeout: 15_000 })
      .toMatch(/^([1-9]\d?)% · .+\/s$/);
    await video.getByRole("button", { name: text(lang, "entryForm.upload.pause") }).click();
    await expect
      .poll(() => video.locator(".upload__stats").textContent())
      .toContain(text(lang, "entryForm.upload.paused"));
    const creations: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/uploads")) {
        creations.push(request.url());
      }
    });
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => video.locator(".upload__interrupted").textContent())
      .toContain("phim-quang-cao.mp4");
    await throttle(-1);
    await upload(page, "video", ["phim-quang-cao.mp4"].map(file));
    // The seed's message also shows as a toast (a live region that closes by itself).
    await page
      .locator(".toast-region .toast--success")
      .getByText(text(lang, "entry.upload.videoSucceeded"))
      .waitFor();
    await expect
      .poll(() => page.locator('.upload[data-field="video"]').textContent())
      .toContain(text(lang, "entry.upload.videoSucceeded"));
    expect(creations, "the interrupted video upload was continued, not started again").toEqual([]);
    await upload(page, "ideaArticleVi", ["y-tuong-vi.pdf"].map(file));
    await upload(page, "legalCommitment", ["cam-ket-phap-ly.pdf"].map(file));
    await upload(page, "copyrightCommitment", ["cam-ket-ban-quyen.pdf"].map(file));
    await waitSaved(page, lang);
    await expectAxeClean(page);

    const submitted = new Date();
    await page
      .locator(".entry-form")
      .getByRole("button", { name: text(lang, "entryForm.submit"), exact: true })
      .click();
    await expect
      .poll(() => page.getByTestId("entry-status").textContent(), { timeout: 15_000 })
      .toBe(text(lang, "entry.status.submitted"));
    await expect
      .poll(() => page.locator(".form-alert--success").allTextContents())
      .toContain(text(lang, "entryForm.submitted", { code }));
    // The button pressed is gone: the keyboard is on the message, and the message in view.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toBe(text(lang, "entryForm.submitted", { code }));
    await expect(
      page.evaluate(() => {
        const box = document.activeElement!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    ).resolves.toBe(true);

    // Submitted, it stays complete: an emptied description is kept here and marked, not
    // saved (the bar says what was saved and what was not), and the only legal commitment
    // offers no removal (the server would refuse it): it says it can only be replaced.
    const entryId = entryUrl.searchParams.get("entry");
    const storedBrand = () =>
      withDatabase(
        (db) =>
          (
            db.prepare("SELECT brand_name AS b FROM entries WHERE id = ?").get(entryId) as {
              b: string;
            }
          ).b,
      );
    const storedDescription = () =>
      withDatabase(
        (db) =>
          (
            db.prepare("SELECT description_vi AS d FROM entries WHERE id = ?").get(entryId) as {
              d: string;
            }
          ).d,
      );
    await page.locator("#entry-descriptionVi").fill("");
    await page.locator("#entry-brandName").fill("Cà phê Phố Cổ Hà Nội 1936");
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
      .toContain(savedExcept);
    await expect
      .poll(() => page.locator(".field__error").allTextContents())
      .toContain(text(lang, "validation.entryDescriptionViRequired"));
    await expect(page.locator("#entry-descriptionVi").inputValue()).resolves.toBe("");
    expect(storedDescription()).toBe(descriptionVi);
    await expect.poll(storedBrand).toBe("Cà phê Phố Cổ Hà Nội 1936");
    const legal = page.locator('.upload[data-field="legalCommitment"]');
    await expect(legal.locator(".upload__file").count()).resolves.toBe(1);
    await expect(
      page
        .getByRole("button", {
          name: text(lang, "entryForm.upload.removeNamed", { name: "cam-ket-phap-ly.pdf" }),
        })
        .count(),
    ).resolves.toBe(0);
    await expect(legal.locator(".upload__file .upload__keep").textContent()).resolves.toBe(
      text(lang, "entryForm.upload.keepFile"),
    );
    // It is replaced by uploading another instead.
    await expect(
      page.locator('.upload[data-field="legalCommitment"] .upload__button').textContent(),
    ).resolves.toBe(text(lang, "entryForm.upload.chooseReplacement"));
    await page.locator("#entry-descriptionVi").fill(descriptionVi);
    await expect
      .poll(() => page.locator(".entry-form__save").textContent(), { timeout: 10_000 })
      .not.toContain(savedExcept);
    await waitSaved(page, lang);

    // The uploaded film is changed for a link: the link can be typed beside it, and once the
    // link is saved the film is gone from the entry (its stored object released).
    const videoGroup = page.locator('.upload[data-field="video"]');
    await expect(videoGroup.locator(".upload__file").count()).resolves.toBe(1);
    await expect(page.locator("#entry-videoLink").getAttribute("readonly")).resolves.toBeNull();
    await page.locator("#entry-videoLink").fill("https://youtu.be/dQw4w9WgXcQ");
    const storedVideo = () =>
      withDatabase((db) => ({
        link: (
          db.prepare("SELECT video_link AS l FROM entries WHERE id = ?").get(entryId) as {
            l: string;
          }
        ).l,
        files: (
          db
            .prepare("SELECT COUNT(*) AS n FROM entry_files WHERE entry_id = ? AND field = 'video'")
            .get(entryId) as { n: number }
        ).n,
      }));
    await expect
      .poll(storedVideo, { timeout: 10_000 })
      .toEqual({ link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", files: 0 });
    await expect.poll(() => videoGroup.locator(".upload__file").count()).toBe(0);
    await expect(page.locator(".entry-form__video-preview iframe").count()).resolves.toBe(1);
    await waitSaved(page, lang);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("#entry-videoLink").inputValue()).resolves.toContain("dQw4w9WgXcQ");
    await expect(videoGroup.locator(".upload__file").count()).resolves.toBe(0);
    // Nothing is missing: the link meets the video requirement.
    await expect(page.locator(".entry-form__missing").count()).resolves.toBe(0);

    // And back: a film uploaded over the link replaces it. The upload is offered beside the
    // link, saying so; once the film is attached the link is gone, from the entry and the
    // form, and saving goes on (no conflict with the server's own change).
    await expect(page.locator("#video-input-hint").textContent()).resolves.toBe(
      text(lang, "entryForm.videoFileReplacesLink"),
    );
    await upload(page, "video", ["phim-quang-cao.mp4"].map(file));
    await expect.poll(() => page.locator("#entry-videoLink").inputValue()).toBe("");
    expect(storedVideo()).toEqual({ link: "", files: 1 });
    await expect(page.locator(".entry-form__video-preview iframe").count()).resolves.toBe(0);
    await page.locator("#entry-brandName").fill("Cà phê Phố Cổ Hà Nội 1937");
    await expect.poll(storedBrand).toBe("Cà phê Phố Cổ Hà Nội 1937");
    await waitSaved(page, lang);
    expect(storedVideo()).toEqual({ link: "", files: 1 });
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("#entry-videoLink").inputValue()).resolves.toBe("");
    await expect(videoGroup.locator(".upload__file").textContent()).resolves.toContain(
      "phim-quang-cao.mp4",
    );

    const receipt = await mailTo(email, "entryReceipt", submitted);
    expect(receipt.entry.lang).toBe("vi");
    expect(`${receipt.parsed.subject ?? ""} ${receipt.parsed.text ?? ""}`).toContain(code);

    await page.goto("/tai-khoan");
    await waitForHydration(page);
    const card = page.locator(
      `.entries-list__item[data-entry-id="${entryUrl.searchParams.get("entry")}"]`,
    );
    await expect.poll(() => card.textContent()).toContain(code);
    await expect(card.textContent()).resolves.toContain("Hương vị ký ức Hà Nội 2025");
    await expect(card.textContent()).resolves.toContain(text(lang, "entry.status.submitted"));
    await expect(card.textContent()).resolves.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await expectAxeClean(page);

    // After the deadline the entry is read-only (the server decides; the form follows).
    const reopen = setSubmissionWindow({
      opensAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      closesAt: new Date(Date.now() - 60_000).toISOString(),
    });
    try {
      await page.goto(entryUrl.pathname + entryUrl.search);
      await waitForHydration(page);
      await expect
        .poll(() => page.locator(".form-alert--success").allTextContents())
        .toContain(text(lang, "entryForm.readOnly"));
      await expect(
        page.locator("#entry-brandName").getAttribute("readonly"),
      ).resolves.not.toBeNull();
      await expect(page.locator(".upload input[type=file]").count()).resolves.toBe(0);
      await expect(page.locator(".entry-form form button[type=submit]").count()).resolves.toBe(0);
      // Disabled, the award and the category still show what was chosen, after hydration too.
      await expect(page.locator("#entry-categoryId").inputValue()).resolves.toBe(categoryId);
      await expect(page.locator('input[name="trackId"]:checked').count()).resolves.toBe(1);
    } finally {
      reopen();
    }

    // A submitted entry is withdrawn (never deleted), after a confirmation naming it.
    await page.goto(entryUrl.pathname + entryUrl.search);
    await waitForHydration(page);
    expect(
      await page.getByRole("button", { name: text(lang, "entryForm.deleteDraft.button") }).count(),
    ).toBe(0);
    await page.getByRole("button", { name: text(lang, "entryForm.withdraw.button") }).click();
    const withdrawDialog = page.getByRole("dialog", {
      name: text(lang, "entryForm.withdraw.confirmTitle"),
    });
    await withdrawDialog.waitFor();
    await expect(withdrawDialog.textContent()).resolves.toContain(code);
    await withdrawDialog
      .getByRole("button", { name: text(lang, "entryForm.withdraw.confirm") })
      .click();
    await expect
      .poll(() => page.getByTestId("entry-status").textContent())
      .toBe(text(lang, "entry.status.withdrawn"));
    expect(problems.pageErrors).toEqual([]);
    expect(problems.hydration).toEqual([]);
  });

  test("an upload the server failed to take goes on with Continue, from where it stopped", async () => {
    const { page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    await newDraft(page, lang, "Trà Sen Tây Hồ");

    // The server faults on every PATCH (as our 5xx answers do) until the test lets them through;
    // the upload is created, and its retries over the next minutes run on a fast clock.
    let faulty = true;
    let faults = 0;
    let creations = 0;
    await page.route("**/api/uploads**", async (route) => {
      if (route.request().method() === "POST") creations += 1;
      if (!faulty || route.request().method() !== "PATCH") return route.fallback();
      faults += 1;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "upload.serverError" }),
      });
    });
    await page.clock.install();
    const group = page.locator('.upload[data-field="images"]');
    await group.locator("input[type=file]").setInputFiles(file("anh-1.png"));
    const failed = group.locator(".upload__transfers .field__error");
    // Each step fires the retry due next; its answer then schedules the following one.
    for (let step = 0; step < 40 && (await failed.count()) === 0; step += 1) {
      await page.clock.runFor(60_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect.poll(() => failed.textContent()).toContain(text(lang, "upload.serverError"));
    expect(faults).toBeGreaterThan(1);

    // Not a refusal of the file: "Continue" is offered, and it finishes the upload.
    faulty = false;
    await page.clock.resume();
    await group.getByRole("button", { name: text(lang, "entryForm.upload.resume") }).click();
    await expect
      .poll(() => group.locator(".upload__files .upload__file").count(), { timeout: 20_000 })
      .toBe(1);
    await expect(failed.count()).resolves.toBe(0);
    // The same upload went on: it was created once.
    expect(creations).toBe(1);
    expect(problems.pageErrors).toEqual([]);
  });

  test("pictures chosen together keep the order chosen, whichever upload finishes first", async () => {
    const { page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    await newDraft(page, lang, "Bánh Cốm Hàng Than");
    const entryId = new URL(page.url()).searchParams.get("entry");

    // The first picture's upload is held back until the test lets it go: the second and the
    // third, then a picture chosen afterwards, are attached before it.
    let letFirstGo!: () => void;
    const firstHeld = new Promise<void>((resolve) => (letFirstGo = resolve));
    const first = Buffer.from("anh-1.png").toString("base64");
    await page.route("**/api/uploads**", async (route) => {
      const metadata = route.request().headers()["upload-metadata"] ?? "";
      if (route.request().method() === "POST" && metadata.includes(`filename ${first}`)) {
        await firstHeld;
      }
      return route.fallback();
    });
    const group = page.locator('.upload[data-field="images"]');
    const attached = () => group.locator(".upload__files .upload__file").count();
    await group
      .locator("input[type=file]")
      .setInputFiles(["anh-1.png", "anh-2.png", "anh-3.png"].map(file));
    await expect.poll(attached, { timeout: 20_000 }).toBe(2);
    await group.locator("input[type=file]").setInputFiles(file("anh-4.png"));
    await expect.poll(attached, { timeout: 20_000 }).toBe(3);
    letFirstGo();
    await expect.poll(attached, { timeout: 20_000 }).toBe(4);

    const expected = ["anh-1.png", "anh-2.png", "anh-3.png", "anh-4.png"];
    const pictureNames = () => group.locator(".upload__name a").allTextContents();
    await expect.poll(pictureNames).toEqual(expected);
    const storedOrder = () =>
      withDatabase((db) =>
        db
          .prepare(
            "SELECT original_name AS name FROM entry_files WHERE entry_id = ? AND field = 'images' ORDER BY sort_order",
          )
          .all(entryId)
          .map((row) => (row as { name: string }).name),
      );
    await expect.poll(storedOrder, { timeout: 10_000 }).toEqual(expected);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(pictureNames).toEqual(expected);
    expect(problems.pageErrors).toEqual([]);
  });

  test("submit pressed while a file is still uploading says the entry goes once the upload is done", async () => {
    const { page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    await newDraft(page, lang, "Bánh Cốm Hàng Than");

    const { group, letThrough } = await videoOnSlowLine(page);
    await page
      .locator(".entry-form")
      .getByRole("button", { name: text(lang, "entryForm.submit"), exact: true })
      .click();
    // Not a bare "Submitting…" for as long as the upload takes: why it waits, and what to do.
    const waiting = page.getByText(text(lang, "entryForm.submitWaitsForUploads"));
    await waiting.waitFor();

    letThrough();
    await expect
      .poll(() => group.locator(".upload__files .upload__file").count(), { timeout: 20_000 })
      .toBe(1);
    await waiting.waitFor({ state: "detached" });
    expect(problems.pageErrors).toEqual([]);
  });

  test("a submission waiting on an upload can be cancelled: the entry stays a draft", async () => {
    const { page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    await newDraft(page, lang, "Bánh Đậu Xanh Rồng Vàng");

    const { group, letThrough } = await videoOnSlowLine(page);
    const actions = page.locator(".entry-form__actions");
    await actions
      .getByRole("button", { name: text(lang, "entryForm.submit"), exact: true })
      .click();
    await page.getByText(text(lang, "entryForm.submitWaitsForUploads")).waitFor();

    await actions
      .getByRole("button", { name: text(lang, "entryForm.cancelQueuedSubmit"), exact: true })
      .click();
    await page.getByText(text(lang, "entryForm.queuedSubmitCancelled")).waitFor();
    const submitButton = actions.getByRole("button", {
      name: text(lang, "entryForm.submit"),
      exact: true,
    });
    // The keyboard stays by the form's action, on the button that submits again.
    await expect.poll(() => submitButton.evaluate((b) => b === document.activeElement)).toBe(true);

    // The upload finishes, and nothing is submitted behind the entrant's back.
    letThrough();
    await expect
      .poll(() => group.locator(".upload__files .upload__file").count(), { timeout: 20_000 })
      .toBe(1);
    await waitSaved(page, lang);
    await page.waitForTimeout(1_500);
    await page.reload();
    await waitForHydration(page);
    await submitButton.waitFor({ timeout: 5_000 });
    expect(await submitButton.isEnabled()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
  });

  test("the dashboard shows a draft's fee with its price tier and the last day it holds", async () => {
    const { page, problems } = await openPage(browser());
    const lang: Lang = "vi";
    await newDraft(page, lang, "Kẹo Dừa Bến Tre");
    await page.goto("/tai-khoan");
    const fee = page
      .locator("dt", { hasText: text(lang, "account.entries.feeDue") })
      .locator("+ dd");
    const tiers = (["early_bird", "standard", "late"] as const).map((tier) =>
      text(lang, `payment.tier.${tier}`),
    );
    const holds = text(lang, "payment.holdsUntil", { date: "DATE" }).replace(
      "DATE",
      String.raw`\d{2}/\d{2}/\d{4}`,
    );
    await expect
      .poll(() => fee.first().textContent())
      .toMatch(new RegExp(`\\((${tiers.join("|")}), ${holds}\\)`));
    expect(problems.pageErrors).toEqual([]);
  });

  test("switching the page to English keeps the chosen category shown in the form", async () => {
    const { page, problems } = await openPage(browser());
    await registerEntrant(page, "vi");
    await page.goto("/nop-bai-du-thi");
    await waitForHydration(page);
    await chooseFirstCategory(page);
    const category = page.locator("#entry-categoryId");
    const chosen = await category.inputValue();
    await page.locator("#entry-brandName").fill("Nón lá Huế");
    await waitSaved(page, "vi");
    await page.waitForURL((u) => u.searchParams.has("entry"));

    // The header's language link: the same page and draft, the texts now in English.
    await page.locator('header a[hreflang="en"]').first().click();
    await page.waitForURL((u) => u.pathname === "/en/nop-bai-du-thi");
    await page.getByText(text("en", "entryForm.categoryHint")).waitFor();
    expect(await category.inputValue()).toBe(chosen);
    expect(await page.locator("#entry-brandName").inputValue()).toBe("Nón lá Huế");
    expect(problems.pageErrors).toEqual([]);
  });

  test("in English: missing items lead to their fields, a conflict between tabs, duplicate and delete the draft", async () => {
    const { context, page, problems } = await openPage(browser(), { locale: "en-GB" });
    const lang: Lang = "en";
    await registerEntrant(page, lang);
    await page.goto("/en/nop-bai-du-thi");
    await waitForHydration(page);
    await page.locator("#entry-brandName").waitFor();
    await expect(page.locator("label[for=entry-brandName]").textContent()).resolves.toContain(
      text(lang, "entry.fields.brandName.label"),
    );
    await chooseFirstCategory(page);
    await page.locator("#entry-brandName").fill("Lotus Tea");
    await waitSaved(page, lang);
    await page.waitForURL(
      (u) => u.pathname === "/en/nop-bai-du-thi" && u.searchParams.has("entry"),
    );
    await upload(page, "images", ["anh-1.png"].map(file));

    // The browser checks first (type by name and declared type) …
    const images = page.locator('.upload[data-field="images"]');
    await images.locator("input[type=file]").setInputFiles(file("notes.txt"));
    await expect
      .poll(() => images.locator(".field__error").allTextContents())
      .toContain(text(lang, "validation.entryImageType"));
    // … but the server decides by content: a web page named .png is refused with the seed's message.
    await images.locator("input[type=file]").setInputFiles(file("not-an-image.png"));
    await expect
      .poll(() => images.locator(".upload__transfer--failed").textContent(), { timeout: 15_000 })
      .toContain(text(lang, "entry.upload.imageFailed"));
    await page
      .locator(".toast-region .toast--error")
      .getByText(text(lang, "entry.upload.imageFailed"))
      .waitFor();
    // Refused, not "100 %": the refused file shows no progress.
    const refused = images.locator(".upload__transfer--failed");
    expect(await refused.locator(".upload__stats").textContent()).toBe(
      text(lang, "entryForm.upload.refused"),
    );
    expect(await refused.locator("progress").count()).toBe(0);
    await images.getByRole("button", { name: text(lang, "entryForm.upload.cancel") }).click();
    await expect(images.locator(".upload__files .upload__file").count()).resolves.toBe(1);

    // Removing pictures by keyboard: focus moves to the next remove button, then to the picker,
    // never back to the top of the page; each removal is announced.
    await images.locator("input[type=file]").setInputFiles(file("anh-2.png"));
    await expect
      .poll(() => images.locator(".upload__files .upload__file").count(), { timeout: 20_000 })
      .toBe(2);
    const removeButton = (name: string) =>
      images.getByRole("button", { name: text(lang, "entryForm.upload.removeNamed", { name }) });
    await removeButton("anh-1.png").focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => focused(page).then((f) => f.label))
      .toBe(text(lang, "entryForm.upload.removeNamed", { name: "anh-2.png" }));
    await expect(images.locator("[aria-live]").textContent()).resolves.toBe(
      text(lang, "entryForm.upload.removed", { name: "anh-1.png" }),
    );
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page).then((f) => f.id)).toBe("images-input");
    await upload(page, "images", [file("anh-1.png")]);

    await page
      .locator(".entry-form")
      .getByRole("button", { name: text(lang, "entryForm.submit"), exact: true })
      .click();
    const missing = page.locator(".entry-form__missing");
    await missing.waitFor();
    const items = await missing.locator("a").allTextContents();
    // Each item names its field, then says what it needs.
    const descriptionViItem = text(lang, "entryForm.missing.item", {
      field: text(lang, "entry.missing.descriptionVi"),
      message: text(lang, "validation.entryDescriptionViRequired"),
    });
    expect(items).toContain(descriptionViItem);
    expect(items).toContain(
      text(lang, "entryForm.missing.item", {
        field: text(lang, "entry.missing.legalCommitment"),
        message: text(lang, "validation.entryLegalCommitmentRequired"),
      }),
    );
    const imagesMissing = text(lang, "validation.entryImagesRequired");
    expect(items.filter((item) => item.includes(imagesMissing))).toEqual([]);
    await missing.getByText(descriptionViItem).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe("entry-descriptionVi");
    await expect(page.getByTestId("entry-status").textContent()).resolves.toBe(
      text(lang, "entry.status.draft"),
    );
    await expectAxeClean(page);

    // The same draft open in a second tab: its save wins, this tab is told and offered a reload.
    const other = await context.newPage();
    await other.goto(page.url());
    await other.locator("#entry-campaignName").fill("Saved in the other tab");
    await waitSaved(other, lang);
    await page.locator("#entry-campaignName").fill("Typed in the first tab");
    await expect
      .poll(() => page.locator('[role="alert"]').allTextContents(), { timeout: 10_000 })
      .toContain(
        text(lang, "entryForm.conflict.message") + text(lang, "entryForm.conflict.reload"),
      );
    await page.getByRole("button", { name: text(lang, "entryForm.conflict.reload") }).click();
    await expect
      .poll(() => page.locator("#entry-campaignName").inputValue())
      .toBe("Saved in the other tab");
    await other.close();

    // Duplicate into another category: a new draft with its own address.
    const firstId = new URL(page.url()).searchParams.get("entry");
    const target = await page
      .locator("#entry-duplicate-category option")
      .evaluateAll((options) =>
        (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== ""),
      );
    await page.locator("#entry-duplicate-category").selectOption(target!);
    await page.getByRole("button", { name: text(lang, "entryForm.duplicate.button") }).click();
    await page.waitForURL(
      (u) => u.searchParams.has("entry") && u.searchParams.get("entry") !== firstId,
    );
    await waitForHydration(page);
    await expect.poll(() => page.locator("#entry-brandName").inputValue()).toBe("Lotus Tea");

    // The duplicate never went in: it is deleted (not withdrawn), by keyboard, after a
    // confirmation naming it, and the entrant lands on their account, told so.
    const duplicateId = new URL(page.url()).searchParams.get("entry")!;
    expect(
      await page.getByRole("button", { name: text(lang, "entryForm.withdraw.button") }).count(),
    ).toBe(0);
    await page.getByRole("button", { name: text(lang, "entryForm.deleteDraft.button") }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", {
      name: text(lang, "entryForm.deleteDraft.confirmTitle"),
    });
    await dialog.waitFor();
    const duplicateCode = withDatabase(
      (db) =>
        db.prepare("SELECT code FROM entries WHERE id = ?").get(duplicateId) as {
          code: string | null;
        },
    ).code;
    await expect(dialog.textContent()).resolves.toContain(
      duplicateCode ?? "“Saved in the other tab”",
    );
    const entryPageReloads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname.endsWith("/nop-bai-du-thi.data")) {
        entryPageReloads.push(url.pathname + url.search);
      }
    });
    await dialog.getByRole("button", { name: text(lang, "entryForm.deleteDraft.confirm") }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/en/tai-khoan");
    // The deleted entry's page data is never asked for again: reloaded, it would say "not
    // found" and could take the page's way to the account with it (a race lost under load).
    expect(entryPageReloads).toEqual([]);
    await page.getByText(text(lang, "account.draftDeleted")).waitFor();
    await expect(page.locator(".entries-list__item").count()).resolves.toBe(1);
    expect(await page.locator(`.entries-list__item[data-entry-id="${duplicateId}"]`).count()).toBe(
      0,
    );
    await expect
      .poll(() => page.locator(".entries-list").textContent())
      .toContain(text(lang, "entry.status.draft"));
    expect(
      withDatabase((db) =>
        db.prepare("SELECT count(*) AS n FROM entries WHERE id = ?").get(duplicateId),
      ),
    ).toEqual({ n: 0 });
    expect(problems.pageErrors).toEqual([]);
  });
});
