import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../../server/test-client.ts';
import { FIXTURE, insertModelFixture } from './model.test-fixture.server.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertModelFixture(t.db);
}, 60_000);
afterAll(async () => { await t?.destroy(); });

const get = (path: string) => testClient(t.services).get(path);

describe('GET /models/get-model', () => {
  it('answers the model with stock and without prices for a guest', async () => {
    const res = await get(`/models/get-model?id=${FIXTURE.model}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      error_status: 'success',
      model: { id: 9001, name: 'ТМ-735', productCode: 'TST735', signedIn: false, offer: null, stock: { quantity: 3 } },
    });
    expect(body.model.specs[1]).toEqual({ id: FIXTURE.specs.width, name: 'Рабочая ширина', value: '2,5\u00a0м' });
    expect(JSON.stringify(body)).not.toMatch(/price/i);
  });

  it('answers 404 in Russian for an unknown model', async () => {
    const res = await get('/models/get-model?id=987654');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error_status: 'error', message: 'Модель не найдена' });
  });

  it.each(['', 'abc', '0', '-1', '1.5', '9001abc', '99999999999', '%00'])('answers 400 for id=%s', async (id) => {
    const res = await get(`/models/get-model?id=${id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_status: 'error', message: 'Укажите модель: id — целое положительное число' });
  });

  it('answers 400 without an id', async () => {
    expect((await get('/models/get-model')).status).toBe(400);
  });
});

describe('GET /api/models/get-similar-models', () => {
  it('answers the similar models as cards, in stock first, without prices for a guest', async () => {
    const res = await get(`/api/models/get-similar-models?modelId=${FIXTURE.model}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.error_status).toBe('success');
    expect(body.models.map((m: { id: number }) => m.id)).toEqual(FIXTURE.similarOrder);
    expect(body.models[0]).toMatchObject({ name: 'Проба-2', inStock: true, offer: null });
  });

  it('takes the filter in the spec\'s bracketed keys', async () => {
    const only = await (await get(`/api/models/get-similar-models?modelId=${FIXTURE.model}&filter[inStock]=1&filter[sameManufacturer]=true`)).json();
    expect(only.models.map((m: { id: number }) => m.id)).toEqual([9003]);
    const bySpec = await (await get(`/api/models/get-similar-models?modelId=${FIXTURE.model}&filter[specifications][]=${FIXTURE.specs.mass}&filter[specifications][]=${FIXTURE.specs.power}`)).json();
    expect(bySpec.models.map((m: { id: number }) => m.id)).toEqual(FIXTURE.similarOrder);
  });

  it('matches nothing closer on specifications it does not know, and still answers', async () => {
    const body = await (await get(`/api/models/get-similar-models?modelId=${FIXTURE.model}&filter[specifications][]=123456`)).json();
    expect(body.models.map((m: { id: number }) => m.id).sort()).toEqual([...FIXTURE.similarOrder].sort());
  });

  it('answers 404 for an unknown model and 400 for bad input', async () => {
    const unknown = await get('/api/models/get-similar-models?modelId=987654');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Модель не найдена');
    for (const query of ['', 'modelId=x', 'modelId=-3', `modelId=${FIXTURE.model}&filter[specifications][]=abc`, `modelId=${FIXTURE.model}&filter[inStock]=yes`]) {
      const res = await get(`/api/models/get-similar-models?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error_status).toBe('error');
    }
    const huge = Array.from({ length: 21 }, (_, i) => `filter[specifications][]=${i + 1}`).join('&');
    const tooMany = await get(`/api/models/get-similar-models?modelId=${FIXTURE.model}&${huge}`);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).message).toBe('Характеристики для подбора: целые положительные числа, не больше 20');
  });
});

describe('GET /api/models/get-similar-models-features-filter', () => {
  it('answers the specifications one may match on', async () => {
    const body = await (await get(`/api/models/get-similar-models-features-filter?modelId=${FIXTURE.model}`)).json();
    expect(body).toMatchObject({ error_status: 'success', inStock: { count: 2 }, sameManufacturer: { count: 2 } });
    expect(body.specifications.map((s: { name: string }) => s.name)).toEqual(['Мощность двигателя', 'Рабочая ширина', 'Масса']);
  });

  it('answers 404 for an unknown model and 400 for a bad id', async () => {
    expect((await get('/api/models/get-similar-models-features-filter?modelId=987654')).status).toBe(404);
    expect((await get('/api/models/get-similar-models-features-filter?modelId=1e3')).status).toBe(400);
  });
});
