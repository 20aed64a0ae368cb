import { describe, expect, it } from "vitest";
import { vietnameseFallbacks } from "./content";

describe("vietnameseFallbacks", () => {
  it("names the fields an English page shows in Vietnamese", () => {
    expect(vietnameseFallbacks("en", { title: true, summary: false, body: true })).toEqual({
      inVi: { title: true, body: true },
    });
  });

  it("is nothing on a Vietnamese page, or when everything has its English text", () => {
    expect(vietnameseFallbacks("vi", { title: true, body: true })).toEqual({});
    expect(vietnameseFallbacks("en", { title: false, body: false })).toEqual({});
  });
});
