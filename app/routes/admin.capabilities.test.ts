import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { ADMIN_SECTIONS, type AdminHandle } from '#app/layout/admin-sections.ts';
import { CAPABILITIES, ROLES, can, type Role } from '#app/modules/auth/capabilities.rules.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { testClient } from '../../server/test-client.ts';
import { importOffer } from '#app/modules/offers/offers.server.ts';
import example from '../../docs/examples/offer-import.json';
import routes from '../routes.ts';
import * as suppliersHome from './suppliers._index.tsx';
import * as suppliersLayout from './suppliers.layout.tsx';
import * as suppliersMails from './suppliers.mails.tsx';
import * as suppliersNotFound from './suppliers.not-found.tsx';

/*
 * The capability table (app/modules/auth/capabilities.rules.ts), tested route by route for every
 * role. The routes are read from routes.ts and each screen's capability from its own `handle`, so a
 * screen added under /admin is in this test without anyone adding it here.
 */

const modules = import.meta.glob<Record<string, unknown>>(['./admin.*.tsx', './suppliers.admin*.tsx']);
/** The areas drawn by the back-office's layout: /admin and /suppliers/admin (ADR 091); /kp's editor opens one offer by its hash and has its own tests. */
const areas = (routes as RouteConfigEntry[]).filter((r) => r.file === 'routes/admin.layout.tsx' && r.id !== 'kp');
const screens = areas.flatMap((area) => (area.children ?? []).map((screen) => ({ ...screen, area })));

let t: TestDatabase;
let userId: number;
const cookies = new Map<Role | 'customer', string>();
let build: ReturnType<typeof fakeServerBuild>;
const ORDER = 'АГ-2026-777777';
let offerHash = '';

async function signIn(role: Role | 'customer'): Promise<string> {
  const email = `cap-${role}@agro.test`;
  const id = await createUser(t.db, { name: `Проверка ${role}`, email, password: 'secret1', emailVerified: true });
  if (role !== 'customer') await setRole(t.db, id, role);
  const client = testClient(t.services);
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  userId = id;
  return `sid=${client.cookies.get('sid')}`;
}

const load = async (file: string) => {
  const key = `./${file.replace(/^routes\//, '')}`;
  const loadModule = modules[key];
  if (!loadModule) throw new Error(`${file}: not found by the test's glob`);
  return loadModule();
};

beforeAll(async () => {
  t = await createTestDatabase();
  for (const role of ['customer', ...ROLES] as const) cookies.set(role, await signIn(role));
  // An order of the head office's scope for the screens that show one.
  const branch = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  await t.db.insertInto('orders_order').values({
    number: ORDER, user_id: userId, session_id: null, name: 'Покупатель', phone: '79120000000', email: 'buyer@agro.test', branch_id: branch.id,
    delivery_method: 'pickup', delivery_address: null, delivery_terminal: null, delivery_carrier: null, currency: 'RUB', items_total: 100, total: 100,
  }).execute();
  // A request of the same branch, numbered as the screens' `:id` is (the user's id): the request's screen shows it.
  await t.db.insertInto('leads_request').values({
    id: userId, kind: 'service', details: JSON.stringify({ serial: '', problem: 'Не заводится' }), model_id: null, model_name: 'МТЗ-82', model_code: null, page_url: null,
    branch_id: branch.id, user_id: null, name: 'Посетитель', phone: '79120000000', email: null, comment: '', ip: null, consent_text_version: '1',
    delivery_state: 'sent', deliver_to: 'branch@agro.test',
  }).execute();
  // A promotion numbered the same way, and a page's slug for the screens whose path ends in '*'.
  await t.db.insertInto('content_promotion').values({ id: userId, title: 'Акция', text: 'Условия', link: '/akcii', badge: '−5 %', starts_on: '2026-01-01', ends_on: '2026-12-31', sort: 0 }).execute();
  // A financing programme numbered the same way.
  await t.db.insertInto('financing_programme').values({ id: userId, kind: 'leasing', name: 'Проверка прав', country_code: 'RU', currency: 'RUB' }).execute();
  await t.db.insertInto('financing_terms').values({ programme_id: userId, from_date: '2026-01-01', annual_rate_bp: 1200, min_term_months: 12, max_term_months: 60, min_advance_percent: 10 }).execute();
  // An article (the demo's of that number, or one of its own): the article's screen shows it.
  await t.db.insertInto('blog_article').values({ id: userId, type_id: 1, slug: 'proverka-prav', title: 'Проверка прав', lead: '' })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  // A vacancy (the demo's of that number, or one of its own) and an application to it numbered the same way (ADR 092).
  await t.db.insertInto('vacancies_vacancy').values({ id: userId, branch_id: 1, direction_id: 1, slug: 'proverka-prav', title: 'Проверка прав', city: 'Смоленск' })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  await t.db.insertInto('vacancies_application').values({
    id: userId, vacancy_id: userId, branch_id: 1, user_id: null, name: 'Соискатель', phone: '79120000000', email: null, cv_key: 'cv/proverka',
    cv_name: 'Резюме.pdf', cv_mime: 'application/pdf', cv_size: 100, cv_sha256: '0'.repeat(64), ip: null, consent_text_version: '1', deliver_to: 'hr@agro.test',
  }).execute();
  // A questionnaire numbered the same way.
  await t.db.insertInto('questionnaires_questionnaire').values({ id: userId, title: 'Проверка прав', model: JSON.stringify({ pages: [{ questions: [{ id: 'q', type: 'text', title: 'Вопрос' }] }] }) }).execute();
  // A catalogue model numbered the same way (the demo's of that number, or one of its own): its options' screen shows it.
  await t.db.insertInto('catalog_model').values({ id: userId, slug: 'proverka-prav', name: 'Проверка прав', product_code: 'PROVERKA-PRAV', model_line_id: 1 })
    .onConflict((oc) => oc.column('id').doNothing()).execute();
  // A supplier organisation numbered the same way.
  await t.db.insertInto('suppliers_organisation').values({ id: userId, name: 'Проверка прав' }).execute();
  // A commercial offer of the head office's scope, by its hash.
  const imported = await t.db.transaction().execute((trx) => importOffer(trx, '', { ...example.offers[0], external_id: 'capabilities' }));
  if (!imported.ok) throw new Error(imported.message);
  offerHash = imported.hash;
  const entries: Parameters<typeof fakeServerBuild>[0] = {};
  for (const area of areas) entries[area.id!] = { path: area.path, module: await load(area.file) };
  for (const screen of screens) entries[screen.id ?? screen.file] = { parentId: screen.area.id, path: screen.path, index: screen.index, module: await load(screen.file) };
  entries.suppliers = { path: 'suppliers', module: suppliersLayout };
  entries['suppliers-home'] = { parentId: 'suppliers', index: true, module: suppliersHome };
  entries['suppliers-mails'] = { parentId: 'suppliers', path: 'mails', module: suppliersMails };
  entries['suppliers-404'] = { parentId: 'suppliers', path: '*', module: suppliersNotFound };
  build = fakeServerBuild(entries);
}, 120_000);
afterAll(async () => { await t?.destroy(); });

const get = (path: string, cookie?: string) => createApp({ services: t.services, build }).request(path, cookie ? { headers: { cookie } } : {});
const pathOf = (screen: (typeof screens)[number]) => `/${screen.area.path}${screen.index ? '' : `/${screen.path!.replace(':id', String(userId)).replace(':number', encodeURIComponent(ORDER)).replace(':hash', offerHash).replace(/\*$/, 'servis')}`}`;

describe('the back-office capability table, route by route, role by role', () => {
  it('has a capability in the handle of every screen under /admin, and a screen for every section', async () => {
    for (const screen of screens.filter((s) => s.path !== '*')) {
      const handle = (await load(screen.file)).handle as AdminHandle | undefined;
      expect(CAPABILITIES, screen.file).toContain(handle?.capability);
    }
    for (const section of ADMIN_SECTIONS) {
      const screen = screens.find((s) => pathOf(s) === section.to);
      expect(screen, section.to).toBeDefined();
      expect(((await load(screen!.file)).handle as AdminHandle).capability, section.to).toBe(section.capability);
    }
  });

  for (const screen of screens.filter((s) => s.path !== '*')) {
    it(`${screen.file}: 200 for the roles that hold its capability, 403 for everyone else`, async () => {
      const { capability } = (await load(screen.file)).handle as AdminHandle;
      const path = pathOf(screen);
      expect((await get(path)).status, `${path} as a guest`).toBe(403);
      expect((await get(`${path.replace(/\/$/, '')}.data`)).status, `${path} data as a guest`).toBe(403);
      expect((await get(path, cookies.get('customer'))).status, `${path} as a customer`).toBe(403);
      for (const role of ROLES) {
        const allowed = can([role], 'backoffice.enter') && can([role], capability);
        const res = await get(path, cookies.get(role));
        expect(res.status, `${path} as ${role}`).toBe(allowed ? 200 : 403);
        expect(res.headers.get('cache-control'), `${path} as ${role}`).toContain('no-store');
      }
    });
  }

  it('answers an unknown address under /admin with 404 to staff and 403 to everyone else', async () => {
    expect((await get('/admin/no-such-screen')).status).toBe(403);
    expect((await get('/admin/no-such-screen', cookies.get('supplier'))).status).toBe(403);
    expect((await get('/admin/no-such-screen', cookies.get('employee'))).status).toBe(404);
  });

  it('opens the supplier cabinet to the roles with its capability only; a guest is asked to sign in', async () => {
    expect((await get('/suppliers')).status).toBe(403);
    expect((await get('/suppliers.data')).status).toBe(403);
    expect((await get('/suppliers', cookies.get('customer'))).status).toBe(403);
    for (const role of ROLES) {
      for (const path of ['/suppliers', '/suppliers/mails']) {
        const res = await get(path, cookies.get(role));
        expect(res.status, `${path} as ${role}`).toBe(can([role], 'suppliers.cabinet') ? 200 : 403);
        expect(res.headers.get('cache-control'), `${path} as ${role}`).toContain('no-store');
      }
    }
    expect((await get('/suppliers/mails')).status).toBe(403);
    expect((await get('/suppliers/no-such-screen', cookies.get('supplier'))).status).toBe(404);
    expect((await get('/suppliers/no-such-screen', cookies.get('employee'))).status).toBe(403);
  });

  it('answers the editors\' forms with NUL bytes, wrong types and unknown intents with a 4xx in Russian, never a 500', async () => {
    const client = testClient(t.services, { app: createApp({ services: t.services, build }) });
    expect((await client.post('/api/auth/authorize', { type: 'email', props: { email: 'cap-administrator@agro.test', password: 'secret1' } })).status).toBe(200);
    for (const [path, fields] of [
      ['/admin/content/pages/servis', { intent: 'draft', title: 'Сервис\u0000', metaDescription: 'x', lead: 'y' }],
      ['/admin/content/pages/servis', { intent: '\u0000', title: '', metaDescription: '', lead: '' }],
      [`/admin/content/promotions/${userId}`, { intent: 'publish', title: 'А', text: 'Б', link: '/x', badge: 'В', startsOn: 'вчера', endsOn: '2026-13-45', sort: 'x', imageId: '../../etc' }],
      ['/admin/branches/1', { intent: 'publish', address: 'ул.\u0000', email: 'a@b', hours: '', inn: '1'.repeat(5000) }],
      ['/admin/vacancies/new', { intent: 'publish', branchId: '1', directionId: '1', title: 'Вакансия\u0000', salaryFrom: 'много', employment: 'x' }],
      [`/admin/vacancies/applications/${userId}`, { status: '\u0000', from: 'new' }],
      [`/admin/questionnaires/${userId}`, { intent: 'publish', title: 'Анкета\u0000', intro: '', thanks: '', modelJson: '{"pages": [' }],
      ['/admin/questionnaires/new', { intent: '\u0000', title: '', intro: 'x'.repeat(5000), thanks: '', modelJson: '[]' }],
    ] as const) {
      const res = await client.form(path, fields);
      expect(res.status, path).toBe(400);
    }
  });

  it('answers hostile addresses and forms with a 4xx or the page, never a 500', async () => {
    const admin = cookies.get('administrator');
    const long = 'А'.repeat(5000);
    for (const [path, status] of [
      ['/admin/orders/%00', 404], [`/admin/orders/${encodeURIComponent(long)}`, 404], ['/admin/orders/%D0%90%D0%93-2026-00%001', 404],
      ['/admin/users/%00', 404], ['/admin/users/99999999999', 404], ['/admin/leads/%00', 404],
      ['/admin/orders?q=%00RE%00504836&status=%00&branch=-1&from=2026-13-45&page=%00', 200],
      ['/admin/orders?sort=%00', 200], ['/admin/orders?sort=total%3B%20drop%20table%20orders_order', 200], ['/admin/orders?sort=name&sort=-total', 200],
      ['/admin/leads?sort=-o.total&page=%00', 200], [`/admin/leads?sort=${encodeURIComponent(long)}`, 200],
      ['/admin/audit?entityId=%00&actor=x&from=%00', 200],
      ['/admin/content/pages/%00', 404], [`/admin/content/pages/${encodeURIComponent(long)}`, 404], ['/admin/content/pages/..%2F..%2Fetc', 404],
      ['/admin/content/promotions/%00', 404], ['/admin/content/promotions/99999999999', 404], ['/admin/content/promotions/-1', 404],
      ['/admin/branches/%00', 404], ['/admin/branches/0', 404], ['/admin/offers?state=%00&branch=-1&page=%00', 200], ['/admin/users?q=%00%00&role=%00', 200], ['/admin/jobs?state=%00&key=%00', 200],
      ['/admin/vacancies/%00', 404], ['/admin/vacancies/99999999999', 404], ['/admin/vacancies?page=%00', 200],
      ['/admin/vacancies/applications?status=%00&page=-1', 200], ['/admin/vacancies/applications/%00', 404], ['/admin/vacancies/applications/0', 404],
      ['/admin/vacancies/applications/99999999/cv', 404], ['/admin/vacancies/applications/%00/cv', 404],
      ['/admin/branches/%00', 404], ['/admin/branches/0', 404],
      ['/admin/questionnaires/%00', 404], ['/admin/questionnaires/99999999999', 404], ['/admin/questionnaires/-1/results', 404],
      [`/admin/questionnaires/${userId}/results?from=%00&to=2026-13-45&who=%00&answer=${encodeURIComponent(long)}`, 200], ['/admin/offers?state=%00&branch=-1&page=%00', 200], ['/admin/users?q=%00%00&role=%00', 200], ['/admin/jobs?state=%00&key=%00', 200],
    ] as const) {
      expect((await get(path, admin)).status, path).toBe(status);
    }
  });
});
