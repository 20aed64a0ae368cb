import { describe, expect, it } from "vitest";
import { summaryPairs } from "./audit-summary";

describe("summaryPairs", () => {
  it("lists each key with a readable value", () => {
    expect(
      summaryPairs({ title: "Tin mới", year: 2026, isChair: true, tags: ["a", "b"], photo: null }),
    ).toEqual([
      { key: "title", value: "Tin mới" },
      { key: "year", value: "2026" },
      { key: "isChair", value: "true" },
      { key: "tags", value: "a, b" },
      { key: "photo", value: "—" },
    ]);
  });

  it("flattens nested objects and cuts long values", () => {
    const pairs = summaryPairs({
      changed: { from: "draft", to: "published" },
      body: "x".repeat(500),
    });
    expect(pairs[0]).toEqual({ key: "changed.from", value: "draft" });
    expect(pairs[1]).toEqual({ key: "changed.to", value: "published" });
    expect(pairs[2]!.value).toHaveLength(161);
    expect(pairs[2]!.value.endsWith("…")).toBe(true);
  });

  it("is empty for an empty summary and caps the number of lines", () => {
    expect(summaryPairs({})).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const pairs = summaryPairs(many);
    expect(pairs).toHaveLength(21);
    expect(pairs.at(-1)).toEqual({ key: "…", value: "+10" });
  });
});
