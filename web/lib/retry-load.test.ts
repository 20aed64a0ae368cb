import { describe, expect, test } from "vitest";
import { withRetries } from "./retry-load";

/** A load that fails its first `failures` calls, then gives `value`; counts its calls. */
function flaky<T>(failures: number, value: T) {
  const calls: number[] = [];
  return {
    calls,
    load: () => {
      calls.push(Date.now());
      return calls.length <= failures
        ? Promise.reject(new TypeError(`attempt ${calls.length} failed`))
        : Promise.resolve(value);
    },
  };
}

describe("withRetries", () => {
  test("a load that succeeds is called once", async () => {
    const { calls, load } = flaky(0, "ok");
    expect(await withRetries(load, { delays: [5, 5] })).toBe("ok");
    expect(calls).toHaveLength(1);
  });

  test("tries again after each delay until it succeeds", async () => {
    const { calls, load } = flaky(2, "chunk");
    expect(await withRetries(load, { delays: [20, 40] })).toBe("chunk");
    expect(calls).toHaveLength(3);
    // Each try waited at least its delay after the one before (timers may fire a bit late).
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(19);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(39);
  });

  test("once the delays are used up, the last failure is the result", async () => {
    const { calls, load } = flaky(5, "never");
    await expect(withRetries(load, { delays: [1, 1] })).rejects.toThrow("attempt 3 failed");
    expect(calls).toHaveLength(3);
  });

  test("a failure another try cannot mend is the result at once", async () => {
    const { calls, load } = flaky(5, "never");
    await expect(withRetries(load, { delays: [1, 1], retryable: () => false })).rejects.toThrow(
      "attempt 1 failed",
    );
    expect(calls).toHaveLength(1);
  });
});
