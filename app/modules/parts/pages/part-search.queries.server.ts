import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';

/*
 * The header search's reads of parts beyond numbers and names (pages.queries.server.ts): the
 * words parts are named with, and the parts named so that stand on the drawings of given models.
 */

/**
 * The words of the parts' names, folded as the search folds (`search_fold`), three letters or more
 * and without digits: a few hundred, read from `parts_name` (one row per distinct name, a few
 * thousand at a million parts), never from the parts.
 */
export async function selectPartNameWords(db: DB): Promise<string[]> {
  const { rows } = await sql<{ word: string }>`
    select distinct word from (select string_to_table(search_fold(name), ' ') as word from parts_name) w
    where length(word) >= 3 and word !~ '[0-9]'
    order by word`.execute(db);
  return rows.map((r) => r.word);
}

export interface FitSearchRow {
  id: number; code: string; name: string; maker_id: number; model_id: number;
  serial_from: string | null; serial_to: string | null; total: number;
}

/**
 * Parts named with the words (`russian` word forms, through `parts_name`) that stand on a drawing
 * of one of the models: their line's drawings for every model or the model's own (the part page's
 * applicability, fit.rules.ts), each part once with the first model and position found, shortest
 * names first. A model's line holds a few hundred positions: read by the drawings' line index and
 * the positions' key, the parts by their key; nothing scans the parts.
 */
export async function selectNamedPartsOnModels(db: DB, plain: string, models: ReadonlyArray<{ id: number; lineId: number }>, limit: number): Promise<FitSearchRow[]> {
  if (!models.length || !plain) return [];
  const { rows } = await sql<FitSearchRow>`
    with m as (select * from unnest(${models.map((x) => x.id)}::int[], ${models.map((x) => x.lineId)}::int[]) with ordinality as m(id, line_id, ord)),
    named as (select name from parts_name where search_tsv @@ (select plainto_tsquery('russian', ${plain}))),
    pos as (
      select distinct on (pos.part_id) pos.part_id, m.id as model_id, pos.serial_from, pos.serial_to
      from m
      join parts_drawing d on d.model_line_id = m.line_id and (d.model_id is null or d.model_id = m.id)
      join parts_drawing_position pos on pos.drawing_id = d.id
      order by pos.part_id, m.ord, pos.serial_from nulls first, pos.id
    )
    select p.id, p.code, p.name, p.manufacturer_id as maker_id, pos.model_id, pos.serial_from, pos.serial_to, count(*) over ()::int as total
    from pos join parts_part p on p.id = pos.part_id
    where p.name in (select name from named)
    order by length(p.name), p.name, p.code_norm, p.id
    limit ${limit}`.execute(db);
  return rows;
}
