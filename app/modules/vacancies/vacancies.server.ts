import { sql } from 'kysely';
import { z } from 'zod';
import { keptPerDb } from '#app/.server/cache.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { fileStorage, type FilesConfig } from '#app/.server/files/files.ts';
import type { FileStorage, OpenedObject } from '#app/.server/files/storage.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { LETTER_JOB_POLICY } from '#app/.server/jobs/mail.ts';
import { formatBytes } from '#app/lib/bytes.ts';
import { CONSENT_TEXT_VERSION } from '#app/modules/auth/users.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import { VACANCIES_PATH } from './vacancies.constants.ts';
import {
  aliasLink, applicantLetter, applicationThanks, hrLetter, linesOf, salaryText, vacancyLink,
} from './vacancies.rules.ts';
import {
  EMPLOYMENT_LABELS, VACANCY_MESSAGES,
  type ApplicationInput, type ApplicationView, type DirectionView, type VacanciesPage, type VacanciesQuery, type VacancyAliasPage,
  type VacancyApplicationStatus, type VacancyCard, type VacancyDetails,
} from './vacancies.schema.ts';

/*
 * Vacancies and applications (ADR 092). Visitors see a vacancy when it is published and its date has
 * come (`visible`, the one place that says so). An application is stored with its CV (already in the
 * file storage under its own key) and the jobs of its letters in one transaction: the branch's HR
 * address gets a letter with the link to download the CV in the back-office, the applicant (when he
 * gave an e-mail) a confirmation.
 */

/** Where the CVs live: the file storage's `applications` area (APPLICATIONS_DIR or `applications/` in the bucket). */
export function applicationStorage(config: FilesConfig): FileStorage {
  return fileStorage(config, 'applications');
}

/** CVs still under `tmp/` after a day: uploads cut off before their application was stored (server/housekeeping.ts). */
export async function vacanciesHousekeeping(services: AppServices): Promise<void> {
  await applicationStorage(services.config).sweepTemp(24 * 3_600_000);
}

interface Directory {
  directions: DirectionView[];
  directionBySlug: Map<string, DirectionView>;
  directionById: Map<number, DirectionView>;
  /** Branches with a vacancies page: alias and HR address. */
  branchByAlias: Map<string, { branchId: number; alias: string; hrEmail: string }>;
  branchById: Map<number, { branchId: number; alias: string; hrEmail: string }>;
}

const directoryKept = keptPerDb<Directory>({ readsFrom: ['vacancies_direction', 'vacancies_branch'] });

export function vacanciesDirectory(services: AppServices): Promise<Directory> {
  return directoryKept.get(services.db, '', async () => {
    const [directions, branches] = await Promise.all([
      services.db.selectFrom('vacancies_direction').select(['id', 'slug', 'name']).orderBy('sort').orderBy('id').execute(),
      services.db.selectFrom('vacancies_branch').select(['branch_id', 'alias', 'hr_email']).execute(),
    ]);
    const rows = branches.map((b) => ({ branchId: b.branch_id, alias: b.alias, hrEmail: b.hr_email }));
    return {
      directions,
      directionBySlug: new Map(directions.map((d) => [d.slug, d])),
      directionById: new Map(directions.map((d) => [d.id, d])),
      branchByAlias: new Map(rows.map((b) => [b.alias, b])),
      branchById: new Map(rows.map((b) => [b.branchId, b])),
    };
  });
}

const CARD_COLUMNS = [
  'v.id', 'v.slug', 'v.title', 'v.city', 'v.lead', 'v.branch_id', 'v.direction_id', 'v.salary_from', 'v.salary_to', 'v.currency',
  'v.employment', 'v.schedule', 'v.published_at',
] as const;

/** Visible to visitors: published, and its date has come. */
function visibleVacancies(db: DB, at: Date) {
  return db.selectFrom('vacancies_vacancy as v').where('v.status', '=', 'published').where('v.published_at', '<=', at);
}

type CardRow = {
  id: number; slug: string; title: string; city: string; lead: string; branch_id: number; direction_id: number;
  salary_from: number | null; salary_to: number | null; currency: 'RUB' | 'KZT'; employment: keyof typeof EMPLOYMENT_LABELS; schedule: string; published_at: Date | null;
};

async function toCards(services: AppServices, rows: readonly CardRow[]): Promise<VacancyCard[]> {
  const [dir, regions] = await Promise.all([vacanciesDirectory(services), regionDirectory(services)]);
  const branchName = new Map(regions.branches.map((b) => [b.id, b.name]));
  return rows.flatMap((r) => {
    const branch = dir.branchById.get(r.branch_id);
    const direction = dir.directionById.get(r.direction_id);
    // A branch without its vacancies page (no alias) shows none: its vacancies would have no address.
    if (!branch || !direction) return [];
    return [{
      id: r.id, slug: r.slug, title: r.title, city: r.city, lead: r.lead,
      branch: { id: r.branch_id, name: branchName.get(r.branch_id) ?? r.city, alias: branch.alias },
      direction,
      salary: salaryText(r.salary_from, r.salary_to, r.currency),
      employment: EMPLOYMENT_LABELS[r.employment], schedule: r.schedule,
      link: vacancyLink(branch.alias, r.slug),
      publishedAt: r.published_at ? new Date(r.published_at).toISOString() : '',
    }];
  });
}

/**
 * `/vacancies`: every visible vacancy grouped by city, then by branch, with the filters' choices
 * (cities and directions that have vacancies). An unknown city or direction in the query is null:
 * the route answers 404.
 */
export async function vacanciesPage(services: AppServices, query: VacanciesQuery): Promise<VacanciesPage | null> {
  const dir = await vacanciesDirectory(services);
  const direction = query.direction ? dir.directionBySlug.get(query.direction) ?? null : null;
  if (query.direction && !direction) return null;
  const rows = await visibleVacancies(services.db, now()).select(CARD_COLUMNS)
    .orderBy('v.city').orderBy('v.branch_id').orderBy('v.published_at', 'desc').orderBy('v.id', 'desc').execute();
  const all = await toCards(services, rows);
  const cities = [...new Set(all.map((c) => c.city))].sort((a, b) => a.localeCompare(b, 'ru'));
  if (query.city && !cities.includes(query.city)) return null;
  const inCity = query.city ? all.filter((c) => c.city === query.city) : all;
  const shown = direction ? inCity.filter((c) => c.direction.id === direction.id) : inCity;
  const groups: VacanciesPage['groups'] = [];
  for (const card of shown) {
    let city = groups.find((g) => g.city === card.city);
    if (!city) groups.push((city = { city: card.city, branches: [] }));
    let branch = city.branches.find((b) => b.id === card.branch.id);
    if (!branch) city.branches.push((branch = { ...card.branch, vacancies: [] }));
    branch.vacancies.push(card);
  }
  groups.sort((a, b) => a.city.localeCompare(b.city, 'ru'));
  return {
    groups, total: shown.length, cities,
    directions: dir.directions.map((d) => ({ ...d, count: inCity.filter((c) => c.direction.id === d.id).length })),
    filter: { city: query.city ?? null, direction: direction?.slug ?? null },
  };
}

/**
 * `/vacancies/{alias}/{slug?}`: the alias names a branch (its vacancies page) or a direction; the
 * slug opens one of its visible vacancies. Null for an unknown alias, or a slug that is not one of
 * the alias's visible vacancies (404s).
 */
export async function vacancyAliasPage(services: AppServices, alias: string, slug: string | null): Promise<VacancyAliasPage | null> {
  const dir = await vacanciesDirectory(services);
  const direction = dir.directionBySlug.get(alias);
  const branch = direction ? undefined : dir.branchByAlias.get(alias);
  if (!direction && !branch) return null;
  let query = visibleVacancies(services.db, now());
  query = direction ? query.where('v.direction_id', '=', direction.id) : query.where('v.branch_id', '=', branch!.branchId);
  const rows = await query.select([...CARD_COLUMNS, 'v.duties', 'v.requirements', 'v.conditions', 'v.valid_through', 'v.updated_at'])
    .orderBy('v.city').orderBy('v.published_at', 'desc').orderBy('v.id', 'desc').execute();
  const cards = await toCards(services, rows);
  let active: VacancyDetails | null = null;
  if (slug !== null) {
    const row = rows.find((r) => r.slug === slug);
    const card = cards.find((c) => c.slug === slug);
    if (!row || !card) return null;
    const regions = await regionDirectory(services);
    active = {
      ...card,
      duties: linesOf(row.duties), requirements: linesOf(row.requirements), conditions: linesOf(row.conditions),
      salaryFrom: row.salary_from, salaryTo: row.salary_to, currency: row.currency, employmentCode: row.employment,
      validThrough: row.valid_through, branchAddress: regions.branches.find((b) => b.id === row.branch_id)?.address ?? '',
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }
  const regions = await regionDirectory(services);
  const branchRow = branch ? regions.branches.find((b) => b.id === branch.branchId) : undefined;
  return {
    alias: direction
      ? { kind: 'direction', slug: direction.slug, name: direction.name, city: null }
      : { kind: 'branch', slug: branch!.alias, name: branchRow?.name ?? branch!.alias, city: branchRow?.city ?? null },
    vacancies: cards,
    active,
  };
}

/** The sitemap's addresses: the list, each alias with vacancies, each visible vacancy. */
export async function vacanciesSitemapPaths(services: AppServices): Promise<string[]> {
  const rows = await visibleVacancies(services.db, now()).select(CARD_COLUMNS).execute();
  const cards = await toCards(services, rows);
  return [VACANCIES_PATH, ...new Set(cards.map((c) => aliasLink(c.branch.alias))), ...cards.map((c) => c.link)];
}

// ---- Applications ----

/** The application is open to guests: limits per network address keep it from flooding HR's mailboxes. */
export const APPLICATION_RATE_LIMITS = [
  { name: 'vacancy-application:ip:10min', limit: 5, windowMs: 10 * 60_000 },
  { name: 'vacancy-application:ip:day', limit: 20, windowMs: 24 * 60 * 60_000 },
];

/** A CV already in the storage (under a key of its own), checked by its content. */
export interface StoredCv { key: string; name: string; mime: string; size: number; sha256: string }

export type ApplyOutcome =
  | { ok: true; id: number; message: string }
  | { ok: false; code: 'unknown_vacancy'; message: string };

export const APPLY_STATUS = { unknown_vacancy: 404 } as const;

/**
 * Stores an application to a visible vacancy: the row (with the consent as the accounts record it:
 * the text version, the time, the address) and the jobs of both letters, in one transaction. The CV
 * is already stored; when this refuses or fails, the caller removes it, so no record is half-written.
 */
export async function applyToVacancy(ctx: RequestContext, input: ApplicationInput, cv: StoredCv): Promise<ApplyOutcome> {
  const { services } = ctx;
  const vacancy = await visibleVacancies(services.db, now()).select(['v.id', 'v.title', 'v.branch_id']).where('v.id', '=', input.vacancyId).executeTakeFirst();
  const dir = await vacanciesDirectory(services);
  const branch = vacancy ? dir.branchById.get(vacancy.branch_id) : undefined;
  if (!vacancy || !branch) return { ok: false, code: 'unknown_vacancy', message: VACANCY_MESSAGES.unknownVacancy };
  const regions = await regionDirectory(services);
  const branchName = regions.branches.find((b) => b.id === vacancy.branch_id)?.name ?? '';
  const id = await services.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('vacancies_application').values({
      vacancy_id: vacancy.id, branch_id: vacancy.branch_id, user_id: ctx.session?.userId ?? null,
      name: input.name, phone: input.phone, email: input.email || null, message: input.message,
      cv_key: cv.key, cv_name: cv.name, cv_mime: cv.mime, cv_size: cv.size, cv_sha256: cv.sha256,
      ip: ctx.ip, consent_text_version: CONSENT_TEXT_VERSION, deliver_to: branch.hrEmail,
    }).returning('id').executeTakeFirstOrThrow();
    await enqueueJob(trx, hrLetterJob, { applicationId: row.id }, { key: `vacancies.hr-letter:${row.id}` });
    if (input.email) await enqueueJob(trx, applicantLetterJob, { applicationId: row.id }, { key: `vacancies.applicant-letter:${row.id}` });
    return row.id;
  });
  return { ok: true, id, message: applicationThanks({ id, vacancyTitle: vacancy.title, branchName, email: Boolean(input.email) }) };
}

function letterRow(db: DB, id: number) {
  return db.selectFrom('vacancies_application as a').innerJoin('vacancies_vacancy as v', 'v.id', 'a.vacancy_id')
    .select(['a.id', 'a.branch_id', 'a.name', 'a.phone', 'a.email', 'a.message', 'a.cv_name', 'a.cv_size', 'a.created_at', 'a.deliver_to', 'v.title', 'v.slug'])
    .where('a.id', '=', id).executeTakeFirst();
}

/**
 * The letter to the branch's HR address, as a job (ADR 075): written from the row when it runs, sent
 * under the job's key, its delivery state written back. The CV is not attached: the letter links to
 * the application in the back-office, where HR downloads it (a CV is personal data; a mailbox
 * forwards what it holds).
 */
export const hrLetterJob = defineJobKind({
  kind: 'vacancies.hr-letter',
  label: 'Письмо HR об отклике на вакансию',
  payload: z.object({ applicationId: z.number().int().positive() }),
  ...LETTER_JOB_POLICY,
  async run(services, { applicationId }, job) {
    const row = await letterRow(services.db, applicationId);
    if (!row) return;
    const { branches } = await regionDirectory(services);
    const letter = hrLetter({
      id: row.id, vacancyTitle: row.title, branchName: branches.find((b) => b.id === row.branch_id)?.name ?? '',
      name: row.name, phone: row.phone, email: row.email, message: row.message, cvName: row.cv_name, cvSize: formatBytes(row.cv_size),
      createdAt: new Date(row.created_at), adminUrl: `${services.config.PUBLIC_ORIGIN}/admin/vacancies/applications/${row.id}`,
    });
    await services.providers.mail.send({ to: row.deliver_to, subject: letter.subject, text: letter.text, staff: true, idempotencyKey: job.key });
    await services.db.updateTable('vacancies_application').set({ delivery_state: 'sent', delivery_error: null }).where('id', '=', row.id).execute();
  },
  async failed(services, { applicationId }, _job, error) {
    await services.db.updateTable('vacancies_application').set({ delivery_state: 'failed', delivery_error: error.slice(0, 500) }).where('id', '=', applicationId).execute();
  },
});

/** The applicant's confirmation (when he gave an e-mail). */
export const applicantLetterJob = defineJobKind({
  kind: 'vacancies.applicant-letter',
  label: 'Подтверждение отклика соискателю',
  payload: z.object({ applicationId: z.number().int().positive() }),
  ...LETTER_JOB_POLICY,
  async run(services, { applicationId }, job) {
    const row = await letterRow(services.db, applicationId);
    if (!row?.email) return;
    const [{ branches }, dir] = await Promise.all([regionDirectory(services), vacanciesDirectory(services)]);
    const alias = dir.branchById.get(row.branch_id)?.alias;
    const letter = applicantLetter({
      id: row.id, vacancyTitle: row.title, branchName: branches.find((b) => b.id === row.branch_id)?.name ?? '', name: row.name,
      vacancyUrl: `${services.config.PUBLIC_ORIGIN}${alias ? vacancyLink(alias, row.slug) : VACANCIES_PATH}`,
    });
    await services.providers.mail.send({ to: row.email, subject: letter.subject, text: letter.text, idempotencyKey: job.key });
  },
});

// ---- HR's side ----

export const APPLICATIONS_PAGE_SIZE = 30;

type ApplicationRow = {
  id: number; vacancy_id: number; branch_id: number; name: string; phone: string; email: string | null; message: string;
  cv_name: string; cv_size: number; cv_mime: string; status: VacancyApplicationStatus; delivery_state: 'pending' | 'sent' | 'failed'; created_at: Date;
  title: string; slug: string; vacancy_status: 'draft' | 'published'; published_at: Date | null; vacancy_branch_id: number;
};

async function toApplicationViews(services: AppServices, rows: readonly ApplicationRow[]): Promise<ApplicationView[]> {
  const [dir, regions] = await Promise.all([vacanciesDirectory(services), regionDirectory(services)]);
  const at = now();
  return rows.map((r) => {
    const alias = dir.branchById.get(r.vacancy_branch_id)?.alias;
    const visible = r.vacancy_status === 'published' && r.published_at !== null && r.published_at <= at;
    return {
      id: r.id,
      vacancy: { id: r.vacancy_id, title: r.title, link: visible && alias ? vacancyLink(alias, r.slug) : null },
      branch: { id: r.branch_id, name: regions.branches.find((b) => b.id === r.branch_id)?.name ?? '' },
      name: r.name, phone: r.phone, email: r.email, message: r.message,
      cv: { name: r.cv_name, size: r.cv_size, mime: r.cv_mime },
      status: r.status, deliveryState: r.delivery_state, createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

function applicationsQuery(db: DB, branchId: number | null) {
  let q = db.selectFrom('vacancies_application as a').innerJoin('vacancies_vacancy as v', 'v.id', 'a.vacancy_id')
    .select([
      'a.id', 'a.vacancy_id', 'a.branch_id', 'a.name', 'a.phone', 'a.email', 'a.message', 'a.cv_name', 'a.cv_size', 'a.cv_mime', 'a.status',
      'a.delivery_state', 'a.created_at', 'v.title', 'v.slug', 'v.status as vacancy_status', 'v.published_at', 'v.branch_id as vacancy_branch_id',
    ]);
  if (branchId !== null) q = q.where('a.branch_id', '=', branchId);
  return q;
}

/**
 * The applications HR sees, newest first, a page at a time: of the staff member's branch (null: every
 * branch, an administrator's), in one state or all.
 */
export async function listApplications(services: AppServices, scope: { branchId: number | null }, filter: { status?: VacancyApplicationStatus; page: number }): Promise<{ rows: ApplicationView[]; hasNext: boolean }> {
  let q = applicationsQuery(services.db, scope.branchId);
  if (filter.status) q = q.where('a.status', '=', filter.status);
  const rows = await q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc')
    .limit(APPLICATIONS_PAGE_SIZE + 1).offset((filter.page - 1) * APPLICATIONS_PAGE_SIZE).execute();
  return { rows: await toApplicationViews(services, rows.slice(0, APPLICATIONS_PAGE_SIZE)), hasNext: rows.length > APPLICATIONS_PAGE_SIZE };
}

/** One application within the staff member's branch; null: none (or another branch's). */
export async function applicationFor(services: AppServices, scope: { branchId: number | null }, id: number): Promise<ApplicationView | null> {
  const row = await applicationsQuery(services.db, scope.branchId).where('a.id', '=', id).executeTakeFirst();
  return row ? (await toApplicationViews(services, [row]))[0]! : null;
}

/** The CV of an application within the staff member's branch, as a stream; null: none. */
export async function openApplicationCv(services: AppServices, scope: { branchId: number | null }, id: number): Promise<{ name: string; mime: string; file: OpenedObject } | null> {
  let q = services.db.selectFrom('vacancies_application').select(['cv_key', 'cv_name', 'cv_mime']).where('id', '=', id);
  if (scope.branchId !== null) q = q.where('branch_id', '=', scope.branchId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const file = await applicationStorage(services.config).open(row.cv_key);
  return file ? { name: row.cv_name, mime: row.cv_mime, file } : null;
}

/** Counts of applications by state, for the list's filter (within the scope). */
export async function applicationCounts(services: AppServices, scope: { branchId: number | null }): Promise<Record<VacancyApplicationStatus, number>> {
  let q = services.db.selectFrom('vacancies_application').select(['status', sql<number>`count(*)::int`.as('n')]).groupBy('status');
  if (scope.branchId !== null) q = q.where('branch_id', '=', scope.branchId);
  const rows = await q.execute();
  const counts = { new: 0, in_review: 0, invited: 0, rejected: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
