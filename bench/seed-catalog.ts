// Grows the demo catalogue to the scale of a real dealer for `npm run bench`: copies of the demo
// model lines ("series" 1..K) with their models, specification values, price and stock at every
// branch and page aliases, all in a few INSERT … SELECT statements (generate_series), so seeding
// 10,000 models takes seconds even on the embedded PGlite. Values are varied deterministically
// from the ids (no random), so every run measures the same catalogue.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import type * as EntryModule from '../server/entry.ts';
import { benchPartQueries, seedBenchParts } from './seed-parts.ts';

/** The demo's own rows have ids below these; copies are numbered above them. */
const LINE_ID_STEP = 1_000;
const MODEL_ID_STEP = 100_000;

export const BENCH_MODELS = 10_000;

/**
 * Adds copies of the demo model lines until the catalogue holds at least `models` models. Idempotent
 * (ON CONFLICT DO NOTHING): running it on a seeded bench database changes nothing.
 */
export async function seedBenchCatalog(db: DB, models = BENCH_MODELS): Promise<{ models: number; seconds: number }> {
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from catalog_model where id < ${MODEL_ID_STEP}`.execute(trx);
    const base = Number(rows[0]!.n);
    if (base === 0) throw new Error('seedBenchCatalog needs the demo catalogue: seed with { demo: true } first');
    const copies = Math.max(0, Math.ceil(models / base) - 1);
    if (copies === 0) return;
    const step = (n: number) => sql.lit(n);

    await sql`insert into catalog_model_line (id, slug, name, manufacturer_id, category_id, technique_type_id, description, sort)
      select k * ${step(LINE_ID_STEP)} + l.id, l.slug || '-s' || k, l.name || ' серия ' || k, l.manufacturer_id, l.category_id,
        l.technique_type_id, l.description, l.sort + k * 100
      from catalog_model_line l cross join generate_series(1, ${copies}) k
      where l.id < ${step(LINE_ID_STEP)}
      on conflict do nothing`.execute(trx);

    // Product codes stay unique and URL-safe: the copy's number after a 'Z' (codes carry digits after it only).
    await sql`insert into catalog_model (id, slug, name, product_code, model_line_id, description, images, sort, created_at)
      select k * ${step(MODEL_ID_STEP)} + m.id, m.slug, m.name || ' S' || k, m.product_code || 'Z' || k,
        k * ${step(LINE_ID_STEP)} + m.model_line_id, m.description, m.images, m.sort, m.created_at - make_interval(days => (k * 37 + m.id) % 730)
      from catalog_model m cross join generate_series(1, ${copies}) k
      where m.id < ${step(MODEL_ID_STEP)}
      on conflict do nothing`.execute(trx);

    // Numbers move by −10 %…+10 % with the copy, so range filters and counts see varied values.
    await sql`insert into catalog_model_spec (model_id, spec_id, num_value, text_value)
      select k * ${step(MODEL_ID_STEP)} + s.model_id, s.spec_id,
        case when s.num_value is null then null else round((s.num_value * (0.9 + ((k * 7 + s.model_id + s.spec_id) % 21) / 100.0))::numeric, 1)::double precision end,
        s.text_value
      from catalog_model_spec s cross join generate_series(1, ${copies}) k
      where s.model_id < ${step(MODEL_ID_STEP)}
      on conflict do nothing`.execute(trx);

    await sql`insert into catalog_model_branch (model_id, branch_id, currency, price, old_price, super_price, quantity, expected_date)
      select k * ${step(MODEL_ID_STEP)} + b.model_id, b.branch_id, b.currency,
        round(b.price * (0.9 + ((k * 13 + b.model_id) % 21) / 100.0) / 100000) * 100000,
        round(b.old_price * (0.9 + ((k * 13 + b.model_id) % 21) / 100.0) / 100000) * 100000,
        b.super_price,
        case when (k + b.model_id + b.branch_id) % 5 = 0 then 0 else b.quantity end,
        b.expected_date
      from catalog_model_branch b cross join generate_series(1, ${copies}) k
      where b.model_id < ${step(MODEL_ID_STEP)}
      on conflict do nothing`.execute(trx);

    await sql`insert into content_page_alias (path, controller, reference_id)
      select '/catalog/' || c.slug || '/' || l.slug, 'model-line', l.id
      from catalog_model_line l join catalog_category c on c.id = l.category_id
      where l.id >= ${step(LINE_ID_STEP)}
      union all
      select '/catalog/' || c.slug || '/' || l.slug || '/' || m.slug, 'model', m.id
      from catalog_model m join catalog_model_line l on l.id = m.model_line_id join catalog_category c on c.id = l.category_id
      where m.id >= ${step(MODEL_ID_STEP)}
      on conflict do nothing`.execute(trx);
  });
  // Fresh statistics, so the planner picks the indexes it would on a real catalogue of this size.
  await sql`analyze`.execute(db);
  const { rows } = await sql<{ n: string }>`select count(*) as n from catalog_model`.execute(db);
  return { models: Number(rows[0]!.n), seconds: (performance.now() - started) / 1000 };
}

/** What the parts targets of the benchmark need from the seeded database. */
export interface BenchParts {
  /** A model line's parts page, `/zapchasti/{maker}/{line}`: the line with the most drawing positions. */
  linePath: string;
  lineId: number;
  /** Part numbers as people type them (`benchPartQueries`). */
  queries: string[];
}

/**
 * Prepares the bench database before the server starts: on PostgreSQL (`--database-url`) in place;
 * for the embedded database a template directory that each server start copies (the server holds
 * PGlite exclusively while it runs). Uses the production build's entry, like the server.
 */
export async function prepareBenchDatabase(root: string, { databaseUrl, templateDir }: { databaseUrl?: string; templateDir: string }): Promise<BenchParts> {
  const entry = await import(pathToFileURL(resolve(root, 'build/server/index.js')).href) as typeof EntryModule;
  if (!databaseUrl) {
    rmSync(templateDir, { recursive: true, force: true });
    mkdirSync(templateDir, { recursive: true });
  }
  const db = await entry.connect(databaseUrl ? { databaseUrl } : { pgliteDir: templateDir });
  try {
    await entry.migrateToLatest(db);
    await entry.seed(db, { demo: true });
    const { models, seconds } = await seedBenchCatalog(db);
    console.log(`Bench catalogue: ${models} models (${seconds.toFixed(1)} s)`);
    const grown = await seedBenchParts(db);
    console.log(`Bench parts: ${grown.parts} parts (${grown.seconds.toFixed(1)} s)`);
    const emptied = await forgetBenchClientLimits(db);
    if (emptied > 0) console.log(`Rate limits of the benchmark's address left by earlier runs: ${emptied} emptied`);
    const { rows: [line] } = await sql<{ id: number; maker: string; slug: string }>`
      select l.id, m.slug as maker, l.slug from catalog_model_line l
      join catalog_manufacturer m on m.id = l.manufacturer_id
      join parts_drawing d on d.model_line_id = l.id
      join parts_drawing_position p on p.drawing_id = d.id
      group by l.id, m.slug, l.slug order by count(*) desc, l.id limit 1`.execute(db);
    if (!line) throw new Error('the bench database has no drawings');
    return { linePath: `/zapchasti/${line.maker}/${line.slug}`, lineId: line.id, queries: await benchPartQueries(db) };
  } finally {
    await db.destroy();
  }
}

/** Gives a server start its own copy of the template (when there is one). */
export function copyBenchTemplate(templateDir: string, dataDir: string): void {
  if (!existsSync(templateDir)) return;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir, dataDir, { recursive: true });
}

export function removeBenchTemplate(templateDir: string): void {
  rmSync(templateDir, { recursive: true, force: true });
}

/** Where the benchmark's visitors come from: it drives its server over the loopback interface. */
const BENCH_CLIENT_ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * A database kept between runs (`--database-url`) keeps the rate limits earlier runs filled: a run
 * registers eight visitors from the loopback address, and the shop allows ten registrations an hour
 * and thirty a day per address, so the next run's sign-ups would be refused (429). The benchmark is
 * its database's only client, so the buckets of its address are emptied before the server starts;
 * those of accounts and mailboxes are each run's own and stay.
 */
export async function forgetBenchClientLimits(db: DB): Promise<number> {
  const patterns = BENCH_CLIENT_ADDRESSES.flatMap((address) => [`%:${address}`, `%|${address}`]);
  const { numAffectedRows } = await sql`delete from rate_limit where key like any(${patterns})`.execute(db);
  return Number(numAffectedRows ?? 0);
}
