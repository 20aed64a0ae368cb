import { describe, expect, it } from "vitest";
import { createLocationTrail } from "./location-trail";

describe("createLocationTrail", () => {
  it("remembers where each history entry was reached from, back and forward included", () => {
    const trail = createLocationTrail();
    trail.visit("default", "/bai-du-thi?year=2023&page=2", null);
    trail.visit("k1", "/bai-thi/abc");
    expect(trail.cameFrom("k1")).toBe("/bai-du-thi?year=2023&page=2");
    trail.visit("k2", "/tin-tuc-cuoc-thi");
    expect(trail.cameFrom("k2")).toBe("/bai-thi/abc");
    // Back to the entry: it still came from the library.
    trail.visit("k1", "/bai-thi/abc");
    expect(trail.cameFrom("k1")).toBe("/bai-du-thi?year=2023&page=2");
  });

  it("takes the first page's origin from the same-site referrer given", () => {
    const trail = createLocationTrail();
    trail.visit("default", "/bai-thi/abc", "/bai-du-thi?year=2024");
    expect(trail.cameFrom("default")).toBe("/bai-du-thi?year=2024");
    expect(trail.cameFrom("unknown")).toBeNull();
  });

  it("tells its subscribers of each visit", () => {
    const trail = createLocationTrail();
    let calls = 0;
    const stop = trail.subscribe(() => calls++);
    trail.visit("default", "/");
    stop();
    trail.visit("k1", "/bai-du-thi");
    expect(calls).toBe(1);
  });
});
