import type { DB } from '#app/.server/db/connect.ts';

/**
 * A catalogue of the listing tests' own, beside whatever the demo seed holds: a top category of its
 * own (8800) so counts are exactly these, ids far from the demo's. At Smolensk (branch 1, the
 * default visitor's), in minor units:
 *
 * | model | line (category)     | maker | type    | power | engine | price      | old   | super | qty |
 * | 8801  | Альфа-100 (8851)    | Альфа | трактор | 100   | Дизель | 1 200 000  |       |       | 2   |
 * | 8802  | Альфа-100 (8851)    | Альфа | трактор | 150   | Дизель | 900        | 1 200 |       | 0   |
 * | 8803  | Альфа-100 (8851)    | Альфа | трактор | 200   | Газ    | on request |       |       | 1   |
 * | 8804  | Альфа-200 (8801)    | Альфа | трактор | 250   | Дизель | 2 000      |       | yes   | 0   |
 * | 8805  | Альфа-200 (8801)    | Альфа | трактор | 300   | Дизель | 1 500      |       |       | 3   |
 * | 8806  | Бета-С (8802)       | Бета  | сеялка  | 50    | Бензин | 500        | 510   |       | 0   |
 * | 8807  | Бета-С (8802)       | Бета  | сеялка  | —     | —      | no row at the branch            |
 *
 * Category 8803 holds line 8804 'Гамма' with 30 models for pagination (none priced).
 */
export const LISTING = {
  top: 8800, topSlug: 'test-listing',
  childA: 8801, childB: 8802, grandA1: 8851, paging: 8803,
  lines: { alfa100: 8801, alfa200: 8802, beta: 8803, gamma: 8804 },
  makers: { alfa: 8801, beta: 8802 },
  types: { tractor: 8801, seeder: 8802 },
  specs: { power: 8801, engine: 8802, mass: 8803 },
  branch: 1,
} as const;

export async function insertListingFixture(db: DB): Promise<void> {
  await db.insertInto('catalog_technique_type').values([
    { id: 8801, slug: 'test-l-tractor', name: 'Тестовый трактор', sort: 1 },
    { id: 8802, slug: 'test-l-seeder', name: 'Тестовая сеялка', sort: 2 },
  ]).execute();
  await db.insertInto('catalog_manufacturer').values([
    { id: 8801, slug: 'test-alfa', name: 'Альфа', country: 'Россия', logo_path: '/images/manufacturers/test-alfa.svg', sort: 1 },
    { id: 8802, slug: 'test-beta', name: 'Бета', country: 'Беларусь', logo_path: null, sort: 2 },
  ]).execute();
  await db.insertInto('catalog_category').values([
    { id: 8800, parent_id: null, slug: 'test-listing', name: 'Тестовая техника', icon: 'other', sort: 900 },
    { id: 8801, parent_id: 8800, slug: 'test-listing-a', name: 'Тестовые тракторы', icon: 'tractor', sort: 1 },
    { id: 8802, parent_id: 8800, slug: 'test-listing-b', name: 'Тестовые сеялки', icon: 'other', sort: 2 },
    { id: 8803, parent_id: 8800, slug: 'test-listing-paging', name: 'Тестовые страницы', icon: 'other', sort: 3 },
    { id: 8851, parent_id: 8801, slug: 'test-listing-a1', name: 'Тестовые малые тракторы', icon: 'tractor', sort: 1 },
  ]).execute();
  await db.insertInto('catalog_model_line').values([
    { id: 8801, slug: 'test-alfa-100', name: 'Альфа-100', manufacturer_id: 8801, category_id: 8851, technique_type_id: 8801, sort: 1, description: 'Лёгкие тестовые тракторы.' },
    { id: 8802, slug: 'test-alfa-200', name: 'Альфа-200', manufacturer_id: 8801, category_id: 8801, technique_type_id: 8801, sort: 2 },
    { id: 8803, slug: 'test-beta-s', name: 'Бета-С', manufacturer_id: 8802, category_id: 8802, technique_type_id: 8802, sort: 3 },
    { id: 8804, slug: 'test-gamma', name: 'Гамма', manufacturer_id: 8802, category_id: 8803, technique_type_id: 8802, sort: 4 },
  ]).execute();
  await db.insertInto('catalog_specification').values([
    { id: 8801, name: 'Тестовая мощность', unit: 'л.с.', kind: 'number', priority: 100 },
    { id: 8802, name: 'Тестовый тип двигателя', unit: null, kind: 'text', priority: 50 },
    { id: 8803, name: 'Тестовая масса', unit: 'кг', kind: 'number', priority: 10 },
  ]).execute();
  const image = (code: string) => JSON.stringify([{ src: `/images/models/${code}.svg`, width: 640, height: 480, alt: code }]);
  const model = (id: number, line: number, name: string, sort: number, created: string) =>
    ({ id, slug: `m-${id}`, name, product_code: `TL${id}`, model_line_id: line, sort, images: image(`TL${id}`), created_at: created });
  await db.insertInto('catalog_model').values([
    model(8801, 8801, 'Альфа 101', 1, '2026-01-01'),
    model(8802, 8801, 'Альфа 102', 2, '2026-01-05'),
    model(8803, 8801, 'Ёлка 103', 3, '2026-01-03'),
    model(8804, 8802, 'Альфа 201', 1, '2026-01-02'),
    model(8805, 8802, 'Альфа 202', 2, '2026-01-04'),
    model(8806, 8803, 'Бета 1', 1, '2026-01-06'),
    { ...model(8807, 8803, 'Бета 2', 2, '2026-01-07'), images: JSON.stringify([]) },
    ...Array.from({ length: 30 }, (_, i) => model(8900 + i, 8804, `Гамма ${String(i + 1).padStart(2, '0')}`, i, '2026-02-01')),
  ]).execute();
  const n = (model_id: number, spec_id: number, num_value: number) => ({ model_id, spec_id, num_value, text_value: null });
  const s = (model_id: number, spec_id: number, text_value: string) => ({ model_id, spec_id, num_value: null, text_value });
  await db.insertInto('catalog_model_spec').values([
    n(8801, 8801, 100), s(8801, 8802, 'Дизель'), n(8801, 8803, 5000),
    n(8802, 8801, 150), s(8802, 8802, 'Дизель'),
    n(8803, 8801, 200), s(8803, 8802, 'Газ'),
    n(8804, 8801, 250), s(8804, 8802, 'Дизель'),
    n(8805, 8801, 300), s(8805, 8802, 'Дизель'), n(8805, 8803, 9500.5),
    n(8806, 8801, 50), s(8806, 8802, 'Бензин'),
  ]).execute();
  const row = (model_id: number, price: number | null, quantity: number, extra: { old_price?: number; super_price?: boolean; expected_date?: string } = {}) =>
    ({ model_id, branch_id: LISTING.branch, currency: 'RUB' as const, price, quantity, old_price: extra.old_price ?? null, super_price: extra.super_price ?? false, expected_date: extra.expected_date ?? null });
  await db.insertInto('catalog_model_branch').values([
    row(8801, 1_200_000, 2),
    row(8802, 900, 0, { old_price: 1200 }),
    row(8803, null, 1),
    row(8804, 2000, 0, { super_price: true, expected_date: '2026-12-20' }),
    row(8805, 1500, 3),
    row(8806, 500, 0, { old_price: 510 }),
  ]).execute();
}
