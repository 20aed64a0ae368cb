/** Reads a V8 `.cpuprofile` (`node --cpu-prof`) into its functions by self time. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fixed } from "./report";
import type { Table } from "./types";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTimeEntry {
  /** `function (file:line)`, the file relative to the repository or `node_modules/<package>`. */
  name: string;
  selfMs: number;
  percent: number;
}

function where(url: string, line: number): string {
  if (!url) return "";
  const file = url.replace(/^file:\/\//, "");
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  const short = inPackage ? `${inPackage[1]}/${inPackage[2]}` : path.basename(file);
  return ` (${short}:${line + 1})`;
}

/**
 * The `top` functions by self time over every profile in `dir`, merged; with `window`, only the
 * samples taken within it (microseconds of the monotonic clock, `process.hrtime`'s, which is
 * also the profile's clock).
 */
export function topSelfTime(
  dir: string,
  top = 15,
  window?: { fromUs: number; toUs: number },
): { entries: SelfTimeEntry[]; totalMs: number } {
  const self = new Map<string, number>();
  let totalMs = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Profile;
    const names = new Map(
      profile.nodes.map((node) => {
        const { functionName, url, lineNumber } = node.callFrame;
        return [node.id, `${functionName || "(anonymous)"}${where(url, lineNumber)}`] as const;
      }),
    );
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
      at += profile.timeDeltas[index] ?? 0;
      if (window && (at < window.fromUs || at > window.toUs)) return;
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      const name = names.get(id) ?? "?";
      // Waiting for work is not work.
      if (name === "(idle)") return;
      self.set(name, (self.get(name) ?? 0) + ms);
      totalMs += ms;
    });
  }
  const entries = [...self]
    .map(([name, selfMs]) => ({
      name,
      selfMs,
      percent: totalMs > 0 ? (selfMs / totalMs) * 100 : 0,
    }))
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top);
  return { entries, totalMs };
}

/** The profile's top functions as a report table: name, self time in ms, share in %. */
export function selfTimeTable(
  firstColumn: string,
  profile: { entries: SelfTimeEntry[] },
  title?: string,
): Table {
  return {
    ...(title ? { title } : {}),
    columns: [firstColumn, "ms", "%"],
    rows: profile.entries.map((entry) => [
      entry.name,
      fixed(entry.selfMs, 0),
      fixed(entry.percent, 1),
    ]),
  };
}
