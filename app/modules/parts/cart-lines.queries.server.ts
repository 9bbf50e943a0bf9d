import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';

/*
 * What the cart reads of the parts beside its lines (issue 10): the parts to recommend.
 */

export interface RecommendedRow {
  id: number;
  code: string;
  name: string;
  maker_name: string;
  one_c_code: string | null;
  weight_grams: number | null;
  currency: CurrencyCode | null;
  price: number | null;
  quantity: number | null;
  score: number;
}

export interface RecommendInput {
  partIds: readonly number[];
  /** Parts other carts hold with the cart's parts: how many such carts. */
  peers: ReadonlyArray<{ partId: number; carts: number }>;
  /** Parts ordered with the cart's parts: how many such orders. */
  ordered: ReadonlyArray<{ partId: number; orders: number }>;
  branchId: number | null;
  withPrices: boolean;
  limit: number;
}

/**
 * Parts to offer beside a cart, in one statement: analogs of the cart's parts (either direction of
 * the pair), parts ordered with them, parts on the same drawings (each shared drawing counts), and
 * parts other carts hold with them (`ordered` and `peers` are counted by their own modules). An
 * analog weighs most, then an order (a purchase, not a passing wish), then a cart, then a drawing.
 * Parts in the cart are left out; parts in stock at the branch come first, then the strongest relation.
 */
export async function selectRecommended(db: DB, input: RecommendInput): Promise<RecommendedRow[]> {
  if (!input.partIds.length) return [];
  const ids = [...input.partIds];
  const branch = input.branchId ?? -1;
  const { rows } = await sql<RecommendedRow>`
    with cand(id, score) as (
      select a.analog_id, 100 from parts_analog a where a.part_id = any(${ids}::int[])
      union all
      select a.part_id, 100 from parts_analog a where a.analog_id = any(${ids}::int[])
      union all
      select o.part_id, 3 from (select distinct d.drawing_id from parts_drawing_position d where d.part_id = any(${ids}::int[])) s
        join parts_drawing_position o on o.drawing_id = s.drawing_id
      union all
      select p.part_id, 5 * p.carts from unnest(${input.peers.map((p) => p.partId)}::int[], ${input.peers.map((p) => p.carts)}::int[]) as p(part_id, carts)
      union all
      select o.part_id, 20 * o.orders from unnest(${input.ordered.map((o) => o.partId)}::int[], ${input.ordered.map((o) => o.orders)}::int[]) as o(part_id, orders)
    ),
    ranked as (
      select c.id, sum(c.score)::int as score from cand c
      where c.id <> all(${ids}::int[])
      group by c.id
    )
    select p.id, p.code, p.name, m.name as maker_name, p.one_c_code, p.weight_grams, h.currency,
      ${input.withPrices ? sql`h.price` : sql`null::bigint`} as price, h.quantity, r.score
    from ranked r
    join parts_part p on p.id = r.id
    join parts_manufacturer m on m.id = p.manufacturer_id
    left join lateral (select h.currency, h.price, h.quantity from parts_part_branch h where h.part_id = p.id and h.branch_id = ${branch}) h on true
    order by (coalesce(h.quantity, 0) > 0) desc, r.score desc, p.id
    limit ${input.limit}`.execute(db);
  return rows;
}
