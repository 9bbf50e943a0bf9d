import { changedFields, recordAudit } from '#app/.server/audit.ts';
import { keptPerDb } from '#app/.server/cache.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { termsOn, type ProgrammeTerms } from './financing.rules.ts';
import type { FinancingCountry, ProgrammeInput, ProgrammeListItem, ProgrammeRecord, ProgrammeView } from './financing.schema.ts';
import * as q from './financing.queries.server.ts';

/*
 * The financing programmes (ADR 082): read on every financing request form and offer, written by
 * staff at /admin/financing. Kept in memory until either table changes (ADR 070).
 */

const kept = keptPerDb<ProgrammeRecord[]>({ readsFrom: ['financing_programme', 'financing_terms'] });

const allKept = (services: AppServices) => kept.get(services.db, 'all', () => q.allProgrammes(services.db));

/** The company's calendar day (Moscow): terms take effect from a day's start there. */
export function financingToday(at: Date = now()): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The programmes of a country open on `date`, with the terms in force that day, in the list's order. */
export async function programmesInForce(services: AppServices, country: FinancingCountry, date: string = financingToday()): Promise<ProgrammeView[]> {
  const views: ProgrammeView[] = [];
  for (const p of await allKept(services)) {
    if (p.countryCode !== country) continue;
    const terms = termsOn(p.terms, date);
    if (!terms?.active) continue;
    views.push({ id: p.id, kind: p.kind, name: p.name, countryCode: p.countryCode, currency: p.currency, ...terms });
  }
  return views;
}

/** /admin/financing: every programme with its terms today and the next change already set. */
export async function listProgrammesForEditing(services: AppServices, date: string = financingToday()): Promise<ProgrammeListItem[]> {
  return (await q.allProgrammes(services.db)).map((p) => ({
    id: p.id, kind: p.kind, name: p.name, countryCode: p.countryCode, currency: p.currency,
    current: termsOn(p.terms, date), next: p.terms.find((t) => t.fromDate > date) ?? null,
  }));
}

/** One programme with all its dated terms, read fresh (not kept: the editor sees what he saved). */
export async function programmeForEditing(services: AppServices, id: number): Promise<ProgrammeRecord | null> {
  return (await q.allProgrammes(services.db, undefined, id))[0] ?? null;
}

export type SaveProgrammeOutcome =
  | { ok: true; id: number }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; field: keyof ProgrammeInput; message: string };

interface Editor { userId: number; name: string }

const termsOf = (input: ProgrammeInput): ProgrammeTerms => ({
  fromDate: input.fromDate, annualRatePercent: input.annualRatePercent, minTermMonths: input.minTermMonths, maxTermMonths: input.maxTermMonths,
  minAdvancePercent: input.minAdvancePercent, seasonalMonths: input.seasonalMonths, maxDeferMonths: input.maxDeferMonths, active: input.active,
});

/**
 * Saves a programme ('new' makes one) and its terms from `input.fromDate` (today or later: what was
 * in force before stays as it was), with the audit record in the same transaction. Terms of the same
 * date are replaced.
 */
export async function saveProgramme(services: AppServices, editor: Editor, id: number | 'new', input: ProgrammeInput, ip: string | null): Promise<SaveProgrammeOutcome> {
  if (input.fromDate < financingToday()) return { ok: false, code: 'invalid', field: 'fromDate', message: 'Условия вступают в силу сегодня или позже: прошлые остаются в истории' };
  if (await q.nameTaken(services.db, input.countryCode, input.name, id === 'new' ? null : id)) {
    return { ok: false, code: 'invalid', field: 'name', message: 'Программа с таким названием в этой стране уже есть' };
  }
  const programme = { kind: input.kind, name: input.name, countryCode: input.countryCode, currency: input.currency, sort: input.sort };
  const terms = termsOf(input);
  const saved = await services.db.transaction().execute(async (trx) => {
    if (id === 'new') {
      const newId = await q.insertProgramme(trx, programme);
      await q.upsertTerms(trx, newId, terms);
      await recordAudit(trx, { actor: editor, action: 'financing_programme.create', entity: 'financing_programme', entityId: newId, after: { ...programme, ...terms }, ip });
      return newId;
    }
    const before = await q.lockProgramme(trx, id);
    if (!before) return null;
    const [record] = await q.allProgrammes(trx, undefined, id);
    const termsBefore = record!.terms.find((t) => t.fromDate === terms.fromDate) ?? termsOn(record!.terms, terms.fromDate);
    await q.updateProgramme(trx, id, programme);
    await q.upsertTerms(trx, id, terms);
    // What the programme and its terms on that date were, and are now: the changed fields only.
    const diff = changedFields({ ...before, ...(termsBefore ?? {}), seasonalMonths: String(termsBefore?.seasonalMonths ?? ''), fromDate: terms.fromDate },
      { ...programme, ...terms, seasonalMonths: String(terms.seasonalMonths) });
    await recordAudit(trx, { actor: editor, action: 'financing_programme.terms', entity: 'financing_programme', entityId: id, before: diff.before, after: { fromDate: terms.fromDate, ...diff.after }, ip });
    return id;
  });
  // This process reads its own write at once, on PostgreSQL too (ADR 070).
  dataChanged(services.db, 'financing_terms');
  return saved === null ? { ok: false, code: 'not_found' } : { ok: true, id: saved };
}
