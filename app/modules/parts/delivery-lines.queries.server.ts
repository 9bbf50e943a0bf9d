import type { DB } from '#app/.server/db/connect.ts';

/** Weight of the given parts, by id; unknown ids are absent. One indexed lookup by primary key. */
export async function selectPartWeights(db: DB, ids: readonly number[]): Promise<Array<{ id: number; weight_grams: number | null }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('parts_part').select(['id', 'weight_grams']).where('id', 'in', [...ids]).execute();
}
