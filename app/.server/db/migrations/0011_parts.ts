import { sql, type Kysely } from 'kysely';

/**
 * Spare parts (issue 9, point 1): parts with their codes, price and stock per branch, a category
 * tree, part makers (OEM and aftermarket), drawings of the model lines' assemblies with their
 * numbered positions, analogs and supersessions. Where-used (part → drawings → models) is the
 * positions read by part. ADR 030.
 *
 * - `parts_code_norm(text)`: the form a part number is compared in — upper case, Cyrillic letters
 *   that look like Latin ones mapped to them (А→A, В→B, …), every character that is not a letter or
 *   a digit dropped ('АВ-123.45' → 'AB12345'). `parts/part-code.rules.ts` `normalizePartCode` is the
 *   same function for the query; a test holds the two equal. IMMUTABLE (upper under the ICU
 *   collation, so Cyrillic is raised whatever the database's ctype) so a generated column can use it.
 * - `parts_part.code_norm` is a STORED generated column: every write keeps it in step with the
 *   printed code, no trigger, no second source. Its btree (text_pattern_ops) serves the exact lookup
 *   (`= any(…)`) and the prefix (`like 'X%'`) at a million parts; the GIN trigram index the near
 *   matches.
 * - Money as in the catalogue (ADR 004): bigint minor units with the row's currency; null: price on
 *   request. Weight in grams (integer, no float rounding in sums of an order).
 * - An analog pair is stored once (part_id < analog_id) and read in both directions through the key
 *   and the reverse index; a supersession is old → new, at most one successor per part, so chains
 *   are followed with a recursive query.
 * - Serial numbers are text (makers mix letters and digits); the range rules compare them in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function parts_code_norm(value text) returns text
    language sql immutable strict parallel safe
    as $$
      select regexp_replace(
        translate(upper(value collate "und-x-icu"), 'АВЕЁКМНОРСТУХІЅЈ', 'ABEEKMHOPCTYXISJ'),
        '[^0-9A-ZА-Я]+', '', 'g')
    $$
  `.execute(db);

  await sql`
    create table parts_manufacturer (
      id integer primary key,
      slug text not null unique,
      name text not null,
      country text not null,
      -- 'oem': the machine maker's own parts; 'aftermarket': a parts maker's replacements.
      kind text not null check (kind in ('oem', 'aftermarket')),
      sort integer not null default 0
    )`.execute(db);

  await sql`
    create table parts_category (
      id integer primary key,
      parent_id integer references parts_category (id),
      slug text not null,
      name text not null,
      sort integer not null default 0,
      -- /fp/{categorySlugs*} walks the tree by slugs: unique among siblings, the top level included.
      constraint parts_category_parent_slug unique nulls not distinct (parent_id, slug)
    )`.execute(db);

  await sql`
    create table parts_part (
      id integer primary key,
      code text not null check (length(code) between 1 and 64),
      code_norm text generated always as (parts_code_norm(code)) stored,
      name text not null,
      manufacturer_id integer not null references parts_manufacturer (id),
      category_id integer references parts_category (id),
      weight_grams integer check (weight_grams is null or weight_grams >= 0),
      one_c_code text unique,
      description text not null default '',
      created_at timestamptz not null default now(),
      constraint parts_part_maker_code unique (manufacturer_id, code_norm)
    )`.execute(db);
  await sql`create index parts_part_code_norm on parts_part (code_norm text_pattern_ops)`.execute(db);
  await sql`create index parts_part_code_trgm on parts_part using gin (code_norm gin_trgm_ops)`.execute(db);
  await sql`create index parts_part_category on parts_part (category_id)`.execute(db);

  await sql`
    create table parts_part_branch (
      part_id integer not null references parts_part (id) on delete cascade,
      branch_id integer not null references region_branch (id) on delete cascade,
      currency text not null check (currency in ('RUB', 'USD', 'EUR', 'KZT', 'CNY')),
      price bigint check (price is null or price >= 0),
      old_price bigint check (old_price is null or old_price >= 0),
      quantity integer not null default 0 check (quantity >= 0),
      expected_date date,
      primary key (part_id, branch_id)
    )`.execute(db);
  await sql`create index parts_part_branch_stock on parts_part_branch (branch_id, quantity, part_id)`.execute(db);
  await sql`create index parts_part_branch_price on parts_part_branch (branch_id, price, part_id)`.execute(db);

  await sql`
    create table parts_analog (
      part_id integer not null references parts_part (id) on delete cascade,
      analog_id integer not null references parts_part (id) on delete cascade,
      primary key (part_id, analog_id),
      check (part_id < analog_id)
    )`.execute(db);
  await sql`create index parts_analog_reverse on parts_analog (analog_id, part_id)`.execute(db);

  await sql`
    create table parts_supersession (
      old_part_id integer primary key references parts_part (id) on delete cascade,
      new_part_id integer not null references parts_part (id) on delete cascade,
      since date,
      note text,
      check (old_part_id <> new_part_id)
    )`.execute(db);
  await sql`create index parts_supersession_new on parts_supersession (new_part_id)`.execute(db);

  await sql`
    create table parts_drawing (
      id integer primary key,
      model_line_id integer not null references catalog_model_line (id) on delete cascade,
      -- Set when the drawing shows one model of the line only.
      model_id integer references catalog_model (id) on delete cascade,
      category_id integer references parts_category (id),
      title text not null,
      image_path text not null,
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      sort integer not null default 0
    )`.execute(db);
  await sql`create index parts_drawing_line on parts_drawing (model_line_id, sort)`.execute(db);
  await sql`create index parts_drawing_model on parts_drawing (model_id) where model_id is not null`.execute(db);
  await sql`create index parts_drawing_category on parts_drawing (category_id)`.execute(db);

  await sql`
    create table parts_drawing_position (
      id integer primary key generated by default as identity,
      drawing_id integer not null references parts_drawing (id) on delete cascade,
      callout integer not null check (callout > 0),
      part_id integer not null references parts_part (id) on delete cascade,
      quantity integer not null default 1 check (quantity > 0),
      note text,
      serial_from text,
      serial_to text,
      -- The balloon's centre in the drawing's own coordinates (its width × height).
      x real not null,
      y real not null,
      constraint parts_drawing_position_key unique (drawing_id, callout, part_id)
    )`.execute(db);
  await sql`create index parts_drawing_position_part on parts_drawing_position (part_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'parts_drawing_position', 'parts_drawing', 'parts_supersession', 'parts_analog', 'parts_part_branch',
    'parts_part', 'parts_category', 'parts_manufacturer',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists parts_code_norm(text)`.execute(db);
}
