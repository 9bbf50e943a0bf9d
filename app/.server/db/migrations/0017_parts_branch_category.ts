import { sql, type Kysely } from 'kysely';

/**
 * /fp/ by price and its counts under a stock or price filter (ADR 037).
 *
 * - `parts_part_branch.category_id`, `.manufacturer_id`: the part's category and maker copied onto
 *   its branch rows, so that a branch's priced rows of one category can be read in price order from
 *   one index (`parts_part_branch_category_price`) instead of joining the category's parts (66,000
 *   in the bench's largest) to their branch rows and sorting them (0.5 s), and so that a branch's
 *   counts per category and maker in stock and with a price are one grouped read of its rows.
 *   Kept by triggers: a branch row takes its part's values when it is written (before insert, or an
 *   update of `part_id`); a statement that changes parts' categories or makers rewrites their branch
 *   rows once (a statement-level trigger with transition tables, as 0012's names).
 * - The index holds only priced rows (the price order and the price filter need a price); stock and
 *   maker are in its included columns, so a filtered price order reads no table rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parts_part_branch add column category_id integer, add column manufacturer_id integer`.execute(db);
  await sql`
    update parts_part_branch h set category_id = p.category_id, manufacturer_id = p.manufacturer_id
    from parts_part p where p.id = h.part_id`.execute(db);
  await sql`
    create function parts_part_branch_fill() returns trigger language plpgsql as $$
    begin
      select p.category_id, p.manufacturer_id into new.category_id, new.manufacturer_id from parts_part p where p.id = new.part_id;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger parts_part_branch_fill before insert or update of part_id on parts_part_branch for each row execute function parts_part_branch_fill()`.execute(db);
  await sql`
    create function parts_part_branch_follow() returns trigger language plpgsql as $$
    begin
      update parts_part_branch h set category_id = n.category_id, manufacturer_id = n.manufacturer_id
      from parts_new_rows n join parts_old_rows o on o.id = n.id
      where h.part_id = n.id
        and (n.category_id is distinct from o.category_id or n.manufacturer_id is distinct from o.manufacturer_id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger parts_part_branch_follow after update on parts_part
    referencing old table as parts_old_rows new table as parts_new_rows
    for each statement execute function parts_part_branch_follow()`.execute(db);
  await sql`
    create index parts_part_branch_category_price on parts_part_branch (branch_id, category_id, price, part_id)
    include (quantity, manufacturer_id) where price is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists parts_part_branch_category_price`.execute(db);
  await sql`drop trigger if exists parts_part_branch_follow on parts_part`.execute(db);
  await sql`drop function if exists parts_part_branch_follow()`.execute(db);
  await sql`drop trigger if exists parts_part_branch_fill on parts_part_branch`.execute(db);
  await sql`drop function if exists parts_part_branch_fill()`.execute(db);
  await sql`alter table parts_part_branch drop column if exists manufacturer_id, drop column if exists category_id`.execute(db);
}
