import { describe, expect, it } from "vitest";
import { articleSegment, parseArticleSegment, slugify } from "./slug";

describe("slugify", () => {
  it("drops Vietnamese marks and joins words", () => {
    expect(slugify("Mở cổng nhận bài dự thi mùa 2026")).toBe("mo-cong-nhan-bai-du-thi-mua-2026");
    expect(slugify("Đêm trao giải: Đà Nẵng!")).toBe("dem-trao-giai-da-nang");
  });

  it("shortens a long title at a word's end, never inside a word", () => {
    const title =
      "Thông báo: Lễ trao giải Vạn Xuân 2025 — “Sáng tạo vì cộng đồng” & những điều cần biết trước khi đến";
    const slug = slugify(title, 80);
    expect(slug).toBe(
      "thong-bao-le-trao-giai-van-xuan-2025-sang-tao-vi-cong-dong-nhung-dieu-can-biet",
    );
    expect(slugify("Đêm trao giải lớn", 16)).toBe("dem-trao-giai");
    // Exactly at a word's end: the whole word stays.
    expect(slugify("Đêm trao giải lớn", 13)).toBe("dem-trao-giai");
    // One word longer than the limit is cut.
    expect(slugify("Siêuuuuuuuuuudài", 8)).toBe("sieuuuuu");
  });
});

describe("article segments", () => {
  it("round-trips slug and id", () => {
    expect(parseArticleSegment(articleSegment("le-trao-giai", 12))).toEqual({
      slug: "le-trao-giai",
      id: 12,
    });
    expect(parseArticleSegment("7")).toEqual({ slug: "", id: 7 });
  });

  it("refuses segments without an id", () => {
    expect(parseArticleSegment("le-trao-giai")).toBeNull();
    expect(parseArticleSegment("abc-0")).toBeNull();
  });
});
