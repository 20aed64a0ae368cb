import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "../../../core/judging-criteria";
import { backOfficeApp } from "../../test-support/back-office";
import { TEST_NOW } from "../../test-support/signed-in-app";
import { TEST_ORIGIN, type Who } from "../../test-support/sign-in";
import { demoCategory } from "../../test-support/demo-catalogue";

// The dashboard and the season lifecycle as a browser sees them, on the production build.

const office = backOfficeApp();

const page = (url: string, who: Who) =>
  office.request("GET", url, { cookie: office.cookies.get(who), headers: { origin: TEST_ORIGIN } });
const post = (url: string, who: Who, form: Record<string, string>) =>
  office.request("POST", url, {
    cookie: office.cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    form,
  });

/**
 * Entries of the 2026 season by the signed-in entrant, submitted on 01/09/2026 unless drafts;
 * their ids and category.
 */
async function seedEntries(statuses: string[]) {
  const db = office.db.kysely;
  const owner = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", "access-entrant@example.vn")
    .executeTakeFirstOrThrow();
  const category = await demoCategory(db);
  const at = TEST_NOW.toISOString();
  const ids = statuses.map(() => randomUUID());
  await db
    .insertInto("entries")
    .values(
      statuses.map((status, i) => ({
        id: ids[i]!,
        owner_user_id: owner.id,
        season_id: category.season_id,
        track_id: category.track_id,
        category_id: category.id,
        code: null,
        status,
        brand_name: "Trà Xanh",
        campaign_name: "Tết sum vầy",
        description_vi: "",
        description_en: "",
        start_month: null,
        start_year: null,
        end_month: null,
        end_year: null,
        video_link: "",
        credits: JSON.stringify({ companies: [], people: [] }),
        version: 1,
        created_at: at,
        updated_at: at,
        submitted_at: status === "draft" ? null : at,
        withdrawn_at: null,
        changes_due_at: null,
      })),
    )
    .execute();
  return { ids, categoryId: Number(category.id), seasonId: Number(category.season_id) };
}

/**
 * An open first round of 2026 with one judge assigned to TVC, who has scored one of `entries`;
 * the round's id.
 */
async function seedRound(seeded: Awaited<ReturnType<typeof seedEntries>>) {
  const db = office.db.kysely;
  const at = TEST_NOW.toISOString();
  const judgeId = randomUUID();
  await db
    .insertInto("judges")
    .values({
      id: judgeId,
      season_id: seeded.seasonId,
      jury_member_id: null,
      name: "Giám khảo Thử",
      email: "giam-khao-thu@example.vn",
      lang: "vi",
      code_hash: null,
      code_issued_at: null,
      code_revoked_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const round = await db
    .insertInto("judging_rounds")
    .values({
      season_id: seeded.seasonId,
      position: 1,
      name_vi: "Vòng sơ khảo thử",
      name_en: "Trial preliminary round",
      starts_on: null,
      ends_on: null,
      state: "open",
      method: "mean",
      criteria: JSON.stringify(DEFAULT_CRITERIA),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const roundId = Number(round.id);
  await db
    .insertInto("judge_assignments")
    .values({
      round_id: roundId,
      judge_id: judgeId,
      category_id: seeded.categoryId,
      entry_id: null,
      created_at: at,
    })
    .execute();
  await db
    .insertInto("scores")
    .values({
      round_id: roundId,
      entry_id: seeded.ids[0]!,
      judge_id: judgeId,
      scores: JSON.stringify(Object.fromEntries(DEFAULT_CRITERIA.map((c) => [c.key, 7]))),
      total: 7,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return roundId;
}

/** The text of a table's row header cell and the next cell, e.g. ["01/09", "3"]. */
function rowOf(html: string, caption: string, label: string): string | null {
  const table = html.split(`<caption>${caption}</caption>`)[1]?.split("</table>")[0] ?? "";
  const row = new RegExp(`<th scope="row">${label}</th><td[^>]*>([^<]*)</td>`).exec(table);
  return row?.[1] ?? null;
}

describe("the back-office dashboard over HTTP", () => {
  it("renders the season's figures with every chart's table, for admin and for editor", async () => {
    // The demo data may hold entries of its own: compare with the page before these.
    const before = (await page("/quan-tri", "admin")).body;
    const onFirstSeptember = Number(rowOf(before, "Lượt nộp bài theo ngày", "01/09") ?? 0);
    await seedEntries(["submitted", "submitted", "paid", "draft"]);
    for (const who of ["admin", "editor"] as const) {
      const response = await page("/quan-tri", who);
      expect(response.statusCode, who).toBe(200);
      const html = response.body;
      for (const caption of [
        "Bài dự thi theo trạng thái",
        "Lượt nộp bài theo ngày",
        "Lượt đăng ký thí sinh theo ngày",
        "Bài đã nộp theo bảng thi",
        "Bài đã nộp theo hạng mục",
        "Bài đã nộp theo đối tượng dự thi",
      ]) {
        expect(html, `${who}: ${caption}`).toContain(`<caption>${caption}</caption>`);
      }
      expect(rowOf(html, "Lượt nộp bài theo ngày", "01/09")).toBe(String(onFirstSeptember + 3));
      expect(rowOf(html, "Bài dự thi theo trạng thái", "Bản nháp")).not.toBeNull();
      expect(html).toContain('role="img"');
    }
    const english = await page("/en/quan-tri", "admin");
    expect(english.body).toContain("<caption>Submissions per day</caption>");
  });

  it("shows money (fees, payments) only to the roles that open payments, page and data alike", async () => {
    await seedEntries(["submitted", "paid"]);
    const money = ["Lệ phí", "Số ước tính cho đến khi có dữ liệu thanh toán", "Đã thu", "₫"];
    const moneyKeys = ["collectedVnd", "dueVnd", "pendingVnd", "collectedEntries"];
    for (const who of ["admin", "finance", "editor", "jury_manager"] as const) {
      const html = (await page("/quan-tri", who)).body;
      // The loaders' answer a client-side navigation fetches, besides the one inside the HTML.
      const data = await page("/quan-tri.data", who);
      expect(data.statusCode, who).toBe(200);
      expect(html, who).toContain("<caption>Lượt nộp bài theo ngày</caption>");
      if (who === "admin" || who === "finance") {
        for (const text of money) expect(html, `${who}: ${text}`).toContain(text);
        for (const key of moneyKeys) expect(data.body, `${who}: ${key}`).toContain(key);
      } else {
        for (const text of money) expect(html, `${who}: ${text}`).not.toContain(text);
        for (const key of moneyKeys) {
          expect(html, `${who}: ${key}`).not.toContain(key);
          expect(data.body, `${who}: ${key}`).not.toContain(key);
        }
      }
    }
  });

  it("shows one collected figure, the recorded one, once the season has payments", async () => {
    const { ids, seasonId } = await seedEntries(["paid"]);
    const owner = await office.db.kysely
      .selectFrom("entries")
      .select("owner_user_id")
      .where("id", "=", ids[0]!)
      .executeTakeFirstOrThrow();
    const at = TEST_NOW.toISOString();
    const paymentId = randomUUID();
    await office.db.kysely
      .insertInto("payments")
      .values({
        id: paymentId,
        reference: "VXP26DASH01",
        season_id: seasonId,
        owner_user_id: owner.owner_user_id,
        method: "vietqr",
        state: "paid",
        amount_vnd: 3_000_000,
        memo: "VXP26DASH01",
        gateway_ref: null,
        gateway_transaction: null,
        created_at: at,
        expires_at: at,
        paid_at: at,
        updated_at: at,
      })
      .execute();
    await office.db.kysely
      .insertInto("payment_entries")
      .values({ payment_id: paymentId, entry_id: ids[0]!, tier: "standard", fee_vnd: 3_000_000 })
      .execute();
    const html = (await page("/quan-tri", "finance")).body;
    expect(html).not.toContain("Số ước tính");
    expect(html.split("<dt>Đã thu</dt>")).toHaveLength(2);
  });

  it("shows each judging round's progress, linked to its page for roles that open judging", async () => {
    const before = await page("/quan-tri", "admin");
    expect(before.body).toContain("Chưa bắt đầu chấm giải.");
    const roundId = await seedRound(await seedEntries(["accepted", "accepted"]));
    const href = `href="/quan-tri/cham-giai/vong/${roundId}?year=2026"`;
    for (const who of ["admin", "jury_manager", "editor", "finance"] as const) {
      const html = (await page("/quan-tri", who)).body;
      expect(html, who).not.toContain("Chưa bắt đầu chấm giải.");
      expect(html, who).toContain("<caption>Tiến độ chấm theo vòng</caption>");
      expect(html, who).toContain("1. Vòng sơ khảo thử");
      expect(html, who).toContain("<td>Đang mở</td>");
      // The judge's two TVC entries, one scored.
      expect(html, who).toContain("1/2 phiếu (50%)");
      expect(html, who).toMatch(/<progress[^>]* value="1" max="2"/);
      if (who === "admin" || who === "jury_manager") expect(html, who).toContain(href);
      else expect(html, who).not.toContain("/quan-tri/cham-giai/vong/");
    }
    const english = (await page("/en/quan-tri", "admin")).body;
    expect(english).toContain("1. Trial preliminary round");
    expect(english).toContain("<td>Open</td>");
    expect(english).toContain("1 of 2 sheets (50%)");
    expect(english).toContain(`href="/en/quan-tri/cham-giai/vong/${roundId}?year=2026"`);
  });

  it("gives the submission deadline's hour when it does not end a day, the day alone when it does", async () => {
    const db = office.db.kysely;
    const season = await db
      .selectFrom("seasons")
      .select(["id", "submission_closes_at"])
      .where("year", "=", 2026)
      .executeTakeFirstOrThrow();
    const deadlineOf = async () =>
      /<dt>Hạn nộp bài<\/dt><dd>([^<]*)<\/dd>/.exec((await page("/quan-tri", "admin")).body)?.[1];
    try {
      // 31/12/2026 17:00 in Vietnam.
      await db
        .updateTable("seasons")
        .set({ submission_closes_at: "2026-12-31T10:00:00.000Z" })
        .where("id", "=", season.id)
        .execute();
      expect(await deadlineOf()).toBe("31/12/2026 17:00");
      await db
        .updateTable("seasons")
        .set({ submission_closes_at: "2026-12-31T16:59:59.999Z" })
        .where("id", "=", season.id)
        .execute();
      expect(await deadlineOf()).toBe("31/12/2026");
      // A late deadline shows beside it, with its hour unless it ends a day too.
      expect((await page("/quan-tri", "admin")).body).not.toContain("Nhận bài muộn đến");
      await db
        .updateTable("seasons")
        .set({ late_deadline: "2027-01-07T10:00:00.000Z" })
        .where("id", "=", season.id)
        .execute();
      expect((await page("/quan-tri", "admin")).body).toContain(
        "<dt>Nhận bài muộn đến</dt><dd>07/01/2027 17:00</dd>",
      );
      expect((await page("/en/quan-tri", "admin")).body).toContain(
        "<dt>Late entries until</dt><dd>07/01/2027 17:00</dd>",
      );
    } finally {
      await db
        .updateTable("seasons")
        .set({ submission_closes_at: season.submission_closes_at, late_deadline: null })
        .where("id", "=", season.id)
        .execute();
    }
  });

  it("shows an earlier season without entries as empty, and is closed to entrants", async () => {
    const empty = await page("/quan-tri?season=2023", "finance");
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain("Mùa giải 2023 chưa có bài dự thi nào.");
    const entrant = await page("/quan-tri", "entrant");
    expect(entrant.statusCode).not.toBe(200);
  });

  it("keeps the chart library out of every page's first download", () => {
    const { build, clientDir } = office.started.bundle;
    const assets = path.join(clientDir, "assets");
    const chartChunks = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => readFileSync(path.join(assets, file), "utf8").includes("recharts-"))
      .map((file) => `/assets/${file}`);
    expect(chartChunks.length).toBeGreaterThan(0);
    const manifest = build.assets;
    const statics = [
      manifest.entry.module,
      ...manifest.entry.imports,
      ...Object.values(manifest.routes).flatMap((route) => [
        route?.module ?? "",
        ...(route?.imports ?? []),
      ]),
    ];
    for (const chunk of chartChunks) expect(statics).not.toContain(chunk);
  });
});

describe("the season lifecycle over HTTP", () => {
  it("creates 2027 from 2026 and makes it current, admin only", async () => {
    const form = {
      intent: "createNext",
      formKey: "next",
      fromYear: "2026",
      year: "2027",
      code: "VX27",
      nameVi: "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2027",
      nameEn: "Van Xuan Creative Advertising Awards 2027",
    };
    expect((await post("/quan-tri/mua-giai", "editor", form)).statusCode).toBe(403);
    const taken = await post("/quan-tri/mua-giai", "admin", { ...form, year: "2025" });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain("Đã có mùa giải của năm này.");
    expect(taken.body).toContain("Giải thưởng Sáng tạo Quảng cáo Vạn Xuân 2027");

    const created = await post("/quan-tri/mua-giai", "admin", form);
    expect(created.statusCode).toBe(302);
    expect(created.headers.location).toContain("year=2027");
    const seasonPage = await page("/quan-tri/mua-giai?year=2027", "admin");
    expect(seasonPage.body).toContain("Đặt mùa 2027 làm mùa giải hiện tại");

    expect(seasonPage.body).toContain('name="acknowledgeOpen"');
    const switchForm = { intent: "makeCurrent", formKey: "current", year: "2027" };
    // 2026 still takes entries: the switch needs the admin's acknowledgement.
    expect((await post("/quan-tri/mua-giai", "admin", switchForm)).statusCode).toBe(409);
    const made = await post("/quan-tri/mua-giai", "admin", {
      ...switchForm,
      acknowledgeOpen: "on",
    });
    expect(made.statusCode).toBe(302);
    const stored = await office.db.kysely
      .selectFrom("site_settings")
      .select("value")
      .where("key", "=", "currentSeasonYear")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toBe(2027);
  });
});
