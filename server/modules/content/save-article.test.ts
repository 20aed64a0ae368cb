import { vietnameseSortKey } from "../../../core/search-text";
import { describe, expect, it } from "vitest";
import { parseNewsListQuery, newsFormSchema, type NewsFormValues } from "../../../core/news-admin";
import { blocksToText, rt } from "../../../core/rich-text";
import { testDatabases } from "../../test-support/databases";
import { contentTestBed, EDITOR as ACTOR, NOW } from "./test-bed";

// The news back office against a real database (SQLite, and PostgreSQL when configured):
// what the form action hands the service is parsed by the same core schema, so XSS payloads
// go through exactly the path a browser's post takes.

function form(values: Partial<NewsFormValues>) {
  return newsFormSchema.parse({
    titleVi: "Tin thử",
    slugVi: "tin-thu",
    bodyVi: JSON.stringify([rt.p("Nội dung")]),
    intent: "save",
    ...values,
  });
}

const XSS_BODY = JSON.stringify([
  { type: "html", html: "<script>alert(1)</script>" },
  { type: "heading", text: "<script>alert('h')</script>" },
  {
    type: "paragraph",
    children: [
      { type: "text", text: "<img src=x onerror=alert(1)>", onerror: "alert(1)" },
      { type: "link", text: "js", href: "javascript:alert(1)" },
      { type: "link", text: "js-entity", href: "jav&#x09;ascript:alert(1)" },
      {
        type: "link",
        text: "data",
        href: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      },
      { type: "link", text: "ok", href: "https://example.org/" },
    ],
  },
  {
    type: "image",
    src: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
    alt: "svg",
  },
  { type: "image", src: "javascript:alert(1)", alt: "js" },
  { type: "image", src: '/media/evil.svg" onerror="alert(1)', alt: "attr" },
  { type: "video", url: "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ" },
  { type: "paragraph", children: [{ type: "text", text: "ok", style: "x" }], onclick: "alert(1)" },
]);

describe.each(testDatabases())("news back office on $name", (target) => {
  describe.skipIf(!target.available)("service", () => {
    const bed = contentTestBed(target);

    it("stores XSS payloads as inert text or drops them (body, title, summary, cover)", async () => {
      const data = form({
        titleVi: "<script>alert('t')</script> Tiêu đề",
        summaryVi: "<img src=x onerror=alert(1)>",
        slugVi: "xss-thu",
        bodyVi: XSS_BODY,
        bodyEn: XSS_BODY,
        intent: "publish",
      });
      const saved = await bed.services.news.save(ACTOR, null, data);
      expect(saved).toMatchObject({ ok: true, status: "published" });
      if (!saved.ok) return;
      const row = await bed.db.kysely
        .selectFrom("news_articles")
        .selectAll()
        .where("id", "=", saved.id)
        .executeTakeFirstOrThrow();
      const body = JSON.parse(row.body_vi) as unknown[];
      expect(body).toEqual([
        { type: "heading", text: "<script>alert('h')</script>" },
        {
          type: "paragraph",
          children: [
            { type: "text", text: "<img src=x onerror=alert(1)>" },
            { type: "text", text: "js" },
            { type: "text", text: "js-entity" },
            { type: "text", text: "data" },
            { type: "link", text: "ok", href: "https://example.org/" },
          ],
        },
        { type: "paragraph", children: [{ type: "text", text: "ok" }] },
      ]);
      expect(row.body_en).toBe(row.body_vi);
      expect(row.body_vi).not.toMatch(/javascript:|data:|onerror"|onload|onclick|"html"/);
      // Titles are plain text: stored as typed, rendered escaped by React.
      expect(row.title_vi).toBe("<script>alert('t')</script> Tiêu đề");
      // A cover image must be a same-site path.
      for (const cover of [
        "javascript:alert(1)",
        "data:image/svg+xml,<svg/>",
        "//evil.example/a.png",
        "https://evil.example/a.png",
      ]) {
        expect(
          newsFormSchema.safeParse({ titleVi: "a", slugVi: "a", coverImage: cover }).success,
        ).toBe(false);
      }
      const article = await bed.services.content.article(saved.id, "vi");
      expect(blocksToText(article!.body)).not.toContain("javascript");
    });

    it("keeps slugs unique per language and validates their shape", async () => {
      const first = await bed.services.news.save(
        ACTOR,
        null,
        form({ slugVi: "trung-slug", slugEn: "same-slug" }),
      );
      expect(first.ok).toBe(true);
      const second = await bed.services.news.save(
        ACTOR,
        null,
        form({ slugVi: "trung-slug", slugEn: "same-slug" }),
      );
      expect(second).toEqual({
        ok: false,
        status: 409,
        fieldErrors: { slugVi: "adminNews.errors.slugTaken", slugEn: "adminNews.errors.slugTaken" },
      });
      for (const slug of ["Có Dấu", "a--b", "-a", "a_b", "a/b", "x".repeat(81)]) {
        const result = newsFormSchema.safeParse({ titleVi: "a", slugVi: slug });
        expect(result.success, slug).toBe(false);
      }
      // Saving an article with its own slug is fine.
      if (first.ok) {
        expect(
          (
            await bed.services.news.save(
              ACTOR,
              first.id,
              form({ slugVi: "trung-slug", slugEn: "same-slug" }),
            )
          ).ok,
        ).toBe(true);
      }
    });

    it("remembers old slugs so old URLs resolve to the article", async () => {
      const created = await bed.services.news.save(
        ACTOR,
        null,
        form({ slugVi: "ten-cu", titleEn: "Old", slugEn: "old-name", intent: "publish" }),
      );
      if (!created.ok) throw new Error("not saved");
      const renamed = await bed.services.news.save(
        ACTOR,
        created.id,
        form({ slugVi: "ten-moi", titleEn: "New", slugEn: "new-name" }),
      );
      expect(renamed.ok).toBe(true);
      expect(await bed.services.news.idForSlug("ten-cu", "vi")).toBe(created.id);
      expect(await bed.services.news.idForSlug("ten-moi", "vi")).toBe(created.id);
      expect(await bed.services.news.idForSlug("old-name", "en")).toBe(created.id);
      expect(await bed.services.news.idForSlug("new-name", "en")).toBe(created.id);
      expect(await bed.services.news.idForSlug("khong-co", "vi")).toBeNull();
      expect(await bed.services.news.oldSlugs(created.id)).toEqual(
        expect.arrayContaining([
          { lang: "vi", slug: "ten-cu" },
          { lang: "en", slug: "old-name" },
        ]),
      );
      const article = await bed.services.content.article(created.id, "en");
      expect(article?.slugs).toEqual({ vi: "ten-moi", en: "new-name" });
      // Renaming back drops the history row that now is the current slug.
      await bed.services.news.save(
        ACTOR,
        created.id,
        form({ slugVi: "ten-cu", titleEn: "New", slugEn: "new-name" }),
      );
      expect(await bed.services.news.oldSlugs(created.id)).toContainEqual({
        lang: "vi",
        slug: "ten-moi",
      });
      expect(await bed.services.news.oldSlugs(created.id)).not.toContainEqual({
        lang: "vi",
        slug: "ten-cu",
      });
    });

    it("schedules an article in the future: hidden (list, page, sitemap) until its time", async () => {
      const saved = await bed.services.news.save(
        ACTOR,
        null,
        form({
          titleVi: "Bài hẹn giờ",
          slugVi: "bai-hen-gio",
          // 10:00 Vietnam time on 2 September = 03:00 UTC.
          publishedAt: "2026-09-02T10:00",
          intent: "publish",
        }),
      );
      expect(saved).toMatchObject({ ok: true, status: "scheduled" });
      if (!saved.ok) return;
      const stored = await bed.services.news.get(saved.id);
      expect(stored?.publishedAt).toBe("2026-09-02T03:00:00.000Z");
      const visibleIds = async () => {
        const first = await bed.services.content.news("vi", 1);
        const sitemap = await bed.services.content.sitemapNews();
        return {
          list: first.items.map((i) => i.id),
          sitemap: sitemap.map((i) => i.id),
          article: (await bed.services.content.article(saved.id, "vi"))?.id ?? null,
        };
      };
      expect(await visibleIds()).toMatchObject({ article: null });
      expect((await visibleIds()).list).not.toContain(saved.id);
      expect((await visibleIds()).sitemap).not.toContain(saved.id);
      // The staff preview shows it anyway.
      expect((await bed.services.news.preview(saved.id, "vi"))?.article.title).toBe("Bài hẹn giờ");

      bed.now = new Date("2026-09-02T03:00:00.000Z");
      const after = await visibleIds();
      expect(after.article).toBe(saved.id);
      expect(after.list[0]).toBe(saved.id);
      expect(after.sitemap).toContain(saved.id);
      expect((await bed.services.news.get(saved.id))?.status).toBe("published");
      bed.now = NOW;
    });

    it("lists only published items in the sitemap: drafts and unpublished articles are left out", async () => {
      const draft = await bed.services.news.save(ACTOR, null, form({ slugVi: "ban-nhap-moi" }));
      const published = await bed.services.news.save(
        ACTOR,
        null,
        form({ slugVi: "da-dang", intent: "publish" }),
      );
      if (!draft.ok || !published.ok) throw new Error("not saved");
      let ids = (await bed.services.content.sitemapNews()).map((i) => i.id);
      expect(ids).toContain(published.id);
      expect(ids).not.toContain(draft.id);
      await bed.services.news.save(
        ACTOR,
        published.id,
        form({ slugVi: "da-dang", intent: "unpublish" }),
      );
      ids = (await bed.services.content.sitemapNews()).map((i) => i.id);
      expect(ids).not.toContain(published.id);
      expect(await bed.services.content.article(published.id, "vi")).toBeNull();
    });

    it("audits every write and clears the HTML cache", async () => {
      const before = bed.changes;
      const saved = await bed.services.news.save(
        ACTOR,
        null,
        form({ slugVi: "kiem-toan", titleVi: "Kiểm toán" }),
      );
      if (!saved.ok) throw new Error("not saved");
      await bed.services.news.save(
        ACTOR,
        saved.id,
        form({ slugVi: "kiem-toan", intent: "publish" }),
      );
      await bed.services.news.remove(ACTOR, saved.id);
      expect(bed.changes - before).toBe(3);
      const log = await bed.services.audit.list({ targetType: "news", pageSize: 200 });
      const mine = log.items.filter((e) => e.targetId === String(saved.id)).map((e) => e.action);
      expect(mine.sort()).toEqual(["news.create", "news.delete", "news.publish"]);
      const entry = log.items.find(
        (e) => e.action === "news.create" && e.targetId === String(saved.id),
      );
      expect(entry).toMatchObject({ actorEmail: ACTOR.email, ip: ACTOR.ip });
      expect(await bed.services.news.get(saved.id)).toBeNull();
    });

    it("pages, searches, filters and sorts the back-office list on the server", async () => {
      const all = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams("pageSize=10")),
      );
      expect(all.items).toHaveLength(10);
      expect(all.total).toBeGreaterThan(15);
      expect(all.pageCount).toBe(Math.ceil(all.total / 10));
      const last = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams(`pageSize=10&page=999`)),
      );
      expect(last.page).toBe(all.pageCount);
      const search = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams("q=HẸN GIỜ")),
      );
      expect(search.items.map((i) => i.titleVi)).toContain("Bài hẹn giờ");
      // LIKE wildcards are taken literally.
      expect(
        (await bed.services.news.list(parseNewsListQuery(new URLSearchParams("q=%25")))).total,
      ).toBe(0);
      const drafts = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams("status=draft&pageSize=100")),
      );
      expect(drafts.items.length).toBeGreaterThan(0);
      expect(drafts.items.every((i) => i.status === "draft")).toBe(true);
      const scheduled = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams("status=scheduled&pageSize=100")),
      );
      expect(scheduled.items.every((i) => i.status === "scheduled")).toBe(true);
      const byTitle = await bed.services.news.list(
        parseNewsListQuery(new URLSearchParams("sort=title&dir=asc&pageSize=100")),
      );
      const titles = byTitle.items.map((i) => i.titleVi);
      // Vietnamese alphabetical order (đ after d, "Bài" before "Ban"), then as written.
      const key = (title: string) => [vietnameseSortKey(title), title] as const;
      const compare = (a: string, b: string) => {
        const [ka, kb] = [key(a), key(b)];
        return ka[0] < kb[0] ? -1 : ka[0] > kb[0] ? 1 : ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0;
      };
      expect(titles).toEqual([...titles].sort(compare));
      // An unknown sort column falls back to the default (never reaches SQL).
      const evil = parseNewsListQuery(
        new URLSearchParams("sort=id;drop table news_articles&dir=sideways"),
      );
      expect(evil).toMatchObject({ sort: "updated", dir: "desc" });
    });
  });
});
