/**
 * CPU accounting from Linux /proc, to tell what a throughput figure was limited by: the server,
 * the load generator, or other work on the same machine. Everything is `undefined` elsewhere.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let clockTicks: number | undefined;

function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * CPU seconds used so far by every process in a process group (the server's group is the one
 * node process running the bundled server).
 */
export function groupCpuSeconds(pgid: number): number | undefined {
  if (process.platform !== "linux") return undefined;
  let ticks = 0;
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // Ended meanwhile.
      }
      // Fields after the parenthesised command: state ppid pgrp … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return undefined;
  }
  return ticks / ticksPerSecond();
}

/** Busy CPU seconds of the whole machine so far (all cores: user, nice, system, irq, steal). */
export function machineBusySeconds(): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const busy = [user, nice, system, irq, softirq, steal].reduce<number>(
      (sum, value) => sum + (value ?? 0),
      0,
    );
    return busy / ticksPerSecond();
  } catch {
    return undefined;
  }
}
