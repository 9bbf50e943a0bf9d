import type { DB } from '#app/.server/db/connect.ts';

/**
 * A small catalogue of the tests' own, beside whatever the demo seed holds: a category of its own
 * under 'Колёсные тракторы' (so similar models are exactly these), ids far above the demo's.
 *
 * Model 9001 'ТМ-735' is the one under test; at Smolensk (branch 1, the default visitor's):
 *   9004 Проба-2   425 л.с. 2,5 м 12 600 кг  in stock   → nearest
 *   9003 ТМ-744    300 л.с. 2 м    9 000 кг  in stock
 *   9002 ТМ-740    430 л.с. 2,5 м 12 800 кг  out of stock (nearer than 9003, but stock comes first)
 *   9005 Проба-9   no number specs            out of stock → farthest
 */
export const FIXTURE = {
  categoryId: 9901,
  categorySlug: 'test-kolesnye',
  lineSlug: 'test-line-tm',
  model: 9001,
  modelSlug: 'tm-735',
  productCode: 'TST735',
  similarOrder: [9004, 9003, 9002, 9005],
  specs: { power: 90001, width: 90002, engine: 90003, mass: 90004 },
} as const;

export async function insertModelFixture(db: DB): Promise<void> {
  await db.insertInto('catalog_technique_type').values({ id: 9001, slug: 'test-tractor', name: 'Тестовый трактор' }).execute();
  await db.insertInto('catalog_manufacturer').values([
    { id: 9001, slug: 'testmash', name: 'Тестмаш', country: 'Россия', logo_path: null },
    { id: 9002, slug: 'proba', name: 'Проба', country: 'Беларусь', logo_path: null },
  ]).execute();
  await db.insertInto('catalog_category').values({ id: FIXTURE.categoryId, parent_id: 101, slug: FIXTURE.categorySlug, name: 'Тестовые тракторы', icon: 'tractor', sort: 99 }).execute();
  await db.insertInto('catalog_model_line').values([
    { id: 9001, slug: FIXTURE.lineSlug, name: 'ТМ-700', manufacturer_id: 9001, category_id: FIXTURE.categoryId, technique_type_id: 9001, description: 'Линейка тестовых тракторов.' },
    { id: 9002, slug: 'test-line-proba', name: 'Проба', manufacturer_id: 9002, category_id: FIXTURE.categoryId, technique_type_id: 9001 },
  ]).execute();
  const { power, width, engine, mass } = FIXTURE.specs;
  await db.insertInto('catalog_specification').values([
    { id: power, name: 'Мощность двигателя', unit: 'л.с.', kind: 'number', priority: 1000 },
    { id: width, name: 'Рабочая ширина', unit: 'м', kind: 'number', priority: 990 },
    { id: engine, name: 'Тип двигателя', unit: null, kind: 'text', priority: 980 },
    { id: mass, name: 'Масса', unit: 'кг', kind: 'number', priority: 970 },
  ]).execute();
  const image = (code: string, alt: string) => ({ src: `/images/models/${code}.svg`, width: 640, height: 480, alt });
  await db.insertInto('catalog_model').values([
    { id: 9001, slug: FIXTURE.modelSlug, name: 'ТМ-735', product_code: FIXTURE.productCode, model_line_id: 9001, sort: 1,
      description: 'Тяжёлый колёсный трактор для работы с широкозахватными орудиями. Кабина с климат-контролем.',
      images: JSON.stringify([image('TST735', 'ТМ-735, вид сбоку'), image('TST735-rear', 'ТМ-735, вид сзади')]) },
    { id: 9002, slug: 'tm-740', name: 'ТМ-740', product_code: 'TST740', model_line_id: 9001, sort: 2, images: JSON.stringify([image('TST740', 'ТМ-740')]) },
    { id: 9003, slug: 'tm-744', name: 'ТМ-744', product_code: 'TST744', model_line_id: 9001, sort: 3, images: JSON.stringify([]) },
    { id: 9004, slug: 'proba-2', name: 'Проба-2', product_code: 'TSTPR2', model_line_id: 9002, sort: 1, images: JSON.stringify([image('TSTPR2', 'Проба-2')]) },
    { id: 9005, slug: 'proba-9', name: 'Проба-9', product_code: 'TSTPR9', model_line_id: 9002, sort: 2, images: JSON.stringify([]) },
  ]).execute();
  const n = (model_id: number, spec_id: number, num_value: number) => ({ model_id, spec_id, num_value, text_value: null });
  const s = (model_id: number, spec_id: number, text_value: string) => ({ model_id, spec_id, num_value: null, text_value });
  await db.insertInto('catalog_model_spec').values([
    n(9001, power, 420), n(9001, width, 2.5), s(9001, engine, 'Дизель'), n(9001, mass, 12500),
    n(9002, power, 430), n(9002, width, 2.5), n(9002, mass, 12800),
    n(9003, power, 300), n(9003, width, 2), n(9003, mass, 9000),
    n(9004, power, 425), n(9004, width, 2.5), n(9004, mass, 12600),
    s(9005, engine, 'Электро'),
  ]).execute();
  const rub = (model_id: number, branch_id: number, price: number | null, quantity: number, extra: { old_price?: number; expected_date?: string; super_price?: boolean } = {}) =>
    ({ model_id, branch_id, currency: 'RUB' as const, price, quantity, old_price: extra.old_price ?? null, expected_date: extra.expected_date ?? null, super_price: extra.super_price ?? false });
  await db.insertInto('catalog_model_branch').values([
    rub(9001, 1, 1_250_000_00, 3, { old_price: 1_500_000_00 }),
    rub(9001, 2, null, 0, { expected_date: '2026-12-05' }),
    rub(9001, 5, 1_290_000_00, 1),
    { model_id: 9001, branch_id: 24, currency: 'KZT', price: 61_000_000_00, old_price: null, quantity: 2, expected_date: null, super_price: true },
    rub(9002, 1, 1_300_000_00, 0),
    rub(9003, 1, 900_000_00, 5),
    rub(9004, 1, 1_100_000_00, 1),
    rub(9005, 1, null, 0),
  ]).execute();
}
