// Minimal types for the part of autocannon's programmatic API the benchmark uses
// (the package ships no types and @types/autocannon is not installed).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** A fixed number of requests; overrides duration. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** setupRequest may change each request before it is sent. */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
    timeout?: number;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    [percentile: string]: number | undefined;
  }

  interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** Called without a callback, autocannon returns a thenable that settles with the result. */
  function autocannon(options: Options): PromiseLike<Result>;
  export default autocannon;
  export type { Options, Result };
}
