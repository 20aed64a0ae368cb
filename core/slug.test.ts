import { describe, expect, it } from "vitest";
import { articleSegment, parseArticleSegment, slugify } from "./slug";

describe("slugify", () => {
  it("drops Vietnamese marks and joins words", () => {
    expect(slugify("Mở cổng nhận bài dự thi mùa 2026")).toBe("mo-cong-nhan-bai-du-thi-mua-2026");
    expect(slugify("Đêm trao giải: Đà Nẵng!")).toBe("dem-trao-giai-da-nang");
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
