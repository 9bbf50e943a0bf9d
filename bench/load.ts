// Measures one URL with autocannon: a discarded warm-up, then the measured run.
import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds of the measured run. */
  duration: number;
  /** Seconds of the warm-up run (JIT, caches, connection pool), whose figures are discarded. */
  warmup: number;
}

export interface LoadFigures {
  path: string;
  requestsPerSec: number;
  /** p97.5 stands in for a p95 budget: autocannon reports no p95, and p97.5 is the stricter. */
  latencyMs: { p50: number; p90: number; p97_5: number; p99: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Response counts by status code, so a failing run says what it answered. */
  statusCodes: Record<string, number>;
}

/**
 * What Chromium sends for a page navigation. The encoding matters most: a server that is fast only
 * for clients that never ask for compression is not fast for anyone who uses a browser.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  'upgrade-insecure-requests': '1',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'none',
};

/** A request other than a guest's page view: a signed-in visitor's cookie, an API call's body. */
export interface RequestShape {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A body per request (the n-th), so that no two requests ask the same: what a cache cannot answer. */
  vary?: (n: number) => string;
  /** A path per request (the n-th): GET requests that no cache can answer. */
  varyPath?: (n: number) => string;
  /**
   * Connections for this target instead of the run's: 1 measures server time (one request at a
   * time, nothing queued behind another), which is what the latency budgets of the API speak of.
   */
  connections?: number;
  /**
   * A fixed number of requests instead of the run's duration, for endpoints rate-limited per client
   * address (a duration would measure 429 answers); `warmupAmount` requests before, discarded.
   */
  amount?: number;
  warmupAmount?: number;
}

export async function measure(origin: string, path: string, options: LoadOptions, shape: RequestShape = {}): Promise<LoadFigures> {
  const url = origin + path;
  const headers = { ...BROWSER_HEADERS, ...shape.headers };
  let n = 0;
  const request = {
    url, headers, method: shape.method ?? 'GET', body: shape.body,
    ...(shape.vary ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: shape.vary!(n++) }) }] } : {}),
    ...(shape.varyPath ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: shape.varyPath!(n++) }) }] } : {}),
  };
  const connections = shape.connections ?? options.connections;
  if (shape.amount !== undefined) {
    if (shape.warmupAmount) await autocannon({ ...request, connections, amount: shape.warmupAmount });
    return figures(path, await autocannon({ ...request, connections, amount: shape.amount }));
  }
  if (options.warmup > 0) await autocannon({ ...request, connections, duration: options.warmup });
  const result = await autocannon({ ...request, connections, duration: options.duration });
  return figures(path, result);
}

function figures(path: string, result: Result): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    path,
    requestsPerSec: result.requests.average,
    // autocannon records latency for 2xx responses only: another reason non-2xx runs are flagged.
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99 },
    requests: result.requests.total ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** A run with failed requests measures the failure path, not the page: it must not pass as fast. */
export function isBroken(run: LoadFigures): boolean {
  return run.non2xx > 0 || run.errors > 0 || run.timeouts > 0;
}

/** Status of one plain request, to tell a missing page (404) from a working one before loading it. */
export async function probeStatus(origin: string, path: string): Promise<number> {
  const response = await fetch(origin + path, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
}
