import { sql, type Expression, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '#app/.server/db/connect.ts';
import type { CatalogImage, CurrencyCode } from '#app/.server/db/schema.ts';
import { SIMILAR_MODELS_LIMIT } from './model.rules.ts';

/**
 * The model page's queries. Each is one statement whatever the data (nested JSON instead of loops),
 * so the page sends a fixed number of queries (model.server.test.ts counts them).
 */

export interface ModelRow {
  id: number;
  slug: string;
  name: string;
  product_code: string;
  description: string;
  images: CatalogImage[];
  line_id: number;
  line_slug: string;
  line_name: string;
  manufacturer_id: number;
  manufacturer_name: string;
  manufacturer_country: string;
  manufacturer_logo: string | null;
  category_id: number;
  category_slug: string;
  category_name: string;
  type_id: number;
  type_name: string;
  specs: { id: number; name: string; unit: string | null; kind: 'number' | 'text'; num_value: number | null; text_value: string | null }[];
  branches: { branch_id: number; currency: CurrencyCode; price: number | null; old_price: number | null; super_price: boolean; quantity: number; expected_date: string | null }[];
}

/**
 * A model with its line, manufacturer, category, technique type, specifications (highest priority
 * first) and its rows at every branch. Prices are read only for a signed-in visitor: a guest's page
 * never holds them, not even on the server.
 */
export async function selectModel(db: DB, id: number, withPrices: boolean): Promise<ModelRow | undefined> {
  const row = await db
    .selectFrom('catalog_model as m')
    .innerJoin('catalog_model_line as l', 'l.id', 'm.model_line_id')
    .innerJoin('catalog_manufacturer as f', 'f.id', 'l.manufacturer_id')
    .innerJoin('catalog_category as c', 'c.id', 'l.category_id')
    .innerJoin('catalog_technique_type as t', 't.id', 'l.technique_type_id')
    .select([
      'm.id', 'm.slug', 'm.name', 'm.product_code', 'm.description', 'm.images',
      'l.id as line_id', 'l.slug as line_slug', 'l.name as line_name',
      'f.id as manufacturer_id', 'f.name as manufacturer_name', 'f.country as manufacturer_country', 'f.logo_path as manufacturer_logo',
      'c.id as category_id', 'c.slug as category_slug', 'c.name as category_name',
      't.id as type_id', 't.name as type_name',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb.selectFrom('catalog_model_spec as s')
          .innerJoin('catalog_specification as sp', 'sp.id', 's.spec_id')
          .select(['sp.id', 'sp.name', 'sp.unit', 'sp.kind', 's.num_value', 's.text_value'])
          .whereRef('s.model_id', '=', 'm.id')
          .orderBy('sp.priority', 'desc')
          .orderBy('sp.id'),
      ).as('specs'),
      jsonArrayFrom(
        eb.selectFrom('catalog_model_branch as b')
          .select([
            'b.branch_id', 'b.currency', 'b.super_price', 'b.quantity', 'b.expected_date',
            withPrices ? 'b.price' : sql<null>`null`.as('price'),
            withPrices ? 'b.old_price' : sql<null>`null`.as('old_price'),
          ])
          .whereRef('b.model_id', '=', 'm.id')
          .orderBy('b.branch_id'),
      ).as('branches'),
    ])
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row as ModelRow | undefined;
}

export interface SimilarOptions {
  modelId: number;
  categoryId: number;
  manufacturerId: number;
  branchId: number | null;
  /** Number specifications to match on; null: all the model has. */
  specIds: number[] | null;
  inStockOnly: boolean;
  sameManufacturer: boolean;
}

/**
 * Similar models (issue point 9), as ids for the cards (`modelCards`): the same category, in stock at the visitor's branch first, then the
 * nearest specifications. The distance is the mean, over the model's number specifications, of the
 * relative difference |a − b| / max(|a|, |b|) — 0 for equal values, 1 at most, independent of units —
 * where a specification the other model lacks counts as 1. Without number specifications every
 * model is at distance 0 and the order falls back to stock and the catalogue's order.
 */
export async function selectSimilar(db: DB, o: SimilarOptions): Promise<number[]> {
  const specFilter = o.specIds === null ? sql`true` : o.specIds.length ? sql`s.spec_id in (${sql.join(o.specIds)})` : sql`false`;
  const branch = o.branchId ?? -1;
  const inStockOnly: Expression<SqlBool> = o.inStockOnly ? sql<SqlBool>`coalesce(b.quantity, 0) > 0` : sql<SqlBool>`true`;
  const sameMaker: Expression<SqlBool> = o.sameManufacturer ? sql<SqlBool>`l.manufacturer_id = ${o.manufacturerId}` : sql<SqlBool>`true`;
  const { rows } = await sql<{ id: number }>`
    with target as (
      select s.spec_id, s.num_value from catalog_model_spec s
      where s.model_id = ${o.modelId} and s.num_value is not null and ${specFilter}
    ),
    target_count as (select count(*)::int as n from target),
    candidates as materialized (
      select m.id, m.sort from catalog_model_line l
      join catalog_model m on m.model_line_id = l.id
      where l.category_id = ${o.categoryId} and m.id <> ${o.modelId} and ${sameMaker}
    ),
    -- One pass over the values of the model's specifications, joined to the candidates by hash.
    distances as (
      select s.model_id, sum(abs(s.num_value - t.num_value) / greatest(abs(s.num_value), abs(t.num_value), 1e-9)) as total, count(*) as shared
      from target t
      join catalog_model_spec s on s.spec_id = t.spec_id and s.num_value is not null
      where s.model_id in (select id from candidates)
      group by s.model_id
    ),
    ranked as (
      select c.id, c.sort, coalesce(b.quantity, 0) > 0 as in_stock,
        case when tc.n = 0 then 0 else (coalesce(d.total, 0) + (tc.n - coalesce(d.shared, 0))) / tc.n end as distance
      from candidates c
      cross join target_count tc
      left join distances d on d.model_id = c.id
      left join catalog_model_branch b on b.model_id = c.id and b.branch_id = ${branch}
      where ${inStockOnly}
      order by in_stock desc, distance, c.sort, c.id
      limit ${SIMILAR_MODELS_LIMIT}
    )
    select r.id from ranked r order by r.in_stock desc, r.distance, r.sort, r.id
  `.execute(db);
  return rows.map((r) => r.id);
}

export interface FeatureRow { id: number; name: string; unit: string | null; num_value: number; count: number }

/** The model's number specifications and how many other models of its category have each one. */
export async function selectSimilarFeatures(db: DB, modelId: number, categoryId: number, manufacturerId: number, branchId: number | null) {
  const [specs, counts] = await Promise.all([
    sql<FeatureRow>`
      with candidates as (
        select m.id from catalog_model_line l join catalog_model m on m.model_line_id = l.id
        where l.category_id = ${categoryId} and m.id <> ${modelId}
      )
      select sp.id, sp.name, sp.unit, s.num_value, count(o.model_id)::int as count
      from catalog_model_spec s
      join catalog_specification sp on sp.id = s.spec_id
      left join catalog_model_spec o on o.spec_id = s.spec_id and o.num_value is not null and o.model_id in (select id from candidates)
      where s.model_id = ${modelId} and s.num_value is not null
      group by sp.id, sp.name, sp.unit, sp.priority, s.num_value
      order by sp.priority desc, sp.id
    `.execute(db),
    sql<{ in_stock: number; same_manufacturer: number }>`
      select count(*) filter (where coalesce(b.quantity, 0) > 0)::int as in_stock,
             count(*) filter (where l.manufacturer_id = ${manufacturerId})::int as same_manufacturer
      from catalog_model_line l join catalog_model m on m.model_line_id = l.id
      left join catalog_model_branch b on b.model_id = m.id and b.branch_id = ${branchId ?? -1}
      where l.category_id = ${categoryId} and m.id <> ${modelId}
    `.execute(db),
  ]);
  return { specs: specs.rows, counts: counts.rows[0] ?? { in_stock: 0, same_manufacturer: 0 } };
}

/** The few columns the endpoints need to know a model exists and where it sits. */
export async function selectModelPlace(db: DB, id: number) {
  return db
    .selectFrom('catalog_model as m')
    .innerJoin('catalog_model_line as l', 'l.id', 'm.model_line_id')
    .select(['m.id', 'l.category_id', 'l.manufacturer_id'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}
