import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hearsChanges, onDataChange, WATCHED_TABLES, type WatchedTable } from './changes.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

/** The tables heard from now on, for a while. */
function record(): { heard: Array<WatchedTable | null>; stop(): void } {
  const heard: Array<WatchedTable | null> = [];
  const stop = onDataChange(t.db, (table) => heard.push(table));
  return { heard, stop };
}

describe('changes of the data are heard (ADR 070)', () => {
  it('every watched table, and no other, has the trigger that notifies', async () => {
    const { rows } = await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
      join pg_proc p on p.oid = g.tgfoid where p.proname = 'data_changed_notify' and not g.tgisinternal
      order by 1`.execute(t.db);
    expect(rows.map((r) => r.table)).toEqual([...WATCHED_TABLES].sort());
  });

  it('a handle hears a committed write to a watched table, once per table and transaction; not a visitor\'s write', async () => {
    expect(hearsChanges(t.db)).toBe(true);
    const { heard, stop } = record();
    try {
      await t.db.updateTable('catalog_model_branch').set({ quantity: sql`quantity` }).where('branch_id', '=', -1).execute();
      await expect.poll(() => heard, { timeout: 1_000 }).toEqual(['catalog_model_branch']);
      heard.length = 0;
      await t.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) await trx.updateTable('parts_part_branch').set({ quantity: sql`quantity` }).where('branch_id', '=', -1).execute();
        await trx.updateTable('region_branch').set({ hours: sql`hours` }).where('id', '=', -1).execute();
        // Nothing is heard before the commit.
        expect(heard).toEqual([]);
      });
      await expect.poll(() => [...heard].sort(), { timeout: 1_000 }).toEqual(['parts_part_branch', 'region_branch']);
      heard.length = 0;
      await t.db.deleteFrom('cart_item').where('id', '=', -1).execute();
      await t.db.updateTable('catalog_model').set({ name: sql`name` }).where('id', '=', -1).execute();
      await expect.poll(() => heard, { timeout: 1_000 }).toEqual(['catalog_model']);
    } finally {
      stop();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL: a lost listening connection keeps nothing until it is open again, then changes are heard again', async () => {
    const { heard, stop } = record();
    try {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen data_changed') killed`.execute(t.db);
      expect(rows[0]!.n).toBe(1);
      await expect.poll(() => heard.includes(null), { timeout: 2_000 }).toBe(true);
      expect(hearsChanges(t.db)).toBe(false);
      // Reopened after a second.
      await expect.poll(() => hearsChanges(t.db), { timeout: 3_000 }).toBe(true);
      heard.length = 0;
      await t.db.updateTable('content_page').set({ title: sql`title` }).where('slug', '=', '-').execute();
      await expect.poll(() => heard, { timeout: 1_000 }).toEqual(['content_page']);
    } finally {
      stop();
    }
  });
});
