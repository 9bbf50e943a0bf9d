import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { PAGES, SUPERSEDED_BODIES } from './data/pages.ts';
import { PROMOTIONS } from './data/promotions.ts';

const DAY_MS = 86_400_000;

/** A page alias of the catalogue: its public path and the category, model line or model it shows. */
export interface CatalogAliasSeed { path: string; controller: 'category' | 'model-line' | 'model'; referenceId: number }

/**
 * Demo content of the content module: static pages, the page aliases of the demo categories, model
 * lines and models (the seed passes their paths from the catalogue), and promotions. Only missing rows are inserted, so a
 * page body, alias or offer an editor changed keeps its edit on every later demo start.
 */
export async function seedContentDemo(
  trx: Transaction<Database>,
  { catalogPaths, superseded = SUPERSEDED_BODIES }: { catalogPaths: CatalogAliasSeed[]; superseded?: Readonly<Record<string, readonly string[]>> },
): Promise<void> {
  await trx.insertInto('content_page')
    .values(PAGES.map((p) => ({ slug: p.slug, title: p.title, meta_description: p.metaDescription, lead: p.lead, body_html: p.bodyHtml })))
    .onConflict((oc) => oc.doNothing())
    .execute();

  // A body an earlier demo shipped and nobody edited is replaced by the current one (by its exact hash).
  const slugs = Object.keys(superseded);
  const stored = slugs.length ? await trx.selectFrom('content_page').select(['slug', 'body_html']).where('slug', 'in', slugs).execute() : [];
  for (const row of stored) {
    const page = PAGES.find((p) => p.slug === row.slug);
    if (!page || !superseded[row.slug]!.includes(sha256(row.body_html))) continue;
    await trx.updateTable('content_page').set({ body_html: page.bodyHtml }).where('slug', '=', row.slug).where('body_html', '=', row.body_html).execute();
  }

  // Hundreds of paths: one statement with the rows as one JSON parameter (a row per path would
  // slow every test file's seed; thousands of bind parameters would hit the protocol's limit).
  if (catalogPaths.length) {
    await sql`insert into content_page_alias (path, controller, reference_id)
      select path, controller, reference_id from jsonb_to_recordset(${JSON.stringify(catalogPaths.map((c) => ({ path: c.path, controller: c.controller, reference_id: c.referenceId })))}::jsonb)
        as x(path text, controller text, reference_id int)
      on conflict do nothing`.execute(trx);
  }

  // Promotions have no natural key to insert "the missing ones" by. The demo set goes in when no
  // offer is running today: a fresh database, or a demo database whose offers have all ended since
  // it was seeded. While any offer runs (the demo's or an editor's), nothing is added.
  const today = isoDay(now().getTime());
  const running = await trx.selectFrom('content_promotion')
    .select(sql<number>`1`.as('one'))
    .where('ends_on', '>=', today)
    .limit(1)
    .executeTakeFirst();
  if (running) return;
  const { next } = await trx.selectFrom('content_promotion')
    .select((eb) => eb.fn.coalesce(eb.fn.max('sort'), sql<number>`-1`).as('next'))
    .executeTakeFirstOrThrow();
  const base = Date.parse(`${today}T00:00:00Z`);
  await trx.insertInto('content_promotion').values(PROMOTIONS.map((p, i) => ({
    title: p.title, text: p.text, link: p.link, badge: p.badge,
    starts_on: isoDay(base + p.startsInDays * DAY_MS),
    ends_on: isoDay(base + p.endsInDays * DAY_MS),
    sort: Number(next) + 1 + i,
  }))).execute();
}

/** 'YYYY-MM-DD' of a moment in UTC, the day the promotions query compares with. */
function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
