import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#app/.server/db/schema.ts';
import type { ProgrammeTerms } from './financing.rules.ts';
import type { FinancingCountry, ProgrammeRecord } from './financing.schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const day = (value: Date | string): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** Every programme with every dated row of its terms: a few dozen rows, read whole and kept. */
export async function allProgrammes(db: Db, country?: FinancingCountry, id?: number): Promise<ProgrammeRecord[]> {
  let programmes = db.selectFrom('financing_programme').select(['id', 'kind', 'name', 'country_code', 'currency', 'sort']);
  if (country) programmes = programmes.where('country_code', '=', country);
  if (id !== undefined) programmes = programmes.where('id', '=', id);
  const rows = await programmes.orderBy('sort').orderBy('id').execute();
  const terms = await db.selectFrom('financing_terms')
    .select(['programme_id', 'from_date', 'annual_rate_bp', 'min_term_months', 'max_term_months', 'min_advance_percent', 'seasonal_months', 'max_defer_months', 'active'])
    .$if(id !== undefined, (qb) => qb.where('programme_id', '=', id!))
    .orderBy('programme_id').orderBy('from_date').execute();
  const byProgramme = new Map<number, ProgrammeTerms[]>();
  for (const t of terms) {
    const list = byProgramme.get(t.programme_id) ?? [];
    list.push({
      fromDate: day(t.from_date), annualRatePercent: t.annual_rate_bp / 100, minTermMonths: t.min_term_months, maxTermMonths: t.max_term_months,
      minAdvancePercent: t.min_advance_percent, seasonalMonths: t.seasonal_months.map(Number), maxDeferMonths: t.max_defer_months, active: t.active,
    });
    byProgramme.set(t.programme_id, list);
  }
  return rows.map((r) => ({ id: r.id, kind: r.kind, name: r.name, countryCode: r.country_code, currency: r.currency, sort: r.sort, terms: byProgramme.get(r.id) ?? [] }));
}

export interface ProgrammeRow { kind: ProgrammeRecord['kind']; name: string; countryCode: FinancingCountry; currency: ProgrammeRecord['currency']; sort: number }

export async function insertProgramme(trx: Transaction<Database>, p: ProgrammeRow): Promise<number> {
  const row = await trx.insertInto('financing_programme')
    .values({ kind: p.kind, name: p.name, country_code: p.countryCode, currency: p.currency, sort: p.sort })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The programme's row, locked for the edit; null when there is none. */
export async function lockProgramme(trx: Transaction<Database>, id: number): Promise<ProgrammeRow | null> {
  const row = await trx.selectFrom('financing_programme').select(['kind', 'name', 'country_code', 'currency', 'sort'])
    .where('id', '=', id).forUpdate().executeTakeFirst();
  return row ? { kind: row.kind, name: row.name, countryCode: row.country_code, currency: row.currency, sort: row.sort } : null;
}

export async function updateProgramme(trx: Transaction<Database>, id: number, p: ProgrammeRow): Promise<void> {
  await trx.updateTable('financing_programme')
    .set({ kind: p.kind, name: p.name, country_code: p.countryCode, currency: p.currency, sort: p.sort })
    .where('id', '=', id).execute();
}

/** Whether another programme of the country already has the name (the unique key). */
export async function nameTaken(db: Db, country: FinancingCountry, name: string, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('financing_programme').select('id').where('country_code', '=', country).where('name', '=', name);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Adds the terms of a date, or replaces those of the same date. */
export async function upsertTerms(trx: Transaction<Database>, programmeId: number, t: ProgrammeTerms): Promise<void> {
  const values = {
    annual_rate_bp: Math.round(t.annualRatePercent * 100), min_term_months: t.minTermMonths, max_term_months: t.maxTermMonths,
    min_advance_percent: t.minAdvancePercent, seasonal_months: JSON.stringify(t.seasonalMonths), max_defer_months: t.maxDeferMonths, active: t.active,
  };
  await trx.insertInto('financing_terms').values({ programme_id: programmeId, from_date: t.fromDate, ...values })
    .onConflict((oc) => oc.columns(['programme_id', 'from_date']).doUpdateSet(values))
    .execute();
}
