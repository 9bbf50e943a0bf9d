import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { partBookmarkIds } from '#app/modules/catalog/marks/marks.server.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import { selectSummaries } from './part-summary.queries.server.ts';
import type { PartSummary } from './part-summary.schema.ts';
import { partLink } from './pages/part-link.rules.ts';

/**
 * The parts by id, in the order given (unknown ids left out), as short rows: price (signed-in
 * visitors only) and stock at the visitor's branch, pieces elsewhere. One statement.
 */
export async function partSummaries(ctx: RequestContext, ids: readonly number[]): Promise<PartSummary[]> {
  if (!ids.length) return [];
  const location = await currentLocation(ctx);
  const byId = await partSummariesAt(ctx.services.db, ids, location.currentBranch.id, ctx.session?.userId != null);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The parts by id at a branch someone chose (the cart's, not necessarily the visitor's own), by id;
 * unknown ids left out. Prices only when `withPrices`. One statement by primary keys.
 */
export async function partSummariesAt(db: DB, ids: readonly number[], branchId: number | null, withPrices: boolean): Promise<Map<number, PartSummary>> {
  const rows = await selectSummaries(db, ids, branchId, withPrices);
  return new Map(rows.map((r): [number, PartSummary] => {
    const id = Number(r.id);
    return [id, {
      id, code: r.code, name: r.name, manufacturer: r.maker_name, oneCCode: r.one_c_code, weightGrams: r.weight_grams,
      link: partLink({ id, code: r.code }),
      here: r.currency === null ? null : {
        currency: r.currency, price: r.price === null ? null : Number(r.price), oldPrice: r.old_price === null ? null : Number(r.old_price),
        quantity: r.quantity ?? 0, expectedDate: r.expected_date,
      },
      elsewhereQuantity: r.elsewhere,
    }];
  }));
}

/** 'Избранное' of a signed-in user, its parts as rows (code, name, price and stock at his branch), newest first. Two statements. */
export async function bookmarkedParts(ctx: RequestContext): Promise<PartSummary[]> {
  return partSummaries(ctx, await partBookmarkIds(ctx));
}
