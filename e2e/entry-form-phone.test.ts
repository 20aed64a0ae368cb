import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import type { EntryStatus } from "../core/entry-status";
import { text } from "../server/test-support/text";
import { MOBILE, openPage, settled, useBrowser, waitForHydration } from "./support/browser";
import { PASSWORD, waitSaved } from "./support/entry-journey";
import { signInEntrant } from "./support/sign-in";
import { withE2eServices } from "./support/services";

// The entry form on a phone (390 px): an entry past its submission keeps its award and
// category as they are, and this browser's copy cannot bring another back; what a refused
// submission lists names each field and stays in view below the sticky header and bar; the
// restored-copy notice goes once the copy is saved; new credit rows wait for the person to
// leave a field; a withdrawn entry says so; a long brand name is counted, not cut.
const browser = useBrowser();

const EMAIL = `dien-thoai.${randomBytes(4).toString("hex")}@example.vn`;

interface Made {
  id: string;
  version: number;
}

let trackId = "";
let otherTrackId = "";
let categoryId = "";
const entries: Record<"submitted" | "withdrawn" | "empty" | "restored" | "credits", Made> = {
  submitted: { id: "", version: 0 },
  withdrawn: { id: "", version: 0 },
  empty: { id: "", version: 0 },
  restored: { id: "", version: 0 },
  credits: { id: "", version: 0 },
};

beforeAll(async () => {
  await withE2eServices(async (services, db) => {
    const userId = await services.identity.createEntrant({
      email: EMAIL,
      password: PASSWORD,
      profile: {
        type: "individual",
        fullName: "Trần Văn Hải",
        phone: "+84912345678",
        address: "12 Lý Thái Tổ, Hoàn Kiếm, Hà Nội",
        personalId: null,
        companyName: null,
        businessRegistrationNumber: null,
        taxCode: null,
        licenceFileId: null,
      },
    });
    const options = await services.entries.formOptions(userId);
    if (!options.ok) throw new Error(JSON.stringify(options));
    const open = options.options.tracks.filter((t) => t.groups.some((g) => g.categories.length));
    const [first] = open;
    const other = options.options.tracks.find((t) => t.id !== first?.id);
    const category = first?.groups.flatMap((g) => g.categories)[0];
    if (!first || !other || !category) throw new Error("the demo season has too few awards");
    trackId = first.id;
    otherTrackId = other.id;
    categoryId = category.id;
    const make = async (brandName: string, status: EntryStatus = "draft"): Promise<Made> => {
      const made = await services.entries.createDraft(userId, {
        trackId,
        categoryId,
        brandName,
      });
      if (!made.ok) throw new Error(JSON.stringify(made));
      if (status !== "draft") {
        // Set up behind the form's back: only the status matters to these pages.
        await db.kysely
          .updateTable("entries")
          .set({ status })
          .where("id", "=", made.entry.id)
          .execute();
      }
      return { id: made.entry.id, version: made.entry.version };
    };
    entries.submitted = await make("Trà Sen Tây Hồ", "submitted");
    entries.withdrawn = await make("Bánh Cốm Hàng Than", "withdrawn");
    entries.empty = await make("");
    entries.restored = await make("Nước Mắm Phú Quốc");
    entries.credits = await make("Gốm Bát Tràng");
  });
});

/** Signs the entrant in on a phone and opens one of their entries. */
async function openEntry(entry: Made): Promise<Page> {
  const { page } = await openPage(browser(), { viewport: MOBILE });
  await signInEntrant(page, EMAIL, PASSWORD);
  await page.goto(`/nop-bai-du-thi?entry=${entry.id}`);
  await waitForHydration(page);
  await page.locator("#entry-brandName").waitFor();
  return page;
}

/** The form's values as this browser's local copy holds them, over an empty form. */
function localCopy(values: Record<string, unknown>, version: number) {
  return JSON.stringify({
    values: {
      trackId: "",
      categoryId: "",
      brandName: "",
      campaignName: "",
      descriptionVi: "",
      descriptionEn: "",
      startMonth: "",
      startYear: "",
      endMonth: "",
      endYear: "",
      videoLink: "",
      credits: { companies: [], people: [] },
      ...values,
    },
    version,
    at: new Date().toISOString(),
  });
}

/** The lowest point of the sticky parts at the top of the page (header and status bar). */
function stickyBottom(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      ...[".site-header", ".entry-form__bar"].map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? 0,
      ),
    ),
  );
}

describe("the entry form on a phone", () => {
  test("a submitted entry's award and category cannot change, and a local copy does not bring another back", async () => {
    const page = await openEntry(entries.submitted);
    const radios = page.locator('input[name="trackId"]');
    expect(await radios.count()).toBeGreaterThan(1);
    for (const radio of await radios.all()) await expect(radio.isDisabled()).resolves.toBe(true);
    await expect(page.locator("#entry-categoryId").isDisabled()).resolves.toBe(true);
    await expect(page.locator("#entry-catalogue-locked").textContent()).resolves.toBe(
      text("vi", "entryForm.catalogueLocked"),
    );

    // A copy kept by this browser with another award (and an edit that may be saved).
    const key = `vx-entry-draft:${entries.submitted.id}`;
    const copy = localCopy(
      { trackId: otherTrackId, brandName: "Trà Sen Tây Hồ", campaignName: "Hương sen mùa hạ" },
      entries.submitted.version,
    );
    await page.evaluate(([k, v]) => window.localStorage.setItem(k!, v!), [key, copy]);
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => page.locator("#entry-campaignName").inputValue())
      .toBe("Hương sen mùa hạ");
    await waitSaved(page, "vi");
    await expect(page.locator('input[name="trackId"]:checked').inputValue()).resolves.toBe(trackId);
    await expect(page.locator("#entry-categoryId").inputValue()).resolves.toBe(categoryId);
    const kept = await page.evaluate((k) => window.localStorage.getItem(k), key);
    expect(kept === null || !kept.includes(otherTrackId)).toBe(true);
  });

  test("a refused submission's list names the field of each item", async () => {
    const page = await openEntry(entries.empty);
    await page.locator(".entry-form form button[type=submit]").click();
    const summary = page.locator(".entry-form__missing");
    await summary.waitFor();
    const items = await summary.locator("li").allTextContents();
    expect(items).not.toContain(text("vi", "validation.required"));
    expect(items).toContain(
      text("vi", "entryForm.missing.item", {
        field: text("vi", "entry.missing.brandName"),
        message: text("vi", "validation.required"),
      }),
    );
  });

  test("a refused submission's list, and the field a link leads to, show below the sticky header and bar", async () => {
    const page = await openEntry(entries.empty);
    await page.locator(".entry-form form button[type=submit]").click();
    const summary = page.locator(".entry-form__missing");
    await summary.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.matches(".entry-form__missing")))
      .toBe(true);
    await settled(page);
    const top = (await summary.boundingBox())?.y ?? -1;
    expect(top).toBeGreaterThanOrEqual(await stickyBottom(page));

    await summary.locator("a").first().click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/^entry-/);
    await settled(page);
    const fieldTop = await page.evaluate(
      () => document.activeElement?.getBoundingClientRect().top ?? -1,
    );
    expect(fieldTop).toBeGreaterThanOrEqual(await stickyBottom(page));
  });

  test("the notice of a restored copy says saved once the copy is saved", async () => {
    const page = await openEntry(entries.restored);
    const key = `vx-entry-draft:${entries.restored.id}`;
    const copy = localCopy(
      {
        trackId,
        categoryId,
        brandName: "Nước Mắm Phú Quốc",
        campaignName: "Giọt mắm nhĩ",
      },
      entries.restored.version,
    );
    await page.evaluate(([k, v]) => window.localStorage.setItem(k!, v!), [key, copy]);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.locator("#entry-campaignName").inputValue()).toBe("Giọt mắm nhĩ");
    await waitSaved(page, "vi");
    await expect
      .poll(() => page.locator(".form-alert--success").allTextContents())
      .toContain(text("vi", "entryForm.restoredSaved"));
    expect(await page.locator(".form-alert--success").allTextContents()).not.toContain(
      text("vi", "entryForm.restored"),
    );
  });

  test("a new credit row shows its errors only once the person leaves one of its fields", async () => {
    const page = await openEntry(entries.credits);
    await page.getByRole("button", { name: text("vi", "entryForm.credits.addCompany") }).click();
    const row = page.locator("#entry-credits-companies .entry-form__credit-row").first();
    await row.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe("entry-credits-companies-0-name");
    await settled(page);
    await page.locator("#entry-credits-companies-0-name").fill("Công ty Gốm Việt");
    await waitSaved(page, "vi");
    await settled(page);
    expect(await row.locator(".field__error").count()).toBe(0);
    // Leaving the row's fields: now its problems show.
    await page.locator("#entry-credits-companies-0-role").focus();
    await page.locator("#entry-brandName").focus();
    await expect.poll(() => row.locator(".field__error").count()).toBeGreaterThan(0);
  });

  test("a withdrawn entry says it is withdrawn and read-only, not that it saves itself", async () => {
    const page = await openEntry(entries.withdrawn);
    const status = page.locator(".entry-form__save");
    await expect(status.textContent()).resolves.toBe(text("vi", "entryForm.save.withdrawn"));
  });

  test("a brand name over its limit is counted and marked, not cut", async () => {
    const page = await openEntry(entries.credits);
    const long = "Thương hiệu ".repeat(20).trim();
    expect(long.length).toBeGreaterThan(200);
    await page.locator("#entry-brandName").fill(long);
    await expect(page.locator("#entry-brandName").inputValue()).resolves.toBe(long);
    await expect
      .poll(() => page.locator("#entry-brandName-counter").textContent())
      .toContain(`${long.length} / 200`);
    await expect
      .poll(() => page.locator(".field__error").allTextContents())
      .toContain(text("vi", "validation.tooLong"));
  });
});
