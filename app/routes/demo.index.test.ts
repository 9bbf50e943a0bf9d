import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { pageContext } from '#app/.server/context.ts';
import { SAMPLE_ORDERS, sampleFilter, samplePage } from '#app/layout/showcase/showcase.data.ts';
import { createApp } from '../../server/app.ts';
import { pagesSitemapXml } from '../../server/seo.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { testClient } from '../../server/test-client.ts';
import * as demo from './demo.index.tsx';

/* /demo/index (ADR 079): open to everyone, never indexed, made-up data only, its examples change nothing. */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/demo.index': { path: 'demo/index', module: demo } }) });

describe('/demo/index', () => {
  it('is open to a guest and tells robots not to index it, by header and by meta', async () => {
    const res = await app().request('/demo/index');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(demo.meta()).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
  });

  it('is not in the sitemap', async () => {
    expect(await pagesSitemapXml(t.services)).not.toContain('/demo');
  });

  it('reads nothing but the page\'s CSRF token: no database, no visitor', () => {
    const context = { get: (key: unknown) => { expect(key).toBe(pageContext); return { csrfToken: 'token' }; } };
    const answer = demo.loader({ context, url: new URL('http://shop.test/demo/index?sort=-total&status=new&page=1') } as never);
    expect(answer.data.csrf).toBe('token');
    expect(answer.data.list.rows.length).toBeGreaterThan(0);
    expect(answer.data.list.rows.every((o) => o.status === 'new')).toBe(true);
  });

  it('answers hostile addresses with the page, never an error', async () => {
    for (const query of ['?sort=%00', '?sort=-total;drop', '?status=<script>&page=-1', `?page=${'9'.repeat(400)}`, '?sort=__proto__&sort=total']) {
      expect((await app().request(`/demo/index${query}`)).status, query).toBe(200);
    }
  });

  it('answers its examples as the back-office\'s actions do, and refuses anything else or a post without the CSRF token', async () => {
    const client = testClient(t.services, { app: app() });
    expect((await client.form('/demo/index', { intent: 'toast' })).status).toBe(200);
    expect((await client.form('/demo/index', { intent: 'ask' })).status).toBe(200);
    expect((await client.form('/demo/index', { intent: 'drop' })).status).toBe(400);
    expect((await client.form('/demo/index', { intent: 'toast' }, { csrf: false })).status).toBe(403);
  });
});

describe('the sample list', () => {
  it('sorts, filters and pages as a server would, one row more read to know of a next page', () => {
    const first = samplePage(sampleFilter.parse({}));
    expect(first.rows).toHaveLength(5);
    expect(first.hasNext).toBe(true);
    const times = first.rows.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    const byTotal = samplePage(sampleFilter.parse({ sort: 'total' })).rows.map((o) => o.total);
    expect(byTotal).toEqual(byTotal.toSorted((a, b) => a - b));
    const last = samplePage(sampleFilter.parse({ page: '3' }));
    expect(last.hasNext).toBe(false);
    expect(last.rows).toHaveLength(SAMPLE_ORDERS.length - 10);
    // No sample order is cancelled: that filter shows the filtered-empty state.
    expect(samplePage(sampleFilter.parse({ status: 'cancelled' })).rows).toEqual([]);
  });
});
