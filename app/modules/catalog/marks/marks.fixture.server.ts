import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';

/**
 * Test rows of their own for the marks' tests, apart from the demo catalogue (ids from 900 000,
 * codes 'MKA…'/'MKB…'): two technique types so that per-type limits and grouping can be seen.
 * Type A has 15 models (more than the comparison's limit), type B 3.
 */
export const FIXTURE = {
  typeA: { id: 901, name: 'Тестовые тракторы' },
  typeB: { id: 902, name: 'Тестовые сеялки' },
  modelsA: Array.from({ length: 15 }, (_, i) => ({ id: 900_001 + i, code: `MKA${i + 1}` })),
  modelsB: Array.from({ length: 3 }, (_, i) => ({ id: 900_101 + i, code: `MKB${i + 1}` })),
  specs: { power: 901, width: 902, cabin: 903 },
};

export async function insertMarksFixture(db: DB): Promise<void> {
  const category = await db.selectFrom('catalog_category').select(['id']).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('catalog_technique_type').values([
    { id: FIXTURE.typeA.id, slug: 'mk-test-a', name: FIXTURE.typeA.name },
    { id: FIXTURE.typeB.id, slug: 'mk-test-b', name: FIXTURE.typeB.name },
  ]).execute();
  await db.insertInto('catalog_manufacturer').values({ id: 901, slug: 'mk-test', name: 'Тестмаш', country: 'Россия' }).execute();
  await db.insertInto('catalog_model_line').values([
    { id: 901, slug: 'mk-line-a', name: 'Линейка А', manufacturer_id: 901, category_id: category.id, technique_type_id: FIXTURE.typeA.id },
    { id: 902, slug: 'mk-line-b', name: 'Линейка Б', manufacturer_id: 901, category_id: category.id, technique_type_id: FIXTURE.typeB.id },
  ]).execute();
  await db.insertInto('catalog_specification').values([
    { id: FIXTURE.specs.power, name: 'Мощность', unit: 'л.с.', kind: 'number', priority: 100 },
    { id: FIXTURE.specs.width, name: 'Ширина захвата', unit: 'м', kind: 'number', priority: 90 },
    { id: FIXTURE.specs.cabin, name: 'Кабина', unit: null, kind: 'text', priority: 10 },
  ]).execute();
  const models = [
    ...FIXTURE.modelsA.map((m, i) => ({ ...m, line: 901, n: i })),
    ...FIXTURE.modelsB.map((m, i) => ({ ...m, line: 902, n: i })),
  ];
  await db.insertInto('catalog_model').values(models.map((m) => ({
    id: m.id, slug: m.code.toLowerCase(), name: `Модель ${m.code}`, product_code: m.code, model_line_id: m.line,
    images: JSON.stringify([{ src: `/img/${m.code}.svg`, width: 640, height: 480, alt: `Модель ${m.code}` }]),
  }))).execute();
  await db.insertInto('catalog_model_spec').values(models.flatMap((m) => [
    // Power differs between models; the cabin is the same for all: 'Только различия' hides it.
    { model_id: m.id, spec_id: FIXTURE.specs.power, num_value: 100 + m.n * 10, text_value: null },
    { model_id: m.id, spec_id: FIXTURE.specs.width, num_value: m.n === 0 ? 2.5 : 3, text_value: null },
    { model_id: m.id, spec_id: FIXTURE.specs.cabin, num_value: null, text_value: 'Двухместная' },
  ])).execute();
  await sql`insert into catalog_model_branch (model_id, branch_id, currency, price, old_price, quantity)
    select m.id, b.id, 'RUB', 1000000 + m.id, null, 2 from catalog_model m cross join region_branch b
    where m.id >= 900000`.execute(db);
}
