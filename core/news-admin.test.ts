import { describe, expect, it } from "vitest";
import { isoToVietnamLocal, newsFormSchema, statusAfter, vietnamLocalToIso } from "./news-admin";

describe("news form rules", () => {
  it("reads publication times in Vietnam time (UTC+7) and writes them back", () => {
    expect(vietnamLocalToIso("2026-09-02T10:00")).toBe("2026-09-02T03:00:00.000Z");
    expect(vietnamLocalToIso("2026-01-01T05:30")).toBe("2025-12-31T22:30:00.000Z");
    expect(isoToVietnamLocal("2025-12-31T22:30:00.000Z")).toBe("2026-01-01T05:30");
    for (const bad of ["2026-02-31T10:00", "02/09/2026 10:00", "2026-09-02", "1999-01-01T00:00"]) {
      expect(vietnamLocalToIso(bad), bad).toBeNull();
    }
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
