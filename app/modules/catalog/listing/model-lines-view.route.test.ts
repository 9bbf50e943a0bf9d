import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { LISTING, insertListingFixture } from './listing.test-fixture.server.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import * as route from '../../../routes/model-lines.view.tsx';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertListingFixture(t.db);
}, 60_000);
afterAll(async () => { await t?.destroy(); });

const app = () => createApp({ services: t.services, build: fakeServerBuild({ 'routes/model-lines.view': { path: 'model-lines/view', module: route } }) });

describe('/model-lines/view (spec §2)', () => {
  it('shows the line by id with the filters of its query', async () => {
    expect((await app().request(`/model-lines/view?id=${LISTING.lines.alfa100}`)).status).toBe(200);
    const res = await app().request(`/model-lines/view.data?id=${LISTING.lines.alfa100}&inStock=1`);
    expect(res.status).toBe(200);
    const payload = await res.text();
    expect(payload).toContain('Альфа-100');
    expect(payload).toContain('/catalog/test-listing-a1/test-alfa-100');
  });

  it.each(['', '?id=', '?id=abc', '?id=-1', '?id=1.5', '?id=99999999999', '?id=987654'])('is a 404 for %s', async (query) => {
    expect((await app().request(`/model-lines/view${query}`)).status).toBe(404);
  });

  it('puts the line\'s alias as the canonical address, not itself', () => {
    const meta = route.meta({ loaderData: { page: ({ head: { title: 'Альфа-100', description: 'd', canonical: '/catalog/test-listing-a1/test-alfa-100', noindex: true }, trail: [] }) } } as never);
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: '/catalog/test-listing-a1/test-alfa-100' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
});
