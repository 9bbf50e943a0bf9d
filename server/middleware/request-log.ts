import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export type LogSink = (line: string) => void;

/** The caller's X-Request-Id when it is a plain token (it is echoed into logs and headers), else a new one. */
function requestIdOf(sent: string | undefined): string {
  return sent && /^[\w.:-]{1,64}$/.test(sent) ? sent : randomUUID();
}

/**
 * One JSON line per request: what operators grep and ship to their log store. Every request gets
 * an X-Request-Id, also with the log off, so that app.onError's line always names one.
 */
export function requestLog(enabled: boolean, sink: LogSink = (line) => process.stdout.write(line)): MiddlewareHandler {
  if (!enabled) {
    return (c, next) => {
      c.header('X-Request-Id', requestIdOf(c.req.header('x-request-id')));
      return next();
    };
  }
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header('x-request-id'));
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
