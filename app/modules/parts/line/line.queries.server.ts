import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type { PartsDrawingTable } from '#app/.server/db/schema.ts';

/**
 * The SQL of the model line parts page (private to parts/line): what the per-line index keeps in
 * memory (the line's drawings, its positions with their parts, the parts' branch rows) and the
 * parts' reference lists. The page itself then reads only the offers of the rows it shows.
 */

export type DrawingRow = Pick<PartsDrawingTable, 'id' | 'model_id' | 'category_id' | 'title' | 'image_path' | 'width' | 'height'>;

/** The line's drawings in their order (index `parts_drawing_line`). */
export async function selectLineDrawings(db: DB, lineId: number): Promise<DrawingRow[]> {
  return db.selectFrom('parts_drawing')
    .select(['id', 'model_id', 'category_id', 'title', 'image_path', 'width', 'height'])
    .where('model_line_id', '=', lineId)
    .orderBy('sort').orderBy('id')
    .execute();
}

export interface PositionRow {
  id: number;
  drawing_id: number;
  callout: number;
  part_id: number;
  quantity: number;
  note: string | null;
  serial_from: string | null;
  serial_to: string | null;
  x: number;
  y: number;
  code: string;
  name: string;
  manufacturer_id: number;
  category_id: number | null;
  analogs: number;
}

/**
 * Every position of the line's drawings with its part and the part's number of analogs (both
 * directions of `parts_analog`), in the drawings' order then by callout: one statement over the
 * line's drawings (`parts_drawing_line`) and their positions (the key's `drawing_id` prefix).
 */
export async function selectLinePositions(db: DB, lineId: number): Promise<PositionRow[]> {
  const { rows } = await sql<PositionRow>`
    select p.id, p.drawing_id, p.callout, p.part_id, p.quantity, p.note, p.serial_from, p.serial_to, p.x, p.y,
      pp.code, pp.name, pp.manufacturer_id, pp.category_id,
      ((select count(*) from parts_analog a where a.part_id = pp.id) + (select count(*) from parts_analog a where a.analog_id = pp.id))::int as analogs
    from parts_drawing d
    join parts_drawing_position p on p.drawing_id = d.id
    join parts_part pp on pp.id = p.part_id
    where d.model_line_id = ${lineId}
    order by d.sort, d.id, p.callout, p.id`.execute(db);
  return rows;
}

export interface BranchStockRow {
  part_id: number;
  branch_id: number;
  quantity: number;
  priced: boolean;
  discounted: boolean;
}

/** Stock, whether priced and whether discounted, of the parts at every branch (the primary key's prefix). No prices. */
export async function selectBranchStock(db: DB, partIds: readonly number[]): Promise<BranchStockRow[]> {
  if (!partIds.length) return [];
  const { rows } = await sql<BranchStockRow>`
    select part_id, branch_id, quantity, price is not null as priced, coalesce(old_price > price, false) as discounted
    from parts_part_branch where part_id = any(${[...partIds]}::int[])`.execute(db);
  return rows;
}

export interface RefRow { id: number; name: string; parent_id: number | null; sort: number }

/** The part categories (a tree) and the part makers: small lists every line page names its options from. */
export async function selectPartRefs(db: DB): Promise<{ categories: RefRow[]; makers: RefRow[] }> {
  const [categories, makers] = await Promise.all([
    db.selectFrom('parts_category').select(['id', 'name', 'parent_id', 'sort']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('parts_manufacturer').select(['id', 'name', sql<null>`null`.as('parent_id'), 'sort']).orderBy('sort').orderBy('id').execute(),
  ]);
  return { categories, makers };
}
