import http from "node:http";
import { LIBRARY_API_PATH, libraryQueryString, type LibraryQuery } from "../../core/library";
import { RARE_WORD } from "./library-texts";

// The requests of the library benchmark (bench/library-search.bench.ts): what a visitor's
// browser asks for when refining the list, and a bounded load of them at modest concurrency.

export interface QueryCase {
  kind: string;
  query: LibraryQuery;
}

const blank: LibraryQuery = {
  year: null,
  track: null,
  group: null,
  categories: [],
  prize: null,
  q: "",
  page: 1,
};

export interface Facets {
  years: number[];
  /** A track with a group of at least two categories (the seed's "sub-categories"). */
  track: string;
  group: string;
  categories: string[];
  codes: string[];
}

/** The mix: searches with and without marks, brands, codes, long and rare and absent words, filters. */
export function queryCases(facets: Facets): QueryCase[] {
  const search = (kind: string, q: string, more: Partial<LibraryQuery> = {}): QueryCase => ({
    kind,
    query: { ...blank, q, ...more },
  });
  const filter = (kind: string, more: Partial<LibraryQuery>): QueryCase => ({
    kind,
    query: { ...blank, ...more },
  });
  const year = facets.years.at(-2) ?? facets.years[0]!;
  return [
    filter("no filter", {}),
    filter("no filter, page 5", { page: 5 }),
    search("with marks", "quảng cáo"),
    search("with marks", "Đông"),
    search("with marks", "gia đình"),
    search("without marks", "quang cao"),
    search("without marks", "dong"),
    search("without marks", "gia dinh"),
    search("brand", "Sữa Cao Nguyên"),
    search("brand", "ca phe pho nui"),
    search("entry code", facets.codes[0] ?? "VX25"),
    search("entry code", facets.codes[7] ?? "VX24"),
    search("3 words", "bữa cơm đoàn viên"),
    search("3 words", "duong ve nha"),
    search("rare word", RARE_WORD),
    search("no match", "xylophon quokka"),
    filter("year", { year }),
    filter("track", { track: facets.track }),
    filter("group + categories", {
      track: facets.track,
      group: facets.group,
      categories: facets.categories.slice(0, 2),
    }),
    filter("prize", { prize: "gold" }),
    search("search + filters", "dong", { year, track: facets.track }),
    search("search, page 5", "quang cao", { page: 5 }),
  ];
}

/**
 * The request the browser makes when the visitor refines the list (a filter, a search, another
 * page): the library page's client loader asks the JSON endpoint for the list alone.
 */
export function dataPath(query: LibraryQuery): string {
  const search = libraryQueryString(query);
  return `${LIBRARY_API_PATH}${search ? `?${search}` : ""}`;
}

export interface LoadResult {
  latencies: Map<string, number[]>;
  statuses: Map<number, number>;
  seconds: number;
  requests: number;
}

export function get(
  agent: http.Agent,
  origin: string,
  path: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on("error", reject);
  });
}

/**
 * `requests` requests over `connections` kept-alive connections, cycling through the cases
 * (each connection its own offset), stopping early at `maxSeconds`.
 */
export async function runLoad(
  origin: string,
  cases: QueryCase[],
  options: { requests: number; connections: number; maxSeconds: number },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const paths = cases.map((c) => ({ kind: c.kind, path: dataPath(c.query) }));
  let next = 0;
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  const worker = async () => {
    while (next < options.requests && performance.now() < deadline) {
      const n = next++;
      const { kind, path } = paths[(n * 7) % paths.length]!;
      const t0 = performance.now();
      let status = 0;
      try {
        status = (await get(agent, origin, path)).status;
      } catch {
        status = 0;
      }
      const ms = performance.now() - t0;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 200) {
        const list = latencies.get(kind) ?? [];
        list.push(ms);
        latencies.set(kind, list);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, statuses, seconds, requests: next };
}

/**
 * An open load: requests start at `rate` per second on average (exponential gaps, as independent
 * visitors arrive) whatever the server's pace, `requests` in all or until `maxSeconds`, at most
 * `maxInFlight` at once. Each latency runs from the moment the request was due, so a server
 * that falls behind is charged for the wait (no coordinated omission).
 */
export async function runOpenLoad(
  origin: string,
  cases: QueryCase[],
  options: { rate: number; requests: number; maxSeconds: number; maxInFlight: number },
): Promise<LoadResult & { late: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxInFlight });
  const latencies = new Map<string, number[]>();
  const statuses = new Map<number, number>();
  const paths = cases.map((c) => ({ kind: c.kind, path: dataPath(c.query) }));
  const started = performance.now();
  const deadline = started + options.maxSeconds * 1000;
  // A fixed sequence of gaps (the same run to run): a small linear congruential generator.
  let seed = 12345;
  const uniform = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed + 1) / 2147483649;
  };
  let due = started;
  let inFlight = 0;
  let late = 0;
  const running: Promise<void>[] = [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let n = 0; n < options.requests && due < deadline; n++) {
    due += (-Math.log(uniform()) / options.rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    while (inFlight >= options.maxInFlight) await sleep(1);
    if (performance.now() - due > 5) late++;
    const { kind, path } = paths[(n * 7) % paths.length]!;
    const scheduled = due;
    inFlight++;
    running.push(
      get(agent, origin, path)
        .then(
          (response) => response.status,
          () => 0,
        )
        .then((status) => {
          inFlight--;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200) return;
          const list = latencies.get(kind) ?? [];
          list.push(performance.now() - scheduled);
          latencies.set(kind, list);
        }),
    );
  }
  await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, statuses, seconds, requests: running.length, late };
}
