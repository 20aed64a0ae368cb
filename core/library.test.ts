import { describe, expect, it } from "vitest";
import { inReadingOrder } from "./library";

describe("an entry's documents", () => {
  const doc = (kind: "article" | "slides", lang: "vi" | "en") => ({ kind, lang });

  it("come article first, each in the page's language first", () => {
    const stored = [
      doc("article", "en"),
      doc("article", "vi"),
      doc("slides", "en"),
      doc("slides", "vi"),
    ];
    expect(inReadingOrder(stored, "vi")).toEqual([
      doc("article", "vi"),
      doc("article", "en"),
      doc("slides", "vi"),
      doc("slides", "en"),
    ]);
    expect(inReadingOrder(stored, "en")).toEqual(stored);
  });
});
