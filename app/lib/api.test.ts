import { afterEach, describe, expect, it } from 'vitest';
import { api, CSRF_FAILED, withRegion } from './api.ts';

describe('withRegion (spec §7: calls add region_id when the page URL has one)', () => {
  it('adds region_id from the page URL', () => {
    expect(withRegion('/api/cart?branchId=3', 'https://shop.test/contacts?region_id=5001')).toBe('/api/cart?branchId=3&region_id=5001');
  });
  it('leaves the call alone when the page has none', () => {
    expect(withRegion('/api/cart', 'https://shop.test/contacts')).toBe('/api/cart');
  });
});

describe('api: a write refused for a token of another session', () => {
  /** A browser's cookie jar and a server that wants the current session's token. */
  function browser(initialCookie: string) {
    let cookie = initialCookie;
    const calls: string[] = [];
    const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    globalThis.document = { get cookie() { return cookie; }, querySelector: () => null } as unknown as Document;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      const token = (init?.headers as Record<string, string> | undefined)?.['X-CSRF-Token'];
      calls.push(`${init?.method ?? 'GET'} ${url}${token ? ` ${token}` : ''}`);
      if (url === '/api/csrf-token') { cookie = 'XSRF-TOKEN=current'; return json(200, { token: 'current' }); }
      return token === 'current' ? json(200, { error_status: 'success', saved: true }) : json(403, { error_status: 'error', message: CSRF_FAILED });
    }) as typeof fetch;
    return calls;
  }
  const saved = { document: globalThis.document, fetch: globalThis.fetch };
  afterEach(() => Object.assign(globalThis, saved));

  it('takes the session\'s token and sends once more', async () => {
    const calls = browser('XSRF-TOKEN=stale');
    expect(await api('POST', '/api/cart/add', { a: 1 })).toEqual({ error_status: 'success', saved: true });
    expect(calls).toEqual(['POST /api/cart/add stale', 'GET /api/csrf-token', 'POST /api/cart/add current']);
  });

  it('sends once when the token is right, and answers the second refusal as it comes', async () => {
    const calls = browser('XSRF-TOKEN=current');
    expect(await api('POST', '/api/cart/add', {})).toMatchObject({ error_status: 'success' });
    expect(calls).toEqual(['POST /api/cart/add current']);
    globalThis.fetch = (async () => new Response(JSON.stringify({ error_status: 'error', message: CSRF_FAILED }), { status: 403 })) as typeof fetch;
    expect(await api('POST', '/api/cart/add', {})).toEqual({ error_status: 'error', message: CSRF_FAILED });
  });
});
