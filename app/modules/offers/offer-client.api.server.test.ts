import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import example from '../../../docs/examples/offer-import.json';
import { testClient } from '../../../server/test-client.ts';
import { importOffers } from './offers.server.ts';
import { reviewChanges } from './offer-review.server.ts';

/*
 * The client's offer endpoints (spec §7; ADR 086) on both engines: options, saving a queue and the
 * diff it answers, refusals that change nothing, views counted from the script with the manager told
 * at most every six hours, the manager's review into a version, acceptance by SMS code into one
 * order; on PostgreSQL, twenty parallel saves lose no change and parallel acceptances make one order.
 */

let t: TestDatabase;
const hashes: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example', DATABASE_POOL_SIZE: '24' });
  const offers = example.offers.map((o) => ({ ...o, external_id: `client-${o.external_id}` }));
  const results = await importOffers(t.services, offers);
  results.forEach((r, i) => { if (r.ok) hashes[example.offers[i]!.variant] = r.hash; });
}, 120_000);
afterAll(async () => { resetClock(); await t?.destroy(); });

const single = () => hashes['single-technique']!;
const setChange = (hash: string, queue: unknown[], client = testClient(t.services)) => client.post(`/offers/single-technique/set-change?hash=${hash}`, { queue });
const option = (oid: string, countDiff: number) => ({ type: 'product-options', data: { key: ['productsOptions', 'p1', oid], payload: { countDiff } } });
const offerRow = (hash: string) => t.db.selectFrom('offers_offer').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();

describe('get-product-options', () => {
  it('lists each option with its counts and prices; a wrong hash is a 404 in Russian', async () => {
    const res = await testClient(t.services).get(`/offers/single-technique/get-product-options?hash=${single()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const body = await res.json() as { options: Array<Record<string, unknown>> };
    expect(body.options).toHaveLength(5);
    expect(body.options[0]).toMatchObject({ id: 'o1', modelId: 'p1', count: 1, oldCount: 1, productCount: 1, pricePerItem: 94_000_000, isIncluded: false, amountToCharge: 94_000_000 });
    const wrong = await testClient(t.services).get('/offers/single-technique/get-product-options?hash=AAAAAAAAAAAAAAAAAAAAAA');
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ error_status: 'error', message: 'Предложение не найдено. Проверьте ссылку или попросите менеджера прислать её снова.' });
  });
});

describe('set-change', () => {
  it('saves a queue together and answers the new diff; GET never changed anything', async () => {
    const res = await setChange(hashes['multi-technique']!, [
      { type: 'count', data: { productId: 'm2', value: 3 } },
      { type: 'comment', data: { value: 'Нужен третий опрыскиватель' } },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json() as { diff: { products: unknown; comment: string }; entries: unknown[]; total: number; version_total: number };
    expect(body.diff).toMatchObject({ products: { m2: { count: 3 } }, comment: 'Нужен третий опрыскиватель' });
    expect(body.total - body.version_total).toBe(980_000_000);
    const row = await offerRow(hashes['multi-technique']!);
    expect(row.views).toBe(0);
    const actions = await t.db.selectFrom('offers_action').selectAll().where('offer_id', '=', row.id).orderBy('id').execute();
    expect(actions.map((a) => [a.kind, a.product_id, a.before, a.after, a.version])).toEqual([['count', 'm2', 2, 3, 1], ['comment', null, '', 'Нужен третий опрыскиватель', 1]]);
  });

  it('refuses bad input with a clear 4xx and saves nothing', async () => {
    const before = await offerRow(single());
    const cases: Array<[unknown[], number, string]> = [
      [[option('o4', -5)], 422, 'Количество опции не может быть отрицательным'],
      [[option('o9', 1)], 422, 'Такой опции у позиции нет'],
      [[{ type: 'count', data: { productId: 'zz', value: 2 } }], 422, 'Такой позиции в предложении нет'],
      [[{ type: 'count', data: { productId: 'p1', value: -1 } }], 400, 'Количество — не меньше 1'],
      [[option('o4', 1), option('o2', 1)], 422, 'Опция «Сдвоенные колёса» несовместима с опцией «Шины повышенной проходимости»'],
      [[{ type: 'comment', data: { value: 'x\u0000' } }], 400, 'Поле "Комментарий" содержит недопустимые символы'],
    ];
    for (const [queue, status, message] of cases) {
      const res = await setChange(single(), queue);
      expect(res.status, message).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect((await setChange('AAAAAAAAAAAAAAAAAAAAAA', [option('o4', 1)])).status).toBe(404);
    const notJson = await testClient(t.services).post(`/offers/single-technique/set-change?hash=${single()}`, undefined, { body: '{"queue": [', contentType: 'application/json' });
    expect(notJson.status).toBe(400);
    expect((await offerRow(single())).diff).toEqual(before.diff);
  });

  it('a read-only, expired or accepted offer answers 409 with the reason', async () => {
    const hash = hashes['spare-parts']!;
    await t.db.updateTable('offers_offer').set({ read_only: true }).where('hash', '=', hash).execute();
    const ro = await setChange(hash, [{ type: 'count', data: { productId: 'z1', value: 7 } }]);
    expect(ro.status).toBe(409);
    expect(((await ro.json()) as { message: string }).message).toBe('Предложение открыто только для просмотра: изменить его может менеджер.');
    await t.db.updateTable('offers_offer').set({ read_only: false, valid_until: '2020-01-01' }).where('hash', '=', hash).execute();
    const expired = await setChange(hash, [{ type: 'count', data: { productId: 'z1', value: 7 } }]);
    expect(expired.status).toBe(409);
    expect(((await expired.json()) as { message: string }).message).toBe('Срок действия предложения истёк. Запросите у менеджера новое предложение.');
    await t.db.updateTable('offers_offer').set({ valid_until: '2028-01-15' }).where('hash', '=', hash).execute();
  });
});

describe('views', () => {
  it('counts a view reported by the script; tells the manager of the first, then at most every six hours', async () => {
    const hash = hashes.engineer!;
    const client = testClient(t.services);
    const letters = () => t.db.selectFrom('job').select('key').where('key', 'like', 'offers.viewed:%').execute();
    const before = (await letters()).length;
    expect((await client.post(`/offers/${hash}/seen`)).status).toBe(204);
    expect((await client.post(`/offers/${hash}/seen`)).status).toBe(204);
    advanceClock(5 * 3_600_000);
    await client.post(`/offers/${hash}/seen`);
    expect((await letters()).length).toBe(before + 1);
    advanceClock(3_600_000 + 1000);
    await client.post(`/offers/${hash}/seen`);
    expect((await letters()).length).toBe(before + 2);
    const row = await offerRow(hash);
    expect(row.views).toBe(4);
    expect(row.last_viewed_at!.getTime() - row.first_viewed_at!.getTime()).toBeGreaterThanOrEqual(6 * 3_600_000);
    resetClock();
    expect((await client.post('/offers/AAAAAAAAAAAAAAAAAAAAAA/seen')).status).toBe(404);
  });
});

describe('review and acceptance', () => {
  it('the manager accepts one change and declines another: version 2; the client accepts it with the SMS code and an order appears, once', async () => {
    const hash = single();
    const client = testClient(t.services);
    const saved = await setChange(hash, [
      { type: 'count', data: { productId: 'p1', value: 2 } },
      { type: 'payment', data: { value: 'installment_calculator_leasing', initial_fee: 900_000_000, term: 24 } },
      { type: 'delivery', data: { value: 'deliveryChoice', addres: 'Смоленская обл., г. Ельня, ул. Мира, 3' } },
    ], client);
    expect(saved.status).toBe(200);
    // Changes waiting for the manager: the client cannot accept yet.
    const early = await client.post(`/offers/${hash}/accept-code`);
    expect(early.status).toBe(409);

    const row = await offerRow(hash);
    const manager = { userId: 0, name: 'Андрей Соколов' };
    manager.userId = (await t.db.insertInto('auth_user').values({ name: manager.name, email: 'sokolov@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
      .returning('id').executeTakeFirstOrThrow()).id;
    const undecided = await reviewChanges(t.services, manager, null, hash, { seen: JSON.stringify(row.diff), decisions: { 'product:p1:count': 'accept' } }, null);
    expect(undecided).toMatchObject({ ok: false, code: 'undecided' });
    const stale = await reviewChanges(t.services, manager, null, hash, { seen: '{}', decisions: {} }, null);
    expect(stale).toMatchObject({ ok: false, code: 'stale' });
    const reviewed = await reviewChanges(t.services, manager, null, hash, {
      seen: JSON.stringify(row.diff), decisions: { 'product:p1:count': 'accept', payment: 'accept', delivery: 'decline' },
    }, null);
    expect(reviewed).toEqual({ ok: true, version: 2, message: 'Решения применены: клиенту отправлена версия 2.' });
    const after = await offerRow(hash);
    expect(after.diff).toEqual({});
    const v2 = await t.db.selectFrom('offers_version').select('content').where('offer_id', '=', after.id).where('version', '=', 2).executeTakeFirstOrThrow();
    const content = v2.content as { products: Array<{ prices: { count: number } }>; payments: Array<{ type: string; details: unknown[] }>; delivery: { address: string } };
    expect(content.products[0]!.prices.count).toBe(2);
    expect(content.payments[0]!.type).toBe('leasing');
    expect(content.delivery.address).toBe('Смоленская обл., Починковский р-н, д. Лосня');
    const decisions = await t.db.selectFrom('offers_action').select(['kind', 'decision']).where('offer_id', '=', after.id).orderBy('id').execute();
    expect(decisions).toEqual([{ kind: 'count', decision: 'accepted' }, { kind: 'payment', decision: 'accepted' }, { kind: 'delivery', decision: 'declined' }]);

    const sent = await client.post(`/offers/${hash}/accept-code`);
    expect(sent.status).toBe(200);
    const sms = await t.db.selectFrom('auth_outbox').select('body').where('recipient', '=', '79101234567').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const code = /(\d{4,})/.exec(sms.body)![1]!;
    expect((await client.post(`/offers/${hash}/accept`, { version: 1, code })).status).toBe(409);
    const wrong = await client.post(`/offers/${hash}/accept`, { version: 2, code: code === '0000' ? '1111' : '0000' });
    expect(wrong.status).toBe(400);
    const attempts = await Promise.all([1, 2, 3].map(() => client.post(`/offers/${hash}/accept`, { version: 2, code })));
    const ok = attempts.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const answer = await ok[0]!.json() as { order_number: string; message: string };
    expect(answer.message).toBe(`Предложение принято. Номер заказа: ${answer.order_number}. Менеджер свяжется с вами.`);
    const orders = await t.db.selectFrom('orders_order').select(['number', 'total', 'phone']).where('number', '=', answer.order_number).execute();
    expect(orders).toHaveLength(1);
    const accepted = await offerRow(hash);
    expect(accepted).toMatchObject({ state: 'accepted', accepted_version: 2 });
    expect(Number(orders[0]!.total)).toBe(Number(accepted.total));
    const signature = await t.db.selectFrom('offers_acceptance').selectAll().where('offer_id', '=', accepted.id).executeTakeFirstOrThrow();
    expect(signature).toMatchObject({ version: 2, phone: '79101234567' });
    expect((await setChange(hash, [option('o4', 1)], client)).status).toBe(409);
  });
});

describe.runIf(process.env.DATABASE_URL)('in parallel on PostgreSQL', () => {
  it('twenty parallel saves of one offer lose no change', async () => {
    const hash = hashes['multi-technique']!;
    const opt = (d: number) => ({ type: 'product-options', data: { key: ['productsOptions', 'm1', 's1'], payload: { countDiff: d } } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => setChange(hash, [opt(1)])));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const row = await offerRow(hash);
    expect((row.diff as { products: { m1: { options: { s1: number } } } }).products.m1.options.s1).toBe(21);
    expect(await t.db.selectFrom('offers_action').select('id').where('offer_id', '=', row.id).where('kind', '=', 'option').execute()).toHaveLength(20);
  });

  it('ten parallel views tell the manager once', async () => {
    const hash = hashes['spare-parts']!;
    const letters = () => t.db.selectFrom('job').select('key').where('key', 'like', 'offers.viewed:%').execute();
    const row = await offerRow(hash);
    const before = (await letters()).filter((l) => l.key.startsWith(`offers.viewed:${row.id}:`)).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => testClient(t.services).post(`/offers/${hash}/seen`)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(204));
    expect((await letters()).filter((l) => l.key.startsWith(`offers.viewed:${row.id}:`)).length).toBe(before + 1);
    expect((await offerRow(hash)).views).toBe(row.views + 10);
  });
});
