import { describe, expect, it } from "vitest";
import { foldedLikePattern, foldForSearch } from "./search-text";

describe("foldForSearch", () => {
  it("folds Vietnamese marks, đ and case both ways", () => {
    expect(foldForSearch("Quảng Cáo")).toBe("quang cao");
    expect(foldForSearch("ĐÔNG Á")).toBe("dong a");
    expect(foldForSearch("giám khảo")).toBe(foldForSearch("GIAM KHAO"));
    expect(foldForSearch("Nguyễn Thị Hương  Giang")).toBe("nguyen thi huong giang");
  });

  it("keeps digits and punctuation, collapses white space", () => {
    expect(foldForSearch("  VX26-TVC-0042 \n")).toBe("vx26-tvc-0042");
  });

  it("escapes LIKE wildcards in the pattern", () => {
    expect(foldedLikePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(foldedLikePattern("Đông")).toBe("%dong%");
  });
});
