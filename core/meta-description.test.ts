import { describe, expect, it } from "vitest";
import { bodyDescription, DESCRIPTION_MAX, excerpt } from "./meta-description";
import { rt } from "./rich-text";

const LONG =
  "Đêm trao giải Vạn Xuân 2026 diễn ra tại Nhà hát Lớn Hà Nội với sự tham gia của hơn năm " +
  "trăm khách mời đến từ các công ty quảng cáo, các thương hiệu và các trường đại học trên " +
  "khắp cả nước.";

describe("excerpt", () => {
  it("keeps a short text whole, its whitespace collapsed", () => {
    expect(excerpt("  Lễ trao giải\n\n  diễn ra   tối nay. ")).toBe(
      "Lễ trao giải diễn ra tối nay.",
    );
  });

  it("cuts a long text after a whole word, with … and within the limit", () => {
    const text = excerpt(LONG);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text).toBe(
      "Đêm trao giải Vạn Xuân 2026 diễn ra tại Nhà hát Lớn Hà Nội với sự tham gia của hơn năm " +
        "trăm khách mời đến từ các công ty quảng cáo, các thương hiệu và các…",
    );
  });

  it("does not leave a comma or a dash before the …", () => {
    expect(excerpt("một hai ba, bốn năm sáu", 13)).toBe("một hai ba…");
    expect(excerpt("một hai ba – bốn năm sáu", 14)).toBe("một hai ba…");
  });

  it("keeps a word that ends exactly at the limit", () => {
    expect(excerpt("một hai ba bốn", 11)).toBe("một hai ba…");
  });

  it("strips tags, keeping the words either side of a block apart", () => {
    expect(excerpt("<p>Giải <b>Vạn&nbsp;Xuân</b></p><p>năm 2026</p>")).toBe(
      "Giải Vạn&nbsp;Xuân năm 2026",
    );
    expect(excerpt("Một<br/>hai <em>ba</em>")).toBe("Một hai ba");
    // A "<" in prose is not a tag.
    expect(excerpt("Điểm < 5 và > 3")).toBe("Điểm < 5 và > 3");
  });

  it("cuts a text without spaces where it must", () => {
    const text = excerpt("x".repeat(400));
    expect(text).toBe(`${"x".repeat(DESCRIPTION_MAX - 1)}…`);
  });

  it("is empty for an empty text", () => {
    expect(excerpt(" \n ")).toBe("");
  });
});

describe("bodyDescription", () => {
  it("reads the body's text in order, headings, links and lists included", () => {
    const body = [
      rt.h("Lịch trình"),
      rt.p("Xem ", rt.link("bản đồ", "https://example.org"), " trước khi đến."),
      rt.ul("Đón khách", "Trao giải"),
      rt.video("https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
    ];
    expect(bodyDescription(body)).toBe("Lịch trình Xem bản đồ trước khi đến. Đón khách Trao giải");
  });

  it("is empty for an empty body", () => {
    expect(bodyDescription([])).toBe("");
  });
});
