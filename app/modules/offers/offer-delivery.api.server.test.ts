import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { roadDistanceKm, tariffQuote } from '#app/modules/delivery/delivery.rules.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import example from '../../../docs/examples/offer-import.json';
import { testClient } from '../../../server/test-client.ts';
import { clientOffer } from './offer-client.server.ts';
import { importOffers } from './offers.server.ts';

/*
 * Spec §7 `POST /offers/single-technique/get-delivery-price` (issue 30 §8; ADR 088) on both engines,
 * through the sandbox carriers: the tractor of the example is priced by distance, mass and size (the
 * cheapest carrier; СДЭК takes no 15.8 t), the quote is kept on the offer and, once the client saves
 * that address, is the diff's delivery price and part of the total; a part the catalogue weighs is
 * priced, an unknown one is 'по запросу' with its error kept for the manager; refusals change nothing.
 */

let t: TestDatabase;
const hashes: Record<string, string> = {};
const SMOLENSK = { lat: 54.782635, long: 32.045287 };
const ADDRESS = 'г Смоленск, ул Кирова, д 5';

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  // A machine the catalogue knows, with its mass, and no dimensions in the offer.
  const model = await t.db.selectFrom('catalog_model as m').innerJoin('catalog_model_spec as ms', 'ms.model_id', 'm.id').innerJoin('catalog_specification as s', 's.id', 'ms.spec_id')
    .select(['m.product_code', 'ms.num_value']).where('s.name', '=', 'Масса').where('s.unit', '=', 'кг').orderBy('m.id').executeTakeFirstOrThrow();
  hashes.mass = String(model.num_value);
  const tractor: Record<string, unknown> = { ...example.offers[0]!.products[0]! };
  delete tractor.dimensions;
  const offers = [
    ...example.offers.map((o) => ({ ...o, external_id: `delivery-${o.external_id}` })),
    { ...example.offers[0]!, external_id: 'delivery-catalogue-mass', products: [{ ...tractor, code: model.product_code }] },
    // The same tractor in dollars and in yuan: priced with the day's rates (ADR 102).
    { ...example.offers[0]!, external_id: 'delivery-usd', currency_code: 840 },
    { ...example.offers[0]!, external_id: 'delivery-cny', currency_code: 156 },
  ];
  const results = await importOffers(t.services, offers);
  results.forEach((r, i) => { if (r.ok) hashes[offers[i]!.external_id] = r.hash; else throw new Error(r.message); });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const single = () => hashes['delivery-1C-KP-2026-000101']!;
const price = (body: unknown, client = testClient(t.services)) => client.post('/offers/single-technique/get-delivery-price', body);
const toAddress = (hash: string, extra: Record<string, unknown> = {}) => ({
  offer: { hash, valid_date: 'ignored' }, distance: 3, area: 'Смоленская область',
  diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS, coords: SMOLENSK } }, ...extra,
});
const quoteOf = async (hash: string) => (await t.db.selectFrom('offers_offer').select('delivery_quote').where('hash', '=', hash).executeTakeFirstOrThrow()).delivery_quote;

/** The cheapest sandbox carrier's door price in kopecks for this cargo from the branch to Smolensk. */
async function expectedKopecks(hash: string, cargo: { weightKg: number; volumeM3: number }, carriers: string[]) {
  const { branch_id } = await t.db.selectFrom('offers_offer').select('branch_id').where('hash', '=', hash).executeTakeFirstOrThrow();
  const branch = (await regionDirectory(t.services)).branches.find((b) => b.id === branch_id)!;
  const km = roadDistanceKm({ lat: branch.coords[0], long: branch.coords[1] }, SMOLENSK);
  // The sandbox carriers price by the tariffs of migration 0016.
  type Row = { carrier: 'cdek' | 'dellin' | 'pek'; base_minor: string; per_km_minor: string; per_kg_minor: string; per_m3_minor: string; min_minor: string; days_base: number; km_per_day: number };
  const { rows } = await sql<Row>`select carrier, base_minor, per_km_minor, per_kg_minor, per_m3_minor, min_minor, days_base, km_per_day from delivery_tariff where kind = 'door' and currency = 'RUB'`.execute(t.db);
  const tariff = (c: string) => {
    const r = rows.find((x) => x.carrier === c)!;
    return { carrier: r.carrier, kind: 'door' as const, currency: 'RUB' as const, baseMinor: Number(r.base_minor), perKmMinor: Number(r.per_km_minor), perKgMinor: Number(r.per_kg_minor), perM3Minor: Number(r.per_m3_minor), minMinor: Number(r.min_minor), daysBase: r.days_base, kmPerDay: r.km_per_day };
  };
  return { km, kopecks: Math.min(...carriers.map((c) => tariffQuote(tariff(c), km, cargo).price)) * 100 };
}

describe('get-delivery-price', () => {
  it("prices the tractor by the carriers (its size and mass), keeps the quote, and the saved address takes its price into the diff and the total", async () => {
    const res = await price(toAddress(single()));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json() as { items: Array<Record<string, unknown>>; price: number; error: string | null; distance: number };
    // 735 × 290 × 390 cm, 15 800 kg: over the sandbox СДЭК's 1000 kg, so Деловые Линии or ПЭК.
    const { km, kopecks } = await expectedKopecks(single(), { weightKg: 15_800, volumeM3: 83.1285 }, ['dellin', 'pek']);
    expect(body.items).toEqual([{
      id: 'p1', name: 'Трактор Кировец К-742М Стандарт', price: kopecks, delivery_price_currency: 'RUB', auto: true, error: null,
      productDimensions: { length: 735, width: 290, height: 390, weight: 15_800 }, carrier: expect.any(String), days: expect.any(Number),
    }]);
    expect(kopecks).toBeGreaterThan(0);
    expect([body.price, body.error, body.distance]).toEqual([kopecks, null, km]);
    expect(await quoteOf(single())).toMatchObject({ addres: ADDRESS, price: kopecks, counts: { p1: 1 }, area: 'Смоленская область' });

    const before = await testClient(t.services).post(`/offers/single-technique/set-change?hash=${single()}`, { queue: [{ type: 'comment', data: { value: 'до' } }] });
    const versionTotal = ((await before.json()) as { version_total: number }).version_total;
    const saved = await testClient(t.services).post(`/offers/single-technique/set-change?hash=${single()}`, { queue: [{ type: 'delivery', data: { value: 'deliveryChoice', addres: ADDRESS } }] });
    const answer = await saved.json() as { diff: { delivery: Record<string, unknown> }; total: number };
    expect(answer.diff.delivery).toMatchObject({ value: 'deliveryChoice', addres: ADDRESS, delivery_price: kopecks, delivery_price_currency: 'RUB' });
    expect(answer.total).toBe(versionTotal - 8_500_000 + kopecks);

    // Two tractors: the price is asked again for the page's counts and is the price of both.
    const two = await (await price(toAddress(single(), { diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS, coords: SMOLENSK }, products: { p1: { count: 2 } } } }))).json() as { price: number };
    expect(two.price).toBe((await expectedKopecks(single(), { weightKg: 31_600, volumeM3: 166.257 }, ['dellin', 'pek'])).kopecks);
    // Not yet saved: the saved diff has one tractor, so the address is by request until the count is saved.
    const page = await testClient(t.services).get(`/offers/single-technique/get-product-options?hash=${single()}`);
    expect(page.status).toBe(200);
    const recount = await testClient(t.services).post(`/offers/single-technique/set-change?hash=${single()}`, { queue: [{ type: 'count', data: { productId: 'p1', value: 2 } }] });
    expect(((await recount.json()) as { diff: { delivery: { delivery_price: number } } }).diff.delivery.delivery_price).toBe(two.price);
  });

  it('converts the carriers\' roubles into an offer\'s dollars with the day\'s rate; without a rate it is by request', async () => {
    const usd = hashes['delivery-usd']!;
    const { kopecks } = await expectedKopecks(usd, { weightKg: 15_800, volumeM3: 83.1285 }, ['dellin', 'pek']);
    // The demo's rate: 92,5 ₽ for a dollar; cents rounded half up.
    const cents = Math.floor((kopecks * 10_000) / 925_000 + 0.5);
    const body = await (await price(toAddress(usd))).json() as { items: Array<Record<string, unknown>>; price: number; error: string | null };
    expect(body.items[0]).toMatchObject({ price: cents, delivery_price_currency: 'USD', auto: true, error: null });
    expect([body.price, body.error]).toEqual([cents, null]);
    expect(await quoteOf(usd)).toMatchObject({ price: cents, currency: 'USD' });

    // A newer rate from today on is the one used.
    await t.db.insertInto('financing_exchange_rate').values({ currency: 'USD', from_date: '2026-06-01', rub_e4: 1_000_000 }).execute();
    const today = await (await price(toAddress(usd))).json() as { price: number };
    expect(today.price).toBe(Math.floor(kopecks / 100 + 0.5));

    await t.db.deleteFrom('financing_exchange_rate').where('currency', '=', 'CNY').execute();
    const cny = await (await price(toAddress(hashes['delivery-cny']!))).json() as { items: Array<Record<string, unknown>>; price: number; error: string | null };
    expect(cny.items[0]).toMatchObject({ price: 0, delivery_price_currency: 'CNY', auto: false, error: 'Нет курса CNY на сегодня — стоимость доставки в валюте предложения рассчитает менеджер' });
    expect(cny.price).toBe(0);
  });

  it("prices a part the catalogue weighs; a part it does not makes the delivery 'по запросу' (0), its error kept for the manager", async () => {
    const hash = hashes['delivery-1C-KP-2026-000103']!;
    const grams = (await t.db.selectFrom('parts_part').select('weight_grams').where('code_norm', '=', 'RE504836').executeTakeFirstOrThrow()).weight_grams!;
    const res = await price(toAddress(hash));
    expect(res.status).toBe(200);
    const body = await res.json() as { items: Array<{ id: string; price: number; auto: boolean; error: string | null; productDimensions: { weight: number | null } }>; price: number; error: string };
    const { kopecks } = await expectedKopecks(hash, { weightKg: Math.round(6 * grams) / 1000, volumeM3: Math.round((grams / 1000 / 200) * 6 * 10_000) / 10_000 }, ['cdek', 'dellin', 'pek']);
    const noWeight = 'Масса позиции неизвестна — стоимость доставки рассчитает менеджер';
    expect(body.items.map((i) => [i.id, i.price, i.auto, i.error, i.productDimensions.weight])).toEqual([
      ['z1', kopecks, true, null, grams / 1000], ['z2', 0, false, noWeight, null], ['z3', 0, false, noWeight, null],
    ]);
    expect([body.price, body.error]).toEqual([0, noWeight]);
    expect(await quoteOf(hash)).toMatchObject({ price: 0, error: noWeight });
  });

  it("takes a machine's mass from the catalogue when the offer names none", async () => {
    const body = await (await price(toAddress(hashes['delivery-catalogue-mass']!))).json() as { items: Array<{ auto: boolean; price: number; productDimensions: Record<string, unknown> }> };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ auto: true, productDimensions: { length: null, width: null, height: null, weight: Number(hashes.mass) } });
    expect(body.items[0]!.price).toBeGreaterThan(0);
  });

  it('refuses a bad body, a wrong hash, an unknown product and a locked offer with a clear 4xx, keeping nothing', async () => {
    const hash = hashes['delivery-1C-KP-2026-000102']!;
    const cases: Array<[unknown, number, string]> = [
      [{ distance: 5, diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS } } }, 400, 'Укажите предложение: offer {hash}'],
      [toAddress(hash, { distance: undefined, diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS } } }), 400, 'Укажите точку на карте (coords) или расстояние до адреса (distance)'],
      [toAddress(hash, { distance: -1 }), 400, 'Расстояние не может быть отрицательным'],
      [toAddress(hash, { diff: { delivery: { value: 'pickupChoice', addres: ADDRESS } } }), 400, 'Цена доставки нужна только для доставки: diff.delivery.value — deliveryChoice'],
      [toAddress(hash, { diff: { delivery: { value: 'deliveryChoice', addres: '  ', coords: SMOLENSK } } }), 400, 'Укажите адрес доставки'],
      [toAddress(hash, { diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS, coords: { lat: 91, long: 0 } } } }), 400, 'Широта — от -90 до 90'],
      [toAddress(hash, { diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS, coords: SMOLENSK }, products: { m2: { count: -2 } } } }), 400, 'Количество — не меньше 1'],
      [toAddress(hash, { diff: { delivery: { value: 'deliveryChoice', addres: ADDRESS, coords: SMOLENSK }, products: { zz: { count: 2 } } } }), 422, 'Такой позиции в предложении нет'],
      [toAddress('AAAAAAAAAAAAAAAAAAAAAA'), 404, 'Предложение не найдено. Проверьте ссылку или попросите менеджера прислать её снова.'],
      [toAddress(hashes['delivery-1C-KP-2026-000104']!.slice(0, 5)), 400, 'Предложение не найдено. Проверьте ссылку или попросите менеджера прислать её снова.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await price(body);
      expect(res.status, message).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    const notJson = await testClient(t.services).post('/offers/single-technique/get-delivery-price', undefined, { body: '{"offer": ', contentType: 'application/json' });
    expect(notJson.status).toBe(400);

    await t.db.updateTable('offers_offer').set({ read_only: true }).where('hash', '=', hash).execute();
    const readOnly = await price(toAddress(hash));
    expect(readOnly.status).toBe(409);
    expect(((await readOnly.json()) as { message: string }).message).toBe('Предложение открыто только для просмотра: изменить его может менеджер.');
    await t.db.updateTable('offers_offer').set({ read_only: false, valid_until: '2020-01-01' }).where('hash', '=', hash).execute();
    expect(((await (await price(toAddress(hash))).json()) as { message: string }).message).toBe('Срок действия предложения истёк. Запросите у менеджера новое предложение.');
    await t.db.updateTable('offers_offer').set({ state: 'accepted', valid_until: '2099-01-01' }).where('hash', '=', hash).execute();
    const accepted = await price(toAddress(hash));
    expect([accepted.status, ((await accepted.json()) as { message: string }).message]).toEqual([409, 'Предложение принято и больше не меняется.']);
    expect(await quoteOf(hash)).toBeNull();
  });

  it("answers the offer's currencies with the rates in force today (spec §3 currencies[])", async () => {
    await t.db.deleteFrom('financing_exchange_rate').where('currency', '=', 'CNY').execute();
    await t.db.insertInto('financing_exchange_rate').values({ currency: 'USD', from_date: '2026-06-02', rub_e4: 931_250 }).onConflict((oc) => oc.doNothing()).execute();
    const of = async (hash: string) => (await clientOffer(t.services, hash, false))!.currencies;
    // The dollar offer's tractor was priced from roubles (original_currency 643).
    expect(await of(hashes['delivery-usd']!)).toEqual([{ code: 840, abbreviation: 'USD', rate: 93.125 }, { code: 643, abbreviation: 'руб.', rate: 1 }]);
    expect(await of(hashes['delivery-cny']!)).toEqual([{ code: 156, abbreviation: '¥', rate: null }, { code: 643, abbreviation: 'руб.', rate: 1 }]);
    expect(await of(single())).toEqual([{ code: 643, abbreviation: 'руб.', rate: 1 }]);
  });
});
