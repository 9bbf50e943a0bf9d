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

/** The parts by id with their row at the branch and the pieces elsewhere, in one statement (primary keys only). */
export async function selectSummaries(db: DB, ids: readonly number[], branchId: number | null, withPrices: boolean): Promise<SummaryRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<SummaryRow>`
    select p.id, p.code, p.name, m.name as maker_name, p.one_c_code, p.weight_grams,
      h.currency,
      ${withPrices ? sql`h.price` : sql`null::bigint`} as price,
      ${withPrices ? sql`h.old_price` : sql`null::bigint`} as old_price,
      h.quantity, h.expected_date::text as expected_date,
      (select coalesce(sum(o.quantity), 0)::int from parts_part_branch o
        where o.part_id = p.id and o.branch_id <> ${branchId ?? -1} and o.quantity > 0) as elsewhere
    from parts_part p
    join parts_manufacturer m on m.id = p.manufacturer_id
    left join parts_part_branch h on h.part_id = p.id and h.branch_id = ${branchId ?? -1}
    where p.id = any(${[...ids]}::int[])`.execute(db);
  return rows;
}
