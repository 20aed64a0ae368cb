import { describe, expect, it } from "vitest";
import { libraryReturnPath } from "./paths";

describe("libraryReturnPath", () => {
  it("returns to the library address the visitor came from, filters and page included", () => {
    expect(libraryReturnPath("/bai-du-thi?year=2023&page=2", "vi")).toBe(
      "/bai-du-thi?year=2023&page=2",
    );
    expect(libraryReturnPath("/en/bai-du-thi?year=2023", "en")).toBe("/en/bai-du-thi?year=2023");
    expect(libraryReturnPath("/bai-du-thi", "vi")).toBe("/bai-du-thi");
  });

  it("is the library itself when the visitor came from elsewhere or from nowhere known", () => {
    expect(libraryReturnPath(null, "vi")).toBe("/bai-du-thi");
    expect(libraryReturnPath("/tin-tuc-cuoc-thi?page=2", "vi")).toBe("/bai-du-thi");
    expect(libraryReturnPath("/bai-du-thi-khac?year=2023", "vi")).toBe("/bai-du-thi");
    // The other language's library: the page's own language wins.
    expect(libraryReturnPath("/bai-du-thi?year=2023", "en")).toBe("/en/bai-du-thi");
  });
});
