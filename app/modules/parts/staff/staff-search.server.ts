import type { RequestContext } from '#app/.server/context.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import { looksLikePartCode } from '../part-code.rules.ts';
import { lookupPartNumber } from '../parts.server.ts';
import { selectByNamePrefix, selectStaffParts } from './staff-search.queries.server.ts';
import { STAFF_SEARCH_LIMIT, type StaffBranchColumn, type StaffHit, type StaffHitRelation, type StaffSearchResult } from './staff-search.schema.ts';

/** Name search needs a word to begin with: three letters, no LIKE wildcards. */
function namePrefixOf(query: string): string | null {
  const text = query.replace(/[%_\\]/g, ' ').replace(/\s+/g, ' ').trim();
  return /\p{L}{3}/u.test(text) ? text : null;
}

/**
 * The employees' part search (`/search/sparepart/`, issue 9 point 7): by number in any notation
 * (the lookup's order: the part, its replacements, analogs, the numbers it replaced, close numbers)
 * and by the beginning of the name, each hit with its 1C code, weight and price and stock at every
 * branch. At most five statements whatever the number of hits (the lookup's three, the name, the
 * branch rows); the caller checks that the visitor is an employee.
 */
export async function searchSparePartsForStaff(ctx: RequestContext, query: string): Promise<StaffSearchResult> {
  const [location, directory] = await Promise.all([currentLocation(ctx), regionDirectory(ctx.services)]);
  const currentBranchId = location.currentBranch.id;
  const branches: StaffBranchColumn[] = directory.branches
    .map((b) => ({ id: b.id, name: b.name, city: b.city, countryId: b.countryId }))
    .sort((a, b) => Number(b.id === currentBranchId) - Number(a.id === currentBranchId) || a.countryId - b.countryId || a.id - b.id);
  const result: StaffSearchResult = { query, branches, currentBranchId, hits: [] };
  if (!query) return result;

  const found = new Map<number, { relation: StaffHitRelation; distance: number }>();
  if (looksLikePartCode(query)) {
    const lookup = await lookupPartNumber(ctx, query, { limit: STAFF_SEARCH_LIMIT });
    for (const h of lookup.hits) found.set(h.id, { relation: h.relation, distance: h.distance });
  }
  const prefix = namePrefixOf(query);
  if (prefix && found.size < STAFF_SEARCH_LIMIT) {
    for (const id of await selectByNamePrefix(ctx.services.db, prefix, [...found.keys()], STAFF_SEARCH_LIMIT - found.size)) {
      found.set(id, { relation: 'name', distance: 0 });
    }
  }
  const rows = new Map((await selectStaffParts(ctx.services.db, [...found.keys()])).map((r) => [Number(r.id), r]));
  result.hits = [...found].flatMap(([id, how]): StaffHit[] => {
    const r = rows.get(id);
    if (!r) return [];
    const stock = r.branches.map(([branchId, currency, price, oldPrice, quantity, expectedDate]) => ({
      branchId, currency, price: price === null ? null : Number(price), oldPrice: oldPrice === null ? null : Number(oldPrice), quantity, expectedDate,
    }));
    return [{
      id, code: r.code, name: r.name, manufacturer: r.maker_name, manufacturerKind: r.maker_kind, ...how,
      oneCCode: r.one_c_code, weightGrams: r.weight_grams, branches: stock,
      totalQuantity: stock.reduce((sum, b) => sum + b.quantity, 0),
    }];
  });
  return result;
}
