import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Addresses an account signed in from with its password: they are exempt from the per-account
  // ceiling of failed sign-ins, so strangers hammering an account never lock its owner out of his
  // usual address (docs/decisions/010).
  await db.schema
    .createTable('auth_known_address')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('auth_known_address_pk', ['user_id', 'ip'])
    .execute();
  await db.schema.createIndex('auth_known_address_seen').on('auth_known_address').column('last_success_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_known_address').ifExists().execute();
}
