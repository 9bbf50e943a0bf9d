import { RouterContextProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { loadConfig } from '#app/.server/config.ts';
import { requestContext, type AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createOAuthSetup } from '#app/modules/auth/oauth/oauth.config.ts';
import { createProviders } from '#app/modules/auth/providers/config.ts';
import { ProviderError, type Mailer } from '#app/modules/auth/providers/providers.ts';
import { claimAccountOutbox, createSandboxProviders, extractLink, lastOutboxMessage, outboxReaderFor } from '#app/modules/auth/providers/sandbox.ts';
import { testContext } from '#app/.server/test-context.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { saveFeedback } from '#app/modules/content/content.server.ts';
import * as consentRoute from '#app/routes/auth-social.consent.tsx';
import * as feedbackRoute from '#app/routes/profile.feedback.tsx';
import { createApp } from '../app.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { testClient } from '../test-client.ts';
import { fakeServerBuild } from '../test-build.ts';

/*
 * Issue 6, points 1, 8 and 9: no backdoor in the shipped setup (demo mode explicit, sandboxes and
 * the outbox refused outside development and demo, the outbox scoped to browsers, the sandbox
 * social sign-in never reaching an existing account), consents never invented, 'Написать нам'
 * delivered to the branch. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });
afterEach(() => resetClock());

const SECRET = 's'.repeat(40);
let serial = 0;
const newEmail = (tag: string) => `${tag}.${Date.now()}.${++serial}@agro.ru`;

/** The consent page's real loader and action. */
function consentBuild() {
  return fakeServerBuild({ 'routes/auth-social.consent': { path: 'auth-social/consent', module: consentRoute } });
}

/** A browser on the whole app: cookies kept (paths ignored), the CSRF token echoed, redirects by hand. */
function browser(services: AppServices = t.services) {
  const app = createApp({ services, build: consentBuild() });
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (/max-age=0/i.test(line)) cookies.delete(pair!.slice(0, eq));
      else cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = async () => {
    if (!cookies.has('XSRF-TOKEN')) remember(await app.request('/api/csrf-token', { headers: { cookie: cookie() } }));
    return decodeURIComponent(cookies.get('XSRF-TOKEN')!);
  };
  return {
    cookies,
    get: async (path: string) => remember(await app.request(path, { headers: { cookie: cookie() } })),
    post: async (path: string, json: unknown) => {
      const csrf = await token();
      return remember(await app.request(path, { method: 'POST', body: JSON.stringify(json), headers: { cookie: cookie(), 'content-type': 'application/json', 'x-csrf-token': csrf } }));
    },
    form: async (path: string, fields: Record<string, string>) => {
      const csrf = await token();
      return remember(await app.request(path, {
        method: 'POST', body: new URLSearchParams({ _csrf: csrf, ...fields }).toString(), headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      }));
    },
    /** The bodies /__dev/outbox shows this browser, newest first. */
    outbox: async (recipient = '') => {
      const html = await (await remember(await app.request(`/__dev/outbox${recipient ? `?recipient=${encodeURIComponent(recipient)}` : ''}`, { headers: { cookie: cookie() } }))).text();
      return [...html.matchAll(/<pre data-testid="outbox-body">([\s\S]*?)<\/pre>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    },
  };
}
type Browser = ReturnType<typeof browser>;

const location = (response: Response) => {
  const url = new URL(response.headers.get('location') ?? '', 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
};

async function userOfSession(b: Browser): Promise<number | null> {
  const { sha256 } = await import('#app/.server/security/tokens.ts');
  const sid = b.cookies.get('sid');
  if (!sid) return null;
  return (await t.db.selectFrom('auth_session').select('user_id').where('id', '=', sha256(sid)).executeTakeFirst())?.user_id ?? null;
}

/** The sandbox social sign-in as a browser goes through it, up to the consent page. */
async function sandboxSignIn(b: Browser, user: { name: string; email: string }) {
  const start = await b.get('/auth-social?authclient=yandex&redirect=%2Fcatalog');
  const page = await (await b.get(location(start))).text();
  const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  const approved = await b.form('/auth-social/sandbox/authorize', { ...hidden, ...user });
  return b.get(location(approved));
}

describe('sandboxes and the outbox start only in development, tests and demo', () => {
  const production = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, LOG_LEVEL: 'silent', ...env });

  it('refuse in production without DEMO, on the embedded database and on PostgreSQL alike, naming the setting', () => {
    for (const config of [production(), production({ DATABASE_URL: 'postgres://shop@db.example/shop' })]) {
      expect(config.sandboxAllowed).toBe(false);
      expect(() => createProviders({ env: {}, nodeEnv: config.NODE_ENV, db: t.db, demo: config.DEMO }))
        .toThrow('AUTH_PROVIDERS=sandbox is refused when NODE_ENV=production without DEMO=true');
      expect(() => createOAuthSetup({ env: {}, nodeEnv: config.NODE_ENV, demo: config.DEMO }))
        .toThrow('OAUTH_MODE=sandbox is refused when NODE_ENV=production without DEMO=true');
      // Even handed sandboxes directly, the app does not mount the outbox: it refuses to start.
      const services: AppServices = { ...t.services, config, providers: createSandboxProviders(t.db) };
      expect(() => createApp({ services })).toThrow('The development outbox (/__dev/outbox) is refused when NODE_ENV=production without DEMO=true');
    }
    expect(() => createProviders({ env: { AUTH_PROVIDERS: 'sandbox' }, nodeEnv: 'production', db: t.db, demo: production({ DEMO: 'false' }).DEMO })).toThrow(/refused/);
  });

  it('start in demo mode (DEMO=true or 1) and in development', async () => {
    for (const config of [production({ DEMO: 'true' }), production({ DEMO: '1', DATABASE_URL: 'postgres://shop@db.example/shop' }), loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' })]) {
      expect(config.sandboxAllowed).toBe(true);
      const providers = createProviders({ env: {}, nodeEnv: config.NODE_ENV, db: t.db, demo: config.DEMO });
      const oauth = createOAuthSetup({ env: {}, nodeEnv: config.NODE_ENV, demo: config.DEMO });
      expect(providers.sandbox).toBe(true);
      expect(oauth.mode).toBe('sandbox');
      const app = createApp({ services: { ...t.services, config, providers, oauth } });
      expect((await app.request('/__dev/outbox')).status).toBe(200);
    }
  });

  it('production without DEMO on the embedded database with real providers works as before, without an outbox', async () => {
    const config = production();
    const providers = createProviders({
      env: { AUTH_PROVIDERS: 'http', SMS_API_URL: 'https://sms.example/send', SMS_API_KEY: 'k', FLASHCALL_API_URL: 'https://calls.example/flash', FLASHCALL_API_KEY: 'k', SMTP_HOST: 'smtp.example', CAPTCHA_SERVER_KEY: 'k', CAPTCHA_SITE_KEY: 'k' },
      nodeEnv: config.NODE_ENV, db: t.db, demo: config.DEMO,
    });
    const oauth = createOAuthSetup({
      env: { OAUTH_MODE: 'http', OAUTH_YANDEX_CLIENT_ID: 'y', OAUTH_YANDEX_CLIENT_SECRET: 'y', OAUTH_MAILRU_CLIENT_ID: 'm', OAUTH_MAILRU_CLIENT_SECRET: 'm', OAUTH_VKONTAKTE_CLIENT_ID: 'v', OAUTH_OK_CLIENT_ID: 'o', OAUTH_OK_CLIENT_SECRET: 'o', OAUTH_OK_APP_KEY: 'o' },
      nodeEnv: config.NODE_ENV, demo: config.DEMO,
    });
    const app = createApp({ services: { ...t.services, config, providers, oauth } });
    expect((await app.request('/healthz')).status).toBe(200);
    expect((await app.request('/__dev/outbox')).status).toBe(404);
    expect((await app.request('/auth-social/sandbox/authorize?client=ok')).status).toBe(404);
  });

  it('demo mode listens on 127.0.0.1 unless HOST is set; an explicit HOST wins and is flagged for the warning', () => {
    expect(loadConfig({ DEMO: 'true' })).toMatchObject({ DEMO: true, HOST: '127.0.0.1', demoExposed: false });
    expect(loadConfig({})).toMatchObject({ DEMO: false, HOST: '0.0.0.0', demoExposed: false });
    expect(loadConfig({ DEMO: 'true', HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', demoExposed: true });
    expect(loadConfig({ DEMO: '0', HOST: '10.0.0.5' })).toMatchObject({ DEMO: false, HOST: '10.0.0.5', demoExposed: false });
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow('DEMO');
  });
});

describe('the outbox shows a browser only what is its own', () => {
  it('one browser\'s confirmation link is not shown to another; a stranger\'s reset of that account goes to the browser signed in to it', async () => {
    const email = newEmail('owner');
    const owner = browser();
    const stranger = browser();
    const registered = await owner.post('/api/auth/registration', { type: 'email', props: { name: 'Анна Полевая', email, password: 'secret1', confirm_password: 'secret1', acceptGDPR: true, acceptAds: true } });
    expect(registered.status).toBe(200);
    const [confirmation] = await owner.outbox(email);
    expect(extractLink(confirmation!)).toMatch(/\/auth\/confirm-email\?token=/);
    expect(await stranger.outbox(email)).toEqual([]);
    expect(await stranger.outbox()).toEqual([]);

    // The owner confirms the address (the link's page does this) and signs in: the address is his browser's (ADR 066).
    await t.db.updateTable('auth_user').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
    expect((await owner.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
    // The stranger asks for a reset of the owner's account: the letter goes to the owner's mailbox.
    const before = (await owner.outbox(email)).length;
    expect((await stranger.post('/api/auth/authorize', { type: 'email', props: { email, reset_password: true } })).status).toBe(200);
    expect((await lastOutboxMessage(t.db, email, 'email'))?.subject).toMatch(/Восстановление пароля/);
    expect(await stranger.outbox(email)).toEqual([]);
    expect(await owner.outbox(email)).toHaveLength(before + 1);
  });

  it('an account confirmed without this outbox (an employee by command) gets its reset letters shown to nobody', async () => {
    const email = newEmail('employee');
    await createUser(t.db, { name: 'Сотрудник', email, password: 'secret12', emailVerified: true, consents: [] });
    const stranger = browser();
    expect((await stranger.post('/api/auth/authorize', { type: 'email', props: { email, reset_password: true } })).status).toBe(200);
    expect(await lastOutboxMessage(t.db, email, 'email')).not.toBeNull();
    expect(await stranger.outbox(email)).toEqual([]);
    const row = await t.db.selectFrom('auth_outbox').select('reader_key').where('recipient', '=', email).executeTakeFirstOrThrow();
    expect(row.reader_key).toBeNull();
  });

  it('a first mention claims nothing; of 30 browsers proving one account at once, exactly one owns its address', async () => {
    const recipient = newEmail('race');
    const readers = await Promise.all(Array.from({ length: 30 }, (_, i) => outboxReaderFor(t.db, recipient, `browser-${i}`)));
    expect(readers).toEqual(Array.from({ length: 30 }, (_, i) => `browser-${i}`));
    expect(await t.db.selectFrom('auth_outbox_owner').select('reader_key').where('recipient', '=', recipient).execute()).toEqual([]);
    const userId = await createUser(t.db, { name: 'Гонка', email: recipient, password: 'secret12', emailVerified: true, consents: [] });
    await Promise.all(Array.from({ length: 30 }, (_, i) => claimAccountOutbox(t.db, `browser-${i}`, userId)));
    const owners = await t.db.selectFrom('auth_outbox_owner').select('reader_key').where('recipient', '=', recipient).execute();
    expect(owners).toHaveLength(1);
    expect(await outboxReaderFor(t.db, recipient, 'browser-x')).toBe(owners[0]!.reader_key);
  });
});

describe('the sandbox social sign-in never reaches an existing account', () => {
  it('typing an existing account\'s e-mail signs in to nothing, links nothing, and the consent gives a separate account without it', async () => {
    const email = newEmail('victim');
    const victim = await createUser(t.db, { name: 'Владелец', email, password: 'secret1', emailVerified: true, consents: ['personal_data'] });
    const attacker = browser();
    const callback = await sandboxSignIn(attacker, { name: 'Чужой', email });
    expect(callback.status).toBe(303);
    expect(location(callback)).toBe('/auth-social/consent');
    expect(await userOfSession(attacker)).toBeNull();
    expect(await t.db.selectFrom('auth_oauth_account').select('subject').where('user_id', '=', victim).execute()).toEqual([]);

    const done = await attacker.form('/auth-social/consent', { acceptGDPR: '1' });
    expect(done.status).toBe(302);
    expect(location(done)).toBe('/catalog');
    const signedIn = await userOfSession(attacker);
    expect(signedIn).not.toBeNull();
    expect(signedIn).not.toBe(victim);
    expect(await t.db.selectFrom('auth_user').select(['email', 'name']).where('id', '=', signedIn).executeTakeFirstOrThrow()).toEqual({ email: null, name: 'Чужой' });
    expect(await t.db.selectFrom('auth_oauth_account').select('subject').where('user_id', '=', victim).execute()).toEqual([]);
  });

  it('the same typed e-mail in another browser is not the first browser\'s account', async () => {
    const email = newEmail('sandbox-user');
    const first = browser();
    await sandboxSignIn(first, { name: 'Первый', email });
    await first.form('/auth-social/consent', { acceptGDPR: '1' });
    const firstUser = await userOfSession(first);
    const second = browser();
    expect(location(await sandboxSignIn(second, { name: 'Второй', email }))).toBe('/auth-social/consent');
    expect(await userOfSession(second)).toBeNull();
    await second.form('/auth-social/consent', { acceptGDPR: '1' });
    expect(await userOfSession(second)).not.toBe(firstUser);
  });
});

describe('consents are never invented', () => {
  it('a social sign-up has no account and no consent until the consent form is posted; refusing leaves nothing', async () => {
    const accounts = async () => Number((await t.db.selectFrom('auth_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await accounts();
    const refusing = browser();
    await sandboxSignIn(refusing, { name: 'Отказник', email: newEmail('refuse') });
    const refused = await refusing.form('/auth-social/consent', { refuse: '1' });
    expect(location(refused)).toBe('/login?auth_error=access_denied&authclient=yandex');
    expect(refusing.cookies.has('oauth_pending')).toBe(false);
    expect(await accounts()).toBe(before);

    const b = browser();
    await sandboxSignIn(b, { name: 'Согласный', email: newEmail('consent') });
    expect(await accounts()).toBe(before);
    const unticked = await b.form('/auth-social/consent', { acceptAds: '1' });
    expect(unticked.status).toBe(400);
    expect(await accounts()).toBe(before);
    expect(await userOfSession(b)).toBeNull();

    expect((await b.form('/auth-social/consent', { acceptGDPR: '1', acceptAds: '1' })).status).toBe(302);
    const userId = (await userOfSession(b))!;
    expect(await accounts()).toBe(before + 1);
    const consents = await t.db.selectFrom('auth_consent').select(['kind', 'text_version', 'ip', 'accepted_at']).where('user_id', '=', userId).orderBy('kind').execute();
    expect(consents.map((c) => c.kind)).toEqual(['ads', 'personal_data']);
    for (const c of consents) expect(c).toMatchObject({ text_version: 'policy-2026-01-01', accepted_at: expect.any(Date) });
  });

  it('an employee created as `npm run user -- create-employee` does has no consent record', async () => {
    // scripts/user.ts: createUser with consents: [] and the employee role.
    const id = await createUser(t.db, { name: 'Иван Сотрудник', email: newEmail('staff'), password: 'secret12', emailVerified: true, consents: [] });
    expect(await t.db.selectFrom('auth_consent').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });
});

describe('«Написать нам» reaches the branch', () => {
  const valid = { name: 'Пётр Полевой', phone: '+7 (912) 345-67-89', email: 'petr@agro.ru', message: 'Нужен фильтр для МТЗ-82', acceptGDPR: true };
  const THANKS = 'Спасибо! Мы получили ваше сообщение и свяжемся с вами в рабочее время филиала.';

  it('the letter reaches the visitor\'s branch address in the outbox and the message is kept as sent; only its sender sees it', async () => {
    const visitor = browser();
    const res = await visitor.post('/api/feedback', { ...valid, message: 'Письмо в филиал: нужен фильтр' });
    expect(await res.json()).toEqual({ error_status: 'success', message: THANKS });
    // Sent by its job after the answer, still shown to the browser whose request enqueued it.
    expect(await runDueJobs(t.services)).toMatchObject({ done: 1 });
    const row = await t.db.selectFrom('content_feedback').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const branch = await t.db.selectFrom('region_branch').select('email').where('id', '=', row.branch_id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ delivery_state: 'sent', deliver_to: branch.email, delivery_error: null });
    const letter = await lastOutboxMessage(t.db, branch.email, 'email');
    expect(letter?.subject).toBe(`Написать нам: сообщение с сайта №${row.id} — Пётр Полевой`);
    expect(letter?.body).toContain('Письмо в филиал: нужен фильтр');
    expect(letter?.body).toContain('Телефон: +79123456789');
    expect((await visitor.outbox(branch.email))[0]).toContain('Письмо в филиал: нужен фильтр');
    expect(await browser().outbox(branch.email)).toEqual([]);
  });

  it('a failing mailer keeps the message, answers the same thanks, and its job delivers it later', async () => {
    let failing = true;
    const sent: string[] = [];
    const mail: Mailer = { async send(message) { if (failing) throw new ProviderError('mail', 'SMTP 421 try later'); sent.push(message.to); } };
    const services: AppServices = { ...t.services, providers: { ...t.services.providers, mail } };
    const res = await testClient(services).post('/api/feedback', { ...valid, message: 'Письмо при сбое почты' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ error_status: 'success', message: THANKS });
    const stored = await t.db.selectFrom('content_feedback').selectAll().where('message', '=', 'Письмо при сбое почты').executeTakeFirstOrThrow();
    const key = `content.feedback-letter:${stored.id}`;
    expect(await runDueJobs(services)).toMatchObject({ retry: 1 });
    expect(await t.db.selectFrom('job').select(['state', 'attempts', 'last_error']).where('key', '=', key).executeTakeFirstOrThrow())
      .toEqual({ state: 'queued', attempts: 1, last_error: 'SMTP 421 try later' });
    expect(await t.db.selectFrom('content_feedback').select('delivery_state').where('id', '=', stored.id).executeTakeFirstOrThrow()).toEqual({ delivery_state: 'pending' });

    // Not due yet: a run now leaves it alone.
    await runDueJobs(services);
    expect(sent).toEqual([]);
    // Half a minute later, still failing: a second try is recorded.
    advanceClock(31_000);
    await runDueJobs(services);
    expect(await t.db.selectFrom('job').select(['state', 'attempts']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({ state: 'queued', attempts: 2 });
    // The mail server is back: the next due run delivers it, once.
    failing = false;
    advanceClock(61_000);
    await runDueJobs(services);
    await runDueJobs(services);
    expect(sent.filter((to) => to === stored.deliver_to)).toHaveLength(1);
    const done = await t.db.selectFrom('content_feedback').select(['delivery_state', 'delivered_at', 'delivery_error']).where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ delivery_state: 'sent', delivery_error: null });
    expect(done.delivered_at).toBeInstanceOf(Date);
    expect(await t.db.selectFrom('job').select(['state', 'attempts']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({ state: 'done', attempts: 3 });
  });

  it('runners working in parallel send every message exactly once', async () => {
    const sentIds: number[] = [];
    const mail: Mailer = { async send(message) { sentIds.push(Number(/№(\d+)/.exec(message.subject)![1])); } };
    const services: AppServices = { ...t.services, providers: { ...t.services.providers, mail } };
    await runDueJobs(t.services);
    const ids = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await saveFeedback(testContext(t.services), { ...valid, acceptGDPR: true as const, message: `Параллельный вопрос ${i}` }, null)).id));
    const runs = await Promise.all(Array.from({ length: 6 }, () => runDueJobs(services)));
    expect(runs.reduce((sum, r) => sum + r.done, 0)).toBe(12);
    expect(sentIds.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('employees read the messages of a branch or of all; anyone else gets 404', async () => {
    const load = async (userId: number, query: string) => {
      const ctx = testContext(t.services);
      await ctx.signIn(userId, 'browser');
      const context = new RouterContextProvider();
      context.set(requestContext, ctx);
      const url = new URL(`http://localhost:3000/profile/feedback${query}`);
      return feedbackRoute.loader({ context, url, request: new Request(url), params: {} } as unknown as Parameters<typeof feedbackRoute.loader>[0]);
    };
    const customer = await createUser(t.db, { name: 'Покупатель', email: newEmail('customer'), password: 'secret1', emailVerified: true });
    await expect(load(customer, '?branch=all')).rejects.toMatchObject({ init: { status: 404 } });
    const employee = await createUser(t.db, { name: 'Сотрудник', email: newEmail('reader'), password: 'secret1', emailVerified: true, consents: [] });
    await setRole(t.db, employee, 'employee');
    const all = await load(employee, '?branch=all');
    expect(all.branchId).toBeNull();
    expect(all.messages.map((m) => m.message)).toContain('Письмо в филиал: нужен фильтр');
    const stored = await t.db.selectFrom('content_feedback').select(['branch_id']).where('message', '=', 'Письмо в филиал: нужен фильтр').executeTakeFirstOrThrow();
    const own = await load(employee, `?branch=${stored.branch_id}`);
    expect(own.messages.length).toBeGreaterThan(0);
    expect(own.messages.every((m) => m.branchId === stored.branch_id)).toBe(true);
    expect(own.messages.find((m) => m.message === 'Письмо в филиал: нужен фильтр')).toMatchObject({ deliveryState: 'sent', name: 'Пётр Полевой' });
    // A malformed or unknown branch falls back to the employee's own branch instead of failing.
    expect((await load(employee, '?branch=0x10')).branchId).toEqual(expect.any(Number));
  });
});
