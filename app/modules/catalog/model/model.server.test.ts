import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '#app/.server/context.ts';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createSession, findSession, rotateSession } from '#app/.server/session.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { getModel, loadModelPage, similarFeatures, similarModels } from './model.server.ts';
import { recordModelView } from '../marks/marks.server.ts';
import { FIXTURE, insertModelFixture } from './model.test-fixture.server.ts';

let t: TestDatabase;
let userId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertModelFixture(t.db);
  userId = await createUser(t.db, { name: 'Пётр Фермеров', email: 'model-page@agro.example' });
}, 60_000);
afterAll(async () => { await t?.destroy(); });

const guest = (services = t.services): RequestContext => testContext(services);
async function signedIn(services = t.services): Promise<RequestContext> {
  const ctx = testContext(services, { session: (await createSession(t.db)).session });
  await ctx.signIn(userId, 'browser');
  return ctx;
}

describe('the model page', () => {
  it('streams its similar models the first time, and sends them with the page while they are kept', async () => {
    const { services } = countingServices(t.services);
    const first = (await loadModelPage(guest(services), FIXTURE.model))!;
    expect(first.similar).toBeInstanceOf(Promise);
    const list = await first.similar;
    const again = (await loadModelPage(guest(services), FIXTURE.model))!;
    expect(Array.isArray(again.similar)).toBe(true);
    expect(again.similar).toEqual(list);
  });

  it('shows the model with its line, maker, trail, specifications the Russian way and its head', async () => {
    const page = (await loadModelPage(guest(), FIXTURE.model))!;
    await page.similar;
    expect(page.model).toMatchObject({
      id: 9001, name: 'ТМ-735', productCode: 'TST735',
      link: '/catalog/test-kolesnye/test-line-tm/tm-735',
      modelLine: { id: 9001, name: 'ТМ-700', link: '/catalog/test-kolesnye/test-line-tm' },
      manufacturer: { name: 'Тестмаш', country: 'Россия' },
      category: { id: 9901, name: 'Тестовые тракторы', link: '/catalog/test-kolesnye' },
      techniqueType: { name: 'Тестовый трактор' },
    });
    expect(page.model.images.map((i) => [i.width, i.height])).toEqual([[640, 480], [640, 480]]);
    expect(page.model.specs.map((s) => [s.name, s.value])).toEqual([
      ['Мощность двигателя', '420\u00a0л.с.'],
      ['Рабочая ширина', '2,5\u00a0м'],
      ['Тип двигателя', 'Дизель'],
      ['Масса', '12\u00a0500\u00a0кг'],
    ]);
    expect(page.keyFacts).toHaveLength(4);
    expect(page.trail).toEqual([
      { label: 'Каталог техники', to: '/catalog' },
      { label: 'Тракторы', to: '/catalog/traktory' },
      { label: 'Колёсные тракторы', to: '/catalog/traktory-kolesnye' },
      { label: 'Тестовые тракторы', to: '/catalog/test-kolesnye' },
      { label: 'ТМ-700', to: '/catalog/test-kolesnye/test-line-tm' },
    ]);
    expect(page.head).toMatchObject({
      title: 'ТМ-735 — Тестмаш, купить в филиале «Смоленск»',
      description: 'Тяжёлый колёсный трактор для работы с широкозахватными орудиями. Кабина с климат-контролем.',
      canonical: '/catalog/test-kolesnye/test-line-tm/tm-735',
    });
  });

  it('is null for a model that does not exist', async () => {
    expect(await loadModelPage(guest(), 987654)).toBeNull();
  });

  it('gives a guest stock everywhere and no price anywhere, also not in the structured data', async () => {
    const page = (await loadModelPage(guest(), FIXTURE.model))!;
    await page.similar;
    expect(page.offers).toMatchObject({ signedIn: false, offer: null, branch: { id: 1, name: 'Смоленск' }, stock: { quantity: 3, expectedDate: null } });
    expect(page.offers.branches.map((b) => [b.branch.name, b.current, b.quantity, b.expectedDate, b.offer])).toEqual([
      ['Смоленск', true, 3, null, null],
      ['Воронеж', false, 1, null, null],
      ['Краснодар (Динская)', false, 0, '2026-12-05', null],
      ['Астана', false, 2, null, null],
    ]);
    expect(JSON.stringify(page)).not.toMatch(/125000000|price/i);
    expect(page.head.jsonLd).toMatchObject({
      '@type': 'Product', name: 'ТМ-735', sku: 'TST735', brand: { '@type': 'Brand', name: 'Тестмаш' },
      image: [`${t.services.config.PUBLIC_ORIGIN}/images/models/TST735.svg`, `${t.services.config.PUBLIC_ORIGIN}/images/models/TST735-rear.svg`],
      offers: { '@type': 'Offer', availability: 'https://schema.org/InStock', url: `${t.services.config.PUBLIC_ORIGIN}/catalog/test-kolesnye/test-line-tm/tm-735` },
    });
    expect(page.head.jsonLd!.offers).not.toHaveProperty('price');
    for (const card of await page.similar) expect(card.offer).toBeNull();
  });

  it('gives a signed-in visitor the prices at his branch and at the others in their currencies', async () => {
    const page = (await loadModelPage(await signedIn(), FIXTURE.model))!;
    await page.similar;
    expect(page.offers.signedIn).toBe(true);
    expect(page.offers.offer).toEqual({ branchId: 1, currency: 'RUB', price: 1_250_000_00, oldPrice: 1_500_000_00, superPrice: false, quantity: 3, expectedDate: null });
    expect(page.offers.branches.map((b) => [b.branch.id, b.offer?.price ?? null, b.offer?.currency])).toEqual([
      [1, 1_250_000_00, 'RUB'], [5, 1_290_000_00, 'RUB'], [2, null, 'RUB'], [24, 61_000_000_00, 'KZT'],
    ]);
    expect(page.head.jsonLd!.offers).toMatchObject({ price: '1250000.00', priceCurrency: 'RUB', availability: 'https://schema.org/InStock' });
    // The page writes nothing of the visitor: his view is recorded by the page's history widget.
    const viewed = await t.db.selectFrom('catalog_view_history').select('model_id').where('user_id', '=', userId).execute();
    expect(viewed.map((v) => v.model_id)).not.toContain(FIXTURE.model);
  });

  it('puts a Kazakh visitor\'s branch first, then Kazakhstan, then Russia', async () => {
    const page = (await loadModelPage(testContext(t.services, { regionIdParam: 5006 }), FIXTURE.model))!;
    await page.similar;
    expect(page.offers.branch).toMatchObject({ id: 24, name: 'Астана' });
    expect(page.offers.branches.map((b) => b.branch.id)).toEqual([24, 5, 2, 1]);
    expect(page.head.title).toBe('ТМ-735 — Тестмаш, купить в филиале «Астана»');
  });

  it('lists similar models of the category, in stock at the branch first, then by the nearest specifications', async () => {
    const page = (await loadModelPage(await signedIn(), FIXTURE.model))!;
    const similar = await page.similar;
    expect(similar.map((m) => m.id)).toEqual(FIXTURE.similarOrder);
    expect(similar[0]).toMatchObject({
      name: 'Проба-2', link: '/catalog/test-kolesnye/test-line-proba/proba-2', productCode: 'TSTPR2',
      image: { src: '/images/models/TSTPR2.svg', width: 640, height: 480 },
      modelLine: { id: 9002, name: 'Проба' }, manufacturer: { id: 9002, name: 'Проба' },
      keySpecs: [{ name: 'Мощность двигателя', value: '425\u00a0л.с.' }, { name: 'Рабочая ширина', value: '2,5\u00a0м' }, { name: 'Масса', value: '12\u00a0600\u00a0кг' }],
      inStock: true,
      offer: { branchId: 1, currency: 'RUB', price: 1_100_000_00, quantity: 1 },
    });
    expect(similar.find((m) => m.id === 9003)!.image).toBeNull();
  });

  it('sends no query once its model and similar models are kept, guest or signed in: it reads and writes nothing of the visitor', async () => {
    for (const make of [guest, signedIn]) {
      const { services, counter } = countingServices(t.services);
      const ctx = await make(services);
      // The first call fills the in-memory directories (regions, menu) of this handle.
      await (await loadModelPage(ctx, FIXTURE.model))!.similar;
      counter.count = 0;
      // The model with its specifications and branches is shared for OFFERS_TTL_MS by every visitor,
      // the similar models of the first call for a minute by every visitor of the branch (SIMILAR_TTL_MS).
      await (await loadModelPage(ctx, FIXTURE.model))!.similar;
      expect(counter.count).toBe(0);
    }
  });

  it('records a view (the page\'s history widget) only when the model is not already the newest, which comes with the session', async () => {
    const { token, session } = await rotateSession(t.db, null, userId, 'browser');
    await recordModelView(testContext(t.services, { session }), FIXTURE.model);
    const page = await findSession(t.db, token, { withFacts: true });
    expect(page?.facts?.lastViewed).toBe(FIXTURE.model);
    const { services, counter } = countingServices(t.services);
    const ctx = testContext(services, { session: page });
    await recordModelView(ctx, FIXTURE.model);
    expect(counter.count).toBe(0);
    // Another model: the fact says it is not the newest, so the view is written.
    await recordModelView(ctx, 9003);
    expect((await findSession(t.db, token, { withFacts: true }))?.facts?.lastViewed).toBe(9003);
  });
});

describe('similar models with a filter', () => {
  it('matches on the chosen specifications only', async () => {
    // On mass alone 9003 (9 000 кг) is far and 9002 (12 800 кг) near; stock still comes first.
    const byMass = await similarModels(guest(), FIXTURE.model, { specifications: [FIXTURE.specs.mass] });
    expect(byMass!.map((m) => m.id)).toEqual([9004, 9003, 9002, 9005]);
    const byPower = await similarModels(guest(), FIXTURE.model, { specifications: [FIXTURE.specs.power], inStock: false });
    expect(byPower!.map((m) => m.id)).toEqual([9004, 9003, 9002, 9005]);
  });

  it('keeps models in stock or of the same manufacturer when asked', async () => {
    expect((await similarModels(guest(), FIXTURE.model, { inStock: true }))!.map((m) => m.id)).toEqual([9004, 9003]);
    expect((await similarModels(guest(), FIXTURE.model, { sameManufacturer: true }))!.map((m) => m.id)).toEqual([9003, 9002]);
  });

  it('is null for an unknown model', async () => {
    expect(await similarModels(guest(), 987654, {})).toBeNull();
    expect(await similarFeatures(guest(), 987654)).toBeNull();
  });

  it('offers the model\'s number specifications with how many models of the category have them', async () => {
    expect(await similarFeatures(guest(), FIXTURE.model)).toEqual({
      specifications: [
        { id: FIXTURE.specs.power, name: 'Мощность двигателя', unit: 'л.с.', value: '420\u00a0л.с.', count: 3 },
        { id: FIXTURE.specs.width, name: 'Рабочая ширина', unit: 'м', value: '2,5\u00a0м', count: 3 },
        { id: FIXTURE.specs.mass, name: 'Масса', unit: 'кг', value: '12\u00a0500\u00a0кг', count: 3 },
      ],
      inStock: { count: 2 },
      sameManufacturer: { count: 2 },
    });
  });
});

describe('GET /models/get-model data', () => {
  it('has no prices for guests and the prices for a signed-in visitor', async () => {
    const forGuest = (await getModel(guest(), FIXTURE.model))!;
    expect(forGuest).toMatchObject({ id: 9001, name: 'ТМ-735', signedIn: false, offer: null });
    expect(JSON.stringify(forGuest)).not.toMatch(/price/i);
    expect((await getModel(await signedIn(), FIXTURE.model))!.offer).toMatchObject({ price: 1_250_000_00 });
  });
});
