import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { groupCpuSeconds, machineBusySeconds } from "./cpu";

// CPU of the judging benchmark (bench/judging.bench.ts) over the measured phase, as % of one
// core: the server's, PostgreSQL's, the load generator's and everything else's.

// PostgreSQL's CPU: its backends each run in a session of their own (setsid), so it is not one
// process group's; the postmaster and its children are counted instead, process by process.

let clockTicks: number | undefined;

/** CPU seconds so far of a process and of each of its direct children, by pid. */
export function processTreeCpu(parentPid: number): Map<number, number> | undefined {
  if (process.platform !== "linux") return undefined;
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  const seconds = new Map<number, number>();
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // Ended meanwhile.
      }
      // Fields after the parenthesised command: state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pid = Number(entry);
      if (pid !== parentPid && Number(fields[1]) !== parentPid) continue;
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / clockTicks);
    }
  } catch {
    return undefined;
  }
  return seconds;
}

/**
 * CPU seconds the processes used between two readings: a process started meanwhile counts in
 * full, one that ended meanwhile (a closed connection's backend) is missing from the figure.
 */
export function cpuBetween(
  before: Map<number, number> | undefined,
  after: Map<number, number> | undefined,
): number | undefined {
  if (!before || !after) return undefined;
  let total = 0;
  for (const [pid, seconds] of after) total += Math.max(0, seconds - (before.get(pid) ?? 0));
  return total;
}

/** The PostgreSQL server's main process: the parent of a backend of ours, from /proc. */
export function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

export interface CpuFigures {
  server: number | undefined;
  postgres: number | undefined;
  /** This process: the judges' HTTP clients. */
  bench: number;
  other: number | undefined;
}

/** CPU of the server, PostgreSQL, this process and the rest of the machine while `work` runs. */
export async function measureCpu(
  serverPgid: number,
  pgPid: number | undefined,
  work: () => Promise<void>,
): Promise<CpuFigures> {
  const pgCpu = () => (pgPid === undefined ? undefined : processTreeCpu(pgPid));
  const serverBefore = groupCpuSeconds(serverPgid);
  const pgBefore = pgCpu();
  const machineBefore = machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const delta = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined ? undefined : after - before;
  const server = delta(serverBefore, groupCpuSeconds(serverPgid));
  const postgres = cpuBetween(pgBefore, pgCpu());
  const machine = delta(machineBefore, machineBusySeconds());
  const bench = (self.user + self.system) / 1e6;
  const percent = (seconds: number | undefined) =>
    seconds === undefined ? undefined : (seconds / wall) * 100;
  const rest =
    machine === undefined ? undefined : machine - bench - (server ?? 0) - (postgres ?? 0);
  return {
    server: percent(server),
    postgres: percent(postgres),
    bench: (bench / wall) * 100,
    other: percent(rest === undefined ? undefined : Math.max(0, rest)),
  };
}
