import type { DB } from '#app/.server/db/connect.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { selectRecommended, type RecommendInput } from './cart-lines.queries.server.ts';
import { partLink } from './pages/part-link.rules.ts';

/*
 * The parts to recommend beside a cart (issue 10); the cart's own lines are `partSummariesAt`. The
 * cart module never reads the `parts_` tables itself.
 */

export interface RecommendedPart {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  oneCCode: string | null;
  weightGrams: number | null;
  link: string;
  here: { currency: CurrencyCode; price: number | null; quantity: number } | null;
}

/**
 * Parts to offer beside the cart's parts: their analogs, parts ordered with them (`ordered`), parts of
 * the same drawings and parts other carts hold with them (`peers`), none already in the cart, in
 * stock at the branch first. One statement.
 */
export async function recommendedParts(db: DB, input: RecommendInput,
): Promise<RecommendedPart[]> {
  const rows = await selectRecommended(db, input);
  return rows.map((r) => {
    const id = Number(r.id);
    return {
      id, code: r.code, name: r.name, manufacturer: r.maker_name, oneCCode: r.one_c_code, weightGrams: r.weight_grams,
      link: partLink({ id, code: r.code }),
      here: r.currency === null ? null : { currency: r.currency, price: r.price === null ? null : Number(r.price), quantity: r.quantity ?? 0 },
    };
  });
}
