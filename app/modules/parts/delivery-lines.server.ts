import type { AppServices } from '#app/.server/context.ts';
import { selectPartWeights } from './delivery-lines.queries.server.ts';

/**
 * What delivery needs of the parts being shipped: each part's weight in grams (null when the
 * catalogue does not know it). The delivery module prices by it; parts not in the catalogue are
 * absent from the map.
 */
export async function partWeights(services: AppServices, ids: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await selectPartWeights(services.db, ids);
  return new Map(rows.map((r) => [r.id, r.weight_grams]));
}
