import type { AppServices } from '#app/.server/context.ts';
import { normalizePartCode } from './part-code.rules.ts';
import { selectPartWeights, selectPartWeightsByCode } from './delivery-lines.queries.server.ts';

/**
 * What delivery needs of the parts being shipped: each part's weight in grams (null when the
 * catalogue does not know it). The delivery module prices by it; parts not in the catalogue are
 * absent from the map.
 */
export async function partWeights(services: AppServices, ids: readonly number[]): Promise<Map<number, number | null>> {
  const rows = await selectPartWeights(services.db, ids);
  return new Map(rows.map((r) => [r.id, r.weight_grams]));
}

/**
 * The weight in grams of the parts an offer names by number (as printed or normalised), for its
 * delivery price (ADR 088): keyed by the number as given; numbers the catalogue does not know, or
 * whose weight it does not know, are absent. Makers sharing a number: the heaviest counts.
 */
export async function partWeightsByCode(services: AppServices, codes: readonly string[]): Promise<Map<string, number>> {
  const norm = new Map(codes.map((c) => [c, normalizePartCode(c)]));
  const rows = await selectPartWeightsByCode(services.db, [...new Set(norm.values())].filter(Boolean));
  const byNorm = new Map<string, number>();
  for (const r of rows) if (r.weight_grams !== null) byNorm.set(r.code_norm, Math.max(byNorm.get(r.code_norm) ?? 0, r.weight_grams));
  const out = new Map<string, number>();
  for (const [code, n] of norm) { const w = byNorm.get(n); if (w !== undefined && w > 0) out.set(code, w); }
  return out;
}
