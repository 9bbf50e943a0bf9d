import { sql, type Kysely } from 'kysely';

/**
 * - The development outbox is scoped to browsers (ADR 011): each message carries the key of the
 *   browser allowed to read it, and each phone or address belongs to the first browser whose request
 *   sent something to it (`auth_outbox_owner`), so a stranger who asks for a reset of someone else's
 *   account does not get the link.
 * - 'Написать нам' is delivered by e-mail to the visitor's branch: each stored message keeps its
 *   address and the state of its delivery, so a failed send is retried by the housekeeping.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_outbox').addColumn('reader_key', 'text').execute();
  await db.schema.createIndex('auth_outbox_reader').on('auth_outbox').columns(['reader_key', 'id']).execute();
  await db.schema
    .createTable('auth_outbox_owner')
    .addColumn('recipient', 'text', (c) => c.primaryKey())
    .addColumn('reader_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('content_feedback')
    // Messages stored before this migration were never sent: they are delivered now.
    .addColumn('delivery_state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`delivery_state in ('pending', 'sent', 'failed')`))
    .addColumn('deliver_to', 'text')
    .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('delivery_error', 'text')
    .execute();
  await sql`create index content_feedback_pending on content_feedback (next_attempt_at) where delivery_state = 'pending'`.execute(db);
  await db.schema.createIndex('content_feedback_branch').on('content_feedback').columns(['branch_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('content_feedback_branch').ifExists().execute();
  await db.schema.dropIndex('content_feedback_pending').ifExists().execute();
  await db.schema.alterTable('content_feedback')
    .dropColumn('delivery_error').dropColumn('delivered_at').dropColumn('next_attempt_at')
    .dropColumn('delivery_attempts').dropColumn('deliver_to').dropColumn('delivery_state')
    .execute();
  await db.schema.dropTable('auth_outbox_owner').ifExists().execute();
  await db.schema.dropIndex('auth_outbox_reader').ifExists().execute();
  await db.schema.alterTable('auth_outbox').dropColumn('reader_key').execute();
}
