import { describe, expect, it } from "vitest";
import { dropNulls } from "./compact-data";

describe("dropNulls", () => {
  it("leaves out null fields and keeps every other value, falsy ones included", () => {
    const compact = dropNulls({ a: null, b: "", c: 0, d: false, e: "x", f: [null] });
    expect(compact).toEqual({ b: "", c: 0, d: false, e: "x", f: [null] });
    expect(Object.keys(compact)).not.toContain("a");
  });

  it("serialises shorter than the object it came from", () => {
    const winner = { id: 1, title: "T", imageData: null, videoUrl: null, entryId: "e" };
    expect(JSON.stringify(dropNulls(winner)).length).toBeLessThan(JSON.stringify(winner).length);
  });
});
