import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createDeliveryProviders, DELIVERY_SETTINGS_DOC, deliverySettings, loadDeliverySettings } from './config.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase({}, { demo: false }); });
afterAll(async () => { await t?.destroy(); });

const httpEnv = {
  DELIVERY_PROVIDERS: 'http', DADATA_API_KEY: 'dadata', CDEK_CLIENT_ID: 'id', CDEK_CLIENT_SECRET: 'secret',
  DELLIN_APP_KEY: 'app', PEK_LOGIN: 'login', PEK_API_KEY: 'key',
};

describe('delivery provider settings', () => {
  it('default to the sandbox with the vendors\' documented addresses; empty counts as unset; bad values are refused', () => {
    expect(loadDeliverySettings({})).toMatchObject({
      DELIVERY_PROVIDERS: 'sandbox', DELIVERY_TIMEOUT_MS: 8000,
      DADATA_SUGGEST_URL: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address',
      CDEK_API_URL: 'https://api.cdek.ru/v2', DELLIN_API_URL: 'https://api.dellin.ru', PEK_API_URL: 'https://kabinet.pecom.ru/api/v1',
    });
    expect(loadDeliverySettings({ DELIVERY_TIMEOUT_MS: ' ' }).DELIVERY_TIMEOUT_MS).toBe(8000);
    expect(() => loadDeliverySettings({ DELIVERY_PROVIDERS: 'real' })).toThrow('DELIVERY_PROVIDERS');
    expect(() => loadDeliverySettings({ CDEK_API_URL: 'ftp://cdek' })).toThrow('CDEK_API_URL');
  });

  it('documents every variable once, with the defaults the schema applies', () => {
    expect(DELIVERY_SETTINGS_DOC.map((d) => d.name).sort()).toEqual(Object.keys(deliverySettings.shape).sort());
    const defaults = loadDeliverySettings({}) as Record<string, unknown>;
    for (const doc of DELIVERY_SETTINGS_DOC) {
      expect(doc.default === null ? undefined : doc.default, doc.name).toBe(defaults[doc.name] === undefined ? undefined : String(defaults[doc.name]));
    }
  });
});

describe('createDeliveryProviders', () => {
  it('gives the sandbox in development, tests and a demo', () => {
    expect(createDeliveryProviders({ env: {}, nodeEnv: 'development', db: t.db }).sandbox).toBe(true);
    expect(createDeliveryProviders({ env: {}, nodeEnv: 'test', db: t.db }).sandbox).toBe(true);
    expect(createDeliveryProviders({ env: {}, nodeEnv: 'production', db: t.db, demo: true }).sandbox).toBe(true);
  });

  it('refuses the sandbox in production without a demo: it would quote invented prices', () => {
    expect(() => createDeliveryProviders({ env: {}, nodeEnv: 'production', db: t.db })).toThrow(/DELIVERY_PROVIDERS=sandbox is refused when NODE_ENV=production/);
    expect(() => createDeliveryProviders({ env: { DELIVERY_PROVIDERS: 'sandbox' }, nodeEnv: 'production', db: t.db, demo: false })).toThrow(/refused/);
  });

  it('http needs every key, and names the missing ones', () => {
    expect(() => createDeliveryProviders({ env: { DELIVERY_PROVIDERS: 'http' }, nodeEnv: 'production', db: t.db }))
      .toThrow('DELIVERY_PROVIDERS=http needs DADATA_API_KEY, CDEK_CLIENT_ID, CDEK_CLIENT_SECRET, DELLIN_APP_KEY, PEK_LOGIN, PEK_API_KEY');
    const providers = createDeliveryProviders({ env: httpEnv, nodeEnv: 'production', db: t.db });
    expect(providers.sandbox).toBe(false);
    expect(Object.keys(providers.carriers)).toEqual(['cdek', 'dellin', 'pek']);
  });

  it('the sandbox carriers price from the migration\'s tariffs even without demo content', async () => {
    const providers = createDeliveryProviders({ env: {}, nodeEnv: 'test', db: t.db });
    const place = { coords: { lat: 54.78, long: 32.04 }, country: 'RU', line: 'Смоленск', city: 'Смоленск' };
    for (const carrier of ['cdek', 'dellin', 'pek'] as const) {
      for (const currency of ['RUB', 'KZT'] as const) {
        const quote = await providers.carriers[carrier].quote({ kind: 'door', from: place, to: place, distanceKm: 100, cargo: { weightKg: 5, volumeM3: 0.025 }, currency });
        expect(quote.price).toBeGreaterThan(0);
      }
    }
  });
});
