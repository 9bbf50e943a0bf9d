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
 * one and its aftermarket equivalents). Each part once, at its closest relation. The statement is
 * the function `parts_lookup_related` (migration 0020): its plan is made once per connection.
 */
export async function selectExactAndRelated(db: DB, codes: string[], limit: number): Promise<PartRow[]> {
  const { rows } = await sql<PartRow>`select * from parts_lookup_related(${codes}::text[], ${limit}::int, ${MAX_CHAIN}::int)`.execute(db);
  return rows;
}

/**
 * Parts whose numbers are close to `code`, other than `exclude`: those that begin with it (a range
 * on the btree of `code_norm`, text_pattern_ops), those it begins with (a number typed with an extra
 * suffix: equality on its prefixes of 4 characters and more), and only when neither those nor an
 * exact part were found, trigram-similar ones (the GIN index) for a typo. The trigram scan is the
 * one costly step at a million parts (10–20 ms: digits share trigrams), so a one-time filter skips
 * it whenever the cheap steps answered (ADR 031). Short codes never use trigrams. The statement is
 * the function `parts_lookup_near` (migration 0020).
 */
export async function selectNear(db: DB, code: string, exclude: number[], limit: number): Promise<PartRow[]> {
  const prefixes: string[] = [];
  for (let n = code.length - 1; n >= 4; n--) prefixes.push(code.slice(0, n));
  const fuzzy = exclude.length === 0 && code.length >= 5;
  const { rows } = await sql<PartRow>`
    select * from parts_lookup_near(${code}::text, ${prefixes}::text[], ${exclude}::int[], ${fuzzy}::boolean, ${limit}::int)`.execute(db);
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

/** The ids among `ids` that name no part, in ascending order. */
export async function selectUnknownIds(db: DB, ids: readonly number[]): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select i.id from unnest(${[...ids]}::int[]) as i(id)
    where not exists (select 1 from parts_part p where p.id = i.id) order by i.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** The parts whose normalised number is one of `codes`, with their maker's name and slug. */
export async function selectByCodes(db: DB, codes: readonly string[]) {
  const { rows } = await sql<{ id: number; code_norm: string; maker_name: string; maker_slug: string }>`
    select p.id, p.code_norm, m.name as maker_name, m.slug as maker_slug
    from parts_part p join parts_manufacturer m on m.id = p.manufacturer_id
    where p.code_norm = any(${[...codes]}::text[])`.execute(db);
  return rows;
}

/** The analog pairs (lower id first) whose both parts are among `ids`. */
export async function selectAnalogPairsAmong(db: DB, ids: readonly number[]) {
  const { rows } = await sql<{ part_id: number; analog_id: number }>`
    select part_id, analog_id from parts_analog
    where part_id = any(${[...ids]}::int[]) and analog_id = any(${[...ids]}::int[])`.execute(db);
  return rows;
}
