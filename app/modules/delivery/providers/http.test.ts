import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cdekCalculator, dadataSuggestions, dellinCalculator, pekCalculator } from './http.ts';
import { DeliveryProviderError, type QuoteRequest } from './providers.ts';

/** A local fake of the vendors: records each request and answers what the test scripted. */
interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }
let server: Server;
let base = '';
let seen: Seen[] = [];
let reply: (req: Seen, res: ServerResponse) => void = (_req, res) => res.end('{}');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => { seen = []; });

const json = (status: number, value: unknown) => (_req: Seen, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

const request: QuoteRequest = {
  kind: 'terminal',
  from: { coords: { lat: 54.7669, long: 31.9884 }, country: 'RU', line: 'Смоленск, ул. Шевченко, 92', city: 'Смоленск' },
  to: { coords: { lat: 55.76, long: 37.62 }, country: 'RU', line: 'Москва, ул. Ленина, 16', city: 'Москва' },
  terminalCode: 'T-77',
  distanceKm: 400,
  cargo: { weightKg: 12.5, volumeM3: 0.0625 },
  currency: 'RUB',
};

async function failure(promise: Promise<unknown>): Promise<DeliveryProviderError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DeliveryProviderError);
  return error as DeliveryProviderError;
}

describe('DaData suggestions', () => {
  it('posts the query with the token and maps value, address and point', async () => {
    reply = json(200, { suggestions: [{ value: 'г Смоленск, ул Ленина, д 12', data: {
      country: 'Россия', city: 'Смоленск', region_with_type: 'Смоленская обл', city_district_with_type: 'Ленинский р-н',
      street_with_type: 'ул Ленина', house: '12', geo_lat: '54.7818', geo_lon: '32.0401',
    } }, { value: 'г Смоленск', data: { city: 'Смоленск', geo_lat: null } }] });
    const list = await dadataSuggestions({ url: `${base}/suggest`, token: 'tok' }).suggest('смоленск ленина 12', 5);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/suggest' });
    expect(seen[0]!.headers.authorization).toBe('Token tok');
    expect(JSON.parse(seen[0]!.body)).toEqual({ query: 'смоленск ленина 12', count: 5, locations: [{ country_iso_code: 'RU' }, { country_iso_code: 'KZ' }] });
    expect(list[0]).toEqual({
      value: 'г Смоленск, ул Ленина, д 12',
      address: { country: 'Россия', city: 'Смоленск', region: 'Смоленская обл', district: 'Ленинский р-н', street: 'ул Ленина', house: '12' },
      coords: { lat: 54.7818, long: 32.0401 },
    });
    expect(list[1]!.coords).toBeNull();
  });

  it('maps a non-2xx answer, nonsense and a timeout to a provider error', async () => {
    const dadata = dadataSuggestions({ url: `${base}/suggest`, token: 'tok', timeoutMs: 200 });
    reply = json(403, { message: 'forbidden' });
    expect((await failure(dadata.suggest('abc', 5))).status).toBe(403);
    reply = json(200, { nothing: true });
    await failure(dadata.suggest('abc', 5));
    reply = (_req, res) => { res.writeHead(200); res.end('not json'); };
    await failure(dadata.suggest('abc', 5));
    reply = (_req, res) => { setTimeout(() => res.end('{}'), 1000).unref(); };
    const started = Date.now();
    expect((await failure(dadata.suggest('abc', 5))).message).toMatch(/unreachable: TimeoutError/);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('does not follow a redirect (it would resend the key)', async () => {
    reply = (_req, res) => { res.writeHead(302, { location: 'http://127.0.0.1:1/steal' }); res.end(); };
    await failure(dadataSuggestions({ url: `${base}/suggest`, token: 'tok' }).suggest('abc', 5));
    expect(seen).toHaveLength(1);
  });
});

describe('СДЭК calculator', () => {
  it('takes a token once, then asks the tariff with locations and a package; maps total_sum and period_max', async () => {
    reply = (req, res) => req.url === '/v2/oauth/token'
      ? json(200, { access_token: 'AT', expires_in: 3600 })(req, res)
      : json(200, { delivery_sum: 900, total_sum: 1234.5, period_min: 2, period_max: 4, currency: 'RUB' })(req, res);
    const cdek = cdekCalculator({ url: `${base}/v2`, clientId: 'cid', clientSecret: 'cs' });
    expect(await cdek.quote(request)).toEqual({ price: 1235, days: 4 });
    expect(await cdek.quote({ ...request, kind: 'door' })).toEqual({ price: 1235, days: 4 });
    expect(seen.map((s) => s.url)).toEqual(['/v2/oauth/token', '/v2/calculator/tariff', '/v2/calculator/tariff']);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({ grant_type: 'client_credentials', client_id: 'cid', client_secret: 'cs' });
    expect(seen[1]!.headers.authorization).toBe('Bearer AT');
    const body = JSON.parse(seen[1]!.body);
    expect(body).toMatchObject({
      tariff_code: 136, currency: 1,
      from_location: { address: 'Смоленск, ул. Шевченко, 92', country_code: 'RU', latitude: 54.7669, longitude: 31.9884 },
      to_location: { latitude: 55.76, longitude: 37.62 },
      packages: [{ weight: 12500, length: 40, width: 40, height: 40 }],
    });
    expect(JSON.parse(seen[2]!.body).tariff_code).toBe(137);
  });

  it('an error list, a missing sum or a failed token is a failure', async () => {
    reply = (req, res) => req.url === '/v2/oauth/token' ? json(200, { access_token: 'AT', expires_in: 3600 })(req, res) : json(200, { errors: [{ code: 'x' }] })(req, res);
    await failure(cdekCalculator({ url: `${base}/v2`, clientId: 'a', clientSecret: 'b' }).quote(request));
    reply = (req, res) => req.url === '/v2/oauth/token' ? json(200, { access_token: 'AT', expires_in: 3600 })(req, res) : json(200, {})(req, res);
    await failure(cdekCalculator({ url: `${base}/v2`, clientId: 'a', clientSecret: 'b' }).quote(request));
    reply = json(401, { error: 'invalid_client' });
    expect((await failure(cdekCalculator({ url: `${base}/v2`, clientId: 'a', clientSecret: 'b' }).quote(request))).status).toBe(401);
  });
});

describe('Деловые Линии calculator', () => {
  it('posts the app key, derival address, the arrival terminal and the cargo; days from the order dates', async () => {
    reply = json(200, { data: { price: 2100, orderDates: { arrivalToOspReceiver: '2026-11-26 12:00:00' } } });
    const dellin = dellinCalculator({ url: base, appKey: 'APP', today: () => new Date('2026-11-23T09:00:00Z') });
    expect(await dellin.quote(request)).toEqual({ price: 2100, days: 3 });
    expect(seen[0]!.url).toBe('/v2/calculator.json');
    const body = JSON.parse(seen[0]!.body);
    expect(body).toMatchObject({
      appkey: 'APP',
      delivery: { deliveryType: { type: 'auto' }, derival: { produceDate: '2026-11-23', variant: 'address', address: { search: 'Смоленск, ул. Шевченко, 92' } }, arrival: { variant: 'terminal', terminalID: 'T-77' } },
      cargo: { totalWeight: 12.5, totalVolume: 0.0625 },
    });
    await dellin.quote({ ...request, kind: 'door' });
    expect(JSON.parse(seen[1]!.body).delivery.arrival).toMatchObject({ variant: 'address', address: { search: 'Москва, ул. Ленина, 16' } });
  });

  it('a 5xx or an answer without a price is a failure', async () => {
    reply = json(503, {});
    expect((await failure(dellinCalculator({ url: base, appKey: 'APP' }).quote(request))).status).toBe(503);
    reply = json(200, { errors: { messages: ['bad'] } });
    await failure(dellinCalculator({ url: base, appKey: 'APP' }).quote(request));
  });
});

describe('ПЭК calculator', () => {
  it('authenticates with Basic login:key, names the receiving warehouse, maps costTotal and the term', async () => {
    reply = json(200, { transfers: [{ costTotal: 1750.2 }], commonTerms: [{ transporting: [2, 3] }] });
    const pek = pekCalculator({ url: base, login: 'user', apiKey: 'KEY' });
    expect(await pek.quote(request)).toEqual({ price: 1751, days: 3 });
    expect(seen[0]!.url).toBe('/calculator/calculateprice/');
    expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('user:KEY').toString('base64')}`);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ receiverWarehouseId: 'T-77', isDelivery: false, cargos: [{ weight: 12.5, volume: 0.0625 }] });
  });

  it('hasError, no cost or an unreachable server is a failure', async () => {
    reply = json(200, { hasError: true, errorMessage: 'x' });
    await failure(pekCalculator({ url: base, login: 'u', apiKey: 'k' }).quote(request));
    reply = json(200, { transfers: [] });
    await failure(pekCalculator({ url: base, login: 'u', apiKey: 'k' }).quote(request));
    expect((await failure(pekCalculator({ url: 'http://127.0.0.1:1', login: 'u', apiKey: 'k', timeoutMs: 500 }).quote(request))).message).toMatch(/unreachable/);
  });
});
