import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { seedContentDemo } from './content.seed.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const body = async (slug: string) => (await t.db.selectFrom('content_page').select('body_html').where('slug', '=', slug).executeTakeFirstOrThrow()).body_html;

describe('demo pages', () => {
  it('carry no invented ИНН, ОГРН or 000-numbers, and name the visitor\'s lines by placeholder', async () => {
    const pages = await t.db.selectFrom('content_page').select(['slug', 'lead', 'body_html']).execute();
    for (const page of pages) expect(`${page.lead} ${page.body_html}`, page.slug).not.toMatch(/ИНН\s*:?\s*\d|ОГРН|\d{3}0000|\b000[-\s]\d/);
    expect(await body('servis')).toContain('<div data-slot="service-lines"></div>');
    expect(await body('contacts')).toContain('<div data-slot="country-lines"></div>');
  });

  it('an earlier demo body nobody edited is replaced by the current one; an edited body is kept', async () => {
    const current = await body('servis');
    const old = '<p>Горячая линия работает с 8:00 до 20:00</p>';
    await t.db.updateTable('content_page').set({ body_html: old }).where('slug', '=', 'servis').execute();
    await t.db.updateTable('content_page').set({ body_html: '<p>Текст редактора</p>' }).where('slug', '=', 'contacts').execute();
    const superseded = { servis: [sha256(old)], contacts: [sha256('<p>другой текст</p>')] };
    await t.db.transaction().execute((trx) => seedContentDemo(trx, { catalogPaths: [], superseded }));
    expect(await body('servis')).toBe(current);
    expect(await body('contacts')).toBe('<p>Текст редактора</p>');
  });
});

describe('demo promotions', () => {
  it('are running right after seeding, whatever the date', async () => {
    // A database without the demo (a copy of the migrated one), the clock three years on.
    const fresh = await createTestDatabase({}, { demo: false });
    advanceClock(3 * 365 * 86_400_000);
    try {
      await fresh.db.transaction().execute((trx) => seedContentDemo(trx, { catalogPaths: [] }));
      const today = now().toISOString().slice(0, 10);
      const day = (value: Date | string) => (value instanceof Date ? value.toISOString() : value).slice(0, 10);
      const rows = await fresh.db.selectFrom('content_promotion').select(['starts_on', 'ends_on']).execute();
      expect(rows).toHaveLength(4);
      for (const r of rows) {
        expect(day(r.starts_on) <= today).toBe(true);
        expect(day(r.ends_on) > today).toBe(true);
      }
    } finally {
      resetClock();
      await fresh.destroy();
    }
  });
});
