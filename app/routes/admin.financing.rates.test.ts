import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { RATE_MESSAGES } from '#app/modules/financing/exchange-rates.server.ts';
import { CSRF_FAILED } from '../../server/middleware/csrf.ts';
import { BODY_TOO_LARGE } from '../../server/middleware/body-limit.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as ratesPage from './admin.financing.rates.tsx';

/*
 * /admin/financing/rates over HTTP with hostile input (ADR 102): a rate that is not one, a day that
 * does not exist or cannot mean a rate, a currency the shop does not keep, control characters, a huge
 * body, staff without financing.manage and another session's token — each a 4xx in Russian, never a
 * 500, and nothing written (no rate, no audit).
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
let admin: Awaited<ReturnType<typeof signedInClient>>['client'];
const PATH = '/admin/financing/rates';

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({ services: t.services, build: fakeServerBuild({ admin: { path: 'admin', module: layout }, 'routes/admin.financing.rates': { parentId: 'admin', path: 'financing/rates', module: ratesPage } }) });
  ({ client: admin } = await signedInClient(t.services, { email: 'rates-admin@agro.test', role: 'administrator', app }));
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const rates = () => t.db.selectFrom('financing_exchange_rate').select(['currency', 'from_date', 'rub_e4']).orderBy('currency').orderBy('from_date').execute();
const audits = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'exchange_rate').executeTakeFirstOrThrow()).n);
const good = { currency: 'USD', fromDate: '2026-05-01', rate: '95,5' };
/** A message as the single-fetch answer carries it (a JSON string). */
const inAnswer = (message: string) => JSON.stringify(message).slice(1, -1);

describe('/admin/financing/rates: hostile input', () => {
  it('saves a good rate (the baseline every refusal below is compared with)', async () => {
    const res = await admin.form(`${PATH}.data`, good);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(inAnswer(RATE_MESSAGES.saved('USD', '2026-05-01')));
    expect((await rates()).filter((r) => r.currency === 'USD')).toHaveLength(2);
    expect(await audits()).toBe(1);
  });

  it('refuses a rate, a day or a currency that is not one with a Russian 400, writing nothing', async () => {
    const before = await rates();
    const cases: Array<[Record<string, string>, string]> = [
      [{ rate: '0' }, RATE_MESSAGES.rate],
      [{ rate: '0,0000' }, RATE_MESSAGES.rate],
      [{ rate: '-92,5' }, RATE_MESSAGES.rate],
      [{ rate: '92,50001' }, RATE_MESSAGES.rate],
      [{ rate: '12345678' }, RATE_MESSAGES.rate],
      [{ rate: '1e3' }, RATE_MESSAGES.rate],
      [{ rate: '0x10' }, RATE_MESSAGES.rate],
      [{ rate: 'NaN' }, RATE_MESSAGES.rate],
      [{ rate: 'Infinity' }, RATE_MESSAGES.rate],
      [{ rate: '92,5,1' }, RATE_MESSAGES.rate],
      [{ rate: '' }, RATE_MESSAGES.rate],
      [{ rate: '9'.repeat(100_000) }, RATE_MESSAGES.rate],
      [{ rate: '92\u00005' }, 'Поле "Курс" содержит недопустимые символы'],
      [{ rate: '92,5\u0007' }, 'Поле "Курс" содержит недопустимые символы'],
      [{ rate: '\u001b92' }, 'Поле "Курс" содержит недопустимые символы'],
      [{ rate: '92\n' }, 'Поле "Курс" содержит недопустимые символы'],
      [{ fromDate: '2026-02-30' }, RATE_MESSAGES.date],
      [{ fromDate: '2026-02-29' }, RATE_MESSAGES.date],
      [{ fromDate: '2026-13-01' }, RATE_MESSAGES.date],
      [{ fromDate: '01.05.2026' }, RATE_MESSAGES.date],
      [{ fromDate: '2026-05-01\u0000' }, RATE_MESSAGES.date],
      [{ fromDate: '2026-05-01T00:00' }, RATE_MESSAGES.date],
      [{ fromDate: '' }, RATE_MESSAGES.date],
      [{ fromDate: '0000-01-01' }, RATE_MESSAGES.dateRange],
      [{ fromDate: '1899-12-31' }, RATE_MESSAGES.dateRange],
      [{ fromDate: '9999-12-31' }, RATE_MESSAGES.dateRange],
      [{ currency: 'RUB' }, 'Выберите валюту'],
      [{ currency: 'usd' }, 'Выберите валюту'],
      [{ currency: 'XXX' }, 'Выберите валюту'],
      [{ currency: 'USD\u0000' }, 'Выберите валюту'],
      [{ currency: '' }, 'Выберите валюту'],
    ];
    for (const [over, message] of cases) {
      const res = await admin.form(`${PATH}.data`, { ...good, ...over });
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(await res.text(), JSON.stringify(over).slice(0, 80)).toContain(inAnswer(message));
    }
    // Fields left out, or sent as a file instead of text.
    const missing = await admin.form(`${PATH}.data`, {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(inAnswer(RATE_MESSAGES.rate));
    const form = new FormData();
    form.set('currency', new File(['USD'], 'c.txt'));
    form.set('fromDate', new File(['2026-05-01'], 'd.txt'));
    form.set('rate', new File(['92'], 'r.txt'));
    const csrf = decodeURIComponent(admin.cookies.get('XSRF-TOKEN')!);
    const files = await app.request(`${PATH}.data`, { method: 'POST', body: form, headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf } });
    expect(files.status).toBe(400);
    const text = await files.text();
    for (const message of ['Выберите валюту', RATE_MESSAGES.date, RATE_MESSAGES.rate]) expect(text).toContain(inAnswer(message));
    expect(await rates()).toEqual(before);
    expect(await audits()).toBe(1);
  });

  it('answers a body of several megabytes with a Russian 413, writing nothing', async () => {
    const before = await rates();
    const res = await admin.form(PATH, { ...good, rate: '9'.repeat(5 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(BODY_TOO_LARGE);
    expect(await rates()).toEqual(before);
    expect(await audits()).toBe(1);
  });

  it('refuses staff without the capability, a guest, and a token of another session (403), writing nothing', async () => {
    const before = await rates();
    // A branch manager edits the catalogue's options, not the company's money terms.
    for (const role of ['branch_manager', 'employee'] as const) {
      const { client } = await signedInClient(t.services, { email: `rates-${role}@agro.test`, role, app });
      expect((await client.get(PATH)).status, role).toBe(403);
      expect((await client.form(PATH, good)).status, role).toBe(403);
    }
    const { client: customer } = await signedInClient(t.services, { email: 'rates-customer@agro.test', app });
    expect((await customer.form(PATH, good)).status).toBe(403);
    const { client: other } = await signedInClient(t.services, { email: 'rates-other@agro.test', role: 'administrator', app });
    await other.get(PATH);
    const foreign = decodeURIComponent(other.cookies.get('XSRF-TOKEN')!);
    const inHeader = await admin.form(PATH, { ...good, rate: '1' }, { csrf: foreign });
    expect(inHeader.status).toBe(403);
    expect(await inHeader.text()).toContain(CSRF_FAILED);
    expect((await admin.form(PATH, { _csrf: foreign, ...good, rate: '1' }, { csrf: false })).status).toBe(403);
    expect((await admin.form(PATH, { ...good, rate: '1' }, { csrf: false })).status).toBe(403);
    expect(await rates()).toEqual(before);
    expect(await audits()).toBe(1);
  });
});
