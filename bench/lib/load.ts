/** autocannon runs with the figures the benchmarks report, plus CPU shares and header counts. */
import autocannon, { type AutocannonResult } from "autocannon";
import { groupCpuSeconds, machineBusySeconds } from "./cpu";

export interface LoadOptions {
  url: string;
  /** Seconds. */
  duration: number;
  connections: number;
  /** Count the values of this response header (e.g. `x-html-cache`) over the run. */
  countHeader?: string;
  /** Request headers, e.g. a session cookie. */
  headers?: Record<string, string>;
  /** Process group of the server, to measure its CPU share. */
  serverPgid?: number;
}

export interface LoadFigures {
  url: string;
  durationSeconds: number;
  connections: number;
  pipelining: number;
  requestsPerSecondMean: number;
  requestsPerSecondStddev: number;
  requestsTotal: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  latencyMaxMs: number;
  throughputMBps: number;
  /** Bytes read per response, status line and headers included. */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Server process group CPU over the run, as % of one core. */
  serverCpuPercent: number | undefined;
  /** This process (autocannon's client loop) CPU over the run, as % of one core. */
  loadGeneratorCpuPercent: number;
  /** Everything else on the machine over the run, as % of one core (other users' work). */
  otherCpuPercent: number | undefined;
  headerCounts: Record<string, number> | undefined;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const counts: Record<string, number> = {};
  const wanted = options.countHeader?.toLowerCase();
  const serverBefore =
    options.serverPgid === undefined ? undefined : groupCpuSeconds(options.serverPgid);
  const machineBefore = machineBusySeconds();
  const selfBefore = process.cpuUsage();
  const started = performance.now();

  const result: AutocannonResult = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: options.duration,
    timeout: 10,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(wanted
      ? {
          setupClient: (client) => {
            client.on("headers", (head) => {
              let value = "(absent)";
              for (let index = 0; index < head.headers.length; index += 2) {
                if (head.headers[index]!.toLowerCase() === wanted) {
                  value = head.headers[index + 1] ?? "";
                  break;
                }
              }
              counts[value] = (counts[value] ?? 0) + 1;
            });
          },
        }
      : {}),
  });

  const wallSeconds = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const serverAfter =
    options.serverPgid === undefined ? undefined : groupCpuSeconds(options.serverPgid);
  const machineAfter = machineBusySeconds();
  const selfSeconds = (self.user + self.system) / 1e6;
  const serverSeconds =
    serverBefore === undefined || serverAfter === undefined
      ? undefined
      : serverAfter - serverBefore;
  const machineSeconds =
    machineBefore === undefined || machineAfter === undefined
      ? undefined
      : machineAfter - machineBefore;
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;

  return {
    url: options.url,
    durationSeconds: result.duration,
    connections: result.connections,
    pipelining: result.pipelining,
    requestsPerSecondMean: result.requests.mean,
    requestsPerSecondStddev: result.requests.stddev,
    requestsTotal: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: result.latency.mean,
    latencyMaxMs: result.latency.max,
    throughputMBps: result.throughput.mean / 1e6,
    bytesPerResponse:
      result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    serverCpuPercent: serverSeconds === undefined ? undefined : (serverSeconds / wallSeconds) * 100,
    loadGeneratorCpuPercent: (selfSeconds / wallSeconds) * 100,
    otherCpuPercent:
      machineSeconds === undefined
        ? undefined
        : (Math.max(0, machineSeconds - selfSeconds - (serverSeconds ?? 0)) / wallSeconds) * 100,
    headerCounts: wanted ? counts : undefined,
  };
}
