import { describe, expect, it } from "vitest";
import { backOfficeApp } from "./test-support/back-office";
import { TEST_ORIGIN, type Who } from "./test-support/sign-in";

// The seasons page's season-level writes as a browser posts them: making a season current
// while the current one is still open needs the acknowledgement, and deleting or correcting a
// season is for admins only and refused while something is tied to the season.

const office = backOfficeApp();

/** A form post as the browser sends it, from the page of `form.year` (or `fromYear`). */
const post = (who: Who, form: Record<string, string>) =>
  office.request("POST", `/quan-tri/mua-giai?year=${form.fromYear ?? form.year ?? ""}`, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form,
  });

const page = (year: number) =>
  office.request("GET", `/quan-tri/mua-giai?year=${year}`, {
    cookie: office.cookies.get("admin"),
    headers: { origin: TEST_ORIGIN },
  });

describe("seasons page: current season, delete and correct over HTTP", () => {
  it("creates 2027; making it current while 2026 is open says what stops and needs the acknowledgement", async () => {
    const created = await post("admin", {
      intent: "createNext",
      formKey: "next",
      fromYear: "2026",
      year: "2027",
      code: "VX27",
      nameVi: "Vạn Xuân 2027",
      nameEn: "",
    });
    expect(created.statusCode).toBe(302);
    const shown = (await page(2027)).body;
    expect(shown).toContain("Mùa giải hiện tại (2026) vẫn đang mở.");
    expect(shown).toContain('name="acknowledgeOpen"');
    expect(shown).toContain("Tôi hiểu rằng mùa 2026 sẽ ngừng nhận đăng ký và bài dự thi mới");
    expect(shown).toContain("Bài dự thi của các mùa khác vẫn được giữ nguyên.");

    const form = { intent: "makeCurrent", formKey: "current", year: "2027" };
    const refused = await post("admin", form);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("hãy đánh dấu ô xác nhận");
    expect((await office.app.services.settings.get()).currentSeasonYear).toBe(2026);
    // Only admins reach the action at all.
    expect((await post("editor", { ...form, acknowledgeOpen: "on" })).statusCode).toBe(403);

    const made = await post("admin", { ...form, acknowledgeOpen: "on" });
    expect(made.statusCode).toBe(302);
    office.app.services.settings.invalidate();
    expect((await office.app.services.settings.get()).currentSeasonYear).toBe(2027);
    // Back to 2026: 2027's dates (a year on) are not open, so nothing to acknowledge.
    expect((await post("admin", { ...form, year: "2026" })).statusCode).toBe(302);
  });

  it("deleting and correcting a season: admins only, refused while something is tied to it", async () => {
    for (const who of ["editor", "finance", "jury_manager", "entrant"] as const) {
      const deleted = await post(who, {
        intent: "deleteSeason",
        formKey: "deleteSeason",
        year: "2027",
      });
      expect(deleted.statusCode, who).toBe(403);
      const corrected = await post(who, {
        intent: "correctSeason",
        formKey: "correctSeason",
        fromYear: "2027",
        year: "2028",
        code: "VX28",
      });
      expect(corrected.statusCode, who).toBe(403);
    }
    expect((await post("visitor", { intent: "deleteSeason", year: "2027" })).statusCode).toBe(302);
    expect(await office.app.services.seasonsAdmin.get(2027)).not.toBeNull();

    // 2025 of the demo content has its jury and winners: the page says so, the button is off.
    const shown = (await page(2025)).body;
    expect(shown).toMatch(/Mùa giải 2025 đã có: [^<]*(ban giám khảo|thắng giải)/);
    expect(shown).toMatch(/<button[^>]*disabled=""[^>]*>Xoá mùa giải 2025</);
    const refused = await post("admin", {
      intent: "deleteSeason",
      formKey: "deleteSeason",
      year: "2025",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("Không xoá hay sửa năm và mã được");

    const badCode = await post("admin", {
      intent: "correctSeason",
      formKey: "correctSeason",
      fromYear: "2027",
      year: "2028",
      code: "vx-28",
    });
    expect(badCode.statusCode).toBe(400);
    const corrected = await post("admin", {
      intent: "correctSeason",
      formKey: "correctSeason",
      fromYear: "2027",
      year: "2028",
      code: "VX28",
    });
    expect(corrected.statusCode).toBe(302);
    expect(corrected.headers.location).toContain("year=2028");
    const deleted = await post("admin", {
      intent: "deleteSeason",
      formKey: "deleteSeason",
      year: "2028",
    });
    expect(deleted.statusCode).toBe(302);
    expect(deleted.headers.location).toContain("notice=adminPlatform.seasons.remove.done");
    expect(await office.app.services.seasonsAdmin.get(2028)).toBeNull();
    expect((await office.app.services.audit.list({ search: "season.delete" })).total).toBe(1);
  });
});
