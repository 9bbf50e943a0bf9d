import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';

/** How far a supersession chain is followed (a loop an editor made by mistake ends here too). */
const MAX_CHAIN = 10;

export interface PartRow {
  id: number;
  code: string;
  name: string;
  maker_id: number;
  maker_name: string;
  maker_kind: 'oem' | 'aftermarket';
  /** 0 exact, 1 replacement, 2 analog, 3 replaced, 4 near. */
  rank: number;
  /** Exact: which candidate code matched (0 the code as typed); chains: steps; near: 0 prefix, 1 similar. */
  distance: number;
}

/**
 * The parts whose normalised code is one of `codes` (index `parts_part_code_norm`), with everything
 * related to them in one statement: what replaced them along the chain, what they replaced, and the
 * analogs of the parts and of their replacements (a mechanic with an old number wants the current
 * one and its aftermarket equivalents). Each part once, at its closest relation.
 */
export async function selectExactAndRelated(db: DB, codes: string[], limit: number): Promise<PartRow[]> {
  const { rows } = await sql<PartRow>`
    with recursive exact as (
      select p.id, array_position(${codes}::text[], p.code_norm) - 1 as distance
      from parts_part p where p.code_norm = any(${codes}::text[])
    ),
    newer (id, distance) as (
      select s.new_part_id, 1 from parts_supersession s join exact e on s.old_part_id = e.id
      union
      select s.new_part_id, n.distance + 1 from parts_supersession s join newer n on s.old_part_id = n.id where n.distance < ${MAX_CHAIN}
    ),
    older (id, distance) as (
      select s.old_part_id, 1 from parts_supersession s join exact e on s.new_part_id = e.id
      union
      select s.old_part_id, o.distance + 1 from parts_supersession s join older o on s.new_part_id = o.id where o.distance < ${MAX_CHAIN}
    ),
    base as (select id from exact union select id from newer),
    analog as (
      select a.analog_id as id from parts_analog a join base b on a.part_id = b.id
      union
      select a.part_id from parts_analog a join base b on a.analog_id = b.id
    ),
    found as (
      select id, 0 as rank, distance from exact
      union all select id, 1, distance from newer
      union all select id, 2, 0 from analog
      union all select id, 3, distance from older
    ),
    best as (
      select distinct on (id) id, rank, distance from found order by id, rank, distance
    )
    select p.id, p.code, p.name, m.id as maker_id, m.name as maker_name, m.kind as maker_kind, b.rank, b.distance
    from best b
    join parts_part p on p.id = b.id
    join parts_manufacturer m on m.id = p.manufacturer_id
    order by b.rank, b.distance, p.code_norm, p.id
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * Parts whose numbers are close to `code`, other than `exclude`: those that begin with it (the
 * btree on `code_norm`, text_pattern_ops), those it begins with (a number typed with an extra
 * suffix: equality on its prefixes of 4 characters and more), and only when neither those nor an
 * exact part were found, trigram-similar ones (the GIN index) for a typo. The trigram scan is the
 * one costly step at a million parts (10–20 ms: digits share trigrams), so a one-time filter skips
 * it whenever the cheap steps answered (ADR 031). Short codes never use trigrams.
 */
export async function selectNear(db: DB, code: string, exclude: number[], limit: number): Promise<PartRow[]> {
  const prefixes: string[] = [];
  for (let n = code.length - 1; n >= 4; n--) prefixes.push(code.slice(0, n));
  const fuzzy = exclude.length === 0 && code.length >= 5;
  // Only letters and digits survive normalisation, so the code needs no LIKE escaping.
  const { rows } = await sql<PartRow>`
    with cheap as (
      (select id, 0 as distance, code_norm from parts_part
        where code_norm like ${`${code}%`} and code_norm <> ${code} and id <> all(${exclude}::int[])
        order by code_norm limit ${limit})
      union all
      (select id, 0, code_norm from parts_part
        where code_norm = any(${prefixes}::text[]) and id <> all(${exclude}::int[])
        order by length(code_norm) desc limit ${limit})
    ),
    typo as (
      select id, 1 as distance, code_norm from parts_part
      where ${fuzzy ? sql`true` : sql`false`} and not exists (select 1 from cheap) and code_norm % ${code}
      order by similarity(code_norm, ${code}) desc, code_norm limit ${limit}
    ),
    best as (
      select distinct on (id) id, distance, code_norm from (select * from cheap union all select * from typo) n order by id, distance
    )
    select p.id, p.code, p.name, m.id as maker_id, m.name as maker_name, m.kind as maker_kind, 4 as rank, b.distance
    from best b
    join parts_part p on p.id = b.id
    join parts_manufacturer m on m.id = p.manufacturer_id
    order by b.distance, abs(length(b.code_norm) - ${code.length}), b.code_norm
    limit ${limit}`.execute(db);
  return rows;
}

export interface OfferRow {
  part_id: number;
  branch_id: number;
  currency: CurrencyCode;
  price: number | null;
  old_price: number | null;
  quantity: number;
  expected_date: string | null;
}

/**
 * Every branch row of the parts (the primary key's prefix): the visitor's branch and the stock
 * elsewhere. Prices are selected only when they may be shown, so a guest's answer never holds one.
 */
export async function selectOffers(db: DB, partIds: number[], branchId: number | null, withPrices: boolean): Promise<OfferRow[]> {
  if (!partIds.length) return [];
  const { rows } = await sql<OfferRow>`
    select part_id, branch_id, currency,
      ${withPrices ? sql`price` : sql`null::bigint`} as price,
      ${withPrices ? sql`old_price` : sql`null::bigint`} as old_price,
      quantity, expected_date::text as expected_date
    from parts_part_branch
    where part_id = any(${partIds}::int[]) and (branch_id = ${branchId ?? -1} or quantity > 0)`.execute(db);
  return rows;
}
