import type { Transaction } from 'kysely';
import { insertJson } from '#app/.server/db/insert-json.ts';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { categoryLink } from './catalog.server.ts';
import { modelLineLink, modelLink } from './catalog.rules.ts';
import { CATEGORIES } from './data/categories.ts';
import { generateModels, generateOffers, generateSpecValues, type BranchRef } from './data/generate.ts';
import { MANUFACTURERS } from './data/manufacturers.ts';
import { MODEL_LINES } from './data/model-lines.ts';
import { SPECIFICATIONS } from './data/specifications.ts';
import { TECHNIQUE_TYPES } from './data/technique-types.ts';
import type { CategorySeed } from './data/types.ts';
import type { ModelOption } from './model-options.schema.ts';

/** A path the content module resolves to a catalogue page (spec §2 page alias), returned to the seed. */
export interface CatalogPath { path: string; controller: 'category' | 'model-line' | 'model'; referenceId: number }

const KIROVETS_OPTIONS: ModelOption[] = [
  { id: 'gps', name: 'Система параллельного вождения GPS', price: 850_000_00, required: false, requires: [], excludes: [] },
  { id: 'autopilot', name: 'Автопилот с RTK-поправкой', price: 1_450_000_00, required: false, requires: ['gps'], excludes: [] },
  { id: 'dual', name: 'Сдвоенные колёса', price: 620_000_00, required: false, requires: [], excludes: ['tracks'] },
  { id: 'tracks', name: 'Гусеничный модуль', price: 3_900_000_00, required: false, requires: [], excludes: ['dual'] },
  { id: 'warranty', name: 'Расширенная гарантия 3 года', price: 290_000_00, required: true, requires: [], excludes: [] },
];
const BELARUS_OPTIONS: ModelOption[] = [
  { id: 'conditioner', name: 'Кондиционер', price: 150_000_00, required: false, requires: [], excludes: [] },
  { id: 'loader', name: 'Фронтальный погрузчик', price: 600_000_00, required: false, requires: ['front-axle'], excludes: ['front-pto'] },
  { id: 'front-axle', name: 'Усиленный передний мост', price: 210_000_00, required: false, requires: [], excludes: [] },
  { id: 'front-pto', name: 'Передний ВОМ и навеска', price: 340_000_00, required: false, requires: [], excludes: ['loader'] },
];

/** The demo's models with options for offers, by name (ADR 102). */
const DEMO_MODEL_OPTIONS: Readonly<Record<string, ModelOption[]>> = {
  'К-742 Стандарт': KIROVETS_OPTIONS,
  'К-742 Премиум': KIROVETS_OPTIONS,
  'К-739 Стандарт': KIROVETS_OPTIONS,
  'Беларус 1523': BELARUS_OPTIONS,
  'Беларус 1221.3': BELARUS_OPTIONS,
  'Беларус 82.1': BELARUS_OPTIONS.filter((o) => o.id === 'conditioner'),
};

/** Kazakh branches (the region tree of Kazakhstan, migration 0005) sell in tenge. */
const KAZAKHSTAN_ROOT_AREA = 3221;
const DAY_MS = 86_400_000;

/**
 * Demo content of the catalogue: the machinery tree and its banners, technique types,
 * manufacturers, model lines, models with specifications and pictures, and price and stock at every
 * branch (data/generate.ts). Rows are only inserted when missing, so whatever an editor changed keeps
 * its edit on every later demo start. The thousands of rows go in as one JSON parameter per table
 * (jsonb_to_recordset): a handful of statements, fast on PGlite where every test file seeds.
 * Returns the public paths of categories, model lines and models, for which the content module
 * keeps the page aliases.
 */
export async function seedCatalogDemo(trx: Transaction<Database>): Promise<CatalogPath[]> {
  const categories = flatten(CATEGORIES);
  // Parents come before their children in one statement, so the foreign key holds at its end.
  await trx.insertInto('catalog_category')
    .values(categories.map(({ node, parentId, sort }) => ({ id: node.id, parent_id: parentId, slug: node.slug, name: node.name, icon: node.icon, sort })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const banners = categories.flatMap(({ node }) => node.banner ? [{
    category_id: node.id, bg_type: node.banner.bgType, image_path: node.banner.imagePath,
    color: node.banner.color, title: node.banner.title, text: node.banner.text,
    btn_title: node.banner.btnTitle, btn_link: node.banner.btnLink,
  }] : []);
  // Keyed by category: a category that has a banner (the demo's or an editor's) keeps it.
  if (banners.length) await trx.insertInto('catalog_banner').values(banners).onConflict((oc) => oc.doNothing()).execute();

  await trx.insertInto('catalog_technique_type')
    .values(TECHNIQUE_TYPES.map((t, sort) => ({ id: t.id, slug: t.slug, name: t.name, sort })))
    .onConflict((oc) => oc.doNothing()).execute();
  await trx.insertInto('catalog_manufacturer')
    .values(MANUFACTURERS.map((m, sort) => ({ id: m.id, slug: m.slug, name: m.name, country: m.country, logo_path: `/images/manufacturers/${m.slug}.svg`, sort })))
    .onConflict((oc) => oc.doNothing()).execute();
  await trx.insertInto('catalog_specification')
    .values(SPECIFICATIONS.map((s) => ({ id: s.id, name: s.name, unit: s.unit, kind: s.kind, priority: s.priority })))
    .onConflict((oc) => oc.doNothing()).execute();
  const lineSort = new Map<number, number>();
  await trx.insertInto('catalog_model_line')
    .values(MODEL_LINES.map((l) => {
      const sort = lineSort.get(l.categoryId) ?? 0;
      lineSort.set(l.categoryId, sort + 1);
      return { id: l.id, slug: l.slug, name: l.name, manufacturer_id: MANUFACTURERS.find((m) => m.slug === l.manufacturer)!.id, category_id: l.categoryId, technique_type_id: l.typeId, description: l.description, sort };
    }))
    .onConflict((oc) => oc.doNothing()).execute();

  const models = generateModels();
  const today = Date.parse(`${now().toISOString().slice(0, 10)}T00:00:00Z`);
  // Models arrived over the last two years (generate.ts addedDaysAgo), so "newest first" sorts something.
  await insertJson(trx, 'catalog_model', 'id int, slug text, name text, product_code text, model_line_id int, description text, images jsonb, sort int, created_at timestamptz',
    models.map((m) => ({
      id: m.id, slug: m.slug, name: m.name, product_code: m.productCode, model_line_id: m.lineId, description: m.description, images: m.images, sort: m.sort,
      created_at: new Date(today - m.addedDaysAgo * DAY_MS).toISOString(),
    })));
  // Values of a model the editor already has are left alone; only a model seeded now gets them.
  await insertJson(trx, 'catalog_model_spec', 'model_id int, spec_id int, num_value double precision, text_value text',
    generateSpecValues(models).map((v) => ({ model_id: v.modelId, spec_id: v.specId, num_value: v.num, text_value: v.text })));

  const branches = await trx.selectFrom('region_branch')
    .innerJoin('region_area', 'region_area.id', 'region_branch.area_id')
    .select(['region_branch.id', 'region_area.root_id'])
    .orderBy('region_branch.id')
    .execute();
  const refs: BranchRef[] = branches.map((b) => ({ id: b.id, currency: b.root_id === KAZAKHSTAN_ROOT_AREA ? 'KZT' : 'RUB' }));
  await insertJson(trx, 'catalog_model_branch', 'model_id int, branch_id int, currency text, price bigint, old_price bigint, super_price boolean, quantity int, expected_date date',
    generateOffers(models, refs).map((o) => ({
      model_id: o.modelId, branch_id: o.branchId, currency: o.currency, price: o.price, old_price: o.oldPrice, super_price: o.superPrice, quantity: o.quantity,
      expected_date: o.expectedInDays === null ? null : new Date(today + o.expectedInDays * DAY_MS).toISOString().slice(0, 10),
    })));

  // A few tractors' options for offers (ADR 102); a model whose options an employee edited keeps them.
  const withOptions = models.flatMap((m) => {
    const options = DEMO_MODEL_OPTIONS[m.name];
    return options ? [{ model_id: m.id, options: JSON.stringify(options) }] : [];
  });
  if (withOptions.length) await trx.insertInto('catalog_model_options').values(withOptions).onConflict((oc) => oc.column('model_id').doNothing()).execute();

  const slugOf = new Map(categories.map(({ node }) => [node.id, node.slug]));
  const lineById = new Map(MODEL_LINES.map((l) => [l.id, l]));
  return [
    ...categories.map(({ node }): CatalogPath => ({ path: categoryLink(node.slug), controller: 'category', referenceId: node.id })),
    ...MODEL_LINES.map((l): CatalogPath => ({ path: modelLineLink(slugOf.get(l.categoryId)!, l.slug), controller: 'model-line', referenceId: l.id })),
    ...models.map((m): CatalogPath => {
      const line = lineById.get(m.lineId)!;
      return { path: modelLink(slugOf.get(line.categoryId)!, line.slug, m.slug), controller: 'model', referenceId: m.id };
    }),
  ];
}


function flatten(nodes: CategorySeed[], parentId: number | null = null): { node: CategorySeed; parentId: number | null; sort: number }[] {
  return nodes.flatMap((node, sort) => [{ node, parentId, sort }, ...flatten(node.children ?? [], node.id)]);
}
