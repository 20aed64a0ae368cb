import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsFormSchema } from "../core/news-admin";
import { rt } from "../core/rich-text";
import type { App } from "./app";
import { startTestApp, type TestApp } from "./test-support/app";
import { browserRequest } from "./test-support/http";
import { signInEveryRole, TEST_ORIGIN, WHO, type Who } from "./test-support/sign-in";

// The news back office as a browser meets it (the production build, a real server, SQLite):
// who may open and post to each news route, the save → public page path with XSS payloads,
// old-slug redirects, the sitemap, and the HTML cache after a publish. The same service runs
// against PostgreSQL in server/modules/content/save-article.test.ts.

const NOW = new Date("2026-09-01T03:00:00.000Z");

let started: TestApp | undefined;
let app: App;
const cookies = new Map<Who, string>();
/** An existing article (the demo data of startTestApp has no news). */
let existingId = 0;

function request(
  method: "GET" | "POST",
  url: string,
  who: Who,
  form?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return browserRequest(app, method, url, {
    cookie: cookies.get(who),
    headers: { origin: TEST_ORIGIN },
    ...(form ? { form } : {}),
  });
}

function article(values: Record<string, string>): Record<string, string> {
  return {
    titleVi: "Bài kiểm thử",
    titleEn: "",
    summaryVi: "",
    summaryEn: "",
    slugVi: "bai-kiem-thu",
    slugEn: "",
    bodyVi: JSON.stringify([rt.p("Xin chào")]),
    bodyEn: "[]",
    coverImage: "",
    publishedAt: "",
    intent: "save",
    ...values,
  };
}

/** The id in `/quan-tri/noi-dung/tin-tuc/{id}?notice=…` after a save. */
function savedId(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(302);
  const match = /\/quan-tri\/noi-dung\/tin-tuc\/(\d+)\?notice=/.exec(
    String(response.headers.location),
  );
  expect(match).not.toBeNull();
  return Number(match![1]);
}

beforeAll(async () => {
  started = await startTestApp({ HTML_CACHE_SECONDS: "60", PUBLIC_URL: TEST_ORIGIN }, NOW);
  ({ app } = started);
  const signedIn = await signInEveryRole(app, {
    staffEmail: (role) => `news-${role.replace("_", "-")}@vanxuan-awards.example`,
    entrant: {
      email: "news-entrant@example.vn",
      fullName: "Lê Văn Thí Sinh",
      address: "2 Tràng Tiền, Hà Nội",
    },
  });
  for (const [who, cookie] of signedIn) cookies.set(who, cookie);
  const saved = await app.services.news.save(
    { id: "seed", email: "seed@vanxuan-awards.example" },
    null,
    newsFormSchema.parse(article({ slugVi: "bai-co-san", intent: "publish" })),
  );
  if (!saved.ok) throw new Error("seed article not saved");
  existingId = saved.id;
}, 240_000);

afterAll(async () => {
  await started?.close();
});

describe("news back office access", () => {
  const pages = [
    "/quan-tri/noi-dung",
    "/quan-tri/noi-dung/tin-tuc",
    "/quan-tri/noi-dung/tin-tuc?q=giai&status=published&sort=title&dir=asc&page=2&pageSize=10",
    "/quan-tri/noi-dung/tin-tuc/moi",
    "/quan-tri/noi-dung/tin-tuc/{id}",
    "/quan-tri/noi-dung/tin-tuc/{id}/xem-truoc",
    "/en/quan-tri/noi-dung/tin-tuc/{id}/xem-truoc",
  ];

  it.each(pages)(
    "GET %s: editor and admin in, other roles 403, visitors to sign in",
    async (path) => {
      const url = path.replace("{id}", String(existingId));
      for (const who of WHO) {
        const response = await request("GET", url, who);
        const outcome = `${who} → ${response.statusCode}`;
        if (who === "visitor") {
          expect(response.statusCode, outcome).toBe(302);
          expect(String(response.headers.location)).toMatch(/\/quan-tri\/dang-nhap\?next=/);
        } else if (who === "editor" || who === "admin") {
          expect(response.statusCode, outcome).toBe(200);
          expect(response.body).toContain('name="robots" content="noindex');
        } else {
          expect(response.statusCode, outcome).toBe(403);
        }
      }
    },
  );

  it("refuses every write (create, update, delete) from entrants, finance and jury managers", async () => {
    const before = await started!.db.kysely
      .selectFrom("news_articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const original = await app.services.news.get(existingId);
    expect(original).not.toBeNull();
    for (const who of ["entrant", "finance", "jury_manager"] as const) {
      const create = await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        who,
        article({ slugVi: `tu-${who.replace("_", "-")}` }),
      );
      expect(create.statusCode, `${who} create`).toBe(403);
      const update = await request(
        "POST",
        `/quan-tri/noi-dung/tin-tuc/${existingId}`,
        who,
        article({ titleVi: "Đã bị sửa" }),
      );
      expect(update.statusCode, `${who} update`).toBe(403);
      const remove = await request("POST", `/quan-tri/noi-dung/tin-tuc/${existingId}`, who, {
        intent: "delete",
      });
      expect(remove.statusCode, `${who} delete`).toBe(403);
    }
    const visitor = await request("POST", "/quan-tri/noi-dung/tin-tuc/moi", "visitor", article({}));
    expect(visitor.statusCode).toBe(302);
    const after = await started!.db.kysely
      .selectFrom("news_articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await app.services.news.get(existingId)).toEqual(original);
  });

  it("lets an editor create, and refuses an invalid form keeping what was typed", async () => {
    const refused = await request(
      "POST",
      "/quan-tri/noi-dung/tin-tuc/moi",
      "editor",
      article({ titleVi: "Giữ lại nội dung đã gõ", slugVi: "Có Dấu Không Hợp Lệ" }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Giữ lại nội dung đã gõ");
    const id = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({ slugVi: "bien-tap-vien-viet" }),
      ),
    );
    expect((await app.services.news.get(id))?.status).toBe("draft");
    const page = await request(
      "GET",
      `/quan-tri/noi-dung/tin-tuc/${id}?notice=adminNews.notices.created`,
      "editor",
    );
    expect(page.body).toContain("Đã tạo bài viết.");
    // And delete it (the confirm button posts intent=delete).
    const removed = await request("POST", `/quan-tri/noi-dung/tin-tuc/${id}`, "editor", {
      intent: "delete",
    });
    expect(removed.statusCode).toBe(302);
    expect(removed.headers.location).toBe(
      "/quan-tri/noi-dung/tin-tuc?notice=adminNews.notices.deleted",
    );
    expect(await app.services.news.get(id)).toBeNull();
    const log = await app.services.audit.list({ targetType: "news", pageSize: 200 });
    expect(
      log.items.filter((e) => e.targetId === String(id)).map((e) => [e.action, e.actorEmail]),
    ).toEqual([
      ["news.delete", "news-editor@vanxuan-awards.example"],
      ["news.create", "news-editor@vanxuan-awards.example"],
    ]);
  });
});

describe("from the editor's save to the public page", () => {
  it("renders XSS payloads inert on the public article (vi and en)", async () => {
    const payloadBody = JSON.stringify([
      { type: "heading", text: "<script>window.__xss=1</script>" },
      {
        type: "paragraph",
        children: [
          { type: "text", text: '<img src=x onerror="window.__xss=2">' },
          { type: "link", text: "bấm vào", href: "javascript:window.__xss=3" },
          { type: "link", text: "svg", href: "data:image/svg+xml,<svg onload=alert(1)>" },
        ],
      },
      {
        type: "image",
        src: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
        alt: "x",
      },
      { type: "image", src: '/media/a.png" onerror="alert(1)', alt: "y" },
      { type: "html", html: "<iframe src=javascript:alert(1)>" },
    ]);
    const id = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({
          titleVi: '<script>window.__xss="title"</script>Tin <b>đậm</b>',
          titleEn: "<svg onload=alert(1)>",
          summaryVi: '"><img src=x onerror=alert(1)>',
          slugVi: "xss-cong-khai",
          slugEn: "xss-public",
          bodyVi: payloadBody,
          bodyEn: payloadBody,
          intent: "publish",
        }),
      ),
    );
    for (const url of [
      `/tin-tuc-cuoc-thi/xss-cong-khai-${id}`,
      `/en/tin-tuc-cuoc-thi/xss-public-${id}`,
    ]) {
      const response = await request("GET", url, "visitor");
      expect(response.statusCode, url).toBe(200);
      const html = response.body;
      expect(html).not.toContain("<script>window.__xss");
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/<svg[^>]*onload/i);
      expect(html).not.toMatch(/href="\s*(javascript|data):/i);
      expect(html).not.toMatch(/src="\s*(javascript|data):/i);
      expect(html).not.toContain("<iframe");
      // The text is there, escaped.
      expect(html).toContain("&lt;script&gt;window.__xss=1&lt;/script&gt;");
    }
  });

  it("redirects old slugs (with or without the id) to the current URL with 301", async () => {
    const id = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({
          titleVi: "Đổi đường dẫn",
          slugVi: "duong-dan-cu",
          titleEn: "Slug",
          slugEn: "old-slug",
          intent: "publish",
        }),
      ),
    );
    expect(
      savedId(
        await request(
          "POST",
          `/quan-tri/noi-dung/tin-tuc/${id}`,
          "editor",
          article({
            titleVi: "Đổi đường dẫn",
            slugVi: "duong-dan-moi",
            titleEn: "Slug",
            slugEn: "new-slug",
            intent: "save",
          }),
        ),
      ),
    ).toBe(id);
    const cases = [
      [`/tin-tuc-cuoc-thi/duong-dan-cu-${id}`, `/tin-tuc-cuoc-thi/duong-dan-moi-${id}`],
      ["/tin-tuc-cuoc-thi/duong-dan-cu", `/tin-tuc-cuoc-thi/duong-dan-moi-${id}`],
      ["/tin-tuc-cuoc-thi/duong-dan-moi", `/tin-tuc-cuoc-thi/duong-dan-moi-${id}`],
      ["/en/tin-tuc-cuoc-thi/old-slug", `/en/tin-tuc-cuoc-thi/new-slug-${id}`],
      [`/en/tin-tuc-cuoc-thi/old-slug-${id}`, `/en/tin-tuc-cuoc-thi/new-slug-${id}`],
    ];
    for (const [from, to] of cases) {
      const response = await request("GET", from!, "visitor");
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
    expect(
      (await request("GET", `/tin-tuc-cuoc-thi/duong-dan-moi-${id}`, "visitor")).statusCode,
    ).toBe(200);
    // An unknown slug is a "not found" page leading back to the list.
    const unknown = await request("GET", "/tin-tuc-cuoc-thi/khong-ton-tai", "visitor");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('href="/tin-tuc-cuoc-thi"');
  });

  it("publishes through the cache: the list and sitemap show it on the next request; drafts stay out", async () => {
    const listBefore = await request("GET", "/tin-tuc-cuoc-thi", "visitor");
    expect(listBefore.statusCode).toBe(200);
    // A cached copy exists now (HTML_CACHE_SECONDS=60).
    const draftId = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({ titleVi: "Bản nháp bí mật", slugVi: "ban-nhap-bi-mat" }),
      ),
    );
    const id = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({ titleVi: "Tin vừa xuất bản", slugVi: "tin-vua-xuat-ban", intent: "publish" }),
      ),
    );
    const list = await request("GET", "/tin-tuc-cuoc-thi", "visitor");
    expect(list.body).toContain("Tin vừa xuất bản");
    expect(list.body).not.toContain("Bản nháp bí mật");
    const sitemap = await request("GET", "/sitemap.xml", "visitor");
    expect(sitemap.body).toContain(`/tin-tuc-cuoc-thi/tin-vua-xuat-ban-${id}`);
    expect(sitemap.body).not.toContain(`ban-nhap-bi-mat-${draftId}`);
    // A draft's public URL is not found; its staff preview renders it, never indexed.
    expect(
      (await request("GET", `/tin-tuc-cuoc-thi/ban-nhap-bi-mat-${draftId}`, "visitor")).statusCode,
    ).toBe(404);
    const preview = await request(
      "GET",
      `/quan-tri/noi-dung/tin-tuc/${draftId}/xem-truoc`,
      "editor",
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain("Bản nháp bí mật");
    expect(preview.headers["x-robots-tag"]).toMatch(/noindex/);
    // Scheduled for later: hidden until its time.
    const scheduled = savedId(
      await request(
        "POST",
        "/quan-tri/noi-dung/tin-tuc/moi",
        "editor",
        article({
          titleVi: "Tin hẹn giờ",
          slugVi: "tin-hen-gio",
          publishedAt: "2026-12-01T09:00",
          intent: "publish",
        }),
      ),
    );
    expect((await app.services.news.get(scheduled))?.status).toBe("scheduled");
    // Staff see when it goes out, to the minute, on its page and in the list.
    const editPage = await request("GET", `/quan-tri/noi-dung/tin-tuc/${scheduled}`, "editor");
    expect(editPage.body).toMatch(/Đã lên lịch(<!-- -->)? · 01\/12\/2026 09:00/);
    const scheduledList = await request("GET", "/quan-tri/noi-dung/tin-tuc", "editor");
    expect(scheduledList.body).toMatch(/<time dateTime="[^"]+">01\/12\/2026 09:00<\/time>/);
    expect((await request("GET", "/tin-tuc-cuoc-thi", "visitor")).body).not.toContain(
      "Tin hẹn giờ",
    );
    expect((await request("GET", "/sitemap.xml", "visitor")).body).not.toContain(
      `tin-hen-gio-${scheduled}`,
    );
    expect(
      (await request("GET", `/tin-tuc-cuoc-thi/tin-hen-gio-${scheduled}`, "visitor")).statusCode,
    ).toBe(404);
    // Taken down after it was public: its old link is not found either.
    const published = `/tin-tuc-cuoc-thi/tin-vua-xuat-ban-${id}`;
    expect((await request("GET", published, "visitor")).statusCode).toBe(200);
    await request(
      "POST",
      `/quan-tri/noi-dung/tin-tuc/${id}`,
      "editor",
      article({ titleVi: "Tin vừa xuất bản", slugVi: "tin-vua-xuat-ban", intent: "unpublish" }),
    );
    expect((await app.services.news.get(id))?.status).toBe("draft");
    expect((await request("GET", published, "visitor")).statusCode).toBe(404);
  });
});
