import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Fixed-window counters shared by every process (the app keeps no state in memory).
  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit').ifExists().execute();
}
