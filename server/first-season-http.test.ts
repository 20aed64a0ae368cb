import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test-support/app";
import { browserRequest } from "./test-support/http";
import { postSignIn, sessionCookieOf, TEST_ORIGIN, TEST_PASSWORD } from "./test-support/sign-in";
import { TEST_NOW } from "./test-support/signed-in-app";

// A real deployment (README "A real deployment"): no demo data, the administrator made by
// `npm run create-admin`. Its seasons page is where the competition starts: without a form
// for the first season, nothing could be registered or entered.
describe("the seasons page of an install without any season", () => {
  let started: TestApp;
  let cookie = "";
  const email = "ban-to-chuc@example.org";

  beforeAll(async () => {
    started = await startTestApp({ PUBLIC_URL: TEST_ORIGIN }, TEST_NOW, { demoData: false });
    await started.app.services.identity.createStaff({
      email,
      name: "Nguyễn Văn A",
      password: TEST_PASSWORD,
      role: "admin",
    });
    cookie = sessionCookieOf(
      await postSignIn(started.app, "/quan-tri/dang-nhap", email, TEST_PASSWORD),
    );
  }, 240_000);
  afterAll(() => started?.close());

  const request = (method: "GET" | "POST", url: string, form?: Record<string, string>) =>
    browserRequest(started.app, method, url, {
      cookie,
      headers: { origin: TEST_ORIGIN },
      ...(form ? { form } : {}),
    });

  it("offers the first season, creates it empty and makes it current", async () => {
    expect(cookie).not.toBe("");
    const empty = await request("GET", "/quan-tri/mua-giai");
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain("Tạo mùa giải đầu tiên");
    expect(empty.body).toContain('value="createFirst"');

    const created = await request("POST", "/quan-tri/mua-giai", {
      intent: "createFirst",
      formKey: "first",
      year: "2027",
      code: "VX27",
      nameVi: "Giải thưởng Vạn Xuân 2027",
      nameEn: "Van Xuan Awards 2027",
    });
    expect(created.statusCode).toBe(302);
    expect(created.headers.location).toContain("/quan-tri/mua-giai?year=2027");

    const page = await request("GET", "/quan-tri/mua-giai?year=2027");
    expect(page.body).toContain("Giải thưởng Vạn Xuân 2027");
    expect(page.body).not.toContain('value="createFirst"');
    started.app.services.settings.invalidate();
    expect((await started.app.services.settings.get()).currentSeasonYear).toBe(2027);

    // Once there is a season, the next ones are made from it.
    const second = await request("POST", "/quan-tri/mua-giai", {
      intent: "createFirst",
      formKey: "first",
      year: "2028",
      code: "VX28",
      nameVi: "Giải thưởng Vạn Xuân 2028",
    });
    expect(second.statusCode).toBe(409);
    expect((await started.app.services.seasonsAdmin.list()).map((s) => s.year)).toEqual([2027]);
  });
});
