import type { Context, MiddlewareHandler } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorPage, wantsJson } from './error-page.ts';

export const BODY_TOO_LARGE = 'Слишком большой запрос';

/**
 * A larger (or smaller) limit for some paths, e.g. an order's attachments. `path` is matched against
 * the whole request path; `*` stands for any run of characters ('/api/orders/*' + '/files').
 */
export interface BodyLimitRule {
  path: string;
  maxBytes: number;
}

/** Raised inside a request body stream that went past its limit; answered 413, never logged as a fault. */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.limit = limit;
    this.name = 'BodyTooLargeError';
  }
}

export function isBodyTooLarge(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BodyTooLargeError) return true;
  }
  return false;
}

function compile(rules: readonly BodyLimitRule[]) {
  return rules.map((rule) => ({
    test: new RegExp(`^${rule.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
    maxBytes: rule.maxBytes,
  }));
}

/**
 * 413 before any parsing, for every route: pages, form posts, API. It runs before the CSRF check
 * (which reads forms) and before React Router actions.
 *
 * - A Content-Length over the limit is refused before a byte of the body is read.
 * - Any other body (chunked, or a length we do not trust) is counted while it streams; the stream
 *   fails at the limit, whoever reads it, and whatever that reader answered becomes 413. Nothing is
 *   buffered here, so memory stays flat whatever the size.
 * - The 413 says `Connection: close`: the server then drops the rest of the upload instead of
 *   reading it to keep the connection.
 */
export function bodyLimit(options: { defaultBytes: number; rules?: readonly BodyLimitRule[] }): MiddlewareHandler<HonoEnv> {
  const rules = compile(options.rules ?? []);
  return async (c, next) => {
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding');
    // HTTP/1.1: without either header a request has no body; a GET then needs no look at it, which
    // keeps the lazy request of @hono/node-server lazy. (Requests built in process, app.request()
    // in tests, may carry a body without a length: those are counted below.)
    if (length === undefined && chunked === undefined && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next();
    const max = rules.find((r) => r.test.test(c.req.path))?.maxBytes ?? options.defaultBytes;
    // A malformed length never reaches here (Node's parser refuses it); the counting below is the belt.
    if (length !== undefined && /^\d+$/.test(length.trim()) && Number(length) > max) return tooLarge(c);
    const source = c.req.raw.body;
    if (!source) return next();

    let seen = 0;
    let exceeded = false;
    const counted = source.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          exceeded = true;
          controller.error(new BodyTooLargeError(max));
          return;
        }
        controller.enqueue(chunk);
      },
    }));
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    if (exceeded) {
      // Whatever the reader made of the cut stream (400 from a parser, 403 from the CSRF check, an
      // action's error page) is replaced; only the request id is kept.
      const requestId = c.res.headers.get('X-Request-Id');
      c.res = undefined;
      c.res = tooLarge(c);
      if (requestId) c.res.headers.set('X-Request-Id', requestId);
    }
  };
}

/** The API's envelope for scripts, a short Russian page for a browser's form post. */
function tooLarge(c: Context<HonoEnv>): Response {
  const headers = { Connection: 'close' };
  if (wantsJson(c)) return c.json({ error_status: 'error', message: BODY_TOO_LARGE }, 413, headers);
  return c.html(errorPage(BODY_TOO_LARGE, 'Уменьшите размер отправляемых данных и попробуйте ещё раз.'), 413, headers);
}
