import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { XSRF_COOKIE, requestContextMiddleware } from './request-context.ts';

// Without a session cookie the middleware never touches the database.
const services = {
  config: { PUBLIC_ORIGIN: 'http://localhost', sessionSecret: 'a'.repeat(64), TRUST_PROXY: false },
} as unknown as AppServices;

function appReading(read: (ctx: RequestContext) => unknown) {
  const app = new Hono<HonoEnv>();
  app.use(requestContextMiddleware(services));
  app.get('/', (c) => c.json(read(c.get('ctx')) ?? null));
  return app;
}

describe('request context', () => {
  it('mints the CSRF token once, when read, and sets its cookie on the way out', async () => {
    const app = appReading((ctx) => [ctx.csrfToken, ctx.csrfToken]);
    const response = await app.request('/');
    const [first, second] = await response.json() as string[];
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${XSRF_COOKIE}=${first};`))).toBe(true);
  });

  it('sets no CSRF cookie when nothing read the token', async () => {
    const response = await appReading(() => 'ok').request('/');
    expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${XSRF_COOKIE}=`))).toEqual([]);
  });

  it('keeps one nonce per request, a new one for the next, and takes a replacement (the page cache swaps both)', async () => {
    const app = appReading((ctx) => {
      const made = [ctx.nonce, ctx.nonce];
      ctx.nonce = 'placeholder';
      ctx.csrfToken = 'token-placeholder';
      return [...made, ctx.nonce, ctx.csrfToken];
    });
    const [a, b, replaced, token] = await (await app.request('/')).json() as string[];
    const [next] = await (await app.request('/')).json() as string[];
    expect(b).toBe(a);
    expect(next).not.toBe(a);
    expect([replaced, token]).toEqual(['placeholder', 'token-placeholder']);
  });

  it('keeps its lazy facts on a shared prototype, not as accessors of each request (ADR 059)', async () => {
    const [own, shared] = await (await appReading((ctx) => [
      ['nonce', 'csrfToken'].filter((key) => Object.getOwnPropertyDescriptor(ctx, key)),
      Object.getPrototypeOf(ctx) !== Object.prototype,
    ]).request('/')).json() as [string[], boolean];
    expect(own).toEqual([]);
    expect(shared).toBe(true);
  });
});
