import type { RequestContext } from '#app/.server/context.ts';
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
  const rows = await selectSummaries(ctx.services.db, ids, location.currentBranch.id, ctx.session?.userId != null);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id): PartSummary[] => {
    const r = byId.get(id);
    if (!r) return [];
    return [{
      id, code: r.code, name: r.name, manufacturer: r.maker_name, oneCCode: r.one_c_code, weightGrams: r.weight_grams,
      link: partLink({ id: r.id, code: r.code }),
      here: r.currency === null ? null : {
        currency: r.currency, price: r.price === null ? null : Number(r.price), oldPrice: r.old_price === null ? null : Number(r.old_price),
        quantity: r.quantity ?? 0, expectedDate: r.expected_date,
      },
      elsewhereQuantity: r.elsewhere,
    }];
  });
}
