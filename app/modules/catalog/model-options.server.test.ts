import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { modelOptions } from './model-options.schema.ts';
import { modelForOptions, modelOptionsOf, modelsForOptions, saveModelOptions } from './model-options.server.ts';

/*
 * A catalogue model's options for offers (ADR 102): the demo's tractors have them; staff replace a
 * model's list whole, checked (ids, prices, the rules between the options), audited before and after;
 * an unknown model is not found and a refused list changes nothing.
 */

let t: TestDatabase;
const staff = { userId: 0, name: 'Ирина Белова' };

beforeAll(async () => {
  t = await createTestDatabase();
  staff.userId = (await t.db.insertInto('auth_user').values({ name: 'Ирина Белова', email: 'model-options@agro.test', password_hash: null, email_verified_at: null, phone: null, phone_verified_at: null, staff_branch_id: null, area_id: null })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const idOf = async (name: string) => (await t.db.selectFrom('catalog_model').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('model options', () => {
  it('are seeded for a few demo tractors, listed first', async () => {
    const k742 = (await modelForOptions(t.db, await idOf('К-742 Стандарт')))!;
    expect(k742.options.map((o) => [o.id, o.required])).toEqual([['gps', false], ['autopilot', false], ['dual', false], ['tracks', false], ['warranty', true]]);
    expect(k742.options.find((o) => o.id === 'autopilot')!.requires).toEqual(['gps']);
    const listed = await modelsForOptions(t.db, '');
    expect(listed.slice(0, 6).every((m) => m.options > 0)).toBe(true);
    expect((await modelsForOptions(t.db, 'беларус 15')).map((m) => [m.name, m.options])).toContainEqual(['Беларус 1523', 4]);
    expect(await modelsForOptions(t.db, '%_\\')).toEqual([]);
  });

  it('are replaced whole, audited, and read by the offer editor\'s search', async () => {
    const id = await idOf('Беларус 892');
    expect(await modelForOptions(t.db, id)).toMatchObject({ name: 'Беларус 892', options: [], updatedAt: null });
    const list = [
      { id: 'cab', name: 'Кабина с кондиционером', price: 180_000_00, required: true, requires: [], excludes: [] },
      { id: 'loader', name: 'Погрузчик ПКУ-0,8', price: 420_000_00, required: false, requires: [], excludes: ['ballast'] },
      { id: 'ballast', name: 'Балластные грузы', price: 35_000_00, required: false, requires: [], excludes: ['loader'] },
    ];
    expect(await saveModelOptions(t.services, staff, id, list, '10.0.0.1')).toEqual({ ok: true });
    expect((await modelOptionsOf(t.db, [id, 999_999])).get(id)).toEqual(list);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'before', 'after', 'actor_name']).where('entity', '=', 'model').where('entity_id', '=', String(id)).execute();
    expect(audit).toEqual([{ action: 'catalog.model_options', before: [], after: list, actor_name: 'Ирина Белова' }]);

    expect(await saveModelOptions(t.services, staff, id, list.slice(0, 1), null)).toEqual({ ok: true });
    expect((await modelForOptions(t.db, id))!.options).toEqual(list.slice(0, 1));
  });

  it('refuses a list that breaks its rules, and an unknown model, changing nothing', async () => {
    const id = await idOf('Беларус 921');
    const o = (over: Record<string, unknown>) => ({ id: 'a', name: 'Опция А', price: 100, required: false, requires: [], excludes: [], ...over });
    const cases: Array<[unknown, string]> = [
      [[o({}), o({ name: 'Опция Б' })], 'Опция a повторяется'],
      [[o({ requires: ['zz'] })], 'Опция «Опция А» ссылается на неизвестную опцию zz'],
      [[o({ requires: ['a'] })], 'Опция «Опция А» ссылается на себя'],
      [[o({ requires: ['b'], excludes: ['b'] }), o({ id: 'b', name: 'Опция Б' })], 'Опция «Опция А» не может одновременно требовать опцию «Опция Б» и исключать её'],
      [[o({ required: true, excludes: ['b'] }), o({ id: 'b', name: 'Опция Б', required: true })], 'Обязательная опция «Опция А» исключает обязательную опцию «Опция Б»'],
      [[o({ required: true, requires: ['b'] }), o({ id: 'b', name: 'Опция Б' })], 'Обязательная опция «Опция А» требует необязательную опцию «Опция Б»: сделайте её обязательной'],
      [[o({ price: -1 })], 'Цена не может быть отрицательной'],
      [[o({ price: 10.5 })], 'Цена — целое число копеек'],
      [[o({ name: '  ' })], 'Укажите название опции'],
      [[o({ id: 'Опция 1' })], 'id опции — латиница, цифры, «-» и «_», до 32 символов'],
      [{ options: [] }, 'Некорректный запрос: обновите страницу'],
    ];
    for (const [raw, message] of cases) {
      const saved = await saveModelOptions(t.services, staff, id, raw, null);
      expect(saved.ok ? 'saved' : saved.message, JSON.stringify(raw)).toBe(message);
    }
    expect(modelOptions.safeParse(Array.from({ length: 101 }, (_, i) => o({ id: `o${i}` }))).error?.issues[0]?.message).toBe('Не более 100 опций');
    expect(await saveModelOptions(t.services, staff, 999_999, [], null)).toMatchObject({ ok: false, code: 'not_found' });
    expect((await modelForOptions(t.db, id))!.options).toEqual([]);
    expect(await modelForOptions(t.db, 999_999)).toBeNull();
  });
});
