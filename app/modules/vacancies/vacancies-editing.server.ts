import { changedFields, recordAudit, type AuditEntry } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import { listVersions, readVersion, recordVersion, type VersionSummary } from '#app/.server/content-versions.ts';
import type { AppServices } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { changedFieldsOf, type FieldChange } from '#app/lib/word-diff.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { APPLICATION_MOVES, dateToMoscowLocal, moscowLocalToDate, salaryField, slugFromTitle, vacancyLink } from './vacancies.rules.ts';
import {
  VACANCY_MESSAGES, vacancyInput, type BranchHrInput, type VacancyApplicationStatus, type VacancyEmployment, type VacancyInput, type VacancyStatus,
} from './vacancies.schema.ts';
import { vacanciesDirectory } from './vacancies.server.ts';

/*
 * The editors' side of the vacancies (ADR 092): the list, one vacancy's form, saving, publishing and
 * taking it off the site, each with its audit record in the same transaction (as the blog's articles,
 * ADR 089: a vacancy is its own draft); and HR's changes of an application's state, audited too.
 */

export type Editor = AuditEntry['actor'];
export type VacancyId = number | 'new';

export const VACANCIES_EDIT_PAGE_SIZE = 50;

export function parseVacancyId(raw: string | undefined): VacancyId | null {
  if (raw === 'new') return 'new';
  return raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

export type VacancyState = VacancyStatus | 'scheduled';
const stateOf = (status: VacancyStatus, publishedAt: Date | null, at: Date): VacancyState =>
  status === 'draft' ? 'draft' : publishedAt && publishedAt > at ? 'scheduled' : 'published';

export interface VacancyListRow {
  id: number; title: string; branchName: string; directionName: string; city: string; state: VacancyState;
  publishedAt: string | null; link: string | null; applications: number;
}

/** Every vacancy, the latest changed first, with its count of applications. */
export async function listVacanciesForEditing(services: AppServices, page: number): Promise<{ rows: VacancyListRow[]; hasNext: boolean }> {
  const [dir, regions, rows] = await Promise.all([
    vacanciesDirectory(services),
    regionDirectory(services),
    services.db.selectFrom('vacancies_vacancy as v')
      .select(['v.id', 'v.title', 'v.slug', 'v.branch_id', 'v.direction_id', 'v.city', 'v.status', 'v.published_at'])
      .select((eb) => eb.selectFrom('vacancies_application as a').whereRef('a.vacancy_id', '=', 'v.id').select(eb.fn.countAll<number>().as('n')).as('applications'))
      .orderBy('v.updated_at', 'desc').orderBy('v.id', 'desc')
      .limit(VACANCIES_EDIT_PAGE_SIZE + 1).offset((page - 1) * VACANCIES_EDIT_PAGE_SIZE).execute(),
  ]);
  const at = now();
  return {
    rows: rows.slice(0, VACANCIES_EDIT_PAGE_SIZE).map((r) => {
      const state = stateOf(r.status, r.published_at, at);
      const alias = dir.branchById.get(r.branch_id)?.alias;
      return {
        id: r.id, title: r.title, city: r.city, state,
        branchName: regions.branches.find((b) => b.id === r.branch_id)?.name ?? '',
        directionName: dir.directionById.get(r.direction_id)?.name ?? '',
        publishedAt: r.published_at?.toISOString() ?? null,
        link: state === 'published' && alias ? vacancyLink(alias, r.slug) : null,
        applications: Number(r.applications ?? 0),
      };
    }),
    hasNext: rows.length > VACANCIES_EDIT_PAGE_SIZE,
  };
}

/** The form's values as text, as the form sends them back. */
export interface VacancyFormValues {
  branchId: string; directionId: string; title: string; slug: string; city: string; lead: string; salaryFrom: string; salaryTo: string;
  employment: string; schedule: string; duties: string; requirements: string; conditions: string; publishedAt: string; validThrough: string;
}

export interface VacancyForEditing { id: VacancyId; values: VacancyFormValues; state: VacancyState | null; link: string | null }

const EMPTY_VALUES: VacancyFormValues = {
  branchId: '', directionId: '1', title: '', slug: '', city: '', lead: '', salaryFrom: '', salaryTo: '', employment: 'full_time',
  schedule: '', duties: '', requirements: '', conditions: '', publishedAt: '', validThrough: '',
};

export async function vacancyForEditing(services: AppServices, id: VacancyId): Promise<VacancyForEditing | null> {
  if (id === 'new') return { id, values: EMPTY_VALUES, state: null, link: null };
  const [dir, row] = await Promise.all([
    vacanciesDirectory(services),
    services.db.selectFrom('vacancies_vacancy').selectAll().where('id', '=', id).executeTakeFirst(),
  ]);
  if (!row) return null;
  const state = stateOf(row.status, row.published_at, now());
  const alias = dir.branchById.get(row.branch_id)?.alias;
  return {
    id,
    values: {
      branchId: String(row.branch_id), directionId: String(row.direction_id), title: row.title, slug: row.slug, city: row.city, lead: row.lead,
      salaryFrom: salaryField(row.salary_from), salaryTo: salaryField(row.salary_to), employment: row.employment, schedule: row.schedule,
      duties: row.duties, requirements: row.requirements, conditions: row.conditions,
      publishedAt: row.published_at ? dateToMoscowLocal(row.published_at) : '', validThrough: row.valid_through ?? '',
    },
    state, link: state === 'published' && alias ? vacancyLink(alias, row.slug) : null,
  };
}

/** The form's choices: the branches that have a vacancies page, and the directions. */
export async function vacancyFormChoices(services: AppServices) {
  const [dir, regions] = await Promise.all([vacanciesDirectory(services), regionDirectory(services)]);
  return {
    branches: regions.branches.filter((b) => dir.branchById.has(b.id)).map((b) => ({ id: b.id, name: b.name, city: b.city })),
    directions: dir.directions.map((d) => ({ id: d.id, name: d.name })),
  };
}

export type SaveIntent = 'save' | 'publish' | 'unpublish';
export type SaveOutcome =
  | { ok: true; id: number; state: VacancyState }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'invalid'; errors: Record<string, string> };

interface AuditedVacancy {
  branchId: number; directionId: number; title: string; slug: string; city: string; lead: string; salaryFrom: number | null; salaryTo: number | null;
  employment: VacancyEmployment; schedule: string; duties: string; requirements: string; conditions: string; status: VacancyStatus;
  publishedAt: string | null; validThrough: string | null;
}

/**
 * Saves the editor's vacancy (a new one gets its id), publishing or unpublishing it when asked, with
 * its audit record, in one transaction. A branch without a vacancies page, an unknown direction or a
 * slug another vacancy has is refused. The city is the branch's when left empty; the currency the
 * branch's country's.
 */
export async function saveVacancy(
  services: AppServices, editor: Editor, id: VacancyId, input: VacancyInput, intent: SaveIntent, ip: string | null, restoredFrom: number | null = null,
): Promise<SaveOutcome> {
  const [dir, regions] = await Promise.all([vacanciesDirectory(services), regionDirectory(services)]);
  const errors: Record<string, string> = {};
  const branch = dir.branchById.has(input.branchId) ? regions.branches.find((b) => b.id === input.branchId) : undefined;
  if (!branch) errors.branchId = VACANCY_MESSAGES.branch;
  if (!dir.directionById.has(input.directionId)) errors.directionId = VACANCY_MESSAGES.direction;
  const slug = input.slug || slugFromTitle(input.title);
  if (!slug) errors.slug = VACANCY_MESSAGES.slug;
  const city = input.city || branch?.city || '';
  if (!city) errors.city = VACANCY_MESSAGES.city;
  if (Object.keys(errors).length || !branch) return { ok: false, code: 'invalid', errors };
  const country = regions.countries.find((c) => c.id === branch.countryId);
  const currency = country?.code === 'KZ' ? 'KZT' as const : 'RUB' as const;

  const at = now();
  const outcome = await services.db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const before = id === 'new' ? null : await trx.selectFrom('vacancies_vacancy').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (id !== 'new' && !before) return { ok: false, code: 'not_found' };
    const taken = await trx.selectFrom('vacancies_vacancy').select('id').where('slug', '=', slug).executeTakeFirst();
    if (taken && taken.id !== id) return { ok: false, code: 'invalid', errors: { slug: VACANCY_MESSAGES.slugTaken } };
    const status: VacancyStatus = intent === 'publish' ? 'published' : intent === 'unpublish' ? 'draft' : before?.status ?? 'draft';
    const chosen = input.publishedAt ? moscowLocalToDate(input.publishedAt) : null;
    const publishedAt = chosen ?? before?.published_at ?? (status === 'published' ? at : null);
    const values = {
      branch_id: input.branchId, direction_id: input.directionId, slug, title: input.title, city, lead: input.lead,
      salary_from: input.salaryFrom, salary_to: input.salaryTo, currency, employment: input.employment, schedule: input.schedule,
      duties: input.duties, requirements: input.requirements, conditions: input.conditions,
      status, published_at: publishedAt, valid_through: input.validThrough || null, updated_at: at,
    };
    const after: AuditedVacancy = {
      branchId: input.branchId, directionId: input.directionId, title: input.title, slug, city, lead: input.lead,
      salaryFrom: input.salaryFrom, salaryTo: input.salaryTo, employment: input.employment, schedule: input.schedule,
      duties: input.duties, requirements: input.requirements, conditions: input.conditions, status,
      publishedAt: publishedAt?.toISOString() ?? null, validThrough: input.validThrough || null,
    };
    // Its version (ADR 100): the form's fields as text, so that restoring is saving them again.
    const version: VacancyFormValues = {
      branchId: String(input.branchId), directionId: String(input.directionId), title: input.title, slug, city, lead: input.lead,
      salaryFrom: salaryField(input.salaryFrom), salaryTo: salaryField(input.salaryTo), employment: input.employment, schedule: input.schedule,
      duties: input.duties, requirements: input.requirements, conditions: input.conditions,
      publishedAt: publishedAt ? dateToMoscowLocal(publishedAt) : '', validThrough: input.validThrough,
    };
    if (!before) {
      const savedId = (await trx.insertInto('vacancies_vacancy').values(values).returning('id').executeTakeFirstOrThrow()).id;
      await recordAudit(trx, { actor: editor, action: status === 'published' ? 'vacancy.publish' : 'vacancy.create', entity: 'vacancy', entityId: savedId, after, ip });
      await recordVersion(trx, 'vacancy', savedId, { ...version }, { author: editor, published: status === 'published' });
      return { ok: true, id: savedId, state: stateOf(status, publishedAt, at) };
    }
    await trx.updateTable('vacancies_vacancy').set(values).where('id', '=', before.id).execute();
    const was: AuditedVacancy = {
      branchId: before.branch_id, directionId: before.direction_id, title: before.title, slug: before.slug, city: before.city, lead: before.lead,
      salaryFrom: before.salary_from, salaryTo: before.salary_to, employment: before.employment, schedule: before.schedule,
      duties: before.duties, requirements: before.requirements, conditions: before.conditions, status: before.status,
      publishedAt: before.published_at?.toISOString() ?? null, validThrough: before.valid_through,
    };
    const action = restoredFrom ? 'vacancy.restore' : before.status !== status ? (status === 'published' ? 'vacancy.publish' : 'vacancy.unpublish') : 'vacancy.update';
    await recordAudit(trx, { actor: editor, action, entity: 'vacancy', entityId: before.id, ...changedFields(was, after), ...(restoredFrom ? { after: { ...after, restoredFrom } } : {}), ip });
    await recordVersion(trx, 'vacancy', before.id, { ...version }, { author: editor, published: status === 'published', restoredFrom });
    return { ok: true, id: before.id, state: stateOf(status, publishedAt, at) };
  });
  // This process's next page shows the change at once; the others hear the table's trigger (ADR 070).
  if (outcome.ok) dataChanged(services.db, 'vacancies_vacancy');
  return outcome;
}

export type StatusOutcome = { ok: true } | { ok: false; code: 'not_found' | 'conflict'; message: string };

/**
 * HR moves an application (new → in review → invited / rejected; see `APPLICATION_MOVES`) within his
 * branch, from the state he saw: a change made meanwhile by someone else is refused, not overwritten.
 * The row is locked, and the audit record written in the same transaction.
 */
export async function changeApplicationStatus(
  services: AppServices, actor: Editor & { branchId: number | null }, id: number, change: { from: VacancyApplicationStatus; status: VacancyApplicationStatus }, ip: string | null,
): Promise<StatusOutcome> {
  return services.db.transaction().execute(async (trx): Promise<StatusOutcome> => {
    let q = trx.selectFrom('vacancies_application').select(['id', 'status']).where('id', '=', id);
    if (actor.branchId !== null) q = q.where('branch_id', '=', actor.branchId);
    const row = await q.forUpdate().executeTakeFirst();
    if (!row) return { ok: false, code: 'not_found', message: VACANCY_MESSAGES.applicationNotFound };
    if (row.status !== change.from || !APPLICATION_MOVES[row.status].includes(change.status)) {
      return { ok: false, code: 'conflict', message: VACANCY_MESSAGES.statusRefused };
    }
    await trx.updateTable('vacancies_application').set({ status: change.status, updated_at: now() }).where('id', '=', id).execute();
    await recordAudit(trx, { actor: { userId: actor.userId, name: actor.name }, action: 'application.status', entity: 'vacancy_application', entityId: id, before: { status: row.status }, after: { status: change.status }, ip });
    return { ok: true };
  });
}

export interface BranchHrRow { branchId: number; name: string; city: string; alias: string; hrEmail: string; vacancies: number }

/**
 * The branches within the staff member's scope (his own, or every one) with their vacancies page's
 * slug and HR address; '' where the branch has none yet (no vacancies page).
 */
export async function branchesForHr(services: AppServices, scope: { branchId: number | null }): Promise<BranchHrRow[]> {
  const [dir, regions, counts] = await Promise.all([
    vacanciesDirectory(services),
    regionDirectory(services),
    services.db.selectFrom('vacancies_vacancy').select(['branch_id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('branch_id').execute(),
  ]);
  const count = new Map(counts.map((c) => [c.branch_id, Number(c.n)]));
  return regions.branches.filter((b) => scope.branchId === null || b.id === scope.branchId).map((b) => {
    const own = dir.branchById.get(b.id);
    return { branchId: b.id, name: b.name, city: b.city, alias: own?.alias ?? '', hrEmail: own?.hrEmail ?? '', vacancies: count.get(b.id) ?? 0 };
  });
}

export type BranchHrOutcome = { ok: true } | { ok: false; code: 'forbidden' | 'invalid'; errors: Record<string, string> };

/**
 * Sets a branch's vacancies page (its slug) and HR address, within the staff member's scope; a slug
 * a direction or another branch has is refused. Audited in the same transaction.
 */
export async function saveBranchHr(services: AppServices, actor: Editor & { branchId: number | null }, input: BranchHrInput, ip: string | null): Promise<BranchHrOutcome> {
  if (actor.branchId !== null && actor.branchId !== input.branchId) return { ok: false, code: 'forbidden', errors: { branchId: VACANCY_MESSAGES.branchNotYours } };
  const [dir, regions] = await Promise.all([vacanciesDirectory(services), regionDirectory(services)]);
  if (!regions.branches.some((b) => b.id === input.branchId)) return { ok: false, code: 'invalid', errors: { branchId: VACANCY_MESSAGES.branch } };
  if (dir.directionBySlug.has(input.alias)) return { ok: false, code: 'invalid', errors: { alias: VACANCY_MESSAGES.aliasTaken } };
  const outcome = await services.db.transaction().execute(async (trx): Promise<BranchHrOutcome> => {
    const taken = await trx.selectFrom('vacancies_branch').select('branch_id').where('alias', '=', input.alias).executeTakeFirst();
    if (taken && taken.branch_id !== input.branchId) return { ok: false, code: 'invalid', errors: { alias: VACANCY_MESSAGES.aliasTaken } };
    const before = await trx.selectFrom('vacancies_branch').select(['alias', 'hr_email']).where('branch_id', '=', input.branchId).forUpdate().executeTakeFirst();
    await trx.insertInto('vacancies_branch').values({ branch_id: input.branchId, alias: input.alias, hr_email: input.hrEmail })
      .onConflict((oc) => oc.column('branch_id').doUpdateSet({ alias: input.alias, hr_email: input.hrEmail })).execute();
    const was = { alias: before?.alias ?? null, hrEmail: before?.hr_email ?? null };
    await recordAudit(trx, { actor: { userId: actor.userId, name: actor.name }, action: 'vacancy_branch.update', entity: 'branch', entityId: input.branchId, ...changedFields(was, { alias: input.alias, hrEmail: input.hrEmail }), ip });
    return { ok: true };
  });
  if (outcome.ok) dataChanged(services.db, 'vacancies_branch');
  return outcome;
}

/** The version fields an editor compares, in the form's order, with their labels. */
export const VACANCY_VERSION_LABELS: Record<keyof VacancyFormValues, string> = {
  branchId: 'Филиал', directionId: 'Направление', title: 'Название', slug: 'Адрес', city: 'Город', lead: 'Коротко о вакансии',
  salaryFrom: 'Зарплата от', salaryTo: 'Зарплата до', employment: 'Занятость', schedule: 'График', duties: 'Обязанности',
  requirements: 'Требования', conditions: 'Условия', publishedAt: 'Дата публикации', validThrough: 'Действует до',
};

/** A vacancy's versions, the latest first. */
export async function vacancyVersions(services: AppServices, id: number): Promise<VersionSummary[]> {
  return listVersions(services.db, 'vacancy', id);
}

/** Two versions of one vacancy field by field; a number the vacancy does not have answers null. */
export async function compareVacancyVersions(services: AppServices, id: number, from: number, to: number): Promise<{ from: VersionSummary; to: VersionSummary; changes: FieldChange[] } | null> {
  const [a, b] = await Promise.all([readVersion(services.db, 'vacancy', id, from), readVersion(services.db, 'vacancy', id, to)]);
  if (!a || !b) return null;
  const { data: before, ...fromSummary } = a;
  const { data: after, ...toSummary } = b;
  return { from: fromSummary, to: toSummary, changes: changedFieldsOf(before, after, VACANCY_VERSION_LABELS) };
}

export type RestoreOutcome = SaveOutcome | { ok: false; code: 'unfit'; message: string };

/** Makes a version the vacancy's text again, as the article's (ADR 100): saved, audited as `vacancy.restore`, a new version; its state kept. */
export async function restoreVacancyVersion(services: AppServices, editor: Editor, id: number, version: number, ip: string | null): Promise<RestoreOutcome> {
  const found = await readVersion(services.db, 'vacancy', id, version);
  if (!found) return { ok: false, code: 'not_found' };
  const parsed = vacancyInput.safeParse(found.data);
  if (!parsed.success) return { ok: false, code: 'unfit', message: VACANCY_MESSAGES.versionUnfit };
  return saveVacancy(services, editor, id, parsed.data, 'save', ip, version);
}
