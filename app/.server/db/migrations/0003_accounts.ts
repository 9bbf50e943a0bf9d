import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_user')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('phone', 'text')
    .addColumn('phone_verified_at', 'timestamptz')
    .addColumn('password_hash', 'text')
    // Spec §3/§6 permission flags; a guest is simply not signed in.
    .addColumn('is_employee', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_supplier', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_pp_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_ps_editor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('area_id', 'integer', (c) => c.references('region_area.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per address and per number; e-mail compared case-insensitively.
  await sql`create unique index auth_user_email on auth_user (lower(email)) where email is not null`.execute(db);
  await db.schema.createIndex('auth_user_phone').on('auth_user').column('phone').unique().where(sql.ref('phone'), 'is not', null).execute();

  await db.schema
    .createTable('auth_code')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('registration', 'reset', 'phone_change')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('call', 'sms')`))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_code_phone').on('auth_code').columns(['phone', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('auth_email_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('confirm', 'reset', 'email_change')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_email_token_user').on('auth_email_token').column('user_id').execute();

  // 152-ФЗ: which consent text was accepted, when and from where.
  await db.schema
    .createTable('auth_consent')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('personal_data', 'ads')`))
    .addColumn('text_version', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_consent_user').on('auth_consent').column('user_id').execute();

  await db.schema
    .createTable('auth_oauth_account')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('auth_oauth_account_pk', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('auth_notification')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('view_type', 'text', (c) => c.notNull().check(sql`view_type in ('hint', 'modal')`))
    .addColumn('title', 'text')
    .addColumn('content', 'text')
    .addColumn('html', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('shown_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_notification_pending').on('auth_notification').columns(['user_id', 'shown_at']).execute();

  // What the sandbox providers "sent" (SMS, calls, e-mail): read by developers and tests.
  await db.schema
    .createTable('auth_outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'call', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_outbox_recipient').on('auth_outbox').columns(['recipient', 'id']).execute();

  await db.schema.alterTable('auth_session').addColumn('remember', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('auth_session_user').on('auth_session').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_session').dropColumn('remember').execute();
  for (const table of ['auth_outbox', 'auth_notification', 'auth_oauth_account', 'auth_consent', 'auth_email_token', 'auth_code', 'auth_user']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
