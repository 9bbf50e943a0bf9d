import type { DB } from '#app/.server/db/connect.ts';

/** Weight of the given parts, by id; unknown ids are absent. One indexed lookup by primary key. */
export async function selectPartWeights(db: DB, ids: readonly number[]): Promise<Array<{ id: number; weight_grams: number | null }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('parts_part').select(['id', 'weight_grams']).where('id', 'in', [...ids]).execute();
}

/** Weight of the parts with these normalised numbers (several makers may share one: each row). */
export async function selectPartWeightsByCode(db: DB, codesNorm: readonly string[]): Promise<Array<{ code_norm: string; weight_grams: number | null }>> {
  if (codesNorm.length === 0) return [];
  return db.selectFrom('parts_part').select(['code_norm', 'weight_grams']).where('code_norm', 'in', [...codesNorm]).where('weight_grams', 'is not', null).execute();
}
