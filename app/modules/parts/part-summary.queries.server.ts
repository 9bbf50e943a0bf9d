import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';

export interface SummaryRow {
  id: number;
  code: string;
  name: string;
  maker_name: string;
  one_c_code: string | null;
  weight_grams: number | null;
  currency: CurrencyCode | null;
  price: number | null;
  old_price: number | null;
  quantity: number | null;
  expected_date: string | null;
  elsewhere: number;
}

/**
 * The parts by id with their row at the branch and the pieces elsewhere, in one statement. The branch
 * row and the pieces elsewhere are lateral lookups by the primary key (part_id, branch_id): a plain
 * join let the planner, without fresh statistics, read every row of the branch (22,000 in the demo,
 * 14 ms for a cart of 100 parts) where 100 key lookups take 2 ms.
 */
export async function selectSummaries(db: DB, ids: readonly number[], branchId: number | null, withPrices: boolean): Promise<SummaryRow[]> {
  if (!ids.length) return [];
  const branch = branchId ?? -1;
  const { rows } = await sql<SummaryRow>`
    select p.id, p.code, p.name, m.name as maker_name, p.one_c_code, p.weight_grams, h.currency,
      ${withPrices ? sql`h.price` : sql`null::bigint`} as price,
      ${withPrices ? sql`h.old_price` : sql`null::bigint`} as old_price,
      h.quantity, h.expected_date, e.elsewhere
    from unnest(${[...ids]}::int[]) as i(id)
    join parts_part p on p.id = i.id
    join parts_manufacturer m on m.id = p.manufacturer_id
    left join lateral (
      select h.currency, h.price, h.old_price, h.quantity, h.expected_date::text as expected_date
      from parts_part_branch h where h.part_id = p.id and h.branch_id = ${branch}
    ) h on true
    cross join lateral (
      select coalesce(sum(o.quantity), 0)::int as elsewhere from parts_part_branch o
      where o.part_id = p.id and o.branch_id <> ${branch} and o.quantity > 0
    ) e`.execute(db);
  return rows;
}
