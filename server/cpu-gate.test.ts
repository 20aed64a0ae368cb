import { describe, expect, it } from "vitest";
import { createCpuGate } from "./cpu-gate";

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("the CPU gate", () => {
  it("runs at most its slots at once, the rest in the order they came", async () => {
    const gate = createCpuGate(2);
    const started: number[] = [];
    const ends = [later(), later(), later(), later()];
    const runs = ends.map((end, i) =>
      gate.run(async () => {
        started.push(i);
        await end.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    ends[1]!.resolve();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    ends[0]!.resolve();
    ends[2]!.resolve();
    ends[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets urgent work go ahead of the queued tasks that are not", async () => {
    const gate = createCpuGate(1);
    const order: string[] = [];
    const first = later();
    const running = gate.run(async () => {
      order.push("picture 1");
      await first.promise;
    });
    const queued = [
      gate.run(async () => void order.push("picture 2")),
      gate.run(async () => void order.push("picture 3")),
      gate.run(async () => void order.push("sign-in"), true),
    ];
    await new Promise((r) => setTimeout(r, 5));
    first.resolve();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(["picture 1", "sign-in", "picture 2", "picture 3"]);
  });

  it("frees the slot when the work fails", async () => {
    const gate = createCpuGate(1);
    await expect(gate.run(async () => Promise.reject(new Error("unreadable")))).rejects.toThrow(
      "unreadable",
    );
    expect(await gate.run(async () => "next")).toBe("next");
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
