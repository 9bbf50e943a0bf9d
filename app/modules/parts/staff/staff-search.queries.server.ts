import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';

export interface StaffPartRow {
  id: number;
  code: string;
  name: string;
  maker_name: string;
  maker_kind: 'oem' | 'aftermarket';
  one_c_code: string | null;
  weight_grams: number | null;
  /** [branch_id, currency, price, old_price, quantity, expected_date] per branch row. */
  branches: Array<[number, CurrencyCode, number | null, number | null, number, string | null]>;
}

/** The parts with every branch row (prices included: employees only), in one statement by primary keys. */
export async function selectStaffParts(db: DB, ids: readonly number[]): Promise<StaffPartRow[]> {
  if (!ids.length) return [];
  const { rows } = await sql<StaffPartRow>`
    select p.id, p.code, p.name, m.name as maker_name, m.kind as maker_kind, p.one_c_code, p.weight_grams,
      coalesce((
        select json_agg(json_build_array(b.branch_id, b.currency, b.price, b.old_price, b.quantity, b.expected_date::text) order by b.branch_id)
        from parts_part_branch b where b.part_id = p.id
      ), '[]'::json) as branches
    from parts_part p
    join parts_manufacturer m on m.id = p.manufacturer_id
    where p.id = any(${[...ids]}::int[])`.execute(db);
  return rows;
}

/**
 * Parts whose name begins with the text (folded as `search_plain`: case and accents ignored), in
 * the index's order: a range scan of `parts_part_name_prefix` (migration 0014) that stops at the
 * limit (0.2 ms at 300,000 names on PostgreSQL). The pattern is folded by the same immutable
 * function, which the planner evaluates before it picks the index; `using ~<~` is the order of the
 * index's text_pattern_ops, so no sort of every match is needed.
 */
export async function selectByNamePrefix(db: DB, prefix: string, exclude: readonly number[], limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select p.id from parts_part p
    where search_plain(p.name) like search_plain(${prefix}) || '%' and p.id <> all(${[...exclude]}::int[])
    order by search_plain(p.name) using ~<~, p.id
    limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}
