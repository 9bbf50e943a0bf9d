import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { CONSENT_TEXT_VERSION } from '#app/modules/auth/users.server.ts';
import { testClient } from '../../../server/test-client.ts';
import { jobPostingJsonLd } from './vacancies.rules.ts';
import { vacancyInput } from './vacancies.schema.ts';
import { applicationFor, listApplications, vacanciesPage, vacanciesSitemapPaths, vacancyAliasPage } from './vacancies.server.ts';
import {
  branchesForHr, changeApplicationStatus, compareVacancyVersions, restoreVacancyVersion, saveBranchHr, saveVacancy, vacancyForEditing, vacancyVersions,
} from './vacancies-editing.server.ts';

/*
 * The vacancies (ADR 092) on both engines: what visitors see (published, its time come), the list's
 * filters and groups, the aliases; the application with its CV through the API — checked by content,
 * one file, limited in size and per address, nothing left of a refused one — its letters as jobs, and
 * HR's side within a branch.
 */

let t: TestDatabase;
let dir: string;
const editor = { userId: 0, name: 'Ольга Редактор' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vacancies-'));
  t = await createTestDatabase({ APPLICATIONS_DIR: dir, TRUST_PROXY: 'true', PUBLIC_ORIGIN: 'https://shop.example' });
  editor.userId = (await t.db.insertInto('auth_user').values({ name: editor.name, email: 'vacancies-editor@agro.test' }).returning('id').executeTakeFirstOrThrow()).id;
}, 120_000);
afterAll(async () => {
  resetClock();
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

async function filesOnDisk(): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string) {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(join(d, e.name)); else out.push(join(d, e.name).slice(dir.length + 1));
    }
  }
  await walk(dir);
  return out.sort();
}

const form = (values: Partial<Record<string, string>>) => vacancyInput.parse({
  branchId: '1', directionId: '1', title: 'Тестовая вакансия', slug: '', city: '', lead: 'Коротко', salaryFrom: '', salaryTo: '', employment: 'full_time',
  schedule: '5/2', duties: 'Первое\nВторое', requirements: '', conditions: '', publishedAt: '', validThrough: '', ...values,
});

describe('what visitors see', () => {
  it('groups the demo vacancies by city and branch, filters by city and direction, and refuses unknown ones', async () => {
    const page = (await vacanciesPage(t.services, {}))!;
    expect(page.total).toBeGreaterThanOrEqual(9);
    expect(page.groups.map((g) => g.city)).toEqual([...page.groups.map((g) => g.city)].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(page.cities).toEqual(expect.arrayContaining(['Смоленск', 'Динская', 'Аксай', 'Воронеж', 'Астана']));
    const smolensk = page.groups.find((g) => g.city === 'Смоленск')!;
    expect(smolensk.branches.map((b) => [b.name, b.alias])).toEqual([['Смоленск', 'smolensk']]);
    expect(smolensk.branches[0]!.vacancies.map((v) => v.title)).toContain('Сервисный инженер по тракторам');
    // The demo's draft is nobody's to see.
    expect(page.groups.flatMap((g) => g.branches.flatMap((b) => b.vacancies.map((v) => v.slug)))).not.toContain('zakupshik-voronezh');
    const engineer = smolensk.branches[0]!.vacancies.find((v) => v.slug === 'inzhener-servisa-smolensk')!;
    expect(engineer).toMatchObject({ link: '/vacancies/smolensk/inzhener-servisa-smolensk', salary: '90\u00a0000 – 140\u00a0000\u00a0руб.', direction: { slug: 'servis' } });
    const astana = page.groups.find((g) => g.city === 'Астана')!.branches[0]!.vacancies[0]!;
    expect(astana.salary).toBe('400\u00a0000 – 700\u00a0000\u00a0₸');

    const inCity = (await vacanciesPage(t.services, { city: 'Аксай' }))!;
    expect(inCity.groups.map((g) => g.city)).toEqual(['Аксай']);
    expect(inCity.directions.find((d) => d.slug === 'prodazhi')!.count).toBe(1);
    const service = (await vacanciesPage(t.services, { direction: 'servis' }))!;
    expect(service.total).toBeGreaterThanOrEqual(4);
    expect(service.groups.flatMap((g) => g.branches.flatMap((b) => b.vacancies)).every((v) => v.direction.slug === 'servis')).toBe(true);
    const both = (await vacanciesPage(t.services, { city: 'Смоленск', direction: 'ofis' }))!;
    expect(both.groups.flatMap((g) => g.branches.flatMap((b) => b.vacancies.map((v) => v.slug)))).toEqual(['buhgalter-smolensk']);
    const none = (await vacanciesPage(t.services, { city: 'Астана', direction: 'servis' }))!;
    expect(none.total).toBe(0);
    expect(none.groups).toEqual([]);

    expect(await vacanciesPage(t.services, { city: 'Марс' })).toBeNull();
    expect(await vacanciesPage(t.services, { direction: 'kosmos' })).toBeNull();
  });

  it('opens a branch\'s list, a direction\'s list and a vacancy in them; anything else is null (a 404)', async () => {
    const branch = (await vacancyAliasPage(t.services, 'smolensk', null))!;
    expect(branch.alias).toEqual({ kind: 'branch', slug: 'smolensk', name: 'Смоленск', city: 'Смоленск' });
    expect(branch.vacancies.map((v) => v.slug).sort()).toEqual(['buhgalter-smolensk', 'inzhener-servisa-smolensk', 'menedzher-po-prodazham-tehniki-smolensk']);
    expect(branch.active).toBeNull();
    const direction = (await vacancyAliasPage(t.services, 'zapchasti', null))!;
    expect(direction.alias).toMatchObject({ kind: 'direction', name: 'Запчасти и склад' });
    expect(direction.vacancies.map((v) => v.slug)).toEqual(['kladovshik-krasnodar']);

    const opened = (await vacancyAliasPage(t.services, 'smolensk', 'inzhener-servisa-smolensk'))!;
    expect(opened.active).toMatchObject({
      title: 'Сервисный инженер по тракторам', duties: expect.arrayContaining(['Гарантийное и плановое техническое обслуживание']),
      salaryFrom: 9_000_000, salaryTo: 14_000_000, currency: 'RUB', branchAddress: 'ул. Шевченко, 92',
    });
    // Opened from its direction's list, it is the same vacancy (its address stays the branch's).
    expect((await vacancyAliasPage(t.services, 'servis', 'inzhener-servisa-smolensk'))!.active!.link).toBe('/vacancies/smolensk/inzhener-servisa-smolensk');

    expect(await vacancyAliasPage(t.services, 'nowhere', null)).toBeNull();
    expect(await vacancyAliasPage(t.services, 'smolensk', 'no-such-vacancy')).toBeNull();
    // Another branch's vacancy, another direction's, a draft.
    expect(await vacancyAliasPage(t.services, 'smolensk', 'kladovshik-krasnodar')).toBeNull();
    expect(await vacancyAliasPage(t.services, 'prodazhi', 'inzhener-servisa-smolensk')).toBeNull();
    expect(await vacancyAliasPage(t.services, 'voronezh', 'zakupshik-voronezh')).toBeNull();
  });

  it('lists the list, the branches\' lists and the visible vacancies in the sitemap', async () => {
    const paths = await vacanciesSitemapPaths(t.services);
    expect(paths).toEqual(expect.arrayContaining(['/vacancies', '/vacancies/smolensk', '/vacancies/astana', '/vacancies/smolensk/inzhener-servisa-smolensk']));
    expect(paths.some((p) => p.endsWith('/zakupshik-voronezh'))).toBe(false);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('describes a vacancy as schema.org JobPosting with its salary, place and text', async () => {
    const { active } = (await vacancyAliasPage(t.services, 'smolensk', 'inzhener-servisa-smolensk'))!;
    const ld = jobPostingJsonLd(active!, 'https://shop.example', 'Агротехника');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org', '@type': 'JobPosting', title: 'Сервисный инженер по тракторам', employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Агротехника' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Смоленск', addressCountry: 'RU' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'RUB', value: { minValue: 90_000, maxValue: 140_000, unitText: 'MONTH' } },
      url: 'https://shop.example/vacancies/smolensk/inzhener-servisa-smolensk',
    });
    expect(ld.description).toContain('<li>Гарантийное и плановое техническое обслуживание</li>');
    expect(ld.datePosted).toBe(active!.publishedAt);
  });

  it('keeps a draft and a scheduled vacancy from visitors until published and its time comes; every save is audited', async () => {
    const draft = await saveVacancy(t.services, editor, 'new', form({ title: 'Сварщик', slug: 'svarshik-test' }), 'save', '10.0.0.1');
    expect(draft).toMatchObject({ ok: true, state: 'draft' });
    expect(await vacancyAliasPage(t.services, 'smolensk', 'svarshik-test')).toBeNull();
    const id = draft.ok ? draft.id : 0;
    const later = new Date(now().getTime() + 2 * 3_600_000);
    const local = new Date(later.getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
    expect(await saveVacancy(t.services, editor, id, form({ title: 'Сварщик', slug: 'svarshik-test', publishedAt: local, salaryFrom: '70 000' }), 'publish', null))
      .toMatchObject({ ok: true, state: 'scheduled' });
    expect(await vacancyAliasPage(t.services, 'smolensk', 'svarshik-test')).toBeNull();
    try {
      advanceClock(3 * 3_600_000);
      const shown = (await vacancyAliasPage(t.services, 'smolensk', 'svarshik-test'))!;
      expect(shown.active).toMatchObject({ title: 'Сварщик', city: 'Смоленск', salary: 'от 70\u00a0000\u00a0руб.', duties: ['Первое', 'Второе'] });
    } finally {
      resetClock();
    }
    expect(await saveVacancy(t.services, editor, 'new', form({ title: 'Другой', slug: 'svarshik-test' }), 'save', null))
      .toEqual({ ok: false, code: 'invalid', errors: { slug: 'Такой адрес уже есть у другой вакансии' } });
    expect(await saveVacancy(t.services, editor, 'new', form({ branchId: '9' }), 'save', null))
      .toMatchObject({ ok: false, errors: { branchId: 'Выберите филиал' } });
    expect(await saveVacancy(t.services, editor, 'new', form({ directionId: '99' }), 'save', null))
      .toMatchObject({ ok: false, errors: { directionId: 'Выберите направление' } });
    expect(vacancyInput.safeParse({ ...form({}), salaryFrom: '100', salaryTo: '50' }).success).toBe(false);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_name']).where('entity', '=', 'vacancy').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'vacancy.create', actor_name: 'Ольга Редактор' }, { action: 'vacancy.publish', actor_name: 'Ольга Редактор' }]);
  });
});

// ---- Applications through the API ----

type Client = ReturnType<typeof testClient>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of many shapes are checked field by field
type Answer = Record<string, any>;
type FileSpec = { name: string; bytes: Uint8Array; field?: string; type?: string };

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const RTF = new TextEncoder().encode('{\\rtf1\\ansi Резюме}');
const EXE = (() => { const b = new Uint8Array(512); b.set([0x4d, 0x5a, 0x90, 0x00]); b.set([0x50, 0x45, 0, 0], 128); b[60] = 128; return b; })();

let ipN = 0;
const freshIp = () => `10.31.${Math.floor(++ipN / 200)}.${ipN % 200 + 1}`;

async function apply(client: Client, fields: Record<string, string>, files: FileSpec[], ip = freshIp()) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/csrf-token');
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const f of files) data.append(f.field ?? 'cv', new Blob([f.bytes as BlobPart], { type: f.type ?? 'application/pdf' }), f.name);
  // The form as bytes, as a browser sends it.
  const encoded = new Response(data);
  const headers: Record<string, string> = {
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
    'x-forwarded-for': ip,
    'content-type': encoded.headers.get('content-type')!,
  };
  const res = await client.app.request('/api/vacancies/apply', { method: 'POST', headers, body: new Uint8Array(await encoded.arrayBuffer()) });
  return { status: res.status, json: await res.json() as Answer };
}

let vacancyId: number;
const fieldsOf = (extra: Record<string, string> = {}) => ({
  vacancyId: String(vacancyId), name: 'Иван Петров', phone: '+7 (920) 111-22-33', email: 'ivan@agro.test', message: 'Работал механиком 5 лет', acceptGDPR: 'true', ...extra,
});
const applications = async () => (await t.db.selectFrom('vacancies_application').select('id').execute()).length;

describe('POST /api/vacancies/apply', () => {
  beforeAll(async () => {
    vacancyId = (await t.db.selectFrom('vacancies_vacancy').select('id').where('slug', '=', 'mehanik-kombajnov-krasnodar').executeTakeFirstOrThrow()).id;
  });

  it('stores the application with its CV and the consent, e-mails the branch\'s HR and confirms to the applicant', async () => {
    const client = testClient(t.services);
    const ip = freshIp();
    const res = await apply(client, fieldsOf(), [{ name: 'резюме Петров.pdf', bytes: PDF }], ip);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(`Отклик № ${res.json.id} на вакансию «Механик по ремонту комбайнов» отправлен в филиал «Краснодар (Динская)». Специалист по персоналу свяжется с вами; подтверждение отправлено на ваш e-mail.`);
    const row = await t.db.selectFrom('vacancies_application').selectAll().where('id', '=', res.json.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      vacancy_id: vacancyId, branch_id: 2, name: 'Иван Петров', phone: '79201112233', email: 'ivan@agro.test', message: 'Работал механиком 5 лет',
      cv_name: 'резюме Петров.pdf', cv_mime: 'application/pdf', cv_size: PDF.byteLength, ip, consent_text_version: CONSENT_TEXT_VERSION,
      status: 'new', delivery_state: 'pending', deliver_to: 'hr.krasnodar@agro.test'.replace('agro.test', 'agrotechnika.example'),
    });
    expect(row.cv_key).toMatch(/^cv\/[0-9a-f-]{36}$/);
    expect(await filesOnDisk()).toEqual([row.cv_key]);

    expect(await runDueJobs(t.services)).toMatchObject({ done: 2 });
    const hr = await t.db.selectFrom('auth_outbox').select(['subject', 'body']).where('recipient', '=', 'hr.krasnodar@agrotechnika.example').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(hr.subject).toBe(`Отклик на вакансию «Механик по ремонту комбайнов» № ${row.id}`);
    expect(hr.body).toContain('Телефон: +79201112233');
    expect(hr.body).toContain(`Резюме: резюме Петров.pdf (${PDF.byteLength} байт) — скачать в бэк-офисе: https://shop.example/admin/vacancies/applications/${row.id}`);
    const own = await t.db.selectFrom('auth_outbox').select(['subject', 'body']).where('recipient', '=', 'ivan@agro.test').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(own.subject).toBe('Ваш отклик на вакансию «Механик по ремонту комбайнов» получен');
    expect(own.body).toContain('https://shop.example/vacancies/krasnodar/mehanik-kombajnov-krasnodar');
    expect((await t.db.selectFrom('vacancies_application').select('delivery_state').where('id', '=', row.id).executeTakeFirstOrThrow()).delivery_state).toBe('sent');
  });

  it('takes an RTF; without an e-mail, no confirmation is written', async () => {
    const before = (await t.db.selectFrom('auth_outbox').select('id').execute()).length;
    const res = await apply(testClient(t.services), fieldsOf({ email: '' }), [{ name: 'cv.rtf', bytes: RTF, type: 'application/rtf' }]);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).not.toContain('подтверждение');
    expect(await t.db.selectFrom('vacancies_application').select(['cv_mime', 'cv_name']).where('id', '=', res.json.id).executeTakeFirstOrThrow())
      .toEqual({ cv_mime: 'application/rtf', cv_name: 'cv.rtf' });
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    expect((await t.db.selectFrom('auth_outbox').select('id').execute()).length).toBe(before + 1);
  });

  it('refuses an executable renamed .pdf, a CV too large, two files, none, bad fields and a closed vacancy — leaving nothing behind', async () => {
    const client = testClient(t.services);
    const count = await applications();
    const files = await filesOnDisk();

    const exe = await apply(client, fieldsOf(), [{ name: 'резюме.pdf', bytes: EXE }]);
    expect(exe).toMatchObject({ status: 415, json: { error_status: 'error', message: 'Файл «резюме.pdf» не похож на резюме: принимаются PDF, DOC, DOCX, RTF и ODT. Проверьте, что файл не переименован из другого формата' } });
    expect(exe.json.fields).toEqual({ cv: exe.json.message });

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    expect(await apply(client, fieldsOf(), [{ name: 'big.pdf', bytes: big }])).toMatchObject({ status: 413, json: { message: 'Файл слишком большой: не более 10 МБ' } });
    expect(await apply(client, fieldsOf(), [{ name: 'a.pdf', bytes: PDF }, { name: 'b.pdf', bytes: PDF }])).toMatchObject({ status: 413, json: { message: 'Приложите один файл резюме' } });
    expect(await apply(client, fieldsOf(), [])).toMatchObject({ status: 400, json: { message: 'Приложите резюме: файл PDF, DOC, DOCX, RTF или ODT' } });
    expect(await apply(client, fieldsOf(), [{ name: 'empty.pdf', bytes: new Uint8Array(0) }])).toMatchObject({ status: 400, json: { message: 'Файл резюме пустой. Выберите другой файл' } });
    expect(await apply(client, fieldsOf(), [{ name: 'photo.pdf', bytes: PDF, field: 'photo' }])).toMatchObject({ status: 400 });

    const noConsent = await apply(client, fieldsOf({ acceptGDPR: '' }), [{ name: 'cv.pdf', bytes: PDF }]);
    expect(noConsent.status).toBe(400);
    expect(noConsent.json.fields.acceptGDPR).toMatch(/согласие/i);
    expect((await apply(client, fieldsOf({ phone: '123' }), [{ name: 'cv.pdf', bytes: PDF }])).status).toBe(400);
    expect((await apply(client, fieldsOf({ name: 'Иван\u0000' }), [{ name: 'cv.pdf', bytes: PDF }])).status).toBe(400);
    expect((await apply(client, fieldsOf({ vacancyId: 'abc' }), [{ name: 'cv.pdf', bytes: PDF }])).json.message).toBe('Не указана вакансия');

    const draft = (await t.db.selectFrom('vacancies_vacancy').select('id').where('slug', '=', 'zakupshik-voronezh').executeTakeFirstOrThrow()).id;
    expect(await apply(client, fieldsOf({ vacancyId: String(draft) }), [{ name: 'cv.pdf', bytes: PDF }]))
      .toMatchObject({ status: 404, json: { message: 'Эта вакансия уже закрыта или снята с публикации. Обновите страницу' } });
    expect((await apply(client, fieldsOf({ vacancyId: '999999' }), [{ name: 'cv.pdf', bytes: PDF }])).status).toBe(404);

    expect(await applications()).toBe(count);
    expect(await filesOnDisk()).toEqual(files);
  });

  it('limits the applications per address; refused attempts do not count', async () => {
    const client = testClient(t.services);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await apply(client, fieldsOf(), [{ name: 'x.pdf', bytes: EXE }], ip)).status).toBe(415);
    for (let i = 0; i < 5; i++) expect((await apply(client, fieldsOf(), [{ name: 'cv.pdf', bytes: PDF }], ip)).status).toBe(200);
    const refused = await apply(client, fieldsOf(), [{ name: 'cv.pdf', bytes: PDF }], ip);
    expect(refused).toMatchObject({ status: 429, json: { message: 'Вы отправили слишком много откликов. Попробуйте ещё раз позже или позвоните в филиал' } });
    // Another address is not held back.
    expect((await apply(client, fieldsOf(), [{ name: 'cv.pdf', bytes: PDF }])).status).toBe(200);
    await runDueJobs(t.services);
  });
});

describe('HR\'s side', () => {
  it('sees the applications of his branch only, and moves one from the state he saw, audited', async () => {
    const krasnodar = await listApplications(t.services, { branchId: 2 }, { page: 1 });
    expect(krasnodar.rows.length).toBeGreaterThanOrEqual(2);
    expect(krasnodar.rows.every((r) => r.branch.id === 2 && r.vacancy.title === 'Механик по ремонту комбайнов')).toBe(true);
    expect((await listApplications(t.services, { branchId: 1 }, { page: 1 })).rows).toEqual([]);
    const id = krasnodar.rows.at(-1)!.id;
    expect(await applicationFor(t.services, { branchId: 1 }, id)).toBeNull();
    expect(await applicationFor(t.services, { branchId: null }, id)).toMatchObject({ id, status: 'new', cv: { mime: 'application/pdf' } });

    const hr = { userId: editor.userId, name: 'Мария Кадровик', branchId: 2 };
    expect(await changeApplicationStatus(t.services, { ...hr, branchId: 1 }, id, { from: 'new', status: 'in_review' }, null)).toMatchObject({ ok: false, code: 'not_found' });
    expect(await changeApplicationStatus(t.services, hr, id, { from: 'new', status: 'invited' }, null)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await changeApplicationStatus(t.services, hr, id, { from: 'new', status: 'in_review' }, '10.0.0.2')).toEqual({ ok: true });
    // Someone else's move, made meanwhile from the state he saw, is refused.
    expect(await changeApplicationStatus(t.services, hr, id, { from: 'new', status: 'rejected' }, null)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await changeApplicationStatus(t.services, hr, id, { from: 'in_review', status: 'invited' }, null)).toEqual({ ok: true });
    expect((await applicationFor(t.services, { branchId: 2 }, id))!.status).toBe('invited');
    expect((await listApplications(t.services, { branchId: 2 }, { status: 'invited', page: 1 })).rows.map((r) => r.id)).toEqual([id]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('entity', '=', 'vacancy_application').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['application.status', { status: 'new' }, { status: 'in_review' }],
      ['application.status', { status: 'in_review' }, { status: 'invited' }],
    ]);
  });

  it('sets a branch\'s vacancies page and HR address within his branch; a taken slug or another branch is refused', async () => {
    expect((await branchesForHr(t.services, { branchId: 2 })).map((b) => [b.branchId, b.alias, b.hrEmail])).toEqual([[2, 'krasnodar', 'hr.krasnodar@agrotechnika.example']]);
    const all = await branchesForHr(t.services, { branchId: null });
    const without = all.find((b) => b.alias === '')!;
    const hr = { userId: editor.userId, name: 'Мария Кадровик', branchId: without.branchId };
    expect(await saveBranchHr(t.services, hr, { branchId: 2, alias: 'krasnodar', hrEmail: 'x@agro.test' }, null)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await saveBranchHr(t.services, hr, { branchId: without.branchId, alias: 'smolensk', hrEmail: 'x@agro.test' }, null))
      .toEqual({ ok: false, code: 'invalid', errors: { alias: 'Такой адрес списка уже занят другим филиалом или направлением' } });
    expect(await saveBranchHr(t.services, hr, { branchId: without.branchId, alias: 'servis', hrEmail: 'x@agro.test' }, null)).toMatchObject({ ok: false, code: 'invalid' });
    expect(await saveBranchHr(t.services, hr, { branchId: without.branchId, alias: 'novyj-filial', hrEmail: 'hr.new@agro.test' }, '10.0.0.3')).toEqual({ ok: true });
    expect(await vacancyAliasPage(t.services, 'novyj-filial', null)).toMatchObject({ alias: { kind: 'branch', name: without.name }, vacancies: [] });
    expect(await saveBranchHr(t.services, { ...hr, branchId: null }, { branchId: without.branchId, alias: 'novyj-filial', hrEmail: 'hr.other@agro.test' }, null)).toEqual({ ok: true });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('action', '=', 'vacancy_branch.update').where('entity_id', '=', String(without.branchId)).orderBy('id').execute();
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [{ alias: null, hrEmail: null }, { alias: 'novyj-filial', hrEmail: 'hr.new@agro.test' }],
      [{ hrEmail: 'hr.new@agro.test' }, { hrEmail: 'hr.other@agro.test' }],
    ]);
  });

  it('moves an application once when several HR press at once (real parallelism on PostgreSQL)', async () => {
    const id = (await listApplications(t.services, { branchId: 2 }, { status: 'new', page: 1 })).rows[0]!.id;
    const presses = Array.from({ length: 6 }, (_, i) => ({ userId: editor.userId, name: `Кадровик ${i}`, branchId: 2 }));
    const results = await Promise.all(presses.map((hr, i) => changeApplicationStatus(t.services, hr, id, { from: 'new', status: i % 2 ? 'rejected' : 'in_review' }, null)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(5).fill('conflict'));
    const audit = await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'vacancy_application').where('entity_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
  }, 60_000);
});

describe('a vacancy\'s versions (ADR 100)', () => {
  it('records one per save and publication, compares them, restores one; another vacancy\'s number is not found', async () => {
    const created = await saveVacancy(t.services, editor, 'new', form({ title: 'Токарь', slug: 'tokar-versii', duties: 'Точить детали.' }), 'save', null);
    if (!created.ok) throw new Error('not saved');
    await saveVacancy(t.services, editor, created.id, form({ title: 'Токарь 5 разряда', slug: 'tokar-versii', duties: 'Точить детали на станках ЧПУ.' }), 'publish', null);
    const other = await saveVacancy(t.services, editor, 'new', form({ title: 'Фрезеровщик', slug: 'frezerovshik-versii' }), 'save', null);
    if (!other.ok) throw new Error('not saved');

    expect((await vacancyVersions(t.services, created.id)).map((v) => [v.version, v.published])).toEqual([[2, true], [1, false]]);
    const compared = await compareVacancyVersions(t.services, created.id, 1, 2);
    expect(compared!.changes.map((c) => c.field)).toEqual(['title', 'duties', 'publishedAt']);
    expect(compared!.changes[1]!.parts.filter((p) => p.op === 'ins').map((p) => p.text).join('')).toContain('станках ЧПУ');

    expect(await compareVacancyVersions(t.services, other.id, 1, 2)).toBeNull();
    expect(await restoreVacancyVersion(t.services, editor, other.id, 2, null)).toEqual({ ok: false, code: 'not_found' });

    expect(await restoreVacancyVersion(t.services, editor, created.id, 1, null)).toMatchObject({ ok: true, state: 'published' });
    expect((await vacancyForEditing(t.services, created.id))!.values).toMatchObject({ title: 'Токарь', duties: 'Точить детали.' });
    expect((await vacancyVersions(t.services, created.id))[0]).toMatchObject({ version: 3, restoredFrom: 1 });
  });
});
