import { test } from "vitest";
import { openPage, useBrowser, waitForHydration } from "./support/browser";
const browser = useBrowser();
test("dbg", async () => {
  const { context, page, problems } = await openPage(browser(), { locale: "vi-VN" });
  page.on("response", (r) => { if (!r.url().includes("/assets/")) console.log("RES", r.status(), r.url().slice(0, 90)); });
  await page.goto("/gioi-thieu-giai-thuong");
  await waitForHydration(page);
  await page.evaluate(() => localStorage.setItem("lang", "en"));
  await context.clearCookies();
  await page.reload();
  await page.waitForURL("**/en/gioi-thieu-giai-thuong");
  for (let i = 0; i < 4; i++) {
    await page.waitForTimeout(500);
    console.log("STATE", JSON.stringify(await page.evaluate(() => [location.href, document.documentElement.lang, document.querySelector("h1")?.textContent, document.querySelector(".main-nav a[href*=bai]")?.getAttribute("href")])));
  }
  console.log("PROBLEMS", JSON.stringify(problems));
});
