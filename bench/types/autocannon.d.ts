// The part of autocannon 8 the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  interface AutocannonResult {
    url: string;
    connections: number;
    pipelining: number;
    /** Seconds. */
    duration: number;
    samples: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram & { totalCount: number };
    /** Requests per one-second sample; `total` is the number completed. */
    requests: Histogram & { sent: number };
    /** Bytes per one-second sample (headers and body); `total` is all bytes read. */
    throughput: Histogram;
  }

  /** The parser's view of a response head (http-parser-js): headers as [name, value, …]. */
  interface ResponseHead {
    statusCode: number;
    headers: string[];
  }

  interface AutocannonClient {
    on(event: "headers", listener: (head: ResponseHead) => void): void;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    setupClient?: (client: AutocannonClient) => void;
  }

  interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): AutocannonInstance;
  export default autocannon;
  export type { AutocannonClient, AutocannonOptions, AutocannonResult, ResponseHead };
}
