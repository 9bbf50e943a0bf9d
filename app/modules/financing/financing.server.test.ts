import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { programmeInput, type ProgrammeInput } from './financing.schema.ts';
import { financingToday, listProgrammesForEditing, programmeForEditing, programmesInForce, saveProgramme } from './financing.server.ts';

/*
 * Financing programmes (ADR 082) on both engines: the demo set, the terms in force on a date, staff's
 * edits with their audit records (never in the past), what the shop reads after an edit (kept data
 * hears the change), and the public endpoint.
 */

let t: TestDatabase;
const editor = { userId: 0, name: 'Анна Администратор' };
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDatabase();
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'finance@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const form = (over: Partial<Record<string, unknown>> = {}) => ({
  name: 'Лизинг «Урожай»', kind: 'leasing', countryCode: 'RU', currency: 'RUB', sort: '5', fromDate: financingToday(), annualRatePercent: '9,75',
  minTermMonths: '12', maxTermMonths: '48', minAdvancePercent: '15', maxDeferMonths: '6', seasonalMonths: ['10', '9', '11'], active: true, ...over,
});
const parse = (over: Partial<Record<string, unknown>> = {}): ProgrammeInput => programmeInput.parse(form(over));

describe('the demo programmes', () => {
  it('offer leasing 12 %, credit 16 % (since July), installment 0 % for 6–12 months and a seasonal leasing for farms', async () => {
    const ru = await programmesInForce(t.services, 'RU', '2026-11-28');
    expect(ru.map((p) => [p.kind, p.name, p.annualRatePercent, p.minTermMonths, p.maxTermMonths, p.seasonalMonths, p.currency])).toEqual([
      ['leasing', 'Лизинг «Стандарт»', 12, 12, 84, [], 'RUB'],
      ['leasing', 'Сезонный лизинг для хозяйств', 11.5, 12, 60, [9, 10, 11], 'RUB'],
      ['credit', 'Кредит банка-партнёра', 16, 12, 60, [], 'RUB'],
      ['installment', 'Рассрочка 0 %', 0, 6, 12, [], 'RUB'],
    ]);
    // The rate in force is the latest from a date not after the day asked for.
    expect((await programmesInForce(t.services, 'RU', '2026-06-30')).find((p) => p.kind === 'credit')?.annualRatePercent).toBe(17.5);
    expect(await programmesInForce(t.services, 'RU', '2025-12-31')).toEqual([]);
    expect((await programmesInForce(t.services, 'KZ', '2026-11-28')).map((p) => p.currency)).toEqual(['KZT', 'KZT']);
  });
});

describe('staff editing a programme', () => {
  it('creates one with its terms and an audit record; the shop sees it at once', async () => {
    const before = await programmesInForce(t.services, 'RU');
    const saved = await saveProgramme(t.services, editor, 'new', parse(), '10.0.0.1');
    expect(saved.ok).toBe(true);
    const id = (saved as { id: number }).id;
    const now = await programmesInForce(t.services, 'RU');
    expect(now).toHaveLength(before.length + 1);
    expect(now.find((p) => p.id === id)).toMatchObject({ annualRatePercent: 9.75, seasonalMonths: [9, 10, 11], maxDeferMonths: 6, minAdvancePercent: 15 });
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'financing_programme', entityId: String(id) }));
    expect(audit.rows.map((r) => r.action)).toEqual(['financing_programme.create']);
  });

  it('sets new terms from a later date, keeping today’s in force until then', async () => {
    const [first] = await listProgrammesForEditing(t.services);
    const today = financingToday();
    const later = addDays(today, 10);
    const saved = await saveProgramme(t.services, editor, first!.id, parse({ name: first!.name, kind: first!.kind, fromDate: later, annualRatePercent: '13,5' }), null);
    expect(saved).toEqual({ ok: true, id: first!.id });
    expect((await programmesInForce(t.services, 'RU', today)).find((p) => p.id === first!.id)?.annualRatePercent).toBe(first!.current!.annualRatePercent);
    expect((await programmesInForce(t.services, 'RU', later)).find((p) => p.id === first!.id)?.annualRatePercent).toBe(13.5);
    const record = await programmeForEditing(t.services, first!.id);
    expect(record!.terms.map((x) => x.fromDate)).toContain(later);
    const [entry] = (await listAudit(t.db, auditFilter.parse({ entity: 'financing_programme', entityId: String(first!.id) }))).rows;
    expect(entry).toMatchObject({ action: 'financing_programme.terms', actorName: editor.name });
    expect(entry!.after).toMatchObject({ fromDate: later, annualRatePercent: 13.5 });
    // Closing it from that date takes it out of the list from then on.
    await saveProgramme(t.services, editor, first!.id, parse({ name: first!.name, kind: first!.kind, fromDate: later, annualRatePercent: '13,5', active: false }), null);
    expect((await programmesInForce(t.services, 'RU', later)).some((p) => p.id === first!.id)).toBe(false);
  });

  it('refuses terms in the past, a taken name and an unknown programme, changing nothing', async () => {
    const count = (await t.db.selectFrom('financing_terms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(await saveProgramme(t.services, editor, 'new', parse({ fromDate: addDays(financingToday(), -1), name: 'Другая' }), null))
      .toEqual({ ok: false, code: 'invalid', field: 'fromDate', message: 'Условия вступают в силу сегодня или позже: прошлые остаются в истории' });
    expect(await saveProgramme(t.services, editor, 'new', parse({ name: 'Рассрочка 0 %' }), null))
      .toEqual({ ok: false, code: 'invalid', field: 'name', message: 'Программа с таким названием в этой стране уже есть' });
    expect(await saveProgramme(t.services, editor, 99_999_999, parse({ name: 'Нет такой' }), null)).toEqual({ ok: false, code: 'not_found' });
    expect((await t.db.selectFrom('financing_terms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(count);
  });

  it('checks the form with Russian messages', () => {
    // The route shows the first message of each field: a field's own check and the form's may say the same.
    const issues = (over: Record<string, unknown>) => [...new Set(programmeInput.safeParse(form(over)).error?.issues.map((i) => i.message))];
    expect(issues({ annualRatePercent: '12,555' })).toEqual(['Ставка — число от 0 до 100 с точностью до сотых, например 12,5']);
    expect(issues({ annualRatePercent: '101' })).toEqual(['Ставка — число от 0 до 100 с точностью до сотых, например 12,5']);
    expect(issues({ minTermMonths: '24', maxTermMonths: '12' })).toEqual(['Срок до — целое число месяцев от 1 до 360, не меньше срока от']);
    expect(issues({ maxDeferMonths: '48' })).toEqual(['Отсрочка — целое число месяцев от 0 до 24, меньше наибольшего срока']);
    expect(issues({ seasonalMonths: ['13'] })).toEqual(['Месяцы сезонных платежей — от 1 до 12']);
    expect(issues({ name: ' ' })).toEqual(['Укажите название программы: до 120 символов']);
    expect(issues({ kind: 'sber' })).toEqual(['Выберите вид финансирования']);
    expect(programmeInput.parse(form({ annualRatePercent: '0' })).annualRatePercent).toBe(0);
  });
});

describe('GET /api/financing/programmes', () => {
  const get = (path: string) => createApp({ services: t.services, build: fakeServerBuild({}) }).request(path);

  it('answers the programmes in force today for a country, cacheable by anyone', async () => {
    const res = await get('/api/financing/programmes?country=KZ');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const body = await res.json() as { error_status: string; date: string; programmes: Array<{ countryCode: string; currency: string }> };
    expect(body.error_status).toBe('success');
    expect(body.date).toBe(financingToday());
    expect(body.programmes.length).toBeGreaterThan(0);
    expect(body.programmes.every((p) => p.countryCode === 'KZ' && p.currency === 'KZT')).toBe(true);
  });

  it('refuses an unknown country with a 400 in Russian', async () => {
    const res = await get('/api/financing/programmes?country=US');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_status: 'error', message: 'Укажите страну: RU или KZ' });
  });
});
