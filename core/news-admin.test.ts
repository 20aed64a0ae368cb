import { describe, expect, it } from "vitest";
import { newsFormSchema, statusAfter } from "./news-admin";

describe("news form rules", () => {
  it("reads publication times in Vietnam time (UTC+7), typed or from an older form", () => {
    const publishedAt = (value: string) =>
      newsFormSchema.safeParse({ titleVi: "a", slugVi: "a", publishedAt: value });
    expect(publishedAt("02/09/2026 10:00").data?.publishedAt).toBe("2026-09-02T03:00:00.000Z");
    expect(publishedAt("1/1/2026 05:30").data?.publishedAt).toBe("2025-12-31T22:30:00.000Z");
    expect(publishedAt("2026-09-02T10:00").data?.publishedAt).toBe("2026-09-02T03:00:00.000Z");
    expect(publishedAt("").data?.publishedAt).toBeNull();
    expect(publishedAt("31/02/2026 10:00").error?.issues[0]?.message).toBe("validation.noSuchDay");
    expect(publishedAt("02/09/2026 24:00").error?.issues[0]?.message).toBe("validation.noSuchTime");
    expect(publishedAt("sáng mai").error?.issues[0]?.message).toBe("validation.dateTime");
  });

  it("publishing with a future time schedules; unpublishing makes a draft", () => {
    const now = new Date("2026-09-01T03:00:00.000Z");
    expect(statusAfter("publish", "draft", "2026-09-02T03:00:00.000Z", now)).toBe("scheduled");
    expect(statusAfter("publish", "draft", null, now)).toBe("published");
    expect(statusAfter("publish", "draft", "2026-08-01T00:00:00.000Z", now)).toBe("published");
    expect(statusAfter("save", "draft", "2026-09-02T03:00:00.000Z", now)).toBe("draft");
    expect(statusAfter("save", "published", "2026-09-02T03:00:00.000Z", now)).toBe("scheduled");
    expect(statusAfter("unpublish", "published", null, now)).toBe("draft");
  });

  it("keeps titles as plain text and requires a valid Vietnamese slug", () => {
    const parsed = newsFormSchema.parse({
      titleVi: "  <b>Tin</b>\u0000  mới  ",
      slugVi: " Tin-Moi ",
      bodyVi: '[{"type":"html","html":"<script>"}]',
    });
    expect(parsed).toMatchObject({
      titleVi: "<b>Tin</b> mới",
      slugVi: "tin-moi",
      bodyVi: [],
      intent: "save",
    });
    const refused = newsFormSchema.safeParse({ titleVi: "", slugVi: "", bodyVi: "{not json" });
    expect(refused.success).toBe(false);
    const fields = refused.error!.issues.map(
      (issue) => `${String(issue.path[0])}:${issue.message}`,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        "titleVi:validation.required",
        "slugVi:validation.required",
        "bodyVi:adminNews.errors.body",
      ]),
    );
  });
});
