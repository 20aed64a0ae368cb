import { describe, expect, it } from "vitest";
import { demoEntryText } from "./demo-entry-texts";
import { seededRandom } from "./demo-registrants";

describe("demoEntryText", () => {
  it("tells the same figures in Vietnamese and English", () => {
    const random = seededRandom(2023);
    for (let i = 0; i < 200; i++) {
      const text = demoEntryText(random, "VX", 2024);
      const vi = /sau (\d+) tuần/.exec(text.descriptionVi)?.[1];
      const en = /after (\d+) weeks/.exec(text.descriptionEn)?.[1];
      expect(vi).toBeDefined();
      expect(en, text.descriptionEn).toBe(vi);
    }
  });
});
