import { sql, type Kysely } from 'kysely';

/**
 * The machinery catalogue (issue: catalogue): technique types, manufacturers, model lines, models,
 * their specifications, price and stock per branch; comparison, bookmarks and browsing history.
 *
 * - Money is integer minor units (`bigint`) with the currency of the price row: a Kazakh branch
 *   sells in tenge, a Russian one in roubles, an import may be priced in euros.
 * - Price and stock of a model at a branch share one row (`catalog_model_branch`): every card shows
 *   both, and every filter (inStock, isWithPrice, stocks, sorting by price) reads them together.
 * - Guests' comparison and history are keyed by the session; sign-in moves them to the account
 *   (`catalog.server.ts` `joinGuestToAccount`). They are not cascaded from `auth_session`, whose row
 *   is replaced at sign-in; the housekeeping drops the rows of sessions that are gone.
 * - Model lines get page aliases of their own: the alias controller 'model-line'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_technique_type')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('catalog_manufacturer')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('logo_path', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('catalog_model_line')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('manufacturer_id', 'integer', (c) => c.notNull().references('catalog_manufacturer.id'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('catalog_category.id'))
    .addColumn('technique_type_id', 'integer', (c) => c.notNull().references('catalog_technique_type.id'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('catalog_model_line_category').on('catalog_model_line').columns(['category_id', 'sort']).execute();
  await db.schema.createIndex('catalog_model_line_manufacturer').on('catalog_model_line').column('manufacturer_id').execute();
  await db.schema.createIndex('catalog_model_line_type').on('catalog_model_line').column('technique_type_id').execute();

  await db.schema
    .createTable('catalog_specification')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('number', 'text')`))
    // Higher first: the filters and the specification table show the important ones at the top.
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('catalog_model')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // The code /compare/{productCodes} carries: short, stable, URL-safe.
    .addColumn('product_code', 'text', (c) => c.notNull().unique())
    .addColumn('model_line_id', 'integer', (c) => c.notNull().references('catalog_model_line.id'))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // [{ src, width, height, alt }]: width and height reserve the space, nothing shifts.
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('catalog_model_line_slug', ['model_line_id', 'slug'])
    .execute();
  await db.schema.createIndex('catalog_model_line_sort').on('catalog_model').columns(['model_line_id', 'sort']).execute();

  await db.schema
    .createTable('catalog_model_spec')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('catalog_model.id').onDelete('cascade'))
    .addColumn('spec_id', 'integer', (c) => c.notNull().references('catalog_specification.id').onDelete('cascade'))
    .addColumn('num_value', 'double precision')
    .addColumn('text_value', 'text')
    .addPrimaryKeyConstraint('catalog_model_spec_pk', ['model_id', 'spec_id'])
    .addCheckConstraint('catalog_model_spec_one_value', sql`(num_value is null) <> (text_value is null)`)
    .execute();
  // Range filters read (spec, value) → models; text filters (spec, text) → models.
  await db.schema.createIndex('catalog_model_spec_num').on('catalog_model_spec').columns(['spec_id', 'num_value', 'model_id']).execute();
  await db.schema.createIndex('catalog_model_spec_text').on('catalog_model_spec').columns(['spec_id', 'text_value', 'model_id']).execute();

  await db.schema
    .createTable('catalog_model_branch')
    .addColumn('model_id', 'integer', (c) => c.notNull().references('catalog_model.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('region_branch.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('RUB', 'USD', 'EUR', 'KZT', 'CNY')`))
    // Minor units (kopecks, tiyn); null: price on request.
    .addColumn('price', 'bigint', (c) => c.check(sql`price is null or price >= 0`))
    .addColumn('old_price', 'bigint', (c) => c.check(sql`old_price is null or old_price >= 0`))
    // Stock option 2 'Суперцена' (spec §3); option 1 'Товар со скидкой' is old_price > price.
    .addColumn('super_price', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`quantity >= 0`))
    // When a model out of stock is expected at the branch.
    .addColumn('expected_date', 'date')
    .addPrimaryKeyConstraint('catalog_model_branch_pk', ['model_id', 'branch_id'])
    .execute();
  await db.schema.createIndex('catalog_model_branch_price').on('catalog_model_branch').columns(['branch_id', 'price', 'model_id']).execute();
  await db.schema.createIndex('catalog_model_branch_stock').on('catalog_model_branch').columns(['branch_id', 'quantity', 'model_id']).execute();

  // Owned by a user or, for guests, by a session: exactly one of the two.
  for (const table of ['catalog_compare', 'catalog_view_history'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      .addColumn('user_id', 'integer', (c) => c.references('auth_user.id').onDelete('cascade'))
      .addColumn('session_id', 'text')
      .addColumn('model_id', 'integer', (c) => c.notNull().references('catalog_model.id').onDelete('cascade'))
      .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(`${table}_owner`, sql`(user_id is null) <> (session_id is null)`)
      .addUniqueConstraint(`${table}_user_model`, ['user_id', 'model_id'])
      .addUniqueConstraint(`${table}_session_model`, ['session_id', 'model_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_at`).on(table).columns(['user_id', 'at']).where(sql.ref('user_id'), 'is not', null).execute();
    await db.schema.createIndex(`${table}_session_at`).on(table).columns(['session_id', 'at']).where(sql.ref('session_id'), 'is not', null).execute();
  }

  await db.schema
    .createTable('catalog_bookmark')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('auth_user.id').onDelete('cascade'))
    .addColumn('model_id', 'integer', (c) => c.notNull().references('catalog_model.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('catalog_bookmark_pk', ['user_id', 'model_id'])
    .execute();

  await sql`alter table content_page_alias drop constraint if exists content_page_alias_controller_check`.execute(db);
  await sql`alter table content_page_alias add constraint content_page_alias_controller_check check (controller in ('category', 'model-line', 'model', 'other'))`.execute(db);
  await db.schema.createIndex('content_page_alias_reference').on('content_page_alias').columns(['controller', 'reference_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('content_page_alias_reference').ifExists().execute();
  await sql`delete from content_page_alias where controller = 'model-line'`.execute(db);
  await sql`alter table content_page_alias drop constraint if exists content_page_alias_controller_check`.execute(db);
  await sql`alter table content_page_alias add constraint content_page_alias_controller_check check (controller in ('category', 'model', 'other'))`.execute(db);
  for (const table of [
    'catalog_bookmark', 'catalog_view_history', 'catalog_compare', 'catalog_model_branch', 'catalog_model_spec',
    'catalog_model', 'catalog_specification', 'catalog_model_line', 'catalog_manufacturer', 'catalog_technique_type',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
