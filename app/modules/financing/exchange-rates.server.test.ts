import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { listRates, rateInput, ratesOn, setRate } from './exchange-rates.server.ts';

/* Exchange rates by effective date (ADR 102): the demo's, a later one in force from its day, a day's rate replaced and audited, bad input refused. */

let t: TestDatabase;
const staff = { userId: 0, name: 'Ольга Котова' };

beforeAll(async () => {
  t = await createTestDatabase();
  staff.userId = (await t.db.insertInto('auth_user').values({ name: staff.name, email: 'rates@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

describe('exchange rates', () => {
  it('are read as in force on a day, set from a day, replaced for the same day and audited', async () => {
    expect(Object.fromEntries(await ratesOn(t.db, '2026-03-01'))).toEqual({ USD: 925_000, EUR: 1_002_000, CNY: 127_000, KZT: 1_850 });
    expect((await ratesOn(t.db, '2025-12-31')).size).toBe(0);
    await setRate(t.services, staff, rateInput.parse({ currency: 'USD', fromDate: '2026-04-01', rate: '95,25' }), '10.0.0.2');
    await setRate(t.services, staff, rateInput.parse({ currency: 'USD', fromDate: '2026-04-01', rate: '96' }), null);
    expect((await ratesOn(t.db, '2026-03-31')).get('USD')).toBe(925_000);
    expect((await ratesOn(t.db, '2026-04-01')).get('USD')).toBe(960_000);
    expect((await listRates(t.db)).filter((r) => r.currency === 'USD')).toEqual([{ currency: 'USD', fromDate: '2026-04-01', rubE4: 960_000 }, { currency: 'USD', fromDate: '2026-01-01', rubE4: 925_000 }]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id', 'before', 'after']).where('entity', '=', 'exchange_rate').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'financing.exchange_rate', entity_id: 'USD:2026-04-01', before: null, after: { rub_e4: 952_500 } },
      { action: 'financing.exchange_rate', entity_id: 'USD:2026-04-01', before: { rub_e4: 952_500 }, after: { rub_e4: 960_000 } },
    ]);
  });

  it('refuses a currency, a day or a rate that is not one', () => {
    const issues = (v: Record<string, string>) => rateInput.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ currency: 'RUB', fromDate: '2026-04-01', rate: '1' })).toEqual(['Выберите валюту']);
    expect(issues({ currency: 'USD', fromDate: '2026-02-30', rate: '1' })).toEqual(['Дата — в виде гггг-мм-дд']);
    expect(issues({ currency: 'USD', fromDate: '2026-04-01', rate: '-5' })).toEqual(['Курс — рубли за единицу валюты, больше 0, до четырёх знаков после запятой']);
  });
});
