import { sql } from 'kysely';
import { seedBlogDemo } from '#app/modules/blog/blog.seed.server.ts';
import { seedCatalogDemo } from '#app/modules/catalog/catalog.seed.server.ts';
import { seedContentDemo } from '#app/modules/content/content.seed.server.ts';
import { seedFinancingDemo } from '#app/modules/financing/financing.seed.server.ts';
import { seedPartsDemo } from '#app/modules/parts/parts.seed.server.ts';
import { seedRegionsDemo } from '#app/modules/regions/regions.seed.server.ts';
import { seedOffersDemo } from '#app/modules/offers/offers.seed.server.ts';
import { seedVacanciesDemo } from '#app/modules/vacancies/vacancies.seed.server.ts';
import { seedQuestionnairesDemo } from '#app/modules/questionnaires/questionnaires.seed.server.ts';
import { seedTransportDemo } from '#app/modules/transport/transport.seed.server.ts';
import type { DB } from './connect.ts';

export interface SeedOptions {
  /** Load the demo content too: branches, catalogue, pages, aliases, promotions, financing programmes, the blog, the vacancies, questionnaire № 1. */
  demo: boolean;
}

/**
 * Runs at every start and by `npm run db:seed [-- --demo]`. The reference data the spec fixes
 * (countries, regions) comes from migration 0005, so outside demo mode there is nothing to load here.
 * In demo mode each module inserts its own demo rows where missing — never over what an editor
 * changed — so it is idempotent and safe on a database that is being edited
 * (docs/decisions/013-reference-and-demo-data.md).
 */
export async function seed(db: DB, options: SeedOptions): Promise<void> {
  if (!options.demo) return;
  await db.transaction().execute(async (trx) => {
    // Processes starting together on one PostgreSQL server take turns instead of racing.
    await sql`select pg_advisory_xact_lock(7310042)`.execute(trx);
    await seedRegionsDemo(trx);
    const catalogPaths = await seedCatalogDemo(trx);
    await seedContentDemo(trx, { catalogPaths });
    await seedPartsDemo(trx);
    await seedFinancingDemo(trx);
    await seedOffersDemo(trx);
    await seedBlogDemo(trx);
    await seedVacanciesDemo(trx);
    await seedQuestionnairesDemo(trx);
    await seedTransportDemo(trx);
  });
  // The part-number lookup's plans are made once for any number (migration 0020, ADR 046): they are
  // as good as the statistics they were made with, and a freshly loaded table has none.
  await sql`analyze parts_part, parts_supersession, parts_analog, parts_manufacturer`.execute(db);
}
