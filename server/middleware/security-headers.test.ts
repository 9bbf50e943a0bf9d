import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { securityHeaders } from './security-headers.ts';

const config = { NODE_ENV: 'production', isProduction: true, MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' } as Config;

function app(route: (c: Context<HonoEnv>) => Response | Promise<Response>) {
  const a = new Hono<HonoEnv>();
  a.use(securityHeaders(config));
  a.use(async (c, next) => { c.set('ctx', { nonce: 'abc' } as HonoEnv['Variables']['ctx']); await next(); });
  a.get('/', route);
  return a;
}

const expectGuarded = (res: Response) => {
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('strict-transport-security')).toContain('max-age=');
};

describe('securityHeaders', () => {
  it('guards a streamed page with its nonce, keeping the response (and its body) it was given', async () => {
    let given: Response | undefined;
    const body = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode('<!doctype html><p>Трактор</p>')); c.close(); } });
    const res = await app(() => (given = new Response(body, { headers: { 'Content-Type': 'text/html; charset=UTF-8', 'X-Own': '1' } }))).request('/');
    expectGuarded(res);
    expect(res.headers.get('content-security-policy')).toContain("'nonce-abc'");
    expect(res.headers.get('x-own')).toBe('1');
    expect(res).toBe(given);
    expect(await res.text()).toBe('<!doctype html><p>Трактор</p>');
  });

  it('guards an API answer without a nonce', async () => {
    const res = await app((c) => c.json({ ok: true })).request('/');
    expectGuarded(res);
    expect(res.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(await res.json()).toEqual({ ok: true });
  });

  it('guards a response whose headers cannot change by copying it once', async () => {
    const res = await app(() => Response.redirect('https://agro.example/login', 302)).request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://agro.example/login');
    expectGuarded(res);
  });
});
