import { describe, expect, it } from "vitest";
import { KeptReads } from "./kept-reads";

function counter() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

describe("kept reads", () => {
  it("answers from memory until the time limit, then reads again", async () => {
    let now = new Date("2026-11-26T10:00:00Z");
    const kept = new KeptReads(5_000, () => now);
    const read = counter();
    expect(await kept.get("news", read.load)).toBe(1);
    now = new Date(now.getTime() + 4_999);
    expect(await kept.get("news", read.load)).toBe(1);
    now = new Date(now.getTime() + 1);
    expect(await kept.get("news", read.load)).toBe(2);
    expect(read.loads).toBe(2);
  });

  it("reads again after a clock set back, rather than trusting a future reading", async () => {
    let now = new Date("2026-11-26T10:00:00Z");
    const kept = new KeptReads(5_000, () => now);
    const read = counter();
    await kept.get("news", read.load);
    now = new Date(now.getTime() - 60_000);
    expect(await kept.get("news", read.load)).toBe(2);
  });

  it("forgets everything on clear, by key", async () => {
    const kept = new KeptReads(60_000);
    const news = counter();
    const years = counter();
    await kept.get("news", news.load);
    await kept.get("years", years.load);
    expect(await kept.get("news", news.load)).toBe(1);
    kept.clear();
    expect(await kept.get("news", news.load)).toBe(2);
    expect(await kept.get("years", years.load)).toBe(2);
  });

  it("shares one load between concurrent requests", async () => {
    const kept = new KeptReads(60_000);
    let release!: (value: string) => void;
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = kept.get("chrome", load);
    const second = kept.get("chrome", load);
    release("ready");
    expect(await Promise.all([first, second])).toEqual(["ready", "ready"]);
    expect(loads).toBe(1);
  });

  it("does not keep a failed load, nor a load that began before a clear", async () => {
    const kept = new KeptReads(60_000);
    await expect(kept.get("news", () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect(await kept.get("news", async () => "fresh")).toBe("fresh");

    let release!: (value: string) => void;
    const before = kept.get("years", () => new Promise<string>((resolve) => (release = resolve)));
    kept.clear();
    release("read before the change");
    expect(await before).toBe("read before the change");
    expect(await kept.get("years", async () => "read after")).toBe("read after");
  });

  it("holds at most MAX_KEYS keys, forgetting the oldest", async () => {
    const kept = new KeptReads(60_000);
    for (let i = 0; i < KeptReads.MAX_KEYS + 10; i++) await kept.get(`winners ${i}`, async () => i);
    expect(await kept.get(`winners ${KeptReads.MAX_KEYS + 9}`, async () => -1)).toBe(
      KeptReads.MAX_KEYS + 9,
    );
    expect(await kept.get("winners 0", async () => -1)).toBe(-1);
  });

  it("keeps nothing with a time limit of 0", async () => {
    const kept = new KeptReads(0);
    const read = counter();
    await kept.get("news", read.load);
    await kept.get("news", read.load);
    expect(read.loads).toBe(2);
  });
});
