import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type LogSink = (line: string) => void;

/** One JSON line per request: what operators grep and ship to their log store. */
export function requestLog(enabled: boolean, sink: LogSink = (line) => process.stdout.write(line)): MiddlewareHandler {
  if (!enabled) return (_c, next) => next();
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.header('X-Request-Id', requestId);
    let failed: unknown;
    try {
      await next();
    } catch (error) {
      failed = error;
      throw error;
    } finally {
      {
        sink(JSON.stringify({
          time: new Date().toISOString(),
          level: failed || c.res.status >= 500 ? 'error' : 'info',
          requestId,
          method: c.req.method,
          path: c.req.path,
          status: failed ? 500 : c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...(failed ? { error: String(failed instanceof Error ? failed.stack : failed) } : {}),
        }) + '\n');
      }
    }
  };
}
