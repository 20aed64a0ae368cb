import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsFormSchema } from "../core/news-admin";
import { rt } from "../core/rich-text";
import { startTestApp, type TestApp } from "./test-support/app";

// Anonymous pages are cached (here for an hour), yet a page that changes with time alone is
// never served stale: once registration closes, or a scheduled article's time comes, the pages
// rendered before are rendered again — on the app's clock, with no edit in between.

const START = new Date("2026-09-01T03:00:00.000Z");
const CLOSES = new Date(START.getTime() + 60_000);

let now = START;
let started: TestApp;

beforeAll(async () => {
  started = await startTestApp({ HTML_CACHE_SECONDS: "3600" }, START, {
    clock: () => now,
    beforeStart: async (db) => {
      await db.kysely
        .updateTable("seasons")
        .set({ registration_closes_at: CLOSES.toISOString() })
        .where("year", "=", 2026)
        .execute();
    },
  });
}, 120_000);

afterAll(async () => started?.close());

const visit = async (url: string) => {
  const response = await started.app.fastify.inject({
    method: "GET",
    url,
    headers: { host: "localhost" },
  });
  expect(response.statusCode, url).toBe(200);
  return { cache: response.headers["x-html-cache"], body: response.body };
};

describe("the anonymous page cache and time", () => {
  it("serves the registration form until registration closes, then the closed page", async () => {
    const first = await visit("/dang-ky-du-thi");
    expect(first.body).not.toContain("đã kết thúc");
    expect((await visit("/dang-ky-du-thi")).cache).toBe("hit");

    now = new Date(CLOSES.getTime() - 1);
    expect((await visit("/dang-ky-du-thi")).cache).toBe("hit");

    now = CLOSES;
    const closed = await visit("/dang-ky-du-thi");
    expect(closed.cache).toBe("miss");
    expect(closed.body).toContain("Đăng ký dự thi mùa giải 2026 đã kết thúc");
    expect((await visit("/dang-ky-du-thi")).cache).toBe("hit");
  });

  it("shows a scheduled article once its time comes, the moment read after it was saved", async () => {
    const publishAt = new Date(now.getTime() + 120_000);
    const list = "/tin-tuc-cuoc-thi";
    await visit(list);
    expect((await visit(list)).cache).toBe("hit");
    const saved = await started.app.services.news.save(
      { id: "staff", email: "editor@example.vn" },
      null,
      newsFormSchema.parse({
        titleVi: "Tin hẹn giờ theo đồng hồ",
        titleEn: "",
        summaryVi: "",
        summaryEn: "",
        slugVi: "tin-hen-gio-theo-dong-ho",
        slugEn: "",
        bodyVi: JSON.stringify([rt.p("Xin chào")]),
        bodyEn: "[]",
        coverImage: "",
        // Vietnam time: seven hours ahead of UTC.
        publishedAt: new Date(publishAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 16),
        intent: "publish",
      }),
    );
    expect(saved).toMatchObject({ ok: true });
    // The save cleared the cache; the page rendered now does not show the article yet.
    const before = await visit(list);
    expect(before.body).not.toContain("Tin hẹn giờ theo đồng hồ");
    expect((await visit(list)).cache).toBe("hit");

    now = publishAt;
    const after = await visit(list);
    expect(after.cache).toBe("miss");
    expect(after.body).toContain("Tin hẹn giờ theo đồng hồ");
  });
});
