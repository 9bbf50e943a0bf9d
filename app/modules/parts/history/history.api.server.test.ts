import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../../server/test-client.ts';
import { housekeeping } from '../../../../server/housekeeping.ts';
import { lineLink, partLink } from '../pages/part-link.rules.ts';
import { PARTS_HISTORY_LIMIT, PARTS_HISTORY_MESSAGES } from './history.constants.ts';

let t: TestDatabase;
let parts: { id: number; code: string; name: string }[];
let lines: { id: number; name: string; slug: string; maker_slug: string; maker_name: string }[];
beforeAll(async () => {
  t = await createTestDatabase();
  parts = (await sql<{ id: number; code: string; name: string }>`select id, code, name from parts_part order by id limit ${PARTS_HISTORY_LIMIT + 2}`.execute(t.db)).rows;
  lines = (await sql<{ id: number; name: string; slug: string; maker_slug: string; maker_name: string }>`
    select l.id, l.name, l.slug, m.slug as maker_slug, m.name as maker_name
    from catalog_model_line l join catalog_manufacturer m on m.id = l.manufacturer_id order by l.id limit 2`.execute(t.db)).rows;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const viewed = (p: { id: number; code: string; name: string }) => ({ id: p.id, code: p.code, name: p.name, link: partLink(p) });
const viewedLine = (l: (typeof lines)[number]) => ({ id: l.id, name: l.name, manufacturer: l.maker_name, link: lineLink(l.maker_slug, l.slug) });

describe('the parts history (issue 28 point 15)', () => {
  it('keeps a guest\'s parts and parts catalogues viewed, newest first, each once; the answers are personal', async () => {
    const client = testClient(t.services);
    const empty = await client.get('/api/parts/history');
    expect(empty.headers.get('cache-control')).toBe('private, no-store');
    expect(await empty.json()).toEqual({ error_status: 'success', parts: [], lines: [] });

    const [p1, p2] = parts;
    const [l1, l2] = lines;
    expect((await client.post('/api/parts/history/view', { partId: p1!.id })).status).toBe(200);
    expect(client.cookies.has('sid')).toBe(true);
    await client.post('/api/parts/history/view', { lineId: l1!.id });
    await client.post('/api/parts/history/view', { partId: p2!.id });
    await client.post('/api/parts/history/view', { lineId: l2!.id });
    // Viewed again: to the front, not twice.
    const last = await client.post('/api/parts/history/view', { partId: p1!.id });
    expect(last.headers.get('cache-control')).toBe('private, no-store');
    expect(await last.json()).toEqual({ error_status: 'success', parts: [viewed(p1!), viewed(p2!)], lines: [viewedLine(l2!), viewedLine(l1!)] });
    // Another visitor sees nothing of it.
    expect(await (await testClient(t.services).get('/api/parts/history')).json()).toEqual({ error_status: 'success', parts: [], lines: [] });
  });

  it(`keeps the last ${PARTS_HISTORY_LIMIT} of each kind`, async () => {
    const client = testClient(t.services);
    await client.post('/api/parts/history/view', { lineId: lines[0]!.id });
    for (const p of parts) await client.post('/api/parts/history/view', { partId: p.id });
    const history = await (await client.get('/api/parts/history')).json();
    expect(history.parts).toEqual(parts.slice(-PARTS_HISTORY_LIMIT).reverse().map(viewed));
    expect(history.lines).toEqual([viewedLine(lines[0]!)]);
  });

  it('refuses bad input with a Russian 400, records nothing for an unknown part or line, and needs the CSRF token', async () => {
    const client = testClient(t.services);
    for (const body of [{}, { partId: 'abc' }, { partId: -1 }, { partId: 1.5 }, { partId: 1, lineId: 1 }, { lineId: 1e20 }, null]) {
      const res = await client.post('/api/parts/history/view', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error_status: 'error', message: PARTS_HISTORY_MESSAGES.badItem });
    }
    for (const body of [{ partId: 2_000_000_000 }, { lineId: 2_000_000_000 }]) {
      expect(await (await client.post('/api/parts/history/view', body)).json()).toEqual({ error_status: 'success', parts: [], lines: [] });
    }
    expect((await client.post('/api/parts/history/view', { partId: parts[0]!.id }, { csrf: false })).status).toBe(403);
  });

  it('joins the account at sign-in, and a gone guest session\'s views are cleared by the housekeeping', async () => {
    const email = 'parts-history@agro.test';
    await createUser(t.db, { name: 'Ольга', email, password: 'secret1', emailVerified: true });
    const before = testClient(t.services);
    await before.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } });
    await before.post('/api/parts/history/view', { partId: parts[0]!.id });

    const guest = testClient(t.services);
    await guest.post('/api/parts/history/view', { partId: parts[1]!.id });
    await guest.post('/api/parts/history/view', { lineId: lines[1]!.id });
    expect((await guest.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    const joined = await (await guest.get('/api/parts/history')).json();
    expect(joined.parts).toEqual([viewed(parts[1]!), viewed(parts[0]!)]);
    expect(joined.lines).toEqual([viewedLine(lines[1]!)]);

    const orphan = testClient(t.services);
    await orphan.post('/api/parts/history/view', { partId: parts[2]!.id });
    await sql`delete from auth_session s where exists (select 1 from parts_view_history h where h.session_id = s.id)`.execute(t.db);
    await housekeeping(t.db);
    const { rows: [left] } = await sql<{ n: number }>`select count(*)::int as n from parts_view_history where session_id is not null`.execute(t.db);
    expect(left!.n).toBe(0);
  });
});
