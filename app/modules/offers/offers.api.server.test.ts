import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import example from '../../../docs/examples/offer-import.json';
import { createApp } from '../../../server/app.ts';
import { offerTotal } from './offers.rules.ts';
import { OFFER_MESSAGES, offerImport } from './offers.schema.ts';
import { listStaffOffers } from './offers.server.ts';

/*
 * The exchange with 1C (ADR 083) on both engines: the example file imports as four offers with
 * their links; the same offer again changes nothing, a changed one makes a version and keeps the
 * first as it was; bad input is named per offer; credentials are required and checked; parallel
 * imports of one id on PostgreSQL make one offer.
 */

let t: TestDatabase;
const USER = 'onec-exchange';
const PASSWORD = 'exchange-secret-2026';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

beforeAll(async () => {
  t = await createTestDatabase({ EXCHANGE_USER: USER, EXCHANGE_PASSWORD: PASSWORD, PUBLIC_ORIGIN: 'https://shop.example', DATABASE_POOL_SIZE: '12' });
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const app = () => createApp({ services: t.services });
const post = (body: unknown, headers: Record<string, string> = {}) => app().request('/api/exchange/offers', {
  method: 'POST',
  headers: { authorization: basic(USER, PASSWORD), 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
type Result = { external_id: string | null; ok: boolean; hash?: string; link?: string; version?: number; created?: boolean; status?: number; message?: string; path?: string };
const results = async (res: Response) => ((await res.json()) as { results: Result[] }).results;
const withId = (offer: (typeof example.offers)[number], id: string) => ({ ...offer, external_id: id });

describe('POST /api/exchange/offers', () => {
  it('imports the example file: one offer of each variant, each with an unguessable hash and the client\'s link', async () => {
    const res = await post(example);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = await results(res);
    expect(answer).toHaveLength(4);
    for (const r of answer) {
      expect(r).toMatchObject({ ok: true, version: 1, created: true });
      expect(r.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r.link).toBe(`https://shop.example/offer/${r.hash}`);
    }
    expect(new Set(answer.map((r) => r.hash)).size).toBe(4);
    const listed = await listStaffOffers(t.services, null, { page: 1 });
    const byHash = new Map(listed.rows.map((r) => [r.hash, r]));
    const single = byHash.get(answer[0]!.hash!)!;
    // 14 890 000 ₽ + options chosen (940 000 + 480 000 + 120 000) + commissioning 4 500 + delivery 85 000.
    expect(single).toMatchObject({ variant: 'single-technique', source: '1C', currency: 'RUB', total: 1_651_950_000, version: 1, clientName: 'КФХ «Колос», Иван Петрович Кузнецов' });
    expect(byHash.get(answer[3]!.hash!)).toMatchObject({ variant: 'engineer', currency: 'KZT' });
    // 1C-Personal leaves the delivery out of the total.
    expect(byHash.get(answer[2]!.hash!)!.total).toBe(420_000 * 6 + 690_000 * 4 + 1_250_000 * 2);
  });

  it('imports the same offer again without a change; a changed one becomes its next version, the first kept as it was sent', async () => {
    const first = example.offers[0]!;
    const [again] = await results(await post({ offers: [first] }));
    expect(again).toMatchObject({ ok: true, version: 1, created: false });
    const changed = { ...first, products: [{ ...first.products[0]!, prices: { ...first.products[0]!.prices, price: 1_450_000_000 } }] };
    const [next] = await results(await post({ offers: [changed] }));
    expect(next).toMatchObject({ ok: true, hash: again!.hash, version: 2, created: false });
    const offer = await t.db.selectFrom('offers_offer').select(['id', 'version', 'total']).where('external_id', '=', first.external_id).executeTakeFirstOrThrow();
    expect(offer.version).toBe(2);
    expect(Number(offer.total)).toBe(1_651_950_000 - 39_000_000);
    const versions = await t.db.selectFrom('offers_version').select(['version', 'content']).where('offer_id', '=', offer.id).orderBy('version').execute();
    expect(versions.map((v) => (v.content as { products: Array<{ prices: { price: number } }> }).products[0]!.prices.price)).toEqual([1_489_000_000, 1_450_000_000]);
    expect(await t.db.selectFrom('offers_offer').select('id').where('external_id', '=', first.external_id).execute()).toHaveLength(1);
  });

  it('answers each offer on its own: a bad one names its field, an unknown branch is said, the good one is imported', async () => {
    const good = withId(example.offers[2]!, 'partial-good');
    const negative = withId(example.offers[2]!, 'partial-bad');
    negative.products = [{ ...negative.products[0]!, prices: { ...negative.products[0]!.prices, price: -5 } }];
    const answer = await results(await post({ offers: [negative, { ...good, external_id: 'partial-branch', branch_code: 'XXX' }, good, { nonsense: true }] }));
    expect(answer[0]).toEqual({ external_id: 'partial-bad', ok: false, status: 400, message: 'Сумма не может быть отрицательной', path: 'products.0.prices.price' });
    expect(answer[1]).toEqual({ external_id: 'partial-branch', ok: false, status: 400, message: 'Филиал с кодом «XXX» не найден', path: 'branch_code' });
    expect(answer[2]).toMatchObject({ external_id: 'partial-good', ok: true, created: true });
    expect(answer[3]).toMatchObject({ external_id: null, ok: false, status: 400 });
    expect(await t.db.selectFrom('offers_offer').select('id').where('external_id', 'in', ['partial-bad', 'partial-branch']).execute()).toEqual([]);
  });

  it('refuses options chosen against their rules, a date that does not exist, a control character and a non-https document', () => {
    const single = example.offers[0]!;
    const issue = (offer: unknown) => offerImport.safeParse(offer).error?.issues[0]?.message;
    const withOptions = (patch: (o: Array<Record<string, unknown>>) => void) => {
      const options = (single.products[0] as { options: object[] }).options.map((o) => ({ ...o }) as Record<string, unknown>);
      patch(options);
      return { ...single, products: [{ ...single.products[0]!, options }] };
    };
    expect(issue(withOptions((o) => { o[1]!.count = 1; }))).toBe('Опция «Сдвоенные колёса» несовместима с опцией «Шины повышенной проходимости»');
    expect(issue(withOptions((o) => { o[3]!.count = 0; }))).toBe('Опция «Система параллельного вождения» требует опцию «Навигационный терминал»');
    expect(issue({ ...single, valid_date: '31.02.2027' })).toBe('Такой даты нет');
    expect(issue({ ...single, client: { ...single.client, name: 'Иван\u0000' } })).toMatch(/недопустимые символы/);
    expect(issue({ ...single, docs: [{ title: 'Паспорт', url: 'javascript:alert(1)' }] })).toBeDefined();
    expect(offerTotal({ ...offerImport.parse(single), source: '1C', delivery: { address: 'x', price: 8_500_123, deliveryIncluded: true } })).toBe(1_643_450_000 + 8_500_000);
  });

  it('refuses a NUL byte or a broken character anywhere in an offer with a 400 naming its field, never a 500', async () => {
    const base = example.offers[2]!;
    const withHidden = (id: string, value: string) => ({ ...withId(base, id), products: [{ ...base.products[0]!, productOptionsConfig: { hiddenPriceOptionsIds: [value] } }] });
    const answer = await results(await post({ offers: [withHidden('nul-1', 'o\u0000'), withHidden('surrogate-1', 'o\ud800'), { ...withId(base, 'nul-2'), folder: 'Папка\u0000' }] }));
    expect(answer.map((a) => [a.external_id, a.ok, a.status, a.path])).toEqual([
      ['nul-1', false, 400, 'products.0.productOptionsConfig.hiddenPriceOptionsIds.0'],
      ['surrogate-1', false, 400, 'products.0.productOptionsConfig.hiddenPriceOptionsIds.0'],
      ['nul-2', false, 400, 'folder'],
    ]);
    expect((await post('{"offers": [{"external_id": "x\\u0000"}]}')).status).toBe(200);
  });

  it('refuses a document or a picture naming a stored file: 1C sends links, only the editor uploads (ADR 102)', async () => {
    const base = example.offers[2]!;
    const file = { id: '0b6f2a52-6f0e-4f57-9d5c-3c2a8f1d7e10', name: 'Спецификация.pdf', mime: 'application/pdf', size: 1024 };
    const answer = await results(await post({ offers: [
      { ...withId(base, 'file-doc'), docs: [{ title: 'Паспорт', url: 'https://agrotechnika.example/p.pdf' }, { title: 'Спецификация', file }] },
      { ...withId(base, 'file-image'), media: [{ type: 'image', image: { id: 'a'.repeat(32), width: 640, height: 480 } }] },
      { ...withId(base, 'file-link'), docs: [{ title: 'Паспорт', url: 'https://agrotechnika.example/p.pdf' }] },
    ] }));
    expect(answer[0]).toEqual({ external_id: 'file-doc', ok: false, status: 400, message: OFFER_MESSAGES.importFile('Спецификация'), path: 'docs.1.file' });
    expect(answer[0]!.message).toBe('Документ «Спецификация»: 1С передаёт документы ссылкой (url); файл к предложению загружает менеджер в редакторе');
    expect(answer[1]).toEqual({ external_id: 'file-image', ok: false, status: 400, message: OFFER_MESSAGES.importImage, path: 'media.0.image' });
    expect(answer[2]).toMatchObject({ external_id: 'file-link', ok: true, created: true });
    expect((await t.db.selectFrom('offers_offer').select('external_id').where('external_id', 'like', 'file-%').execute()).map((r) => r.external_id)).toEqual(['file-link']);
  });

  it('refuses an accepted offer\'s update with 409 and changes nothing', async () => {
    const offer = withId(example.offers[1]!, 'accepted-1');
    expect((await results(await post({ offers: [offer] })))[0]).toMatchObject({ ok: true });
    await t.db.updateTable('offers_offer').set({ state: 'accepted' }).where('external_id', '=', 'accepted-1').execute();
    const [answer] = await results(await post({ offers: [{ ...offer, valid_date: '01.01.2028' }] }));
    expect(answer).toEqual({ external_id: 'accepted-1', ok: false, status: 409, message: 'Предложение уже принято клиентом и не меняется' });
    expect((await t.db.selectFrom('offers_offer').select('version').where('external_id', '=', 'accepted-1').executeTakeFirstOrThrow()).version).toBe(1);
  });

  it('asks for the credentials, refuses wrong ones, takes JSON only, and refuses a body that is not a list of offers', async () => {
    const missing = await post(example, { authorization: '' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic realm="exchange"/);
    expect((await post(example, { authorization: basic(USER, 'wrong-password-1') })).status).toBe(401);
    expect((await post(example, { authorization: basic('someone', PASSWORD) })).status).toBe(401);
    expect((await post(example, { authorization: 'Basic %%%' })).status).toBe(401);
    expect((await post('offers=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const broken = await post('{"offers": [');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error_status: 'error', message: 'Ожидались предложения в формате JSON: { "offers": [ … ] }' });
    expect((await post({ offers: [] })).status).toBe(400);
    expect((await post({ offers: Array.from({ length: 101 }, () => ({})) })).status).toBe(400);
    // No session is made for the exchange: it sets no cookie.
    expect((await post({ offers: [example.offers[2]] })).headers.get('set-cookie')).toBeNull();
  });

  it('is refused while its credentials are not configured', async () => {
    const unset = createApp({ services: { ...t.services, config: { ...t.services.config, EXCHANGE_USER: undefined, EXCHANGE_PASSWORD: undefined } } });
    const res = await unset.request('/api/exchange/offers', { method: 'POST', headers: { authorization: basic('', ''), 'content-type': 'application/json' }, body: JSON.stringify(example) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error_status: 'error', message: 'Обмен с 1С не настроен: задайте EXCHANGE_USER и EXCHANGE_PASSWORD' });
  });

  // PGlite answers one query at a time: parallelism is PostgreSQL's to test (the project sets DATABASE_URL).
  it.runIf(Boolean(process.env.DATABASE_URL))('makes one offer of one id imported ten times at once', async () => {
    const offer = withId(example.offers[2]!, 'parallel-1');
    const answers = (await Promise.all(Array.from({ length: 10 }, async () => results(await post({ offers: [offer] }))))).flat();
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.hash)).size).toBe(1);
    expect(await t.db.selectFrom('offers_version').innerJoin('offers_offer', 'offers_offer.id', 'offers_version.offer_id').select('offers_version.version').where('external_id', '=', 'parallel-1').execute()).toEqual([{ version: 1 }]);
  });
});
