import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countingServices } from '#app/.server/db/query-counter.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testContext } from '#app/.server/test-context.ts';
import { testClient } from '../../../server/test-client.ts';
import { DELIVERY_MESSAGES as M } from './delivery.constants.ts';
import { deliveryPriceInput } from './delivery.schema.ts';
import { deliveryPrice } from './delivery.server.ts';
import { DeliveryProviderError, type CarrierCalculator } from './providers/providers.ts';
import { createSandboxDeliveryProviders } from './providers/sandbox.ts';

let t: TestDatabase;
let parts: Array<{ id: number; weight_grams: number | null }> = [];
beforeAll(async () => {
  t = await createTestDatabase();
  parts = await t.db.selectFrom('parts_part').select(['id', 'weight_grams']).where('weight_grams', 'is not', null).orderBy('id').limit(3).execute();
});
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

// Branch 1 is Smolensk (demo branches); the address is in Moscow, about 400 km by road.
const moscow = { country: 'Россия', city: 'Москва', region: 'г Москва', district: '', street: 'ул Ленина', house: '5' };
const moscowCoords = { lat: 55.7598, long: 37.6233 };
const priceBody = (extra: Record<string, unknown> = {}) => ({
  branch: 1, coords: moscowCoords, address: moscow, price: 12_500,
  parts: [{ id: parts[0]!.id, count: 2 }, { id: parts[1]!.id, count: 1 }], transportCompany: null, idTerminal: null, ...extra,
});

describe('POST /api/delivery/get-nearest-terminals (spec §7)', () => {
  it('answers the nearest terminals of each company, nearest first, with their coordinates', async () => {
    const res = await testClient(t.services).post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = await res.json();
    expect(body.error_status).toBe('success');
    const carriers = body.terminals.map((x: { carrier: string }) => x.carrier);
    expect(new Set(carriers)).toEqual(new Set(['cdek', 'dellin', 'pek']));
    for (const c of ['cdek', 'dellin', 'pek']) {
      const own = body.terminals.filter((x: { carrier: string }) => x.carrier === c);
      expect(own.length).toBeGreaterThan(0);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own[0].city).toBe('Москва');
      // Farther than 150 km only when the company has nothing closer.
      expect(own.slice(1).every((x: { distanceKm: number }) => x.distanceKm <= 150)).toBe(true);
      expect(own.map((x: { distanceKm: number }) => x.distanceKm)).toEqual([...own.map((x: { distanceKm: number }) => x.distanceKm)].sort((a, b) => a - b));
    }
    expect(body.terminals[0]).toMatchObject({ carrierName: 'СДЭК', coords: { lat: expect.any(Number), long: expect.any(Number) } });
  });

  it('finds terminals in Kazakhstan too', async () => {
    const body = await (await testClient(t.services).post('/api/delivery/get-nearest-terminals', { address: { city: 'Алматы' }, coords: { lat: 43.24, long: 76.89 } })).json();
    for (const c of ['cdek', 'dellin', 'pek']) expect(body.terminals.find((x: { carrier: string }) => x.carrier === c).city).toBe('Алматы');
  });

  it('refuses missing or hostile coordinates and addresses with a 400 in Russian', async () => {
    const client = testClient(t.services);
    const cases: unknown[] = [
      {}, null, { address: moscow }, { address: moscow, coords: {} }, { address: moscow, coords: { lat: 'NaN', long: 1 } },
      { address: moscow, coords: { lat: 91, long: 37 } }, { address: moscow, coords: { lat: 55, long: -181 } },
      { address: moscow, coords: { lat: '0x10', long: 37 } }, { address: moscow, coords: [55, 37] },
      { coords: moscowCoords }, { address: {}, coords: moscowCoords }, { address: { city: 'Мос\u0000ква' }, coords: moscowCoords },
      { address: { city: 'x'.repeat(201) }, coords: moscowCoords },
    ];
    for (const body of cases) {
      const res = await client.post('/api/delivery/get-nearest-terminals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.error_status).toBe('error');
      expect(answer.message).toMatch(/[а-я]/);
    }
    expect((await client.post('/api/delivery/get-nearest-terminals', undefined, { body: '{"coords":', contentType: 'application/json' })).status).toBe(400);
    // Without the CSRF token: refused like every mutation.
    expect((await client.post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords }, { csrf: false })).status).toBe(403);
  });
});

describe('POST /api/delivery/get-spare-parts-delivery-price (spec §7)', () => {
  it('prices delivery to the address: the cheapest carrier, its name, price, currency sign, term and distance', async () => {
    const res = await testClient(t.services).post('/api/delivery/get-spare-parts-delivery-price', priceBody());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ error_status: 'success', currencySign: 'руб.', fail: false });
    expect(body.price).toBeGreaterThan(0);
    expect(Number.isInteger(body.price)).toBe(true);
    expect(['СДЭК', 'Деловые Линии', 'ПЭК']).toContain(body.carrier);
    expect(body.distance).toBeGreaterThan(380);
    expect(body.distance).toBeLessThan(520);
    expect(body.days).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('message');
  });

  it('prices delivery to a chosen terminal of a chosen company; each company its own price', async () => {
    const client = testClient(t.services);
    const { terminals } = await (await client.post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords })).json();
    const prices: Record<string, number> = {};
    for (const carrier of ['cdek', 'dellin', 'pek']) {
      const terminal = terminals.find((x: { carrier: string }) => x.carrier === carrier);
      const body = await (await client.post('/api/delivery/get-spare-parts-delivery-price', priceBody({ transportCompany: carrier, idTerminal: terminal.id }))).json();
      expect(body).toMatchObject({ fail: false, transportCompany: carrier, currencySign: 'руб.' });
      prices[carrier] = body.price;
    }
    expect(new Set(Object.values(prices)).size).toBe(3);
  });

  it('a Kazakh branch prices in tenge', async () => {
    const body = await (await testClient(t.services).post('/api/delivery/get-spare-parts-delivery-price', priceBody({ branch: 30, address: { city: 'Алматы', country: 'Казахстан' }, coords: { lat: 43.25, long: 76.9 } }))).json();
    expect(body).toMatchObject({ currencySign: '₸', fail: false });
  });

  it('spec §5: without a positive total or any item the price is 0 and the fail flag is set (200)', async () => {
    const client = testClient(t.services);
    for (const extra of [{ price: 0 }, { parts: [] }]) {
      const res = await client.post('/api/delivery/get-spare-parts-delivery-price', priceBody(extra));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ price: 0, fail: true, message: M.conditionsNotMet, carrier: '' });
    }
  });

  it('refuses bad input with a clear 4xx in Russian', async () => {
    const client = testClient(t.services);
    const p = parts[0]!.id;
    const cases: [unknown, number, string | RegExp][] = [
      [{}, 400, /./],
      [priceBody({ coords: undefined }), 400, M.badCoords],
      [priceBody({ coords: { lat: Number.NaN, long: 1 } }), 400, M.badCoords],
      [priceBody({ coords: { lat: 'NaN', long: 1 } }), 400, M.badCoords],
      [priceBody({ coords: { lat: 1, long: 200 } }), 400, M.badCoords],
      [priceBody({ address: {} }), 400, M.badAddress],
      [priceBody({ parts: Array.from({ length: 10_000 }, () => ({ id: p, count: 1 })) }), 400, M.badParts],
      [priceBody({ parts: [{ id: -1, count: 1 }] }), 400, M.badPartId],
      [priceBody({ parts: [{ id: p, count: 0 }] }), 400, M.badCount],
      [priceBody({ parts: [{ id: p, count: 10_000 }] }), 400, M.badCount],
      [priceBody({ price: -1 }), 400, M.badPrice],
      [priceBody({ price: '1e9' }), 400, M.badPrice],
      [priceBody({ branch: 'one' }), 400, M.badBranch],
      [priceBody({ transportCompany: 'dhl', idTerminal: 1 }), 400, M.badCarrier],
      [priceBody({ transportCompany: 'cdek' }), 400, M.terminalWithoutCarrier],
      [priceBody({ idTerminal: 1 }), 400, M.terminalWithoutCarrier],
      // Spec §7 names both keys: null (or '') for delivery to the address, never left out.
      [priceBody({ transportCompany: undefined, idTerminal: undefined }), 400, M.carrierRequired],
      [priceBody({ transportCompany: undefined }), 400, M.carrierRequired],
      [priceBody({ idTerminal: undefined }), 400, M.carrierRequired],
      [priceBody({ transportCompany: 'cdek', idTerminal: undefined }), 400, M.carrierRequired],
      [priceBody({ transportCompany: 'cdek', idTerminal: 'abc' }), 400, M.badTerminal],
      [priceBody({ transportCompany: 'cdek', idTerminal: -1 }), 400, M.badTerminal],
      [priceBody({ transportCompany: 'cdek', idTerminal: [1] }), 400, M.badTerminal],
      [priceBody({ branch: 999_999 }), 404, M.unknownBranch],
      [priceBody({ transportCompany: 'cdek', idTerminal: 999_999 }), 404, M.unknownTerminal],
      [priceBody({ parts: [{ id: 2_000_000_000, count: 1 }] }), 404, M.unknownParts],
    ];
    for (const [body, status, message] of cases) {
      const res = await client.post('/api/delivery/get-spare-parts-delivery-price', body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(status);
      const answer = await res.json();
      expect(answer.error_status).toBe('error');
      if (typeof message === 'string') expect(answer.message).toBe(message);
      else expect(answer.message).toMatch(message);
    }
    // A terminal of another company is unknown to this one.
    const { terminals } = await (await client.post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords })).json();
    const pekTerminal = terminals.find((x: { carrier: string }) => x.carrier === 'pek');
    const res = await client.post('/api/delivery/get-spare-parts-delivery-price', priceBody({ transportCompany: 'cdek', idTerminal: pekTerminal.id }));
    expect(res.status).toBe(404);
  });

  it('spec §8: a carrier that fails gives 200, price 0, the fail flag and the Russian message; the others still price the address', async () => {
    const failing: CarrierCalculator = { carrier: 'cdek', quote: async () => { throw new DeliveryProviderError('cdek', 'cdek answered 502', { status: 502 }); } };
    const sandbox = createSandboxDeliveryProviders(t.db);
    const services = { ...t.services, delivery: { ...sandbox, carriers: { ...sandbox.carriers, cdek: failing } } };
    const client = testClient(services);
    const { terminals } = await (await client.post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords })).json();
    const cdekTerminal = terminals.find((x: { carrier: string }) => x.carrier === 'cdek');
    const res = await client.post('/api/delivery/get-spare-parts-delivery-price', priceBody({ transportCompany: 'cdek', idTerminal: cdekTerminal.id }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: 0, fail: true, message: M.failTerminals, transportCompany: 'cdek' });
    const door = await (await client.post('/api/delivery/get-spare-parts-delivery-price', priceBody())).json();
    expect(door.fail).toBe(false);
    expect(door.carrier).not.toBe('СДЭК');

    const allFail = { ...sandbox, carriers: { cdek: failing, dellin: { ...failing, carrier: 'dellin' as const }, pek: { ...failing, carrier: 'pek' as const } } };
    const none = await (await testClient({ ...t.services, delivery: allFail }).post('/api/delivery/get-spare-parts-delivery-price', priceBody())).json();
    expect(none).toMatchObject({ price: 0, fail: true, message: M.failCalc, carrier: '' });
  });

  it('the sandbox СДЭК refuses freight over a ton while the others quote', async () => {
    const heavy = await t.db.selectFrom('parts_part').select('id').where('weight_grams', '>', 5000).orderBy('weight_grams', 'desc').executeTakeFirst();
    if (!heavy) return;
    const { terminals } = await (await testClient(t.services).post('/api/delivery/get-nearest-terminals', { address: moscow, coords: moscowCoords })).json();
    const cdekTerminal = terminals.find((x: { carrier: string }) => x.carrier === 'cdek');
    const body = await (await testClient(t.services).post('/api/delivery/get-spare-parts-delivery-price', priceBody({ parts: [{ id: heavy.id, count: 9999 }], transportCompany: 'cdek', idTerminal: cdekTerminal.id }))).json();
    expect(body).toMatchObject({ fail: true, price: 0 });
  });

  it('budget: the sandbox price costs a fixed number of statements whatever the carriers', async () => {
    const { services, counter } = countingServices(t.services);
    const counted = { ...services, delivery: createSandboxDeliveryProviders(services.db) };
    const input = deliveryPriceInput.parse(priceBody());
    const ctx = testContext(counted);
    await deliveryPrice(ctx, input); // warms the minute's copies of tariffs, terminals and branches
    const before = counter.count;
    const runs = 40;
    for (let i = 0; i < runs; i++) {
      await t.db.deleteFrom('rate_limit').execute();
      const outcome = await deliveryPrice(ctx, input);
      expect(outcome.ok && !outcome.answer.fail).toBe(true);
    }
    // Per price: the parts' weights and the rate limit; the three carriers' tariffs come from memory.
    // (Its time is the benchmark's to measure, not a test's: a busy machine would fail a timed test.)
    expect((counter.count - before) / runs).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/delivery/suggest-address', () => {
  it('suggests addresses with coordinates in Russia and Kazakhstan, carrying the house number', async () => {
    const client = testClient(t.services);
    const res = await client.get(`/api/delivery/suggest-address?q=${encodeURIComponent('Смоленск Ленина 12')}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.suggestions[0]).toMatchObject({ value: 'г Смоленск, ул Ленина, д 12', address: { city: 'Смоленск', street: 'ул Ленина', house: '12', country: 'Россия' } });
    expect(body.suggestions[0].coords.lat).toBeCloseTo(54.79, 1);
    const kz = await (await client.get(`/api/delivery/suggest-address?q=${encodeURIComponent('алматы')}`)).json();
    expect(kz.suggestions[0].address).toMatchObject({ city: 'Алматы', country: 'Казахстан' });
    expect(kz.suggestions.length).toBeLessThanOrEqual(7);
    const none = await (await client.get(`/api/delivery/suggest-address?q=${encodeURIComponent('Нетакогогорода')}`)).json();
    expect(none.suggestions).toEqual([]);
  });

  it('refuses short, long and control-character queries with a 400 in Russian', async () => {
    const client = testClient(t.services);
    for (const q of ['', 'ab', '   ab  ', 'x'.repeat(201), 'Смоленск\u0007']) {
      const res = await client.get(`/api/delivery/suggest-address?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(400);
      expect((await res.json()).message).toMatch(/символ/);
    }
    expect((await client.get('/api/delivery/suggest-address')).status).toBe(400);
  });

  it('is rate limited per address: 60 a minute, then 429 with Retry-After; parallel requests never pass more', async () => {
    const client = testClient(t.services);
    const results = await Promise.all(Array.from({ length: 70 }, () => client.get('/api/delivery/suggest-address?q=%D0%A1%D0%BC%D0%BE%D0%BB')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toBe(M.tooManyRequests);
  });

  it('a failing suggestion service answers 503 with the Russian message', async () => {
    const sandbox = createSandboxDeliveryProviders(t.db);
    const services = { ...t.services, delivery: { ...sandbox, suggestions: { suggest: async () => { throw new DeliveryProviderError('dadata', 'dadata answered 500', { status: 500 }); } } } };
    const res = await testClient(services).get('/api/delivery/suggest-address?q=%D0%A1%D0%BC%D0%BE%D0%BB');
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe(M.suggestFailed);
  });
});

describe('GET /api/delivery/locate-address: an address no suggestion matches (issue 28 §4 point 13)', () => {
  type Located = { error_status: string; suggestion: { value: string; address: Record<string, string>; coords: { lat: number; long: number } } };
  const locate = async (q: string, services = t.services) => {
    const res = await testClient(services).get(`/api/delivery/locate-address?q=${encodeURIComponent(q)}`);
    return { status: res.status, cache: res.headers.get('cache-control'), body: await res.json() as Located & { message?: string } };
  };

  it('places a street the directory does not know at its settlement, keeping the visitor\'s text', async () => {
    // The sandbox's directory has no 'ул Кирова' in Smolensk: no suggestion for the whole text.
    const none = await (await testClient(t.services).get(`/api/delivery/suggest-address?q=${encodeURIComponent('Смоленск, ул Кирова, 5')}`)).json();
    expect(none.suggestions).toEqual([]);
    const { status, cache, body } = await locate('Смоленск,  ул Кирова, 5');
    expect(status).toBe(200);
    expect(cache).toBe('private, no-store');
    expect(body.suggestion.value).toBe('Смоленск, ул Кирова, 5');
    expect(body.suggestion.address).toMatchObject({ country: 'Россия', city: 'Смоленск', region: 'Смоленская обл' });
    expect(body.suggestion.coords).toEqual({ lat: 54.7826, long: 32.0453 });
  });

  it('falls back to the region the text names (its centre), then to the visitor\'s own region', async () => {
    const village = await locate('деревня Ивановка, Смоленской обл.');
    expect(village.body.suggestion.address).toMatchObject({ country: 'Россия', region: 'Смоленская область', city: '' });
    const centre = await locate('Йошкар-Ола, ул Неизвестная 1');
    expect(centre.body.suggestion.address).toMatchObject({ region: 'Республика Марий Эл', city: 'Йошкар-Ола' });
    const nowhere = await locate('хутор Неведомый');
    expect(nowhere.status).toBe(200);
    // The visitor who chose no region is in the guessed one (Smolensk, spec §3).
    expect(nowhere.body.suggestion.address).toMatchObject({ region: 'Смоленская область' });
    expect(nowhere.body.suggestion.coords.lat).toBeCloseTo(54.78, 1);
  });

  it('still places the address while the suggestion service is down', async () => {
    const sandbox = createSandboxDeliveryProviders(t.db);
    const services = { ...t.services, delivery: { ...sandbox, suggestions: { suggest: async () => { throw new DeliveryProviderError('dadata', 'dadata answered 500', { status: 500 }); } } } };
    const { status, body } = await locate('Казань, ул Новая 3', services);
    expect(status).toBe(200);
    expect(body.suggestion.address).toMatchObject({ region: 'Республика Татарстан', city: 'Казань' });
  });

  it('refuses short, long and control-character text with a Russian 400, and counts against the suggestions\' limit', async () => {
    for (const q of ['', 'ab', 'x'.repeat(201), 'Смоленск\u0007']) {
      const { status, body } = await locate(q);
      expect(status, q).toBe(400);
      expect(body.message).toMatch(/символ/);
    }
    const client = testClient(t.services);
    const results = await Promise.all(Array.from({ length: 65 }, () => client.get(`/api/delivery/locate-address?q=${encodeURIComponent('Смоленск, ул Кирова')}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect((await results.find((r) => r.status === 429)!.json()).message).toBe(M.tooManyRequests);
  });
});
