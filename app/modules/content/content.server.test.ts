import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { getPage, getShopPage } from './content.server.ts';

describe('the shop’s own pages on a fresh installation (no demo content)', () => {
  let t: TestDatabase;
  beforeAll(async () => { t = await createTestDatabase({}, { demo: false }); });
  afterAll(async () => { await t?.destroy(); });

  it('have a frame until an editor writes their text, so /, /contacts and /akcii never answer 404', async () => {
    expect(await getPage(t.services, 'home')).toBeNull();
    for (const [slug, title] of [['home', 'Сельхозтехника и запчасти с доставкой по России и Казахстану'], ['contacts', 'Контакты и филиалы'], ['akcii', 'Акции и спецпредложения']] as const) {
      const page = await getShopPage(t.services, slug);
      expect(page).toMatchObject({ slug, title, bodyHtml: '' });
      expect(page.metaDescription.length).toBeGreaterThan(50);
    }
  });
});
