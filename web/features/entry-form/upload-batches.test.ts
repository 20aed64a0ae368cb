import { describe, expect, it } from "vitest";
import {
  arrangeBatches,
  batchSettled,
  dropFile,
  newBatch,
  type UploadBatch,
} from "./upload-batches";

/** A batch of uploads `keys` whose finished ones are attached as `attached` (key → file id). */
function batch(keys: string[], attached: Record<string, string>, open: string[] = []) {
  const made: UploadBatch = newBatch(keys);
  for (const [key, id] of Object.entries(attached)) made.fileIds.set(key, id);
  made.open = new Set(open);
  return made;
}

describe("pictures chosen together", () => {
  const chosen = batch(["k1", "k2", "k3"], { k1: "f1", k2: "f2", k3: "f3" });

  it("go back to the order chosen, whatever order they finished in", () => {
    expect(arrangeBatches(["f2", "f1", "f3"], [chosen])).toEqual(["f1", "f2", "f3"]);
    expect(arrangeBatches(["old", "f3", "f2", "f1"], [chosen])).toEqual(["old", "f1", "f2", "f3"]);
  });

  it("stay before a picture chosen later that finished before one of them", () => {
    expect(arrangeBatches(["f2", "f3", "later", "f1"], [chosen])).toEqual([
      "f1",
      "f2",
      "f3",
      "later",
    ]);
  });

  it("leave out what has not finished or was removed", () => {
    const partly = batch(["k1", "k2", "k3"], { k2: "f2", k3: "f3" }, ["k1"]);
    expect(arrangeBatches(["f3", "f2"], [partly])).toEqual(["f2", "f3"]);
    expect(arrangeBatches(["f3", "x", "f1"], [chosen])).toEqual(["f1", "f3", "x"]);
  });

  it("are settled once nothing of theirs can still finish and they are in place", () => {
    expect(batchSettled(chosen, ["f1", "f2", "f3"])).toBe(true);
    expect(batchSettled(chosen, ["f2", "f1", "f3"])).toBe(false);
    expect(batchSettled(batch(["k1", "k2"], { k2: "f2" }, ["k1"]), ["f2"])).toBe(false);
    // The last one finished, but the list does not show it yet.
    expect(batchSettled(chosen, ["f2", "f3"])).toBe(false);
    const removed = batch(["k1", "k2", "k3"], { k1: "f1", k2: "f2", k3: "f3" });
    dropFile(removed, "f2");
    expect(batchSettled(removed, ["f1", "f3"])).toBe(true);
  });
});
