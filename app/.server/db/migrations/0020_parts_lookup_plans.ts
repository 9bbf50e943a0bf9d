import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * A PL/pgSQL function returning the lookup's rows (`PartRow` in parts.queries.server.ts) from one
 * statement. The body is SQL text without parameters: it goes inside the function's dollar quotes.
 */
async function createLookupFunction(db: Kysely<unknown>, signature: string, statement: RawBuilder<unknown>): Promise<void> {
  await sql`
    create function ${sql.raw(signature)}
    returns table (id integer, code text, name text, maker_id integer, maker_name text, maker_kind text, rank integer, distance integer)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    set jit = off
    as $fn$
    #variable_conflict use_column
    begin
      return query ${statement};
    end
    $fn$`.execute(db);
}

/**
 * The part-number lookup's two searches as functions whose plans are made once per connection
 * (ADR 046). Planning the statements took 4–5 ms of every lookup against under 1 ms of execution:
 * a plan made for any codes serves every call. Such a generic plan cannot read a LIKE pattern, so
 * the prefix search is a range on the same text_pattern_ops btree (`~>=~`, `~<~`), ordered by it.
 * `#variable_conflict use_column`: the result's column names are also the tables'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLookupFunction(db, 'parts_lookup_related(codes text[], lim integer, max_chain integer)', sql`
      with recursive exact as (
        select p.id, array_position(codes, p.code_norm) - 1 as distance
        from parts_part p where p.code_norm = any(codes)
      ),
      newer (id, distance) as (
        select s.new_part_id, 1 from parts_supersession s join exact e on s.old_part_id = e.id
        union
        select s.new_part_id, n.distance + 1 from parts_supersession s join newer n on s.old_part_id = n.id where n.distance < max_chain
      ),
      older (id, distance) as (
        select s.old_part_id, 1 from parts_supersession s join exact e on s.new_part_id = e.id
        union
        select s.old_part_id, o.distance + 1 from parts_supersession s join older o on s.new_part_id = o.id where o.distance < max_chain
      ),
      base as (select e.id from exact e union select n.id from newer n),
      analog as (
        select a.analog_id as id from parts_analog a join base b on a.part_id = b.id
        union
        select a.part_id from parts_analog a join base b on a.analog_id = b.id
      ),
      found as (
        select e.id, 0 as rank, e.distance from exact e
        union all select n.id, 1, n.distance from newer n
        union all select a.id, 2, 0 from analog a
        union all select o.id, 3, o.distance from older o
      ),
      best as (
        select distinct on (f.id) f.id, f.rank, f.distance from found f order by f.id, f.rank, f.distance
      )
      select p.id, p.code, p.name, m.id, m.name, m.kind, b.rank, b.distance
      from best b
      join parts_part p on p.id = b.id
      join parts_manufacturer m on m.id = p.manufacturer_id
      order by b.rank, b.distance, p.code_norm, p.id
      limit lim`);

  await createLookupFunction(db, 'parts_lookup_near(q text, prefixes text[], excluded integer[], fuzzy boolean, lim integer)', sql`
      with cheap as (
        (select p.id, 0 as distance, p.code_norm from parts_part p
          where p.code_norm ~>=~ q and p.code_norm ~<~ (q || chr(1114111))
            and p.code_norm <> q and p.id <> all(excluded)
          order by p.code_norm using ~<~ limit lim)
        union all
        (select p.id, 0, p.code_norm from parts_part p
          where p.code_norm = any(prefixes) and p.id <> all(excluded)
          order by length(p.code_norm) desc limit lim)
      ),
      typo as (
        select p.id, 1 as distance, p.code_norm from parts_part p
        where fuzzy and not exists (select 1 from cheap) and p.code_norm % q
        order by similarity(p.code_norm, q) desc, p.code_norm limit lim
      ),
      best as (
        select distinct on (n.id) n.id, n.distance, n.code_norm
        from (select * from cheap union all select * from typo) n order by n.id, n.distance
      )
      select p.id, p.code, p.name, m.id, m.name, m.kind, 4, b.distance
      from best b
      join parts_part p on p.id = b.id
      join parts_manufacturer m on m.id = p.manufacturer_id
      order by b.distance, abs(length(b.code_norm) - length(q)), b.code_norm
      limit lim`);
}
