import { sql, type Kysely } from 'kysely';

// Landed migrations are never edited: a change to the schema is a new file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('region_country')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('root_id', 'integer', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('abbreviation', 'text', (c) => c.notNull())
    .addColumn('sales_phone', 'text', (c) => c.notNull())
    .addColumn('sales_phone_internal', 'text', (c) => c.notNull())
    .addColumn('service_phone', 'text', (c) => c.notNull())
    .addColumn('service_phone_internal', 'text', (c) => c.notNull())
    .addColumn('map_lat', 'double precision', (c) => c.notNull())
    .addColumn('map_lng', 'double precision', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('region_area')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('root_id', 'integer', (c) => c.notNull().references('region_country.root_id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('admin_center', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('region_area_root_label').on('region_area').columns(['root_id', 'label']).execute();

  await db.schema
    .createTable('region_branch')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('area_id', 'integer', (c) => c.notNull().references('region_area.id'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('phone_internal', 'text', (c) => c.notNull())
    .addColumn('service_phone', 'text', (c) => c.notNull())
    .addColumn('service_phone_internal', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('region_branch_area').on('region_branch').column('area_id').execute();

  await db.schema
    .createTable('catalog_category')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('catalog_category.id'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_category_parent').on('catalog_category').columns(['parent_id', 'sort']).execute();

  await db.schema
    .createTable('catalog_banner')
    .addColumn('category_id', 'integer', (c) => c.primaryKey().references('catalog_category.id').onDelete('cascade'))
    .addColumn('bg_type', 'text', (c) => c.notNull().check(sql`bg_type in ('IMG', 'COLOR')`))
    .addColumn('image_path', 'text')
    .addColumn('color', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('btn_title', 'text', (c) => c.notNull())
    .addColumn('btn_link', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('content_page')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('meta_description', 'text', (c) => c.notNull())
    .addColumn('lead', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('content_page_alias')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('controller', 'text', (c) => c.notNull().check(sql`controller in ('category', 'model', 'other')`))
    .addColumn('reference_id', 'integer')
    .execute();

  await db.schema
    .createTable('content_promotion')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('badge', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_promotion_ends').on('content_promotion').columns(['ends_on', 'sort']).execute();

  await db.schema
    .createTable('content_feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('branch_id', 'integer', (c) => c.references('region_branch.id'))
    .addColumn('page_url', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('area_id', 'integer', (c) => c.references('region_area.id'))
    .addColumn('area_confirmed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_session_expires').on('auth_session').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'auth_session', 'content_feedback', 'content_promotion', 'content_page_alias', 'content_page',
    'catalog_banner', 'catalog_category', 'region_branch', 'region_area', 'region_country',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
