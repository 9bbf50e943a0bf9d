import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { bidInput, loadInput, loadsQuery } from './transport.schema.ts';
import { changeStatus, carrierHistory, loadFor, openLoads, ownLoads, placeBid, postLoad, type TransportViewer } from './transport.server.ts';

/*
 * The transportation exchange (ADR 097) on both engines: posting, the carriers' list and filters,
 * one bid per carrier, the award and the statuses after it, refusals from the wrong state, contacts
 * hidden before the award, guessed ids, and the letters of each step. Parallel awards and bids are
 * PostgreSQL's to test.
 */

let t: TestDatabase;
const people: Record<'owner' | 'stranger' | 'c1' | 'c2' | 'c3', TransportViewer> = {} as never;

async function user(name: string, email: string, phone: string, carrier: boolean): Promise<TransportViewer> {
  const { id } = await t.db.insertInto('auth_user').values({ name, email, phone, is_carrier: carrier }).returning('id').executeTakeFirstOrThrow();
  return { userId: id, carrier };
}

beforeAll(async () => {
  t = await createTestDatabase({ PUBLIC_ORIGIN: 'https://shop.example' });
  people.owner = await user('Пётр Хозяин', 'owner@transport.test', '79120000201', false);
  people.stranger = await user('Чужой Клиент', 'stranger@transport.test', '79120000202', false);
  people.c1 = await user('ТК Первая', 'c1@transport.test', '79120000203', true);
  people.c2 = await user('ТК Вторая', 'c2@transport.test', '79120000204', true);
  people.c3 = await user('ТК Третья', 'c3@transport.test', '79120000205', true);
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const load = (extra: Partial<Record<string, string>> = {}) => loadInput.parse({
  fromCity: 'Липецк', fromAddress: 'ул. Полевая, 1', toCity: 'Орёл', toAddress: '', machine: 'Трактор Беларус 1221', modelId: '',
  lengthCm: '520', widthCm: '250', heightCm: '290', weightKg: '5 300', readyOn: '2030-05-01', deadlineOn: '2030-05-10',
  contactPhone: '+7 (912) 000-02-01', note: '', ...extra,
});
const bid = (price: string, pickupOn = '2030-05-02') => bidInput.parse({ price, pickupOn, comment: '' });

async function posted(): Promise<number> {
  const out = await postLoad(t.services, people.owner, load());
  if (!out.ok) throw new Error(out.message);
  return out.id;
}

async function letters(loadId: number) {
  const rows = await t.db.selectFrom('job').select(['key', 'payload']).where('key', 'like', `transport.mail:${loadId}:%`).orderBy('id').execute();
  return rows.map((r) => {
    const p = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as { to: string; text: string };
    return { key: r.key, to: p.to, text: p.text };
  });
}

describe('the load form', () => {
  it('takes a load typed as people type it and refuses nonsense in Russian', () => {
    const ok = load();
    expect(ok).toMatchObject({ weightKg: 5300, contactPhone: '79120000201', modelId: null });
    const bad = loadInput.safeParse({ fromCity: '', toCity: 'Орёл', machine: 'x', lengthCm: '0', widthCm: 'abc', heightCm: '1', weightKg: '1', readyOn: '2030-05-10', deadlineOn: '2030-05-01', contactPhone: '12' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(expect.arrayContaining([
      'fromCity: Укажите город отправления: до 100 символов',
      'lengthCm: Длина: целое число сантиметров от 1 до 10 000',
      'contactPhone: Поле "Номер телефона" содержит некорректный телефон',
    ]));
    expect(loadInput.safeParse({ fromCity: 'А', toCity: 'Б', machine: 'Трактор', weightKg: '1', lengthCm: '1', widthCm: '1', heightCm: '1', readyOn: '2030-05-10', deadlineOn: '2030-05-01', contactPhone: '79120000201' }).error?.issues[0]).toMatchObject({ path: ['deadlineOn'], message: 'Срок доставки не может быть раньше даты готовности' });
    expect(bidInput.parse({ price: '45 000', pickupOn: '2030-05-02' }).price).toBe(4_500_000);
    expect(loadsQuery.parse({ from: '  ', page: 'x' })).toEqual({ from: undefined, to: undefined, page: 1 });
  });
});

describe('posting and the lists', () => {
  it('posts a load, lists it for carriers (filtered by city, any case) and for its owner, and writes the owner a letter', async () => {
    const id = await posted();
    const open = await openLoads(t.db, { page: 1, from: 'липецк', to: 'ОРЁЛ' });
    expect(open.loads.map((l) => l.id)).toContain(id);
    expect(open.loads.find((l) => l.id === id)).toMatchObject({ fromCity: 'Липецк', toCity: 'Орёл', dimensions: '520 × 250 × 290 см', weightKg: 5300, status: 'open', bids: 0 });
    expect((await openLoads(t.db, { page: 1, from: 'Тамбов' })).loads.map((l) => l.id)).not.toContain(id);
    expect((await ownLoads(t.db, people.owner.userId)).map((l) => l.id)).toContain(id);
    expect(await ownLoads(t.db, people.stranger.userId)).toEqual([]);
    expect(await letters(id)).toEqual([expect.objectContaining({ key: `transport.mail:${id}:open:owner`, to: 'owner@transport.test' })]);
  });

  it('refuses an unknown model of the catalogue and more than five photos', async () => {
    expect(await postLoad(t.services, people.owner, load({ modelId: '999999' }))).toMatchObject({ ok: false, message: 'Такой модели нет в каталоге' });
    expect(await postLoad(t.services, people.owner, load(), Array.from({ length: 6 }, (_, i) => String(i).padStart(32, '0')))).toMatchObject({ ok: false, message: 'Не более 5 фотографий' });
    expect(await postLoad(t.services, people.owner, load(), ['0'.repeat(32)])).toMatchObject({ ok: false, message: 'Фотография не найдена: загрузите её ещё раз' });
  });

  it('shows the demo: open loads and an awarded one', async () => {
    const demo = await t.db.selectFrom('transport_load').select(['status']).where('contact_phone', '=', '79120000101').execute();
    expect(demo.filter((d) => d.status === 'open').length).toBeGreaterThanOrEqual(3);
    expect(demo.filter((d) => d.status === 'awarded')).toHaveLength(1);
  });
});

describe('bids, contacts and the award', () => {
  it('keeps one bid per carrier, hides contacts until the award, and opens them to the two sides only', async () => {
    const id = await posted();
    expect(await placeBid(t.db, people.c1, id, bid('50000'))).toEqual({ ok: true });
    expect(await placeBid(t.db, people.c2, id, bid('48000'))).toEqual({ ok: true });
    expect(await placeBid(t.db, people.c1, id, bid('47000', '2030-05-03'))).toEqual({ ok: true });
    expect(await t.db.selectFrom('transport_bid').select(['carrier_id', 'price_kopecks']).where('load_id', '=', id).orderBy('id').execute())
      .toEqual([{ carrier_id: people.c1.userId, price_kopecks: 4_700_000 }, { carrier_id: people.c2.userId, price_kopecks: 4_800_000 }]);
    // Not a carrier, or the owner himself: no bid.
    expect(await placeBid(t.db, people.stranger, id, bid('1000'))).toMatchObject({ ok: false, code: 'not_found' });

    // Before the award: the owner sees labels and prices, no names; carriers see their own bid, no phone.
    const ownerView = (await loadFor(t.db, people.owner, id))!;
    expect(ownerView.bids.map((b) => [b.label, b.carrier])).toEqual([['Перевозчик №1', null], ['Перевозчик №2', null]]);
    expect(JSON.stringify(ownerView)).not.toMatch(/ТК Первая|ТК Вторая|c1@transport|79120000203/);
    const c1View = (await loadFor(t.db, people.c1, id))!;
    expect(c1View).toMatchObject({ role: 'carrier', contactPhone: null, ownerName: null, myBid: { price: 47000, pickupOn: '2030-05-03' } });
    expect(c1View.bids).toHaveLength(1);
    expect(JSON.stringify(c1View)).not.toMatch(/79120000201|Пётр Хозяин|48 000/);
    // A customer guessing the id, or an unknown id: nothing.
    expect(await loadFor(t.db, people.stranger, id)).toBeNull();
    expect(await loadFor(t.db, people.c1, 999_999)).toBeNull();

    // The award: a bid of another load is refused; a stranger cannot award.
    const otherLoad = await posted();
    await placeBid(t.db, people.c3, otherLoad, bid('1000'));
    const foreign = (await t.db.selectFrom('transport_bid').select('id').where('load_id', '=', otherLoad).executeTakeFirstOrThrow()).id;
    expect(await changeStatus(t.services, people.owner, id, 'award', foreign)).toMatchObject({ ok: false, code: 'invalid' });
    const c2Bid = ownerView.bids[1]!.id;
    expect(await changeStatus(t.services, people.stranger, id, 'award', c2Bid)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await changeStatus(t.services, people.c2, id, 'award', c2Bid)).toMatchObject({ ok: false, code: 'wrong_state' });
    expect(await changeStatus(t.services, people.owner, id, 'award', c2Bid)).toEqual({ ok: true, status: 'awarded' });

    const after = (await loadFor(t.db, people.owner, id))!;
    expect(after.bids.map((b) => [b.label, b.awarded, b.carrier?.name ?? null])).toEqual([['Перевозчик №1', false, null], ['Перевозчик №2', true, 'ТК Вторая']]);
    expect(after.bids[1]!.carrier).toEqual({ name: 'ТК Вторая', phone: '+7 912 000-02-04', email: 'c2@transport.test' });
    expect(await loadFor(t.db, people.c2, id)).toMatchObject({ awardedToMe: true, contactPhone: '+7 912 000-02-01', ownerName: 'Пётр Хозяин' });
    // The losing carrier still sees the load he bid on, without the owner's phone; a carrier who never bid sees it no more.
    expect(await loadFor(t.db, people.c1, id)).toMatchObject({ awardedToMe: false, contactPhone: null, status: 'awarded' });
    expect(await loadFor(t.db, people.c3, id)).toBeNull();
    expect((await carrierHistory(t.db, people.c2.userId)).find((l) => l.id === id)).toMatchObject({ won: true });
    expect((await carrierHistory(t.db, people.c1.userId)).find((l) => l.id === id)).toMatchObject({ won: false });
    // No more bids, no second award.
    expect(await placeBid(t.db, people.c1, id, bid('1000'))).toMatchObject({ ok: false, code: 'wrong_state' });
    expect(await placeBid(t.db, people.c3, id, bid('1000'))).toMatchObject({ ok: false, code: 'not_found' });
    expect(await changeStatus(t.services, people.owner, id, 'award', ownerView.bids[0]!.id)).toMatchObject({ ok: false, code: 'wrong_state' });
    expect((await openLoads(t.db, { page: 1 })).loads.map((l) => l.id)).not.toContain(id);

    // In transit (the carrier may say so), delivered; nothing after delivery, no cancelling.
    expect(await changeStatus(t.services, people.c1, id, 'start')).toMatchObject({ ok: false });
    expect(await changeStatus(t.services, people.owner, id, 'deliver')).toMatchObject({ ok: false, code: 'wrong_state' });
    expect(await changeStatus(t.services, people.c2, id, 'start')).toEqual({ ok: true, status: 'in_transit' });
    expect(await changeStatus(t.services, people.c2, id, 'cancel')).toMatchObject({ ok: false, code: 'wrong_state' });
    expect(await changeStatus(t.services, people.owner, id, 'cancel')).toMatchObject({ ok: false, code: 'wrong_state' });
    expect(await changeStatus(t.services, people.owner, id, 'deliver')).toEqual({ ok: true, status: 'delivered' });
    expect(await changeStatus(t.services, people.owner, id, 'deliver')).toMatchObject({ ok: false, code: 'wrong_state' });

    // A letter at each step to the owner and, from the award, the awarded carrier only; contacts in them.
    const sent = await letters(id);
    expect(sent.map((l) => `${l.key.split(':').slice(2).join(':')} ${l.to}`)).toEqual([
      'open:owner owner@transport.test',
      'awarded:owner owner@transport.test', 'awarded:carrier c2@transport.test',
      'in_transit:owner owner@transport.test', 'in_transit:carrier c2@transport.test',
      'delivered:owner owner@transport.test', 'delivered:carrier c2@transport.test',
    ]);
    expect(sent[1]!.text).toContain('Перевозчик: ТК Вторая, +7 912 000-02-04, c2@transport.test');
    expect(sent[2]!.text).toContain('Владелец груза: Пётр Хозяин, +7 912 000-02-01');
    expect(sent[2]!.text).toContain('https://shop.example/transportation-orders/');
  });

  it('lets the owner cancel while open or awarded, and no one else', async () => {
    const open = await posted();
    expect(await changeStatus(t.services, people.c1, open, 'cancel')).toMatchObject({ ok: false });
    expect(await changeStatus(t.services, people.owner, open, 'cancel')).toEqual({ ok: true, status: 'cancelled' });
    expect(await changeStatus(t.services, people.owner, open, 'cancel')).toMatchObject({ ok: false, code: 'wrong_state' });
    const awarded = await posted();
    await placeBid(t.db, people.c1, awarded, bid('30000'));
    const [b] = (await loadFor(t.db, people.owner, awarded))!.bids;
    await changeStatus(t.services, people.owner, awarded, 'award', b!.id);
    expect(await changeStatus(t.services, people.owner, awarded, 'cancel')).toEqual({ ok: true, status: 'cancelled' });
    expect((await letters(awarded)).map((l) => l.key.split(':').slice(2).join(':'))).toContain('cancelled:carrier');
  });
});

// PGlite answers one query at a time: parallelism is PostgreSQL's to test (the project sets DATABASE_URL).
describe.runIf(Boolean(process.env.DATABASE_URL))('parallel presses on PostgreSQL', () => {
  it('awards once of ten parallel awards of different bids, and keeps one bid of a carrier\'s parallel first bids', async () => {
    const id = await posted();
    const carriers = await Promise.all(Array.from({ length: 5 }, (_, i) => user(`ТК Параллель ${i}`, `par-${i}-${id}@transport.test`, `7912100${String(i).padStart(4, '0')}`, true)));
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => placeBid(t.db, carriers[0]!, id, bid(String(10_000 + i)))));
    expect(first.every((o) => o.ok)).toBe(true);
    expect(await t.db.selectFrom('transport_bid').select('id').where('load_id', '=', id).execute()).toHaveLength(1);
    await Promise.all(carriers.slice(1).map((c) => placeBid(t.db, c, id, bid('20000'))));
    const bids = (await loadFor(t.db, people.owner, id))!.bids;
    expect(bids).toHaveLength(5);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => changeStatus(t.services, people.owner, id, 'award', bids[i % 5]!.id)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.code === 'wrong_state')).toBe(true);
    expect((await letters(id)).filter((l) => l.key.includes(':awarded:'))).toHaveLength(2);
    // A bid racing the start of transit and a cancel racing it: exactly one change.
    const moves = await Promise.all([...Array.from({ length: 5 }, () => changeStatus(t.services, people.owner, id, 'start')), ...Array.from({ length: 5 }, () => changeStatus(t.services, people.owner, id, 'cancel'))]);
    expect(moves.filter((o) => o.ok)).toHaveLength(1);
  });
});
