import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestContext } from '#app/.server/context.ts';
import { testContext } from '#app/.server/test-context.ts';
import * as confirmPage from '#app/routes/auth.confirm-email-change.tsx';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { testClient } from '../../../server/test-client.ts';
import { SANDBOX_CAPTCHA_TOKEN, extractCode, extractLink, lastOutboxMessage } from './providers/sandbox.ts';
import { createUser } from './users.server.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });
beforeEach(async () => { await t.db.deleteFrom('rate_limit').execute(); });

type Client = ReturnType<typeof testClient>;
let serial = 0;
const newPhone = () => { serial += 1; return `7913${String(10_000_000 + serial).slice(1)}`; };
const newEmail = () => `grower${newPhone()}@agro.ru`;
const PASSWORD = 'secret1';

/**
 * The letter's link as a browser uses it: the page (its loader) and then its button (its action).
 * Returns where the browser ends up. With `press: false` only the page is opened, as a mail scanner does.
 */
async function openLink(link: URL, { press = true } = {}): Promise<string | null> {
  const context = new RouterContextProvider();
  context.set(requestContext, testContext(t.services));
  try {
    await confirmPage.loader({ context, url: link, request: new Request(link), params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
  if (!press) return null;
  const body = new URLSearchParams({ token: link.searchParams.get('token') ?? '' });
  const done = await confirmPage.action({ context, request: new Request(link, { method: 'POST', body }), params: {} } as never);
  return (done as Response).headers.get('location');
}

/** A user created directly (e-mail confirmed), signed in through POST /api/auth/authorize. */
async function signedIn(extra: { phone?: string } = {}): Promise<{ client: Client; userId: number; email: string }> {
  const email = newEmail();
  const userId = await createUser(t.db, { name: 'Иван Петров', email, password: PASSWORD, emailVerified: true, phone: extra.phone ?? null, phoneVerified: Boolean(extra.phone) });
  const client = testClient(t.services);
  const res = await client.post('/api/auth/authorize', { type: 'email', props: { email, password: PASSWORD } });
  expect(await res.json()).toEqual({ error_status: 'success' });
  return { client, userId, email };
}

const userRow = (id: number) => t.db.selectFrom('auth_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The 30 s lock between codes for one phone: tests move the last code back instead of waiting. */
const ageCodes = (phone: string) => t.db.updateTable('auth_code').set({ created_at: new Date(Date.now() - 60_000) }).where('phone', '=', phone).execute();

describe('guests', () => {
  it('get 401 with a Russian message from every endpoint', async () => {
    const guest = testClient(t.services);
    const calls: [string, Promise<Response>][] = [
      ['GET /api/notifications', guest.get('/api/notifications')],
      ['shown', guest.post('/api/notifications/1/shown')],
      ['name', guest.post('/api/profile', { name: 'Пётр' })],
      ['email', guest.post('/api/profile/email', { email: newEmail() })],
      ['phone', guest.post('/api/profile/phone', { phone: newPhone(), captchaToken: SANDBOX_CAPTCHA_TOKEN })],
      ['confirm', guest.post('/api/profile/phone/confirm', { phone: newPhone(), code: '1234' })],
    ];
    for (const [label, pending] of calls) {
      const res = await pending;
      expect(res.status, label).toBe(401);
      expect(await res.json(), label).toEqual({ error_status: 'error', message: 'Войдите на сайт, чтобы открыть личный кабинет', code: 'sign_in_required' });
    }
  });

  it('still need the CSRF token for the mutations', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/profile', { name: 'Пётр' }, { csrf: 'forged' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/profile (name)', () => {
  it('saves a trimmed name and refuses an empty one with the spec message', async () => {
    const { client, userId } = await signedIn();
    const ok = await client.post('/api/profile', { name: '  Пётр Сидоров ' });
    expect(await ok.json()).toEqual({ error_status: 'success', message: 'Имя сохранено', name: 'Пётр Сидоров' });
    expect((await userRow(userId)).name).toBe('Пётр Сидоров');
    expect(ok.headers.get('cache-control')).toBe('private, no-store');

    const empty = await client.post('/api/profile', { name: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Поле "Ваше Имя" не заполнено');
    const form = await client.form('/api/profile', { name: 'Из формы' });
    expect(form.status).toBe(200);
    expect((await userRow(userId)).name).toBe('Из формы');
  });
});

describe('POST /api/profile/email and the confirmation link', () => {
  it('sends a link to the new address; the e-mail changes (confirmed) only when it is opened, once', async () => {
    const { client, userId, email: oldEmail } = await signedIn();
    const next = newEmail();
    const res = await client.post('/api/profile/email', { email: `  ${next.toUpperCase()} ` });
    expect(await res.json()).toEqual({ error_status: 'success', message: `Мы отправили письмо на ${next}. E-mail изменится, когда вы перейдёте по ссылке из письма` });
    expect((await userRow(userId)).email).toBe(oldEmail);
    expect(await lastOutboxMessage(t.db, oldEmail, 'email')).toBeNull();

    const mail = await lastOutboxMessage(t.db, next, 'email');
    const link = new URL(extractLink(mail!.body)!);
    expect(link.pathname).toBe('/auth/confirm-email-change');
    // A mail scanner opens the page: nothing changes.
    expect(await openLink(link, { press: false })).toBeNull();
    expect((await userRow(userId)).email).toBe(oldEmail);
    // The button, pressed in another browser without a session: the token names the user.
    expect(await openLink(link)).toBe('/profile?email=changed');
    const user = await userRow(userId);
    expect(user.email).toBe(next);
    expect(user.email_verified_at).toBeInstanceOf(Date);
    const hint = await t.db.selectFrom('auth_notification').select(['view_type', 'title']).where('user_id', '=', userId).executeTakeFirst();
    expect(hint).toEqual({ view_type: 'hint', title: 'E-mail изменён и подтверждён' });

    expect(await openLink(link)).toBe('/profile?email=link-invalid');
    expect(await openLink(new URL('http://localhost/auth/confirm-email-change?token=forged'))).toBe('/profile?email=link-invalid');
  });

  it('only the latest link works', async () => {
    const { client, userId } = await signedIn();
    const first = newEmail();
    const second = newEmail();
    await client.post('/api/profile/email', { email: first });
    await client.post('/api/profile/email', { email: second });
    const firstLink = new URL(extractLink((await lastOutboxMessage(t.db, first, 'email'))!.body)!);
    expect(await openLink(firstLink)).toBe('/profile?email=link-invalid');
    const secondLink = new URL(extractLink((await lastOutboxMessage(t.db, second, 'email'))!.body)!);
    expect(await openLink(secondLink)).toBe('/profile?email=changed');
    expect((await userRow(userId)).email).toBe(second);
  });

  it('refuses a malformed address, the current one, and one of another account (409), also at confirmation', async () => {
    const { client, email } = await signedIn();
    const bad = await client.post('/api/profile/email', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Поле "E-mail" содержит некорректный E-mail адрес');

    const same = await client.post('/api/profile/email', { email: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect((await same.json()).message).toBe('Этот e-mail уже указан в вашем профиле');

    const other = await signedIn();
    const taken = await client.post('/api/profile/email', { email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error_status: 'error', message: 'Этот e-mail уже привязан к другому аккаунту' });

    // Free when asked, taken by the time the link is opened.
    const contested = newEmail();
    await client.post('/api/profile/email', { email: contested });
    await createUser(t.db, { name: 'Опередил', email: contested, password: PASSWORD });
    const link = new URL(extractLink((await lastOutboxMessage(t.db, contested, 'email'))!.body)!);
    expect(await openLink(link)).toBe('/profile?email=taken');
  });

  it('limits the number of letters per user', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/profile/email', { email: newEmail() })).status).toBe(200);
    const sixth = await client.post('/api/profile/email', { email: newEmail() });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toBe('Слишком много запросов на смену e-mail. Попробуйте позже');
  });
});

describe('POST /api/profile/phone and /api/profile/phone/confirm', () => {
  it('sends an SMS code to the new number; the right code changes the phone, verified, once', async () => {
    const { client, userId } = await signedIn();
    const phone = newPhone();
    const display = `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`;
    const sent = await client.post('/api/profile/phone', { phone: display, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(await sent.json()).toEqual({ error_status: 'success', message: `Мы отправили SMS с кодом на ${display}` });
    const code = extractCode((await lastOutboxMessage(t.db, phone, 'sms'))!.body)!;
    expect(code).toMatch(/^\d{4}$/);

    const wrong = await client.post('/api/profile/phone/confirm', { phone, code: code === '0000' ? '1111' : '0000' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).message).toBe('Неверный код. Осталось попыток: 4');
    expect((await userRow(userId)).phone).toBeNull();

    const right = await client.post('/api/profile/phone/confirm', { phone: display, code });
    expect(await right.json()).toEqual({ error_status: 'success', message: 'Номер телефона изменён и подтверждён', phone });
    const user = await userRow(userId);
    expect(user.phone).toBe(phone);
    expect(user.phone_verified_at).toBeInstanceOf(Date);

    const replay = await client.post('/api/profile/phone/confirm', { phone, code });
    expect(replay.status).toBe(422);
    expect((await replay.json()).message).toBe('Код устарел или уже использован. Запросите новый код');
  });

  it('refuses a wrong captcha (403), a malformed number (400), the current number and a taken one (409)', async () => {
    const mine = newPhone();
    const { client } = await signedIn({ phone: mine });
    const captcha = await client.post('/api/profile/phone', { phone: newPhone(), captchaToken: 'forged' });
    expect(captcha.status).toBe(403);
    expect((await captcha.json()).message).toBe('Подтвердите, что вы не робот: проверка не пройдена');

    const malformed = await client.post('/api/profile/phone', { phone: '+7 912', captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('Поле "Номер телефона" содержит некорректный телефон');
    const noCaptcha = await client.post('/api/profile/phone', { phone: newPhone() });
    expect(noCaptcha.status).toBe(400);

    const same = await client.post('/api/profile/phone', { phone: mine, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(same.status).toBe(400);
    expect((await same.json()).message).toBe('Этот номер уже указан в вашем профиле');

    const theirs = newPhone();
    await createUser(t.db, { name: 'Сосед', phone: theirs, password: PASSWORD, phoneVerified: true });
    const taken = await client.post('/api/profile/phone', { phone: theirs, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe('Этот номер уже привязан к другому аккаунту');
    expect(await lastOutboxMessage(t.db, theirs, 'sms')).toBeNull();
  });

  it('refuses at confirmation a number taken meanwhile, and locks the next code for 30 s', async () => {
    const { client } = await signedIn();
    const phone = newPhone();
    await client.post('/api/profile/phone', { phone, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    const early = await client.post('/api/profile/phone', { phone, captchaToken: SANDBOX_CAPTCHA_TOKEN });
    expect(early.status).toBe(429);
    await ageCodes(phone);
    expect((await client.post('/api/profile/phone', { phone, captchaToken: SANDBOX_CAPTCHA_TOKEN })).status).toBe(200);
    const code = extractCode((await lastOutboxMessage(t.db, phone, 'sms'))!.body)!;
    await createUser(t.db, { name: 'Опередил', phone, password: PASSWORD, phoneVerified: true });
    const res = await client.post('/api/profile/phone/confirm', { phone, code });
    expect(res.status).toBe(409);
  });

  it('refuses a malformed code with the spec message', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/profile/phone/confirm', { phone: newPhone(), code: '12' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Введите код полностью: не менее 4 букв или цифр');
  });
});

describe('notifications (spec §4)', () => {
  it('lists only the user\'s own pending ones, html sanitised; marks shown only the owner\'s', async () => {
    const me = await signedIn();
    const other = await signedIn();
    const [hint, modal, theirs, old] = await t.db.insertInto('auth_notification').values([
      { user_id: me.userId, view_type: 'hint', title: 'Заказ принят', content: 'Мы перезвоним' },
      { user_id: me.userId, view_type: 'modal', html: '<h3 onclick="x()">Акция</h3><script>alert(1)</script><a href="javascript:alert(1)">т</a>' },
      { user_id: other.userId, view_type: 'hint', title: 'Чужое', content: 'Не вам' },
      { user_id: me.userId, view_type: 'hint', title: 'Старое', content: 'Показано', shown_at: new Date() },
    ]).returning('id').execute();
    void old;

    const list = await me.client.get('/api/notifications');
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(await list.json()).toEqual({
      error_status: 'success',
      notifications: [
        { id: hint!.id, view_type: 'hint', data: { title: 'Заказ принят', content: 'Мы перезвоним' } },
        { id: modal!.id, view_type: 'modal', html: '<h3>Акция</h3><a>т</a>' },
      ],
    });

    const foreign = await me.client.post(`/api/notifications/${theirs!.id}/shown`);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe('Уведомление не найдено');
    expect((await t.db.selectFrom('auth_notification').select('shown_at').where('id', '=', theirs!.id).executeTakeFirstOrThrow()).shown_at).toBeNull();
    expect((await me.client.post('/api/notifications/abc/shown')).status).toBe(404);

    const marked = await me.client.post(`/api/notifications/${hint!.id}/shown`);
    expect(await marked.json()).toEqual({ error_status: 'success' });
    const firstShownAt = (await t.db.selectFrom('auth_notification').select('shown_at').where('id', '=', hint!.id).executeTakeFirstOrThrow()).shown_at;
    expect(firstShownAt).toBeInstanceOf(Date);
    expect((await me.client.post(`/api/notifications/${hint!.id}/shown`)).status).toBe(200);
    const secondShownAt = (await t.db.selectFrom('auth_notification').select('shown_at').where('id', '=', hint!.id).executeTakeFirstOrThrow()).shown_at;
    expect(secondShownAt).toEqual(firstShownAt);

    const after = await (await me.client.get('/api/notifications')).json();
    expect(after.notifications.map((n: { id: number }) => n.id)).toEqual([modal!.id]);
    const theirList = await (await other.client.get('/api/notifications')).json();
    expect(theirList.notifications.map((n: { id: number }) => n.id)).toEqual([theirs!.id]);
  });
});
