import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { MODEL_OPTION_MESSAGES, MODEL_OPTIONS_MAX } from '#app/modules/catalog/model-options.schema.ts';
import { CSRF_FAILED } from '../../server/middleware/csrf.ts';
import { BODY_TOO_LARGE } from '../../server/middleware/body-limit.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { signedInClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as modelPage from './admin.catalog.$id.tsx';

/*
 * /admin/catalog/{id} over HTTP with hostile input (ADR 102): whatever a form, a script or a stale
 * page sends, the answer is a 4xx in Russian (400 with the reason, 403 without the capability or
 * with another session's token, 404 for a model that is not one, 413 for a huge body), never a 500,
 * and a refused save leaves the stored list and the audit as they were.
 */

let t: TestDatabase;
let app: ReturnType<typeof createApp>;
let modelId = 0;
let manager: Awaited<ReturnType<typeof signedInClient>>['client'];

beforeAll(async () => {
  t = await createTestDatabase();
  app = createApp({ services: t.services, build: fakeServerBuild({ admin: { path: 'admin', module: layout }, 'routes/admin.catalog.$id': { parentId: 'admin', path: 'catalog/:id', module: modelPage } }) });
  ({ client: manager } = await signedInClient(t.services, { email: 'options-manager@agro.test', role: 'branch_manager', app }));
  modelId = (await t.db.selectFrom('catalog_model').select('id').where('name', '=', 'Беларус 921').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const path = () => `/admin/catalog/${modelId}`;
const option = (over: Record<string, unknown> = {}) => ({ id: 'a', name: 'Опция А', price: 100_00, required: false, requires: [], excludes: [], ...over });
const stored = async () => (await t.db.selectFrom('catalog_model_options').select('options').where('model_id', '=', modelId).executeTakeFirst())?.options ?? null;
const audits = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('entity', '=', 'model').executeTakeFirstOrThrow()).n);
/** Posts a list as the page does (JSON in the `options` field) and answers the status and the text of the single-fetch answer. */
async function save(options: unknown, client = manager) {
  const res = await client.form(`${path()}.data`, { options: typeof options === 'string' ? options : JSON.stringify(options) });
  return { status: res.status, text: await res.text() };
}
/** A message as the single-fetch answer carries it (a JSON string). */
const inAnswer = (message: string) => JSON.stringify(message).slice(1, -1);

describe('/admin/catalog/{id}: hostile input', () => {
  it('saves a good list (the baseline every refusal below is compared with)', async () => {
    const saved = await save([option(), option({ id: 'b', name: 'Опция Б', requires: ['a'] })]);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain(inAnswer(MODEL_OPTION_MESSAGES.saved));
    expect(await stored()).toHaveLength(2);
    expect(await audits()).toBe(1);
  });

  it('refuses control characters, a lone surrogate and wrong types in every field with a Russian 400, changing nothing', async () => {
    const before = await stored();
    const cases: Array<[unknown, string]> = [
      [[option({ name: 'Опция\u0000А' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ name: 'Опция\u0007' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ name: 'Опция\u001b[31m' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ name: 'Опция\u007f' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ name: 'Опция\n' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ name: 'Опция\ud800' })], 'Поле "Название опции" содержит недопустимые символы'],
      [[option({ id: 'a\u0000' })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [[option(), option({ id: 'b', name: 'Б', requires: ['a\u0000'] })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [[option(), option({ id: 'b', name: 'Б', excludes: ['\u0000'] })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [[option({ name: 42 })], 'Укажите название опции'],
      [[option({ name: null })], 'Укажите название опции'],
      [[option({ price: '100' })], 'Цена — целое число копеек'],
      [[option({ price: 1e300 })], 'Цена — целое число копеек'],
      [[option({ price: 1e14 })], 'Слишком большая цена'],
      [[option({ price: -0.5 })], 'Цена — целое число копеек'],
      [[option({ required: 'yes' })], 'Обязательность опции — да или нет'],
      [[option({ requires: 'b' })], 'Правила опции — список id опций'],
      [[option({ requires: [1] })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [[option({ id: 7 })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [['опция'], 'Опция — объект с id, названием и ценой'],
      [[null], 'Опция — объект с id, названием и ценой'],
      [{ options: [] }, 'Некорректный запрос: обновите страницу'],
      ['{"a": [', 'Некорректный запрос: обновите страницу'],
      ['\u0000', 'Некорректный запрос: обновите страницу'],
      [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'Опция — объект с id, названием и ценой'],
    ];
    for (const [raw, message] of cases) {
      const saved = await save(raw);
      expect(saved.status, JSON.stringify(raw).slice(0, 80)).toBe(400);
      expect(saved.text, JSON.stringify(raw).slice(0, 80)).toContain(inAnswer(message));
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(1);
  });

  it('refuses lists whose rules cannot hold: duplicate ids, unknown options, requires-and-excludes, cycles, options that can never be chosen', async () => {
    const before = await stored();
    const cases: Array<[unknown, string]> = [
      [[option(), option({ name: 'Опция Б' })], MODEL_OPTION_MESSAGES.duplicateId('a')],
      [[option({ requires: ['nope'] })], MODEL_OPTION_MESSAGES.unknownRef('Опция А', 'nope')],
      [[option({ excludes: ['nope'] })], MODEL_OPTION_MESSAGES.unknownRef('Опция А', 'nope')],
      [[option({ requires: ['a'] })], MODEL_OPTION_MESSAGES.self('Опция А')],
      [[option({ requires: ['b'], excludes: ['b'] }), option({ id: 'b', name: 'Опция Б' })], MODEL_OPTION_MESSAGES.both('Опция А', 'Опция Б')],
      // A requires B, B requires A: the two always go together, which is one option.
      [[option({ requires: ['b'] }), option({ id: 'b', name: 'Опция Б', requires: ['a'] })], MODEL_OPTION_MESSAGES.cycle(['Опция А', 'Опция Б'])],
      [[option({ requires: ['b'] }), option({ id: 'b', name: 'Опция Б', requires: ['c'] }), option({ id: 'c', name: 'Опция В', requires: ['a'] })], MODEL_OPTION_MESSAGES.cycle(['Опция А', 'Опция Б', 'Опция В'])],
      // A requires B, and B excludes A: A can never be chosen.
      [[option({ requires: ['b'] }), option({ id: 'b', name: 'Опция Б', excludes: ['a'] })], MODEL_OPTION_MESSAGES.never('Опция А', 'Опция Б', 'Опция А')],
      // A requires B, B requires C, A excludes C (through B).
      [[option({ requires: ['b'], excludes: ['c'] }), option({ id: 'b', name: 'Опция Б', requires: ['c'] }), option({ id: 'c', name: 'Опция В' })], MODEL_OPTION_MESSAGES.never('Опция А', 'Опция А', 'Опция В')],
      // A requires B and C, which exclude each other.
      [[option({ requires: ['b', 'c'] }), option({ id: 'b', name: 'Опция Б', excludes: ['c'] }), option({ id: 'c', name: 'Опция В' })], MODEL_OPTION_MESSAGES.never('Опция А', 'Опция Б', 'Опция В')],
      [[option({ required: true, requires: ['b'] }), option({ id: 'b', name: 'Опция Б' })], MODEL_OPTION_MESSAGES.requiredNeedsOptional('Опция А', 'Опция Б')],
      [[option({ required: true, excludes: ['b'] }), option({ id: 'b', name: 'Опция Б', required: true })], MODEL_OPTION_MESSAGES.requiredExcluded('Опция А', 'Опция Б')],
      [[option({ requires: Array.from({ length: 51 }, (_, i) => `r${i}`) })], 'Не более 50 правил у опции'],
    ];
    for (const [raw, message] of cases) {
      const saved = await save(raw);
      expect(saved.status, JSON.stringify(raw)).toBe(400);
      expect(saved.text, JSON.stringify(raw)).toContain(inAnswer(message));
    }
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(1);
  });

  it('refuses hundreds (or tens of thousands) of options with a Russian 400 before looking at each', async () => {
    const before = await stored();
    for (const n of [MODEL_OPTIONS_MAX + 1, 300, 10_000]) {
      const list = Array.from({ length: n }, (_, i) => ({ id: `o${i}`, name: 'x', price: 0 }));
      const saved = await save(list);
      expect(saved.status, String(n)).toBe(400);
      expect(saved.text, String(n)).toContain(`Не более ${MODEL_OPTIONS_MAX} опций`);
    }
    // Exactly the limit, with long names, is saved.
    const most = Array.from({ length: MODEL_OPTIONS_MAX }, (_, i) => option({ id: `o${i}`, name: `Опция ${i} `.padEnd(200, 'я') }));
    expect((await save(most)).status).toBe(200);
    expect(await stored()).toHaveLength(MODEL_OPTIONS_MAX);
    expect((await save(before)).status).toBe(200);
  });

  it('answers a body of several megabytes with a Russian 413, reading and writing nothing', async () => {
    const before = await stored();
    const count = await audits();
    const huge = JSON.stringify(Array.from({ length: 60_000 }, (_, i) => option({ id: `o${i}`, name: 'Опция'.repeat(10) })));
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await manager.form(path(), { options: huge });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(BODY_TOO_LARGE);
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(count);
  });

  it('answers a model that is not one with 404, on the page and on a save', async () => {
    for (const id of ['999999', '0', '-1', '01', 'abc', '1e3', '99999999999', '%00', encodeURIComponent('1; drop table catalog_model'), 'Я'.repeat(300)]) {
      expect((await manager.get(`/admin/catalog/${id}`)).status, id).toBe(404);
      expect((await manager.form(`/admin/catalog/${id}`, { options: '[]' })).status, id).toBe(404);
    }
    expect(await t.db.selectFrom('catalog_model_options').select('model_id').where('model_id', '=', 999999).executeTakeFirst()).toBeUndefined();
  });

  it('refuses staff without the capability, a guest, and a token of another session (403), writing nothing', async () => {
    const before = await stored();
    const count = await audits();
    const { client: employee } = await signedInClient(t.services, { email: 'options-employee@agro.test', role: 'employee', app });
    expect((await employee.get(path())).status).toBe(403);
    expect((await save([], employee)).status).toBe(403);
    const { client: guest } = await signedInClient(t.services, { email: 'options-guest@agro.test', app });
    expect((await save([], guest)).status).toBe(403);
    // Another manager's token, in the header or in the form's field, does not fit this session.
    const { client: other } = await signedInClient(t.services, { email: 'options-other@agro.test', role: 'branch_manager', app });
    await other.get(path());
    const foreign = decodeURIComponent(other.cookies.get('XSRF-TOKEN')!);
    const inHeader = await manager.form(path(), { options: '[]' }, { csrf: foreign });
    expect(inHeader.status).toBe(403);
    expect(await inHeader.text()).toContain(CSRF_FAILED);
    expect((await manager.form(path(), { _csrf: foreign, options: '[]' }, { csrf: false })).status).toBe(403);
    expect((await manager.form(path(), { options: '[]' }, { csrf: false })).status).toBe(403);
    expect((await manager.form(path(), { options: '[]' }, { csrf: 'x'.repeat(5000) })).status).toBe(403);
    expect(await stored()).toEqual(before);
    expect(await audits()).toBe(count);
  });
});
