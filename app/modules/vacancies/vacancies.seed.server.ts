import type { Transaction } from 'kysely';
import { now } from '#app/.server/clock.ts';
import type { Database } from '#app/.server/db/schema.ts';
import { BRANCH_HR, VACANCIES } from './data/vacancies.ts';

const DAY_MS = 86_400_000;

/**
 * Demo content of the vacancies (ADR 092): the branches' vacancies pages and HR addresses, and
 * vacancies in several branches, each once by its slug (a vacancy an editor changed or removed is not
 * brought back). Runs after the regions: the branches must exist.
 */
export async function seedVacanciesDemo(trx: Transaction<Database>): Promise<void> {
  const branches = new Map((await trx.selectFrom('region_branch').select(['id', 'city', 'area_id']).execute()).map((b) => [b.id, b]));
  const hr = BRANCH_HR.filter((b) => branches.has(b.branchId));
  if (!hr.length) return;
  await trx.insertInto('vacancies_branch').values(hr.map((b) => ({ branch_id: b.branchId, alias: b.alias, hr_email: b.hrEmail })))
    .onConflict((oc) => oc.doNothing()).execute();
  const existing = new Set((await trx.selectFrom('vacancies_vacancy').select('slug').where('slug', 'in', VACANCIES.map((v) => v.slug)).execute()).map((r) => r.slug));
  const directions = new Map((await trx.selectFrom('vacancies_direction').select(['id', 'slug']).execute()).map((d) => [d.slug, d.id]));
  // The demo's branches 24..30 are Kazakhstan's (regions/data/branches.ts): salaries in tenge.
  const kz = new Set(hr.filter((b) => b.branchId >= 24).map((b) => b.branchId));
  const missing = VACANCIES.filter((v) => !existing.has(v.slug) && branches.has(v.branchId));
  if (!missing.length) return;
  // 09:00 Moscow time of today, less the vacancy's age: the demo's vacancies stay recent whenever it starts.
  const today = Date.parse(`${now().toISOString().slice(0, 10)}T06:00:00Z`);
  await trx.insertInto('vacancies_vacancy').values(missing.map((v) => {
    const published = new Date(Math.min(today - v.daysAgo * DAY_MS, now().getTime() - 60_000));
    return {
      branch_id: v.branchId, direction_id: directions.get(v.direction)!, slug: v.slug, title: v.title,
      city: v.city ?? branches.get(v.branchId)!.city, lead: v.lead,
      salary_from: v.salaryFrom ? v.salaryFrom * 100 : null, salary_to: v.salaryTo ? v.salaryTo * 100 : null,
      currency: kz.has(v.branchId) ? 'KZT' as const : 'RUB' as const,
      employment: v.employment ?? 'full_time', schedule: v.schedule,
      duties: v.duties.join('\n'), requirements: v.requirements.join('\n'), conditions: v.conditions.join('\n'),
      status: v.draft ? 'draft' as const : 'published' as const, published_at: v.draft ? null : published,
      created_at: published, updated_at: published,
    };
  })).execute();
}
