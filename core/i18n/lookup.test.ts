import { describe, expect, it } from "vitest";
import { catalogText } from "./lookup";

describe("catalogText", () => {
  it("finds a nested text in each language", () => {
    expect(catalogText("vi", "validation.required")).toBe("Vui lòng điền thông tin này.");
    expect(catalogText("en", "validation.required")).toBe("Please fill in this field.");
  });

  it.each([
    ["validation.noSuchKey"],
    ["validation"],
    [""],
    ["validation.required.more"],
    ["constructor"],
  ])("has no text for %j", (key) => {
    expect(catalogText("vi", key)).toBeUndefined();
    expect(catalogText("en", key)).toBeUndefined();
  });
});
