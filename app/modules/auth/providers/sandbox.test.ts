import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { ProviderError, type AuthProviders } from './providers.ts';
import { createUser } from '../users.server.ts';
import {
  claimAccountOutbox,
  createSandboxProviders,
  extractCode,
  extractLink,
  lastOutboxMessage,
  OUTBOX_HTML_SEPARATOR,
  outboxReaderKey,
  readOutbox,
  readOutboxFor,
  SANDBOX_CAPTCHA_TOKEN,
  withOutboxReader,
} from './sandbox.ts';

let t: TestDatabase;
let providers: AuthProviders;
beforeAll(async () => {
  t = await createTestDatabase();
  providers = createSandboxProviders(t.db);
});
afterAll(async () => { await t?.destroy(); });

describe('sandbox SMS and flash call', () => {
  it('writes the SMS to the outbox under the phone digits', async () => {
    await providers.sms.send('+7 (900) 123-45-67', 'Код для входа: 5831. Никому не сообщайте его.');
    const message = await lastOutboxMessage(t.db, '79001234567', 'sms');
    expect(message).toMatchObject({ channel: 'sms', recipient: '79001234567', subject: null, body: 'Код для входа: 5831. Никому не сообщайте его.' });
    expect(message?.createdAt).toBeInstanceOf(Date);
    expect(extractCode(message!.body)).toBe('5831');
  });

  it('records a call from a number whose last 4 digits are the code', async () => {
    await providers.call.call('79001234567', '0427');
    const message = await lastOutboxMessage(t.db, '+7 900 123-45-67', 'call');
    expect(message?.body).toBe('Звонок с номера +7 800 000 04 27');
    expect(extractCode(message!.body)).toBe('0427');
  });

  it('refuses a code a flash call cannot carry and a value that is not a phone', async () => {
    await expect(providers.call.call('79001234567', '12345')).rejects.toThrow('exactly 4 digits');
    await expect(providers.sms.send('12-34', 'Код 1111')).rejects.toBeInstanceOf(ProviderError);
  });

  it('reads the outbox of one recipient oldest first, and the newest message per channel', async () => {
    await providers.sms.send('79005550000', 'Код 1111');
    await providers.sms.send('79005550000', 'Код 2222');
    await providers.call.call('79005550000', '3333');
    const all = await readOutbox(t.db, '+7 900 555-00-00');
    expect(all.map((m) => [m.channel, extractCode(m.body)])).toEqual([['sms', '1111'], ['sms', '2222'], ['call', '3333']]);
    expect(extractCode((await lastOutboxMessage(t.db, '79005550000', 'sms'))!.body)).toBe('2222');
    expect(await lastOutboxMessage(t.db, '79005550000', 'email')).toBeNull();
    expect(await readOutbox(t.db, '79990000000')).toEqual([]);
  });
});

describe('sandbox e-mail', () => {
  it('stores recipient, subject, text and the HTML part; the link is read from the text', async () => {
    await providers.mail.send({
      to: 'Buyer@Example.ru',
      subject: 'Подтверждение адреса',
      text: 'Подтвердите адрес: https://shop.example/auth/confirm?token=abc_DEF-123.\nСсылка действует сутки.',
      html: '<p><a href="https://shop.example/auth/confirm?token=abc_DEF-123">Подтвердить</a></p>',
    });
    const message = await lastOutboxMessage(t.db, 'buyer@example.ru', 'email');
    expect(message).toMatchObject({ recipient: 'buyer@example.ru', subject: 'Подтверждение адреса' });
    expect(message!.body).toContain(`Ссылка действует сутки.${OUTBOX_HTML_SEPARATOR}<p><a href=`);
    expect(extractLink(message!.body)).toBe('https://shop.example/auth/confirm?token=abc_DEF-123');
  });

  it('stores a text-only mail as its text', async () => {
    await providers.mail.send({ to: 'plain@example.ru', subject: 'Тема', text: 'Только текст' });
    expect((await lastOutboxMessage(t.db, 'plain@example.ru', 'email'))?.body).toBe('Только текст');
  });
});

describe('extractCode and extractLink', () => {
  it('prefer the digits after "код" over other numbers', () => {
    expect(extractCode('Заказ 2026: ваш код — 4821')).toBe('4821');
    expect(extractCode('4821 — код для входа')).toBe('4821');
    expect(extractCode('Номер 123456 не код')).toBeNull();
    expect(extractCode('Без цифр')).toBeNull();
  });

  it('take the first link without the sentence punctuation around it', () => {
    expect(extractLink('Откройте (https://a.example/x?y=1), затем https://b.example')).toBe('https://a.example/x?y=1');
    expect(extractLink('Ссылка «http://a.example/reset»')).toBe('http://a.example/reset');
    expect(extractLink('Ссылки нет')).toBeNull();
  });
});

describe('sandbox captcha', () => {
  it('accepts exactly the documented test token', async () => {
    expect(SANDBOX_CAPTCHA_TOKEN).toBe('sandbox-captcha-ok');
    expect(await providers.captcha.verify('sandbox-captcha-ok', '203.0.113.5')).toBe(true);
    expect(await providers.captcha.verify('sandbox-captcha-ok', null)).toBe(true);
    expect(await providers.captcha.verify('', null)).toBe(false);
    expect(await providers.captcha.verify('sandbox-captcha-ok ', null)).toBe(false);
    expect(await providers.captcha.verify('anything-else', null)).toBe(false);
  });
});

describe('the outbox scoped to browsers', () => {
  const a = outboxReaderKey('token-of-browser-a');
  const b = outboxReaderKey('token-of-browser-b');

  it('mentioning a phone first claims nothing: each browser sees only what it sent to a phone nobody proved (issue 28 point 4)', async () => {
    await withOutboxReader(() => a, () => providers.sms.send('+7 (900) 555-11-22', 'Код 1111'));
    await withOutboxReader(() => b, () => providers.sms.send('79005551122', 'Код 2222'));
    expect((await readOutboxFor(t.db, a, { recipient: '79005551122' })).map((m) => m.body)).toEqual(['Код 1111']);
    expect((await readOutboxFor(t.db, b, { recipient: '79005551122' })).map((m) => m.body)).toEqual(['Код 2222']);
  });

  it('an account\'s confirmed address and phone belong to the browser signed in to it: every later message, whoever sends it, and the latest proof wins', async () => {
    const userId = await createUser(t.db, { name: 'Покупатель', email: 'Proved@Agro.example', phone: '79005553344', password: 'secret12', emailVerified: true, phoneVerified: true, consents: [] });
    // Before any proof: an account's confirmed address is nobody's, even for the browser that sends to it.
    await withOutboxReader(() => a, () => providers.mail.send({ to: 'proved@agro.example', subject: 'До входа', text: 'Письмо 0' }));
    expect(await readOutboxFor(t.db, a, { recipient: 'proved@agro.example' })).toEqual([]);
    await claimAccountOutbox(t.db, b, userId);
    await withOutboxReader(() => a, () => providers.mail.send({ to: 'proved@agro.example', subject: 'Заказ', text: 'Письмо 1' }));
    await providers.sms.send('+7 900 555-33-44', 'SMS 1');
    expect((await readOutboxFor(t.db, b)).map((m) => m.body).slice(0, 2)).toEqual(['SMS 1', 'Письмо 1']);
    expect(await readOutboxFor(t.db, a, { recipient: 'proved@agro.example' })).toEqual([]);
    await claimAccountOutbox(t.db, a, userId);
    await providers.mail.send({ to: 'proved@agro.example', subject: 'Заказ', text: 'Письмо 2' });
    expect((await readOutboxFor(t.db, a, { recipient: 'proved@agro.example' })).map((m) => m.body)).toEqual(['Письмо 2']);
    expect((await readOutboxFor(t.db, b, { recipient: 'proved@agro.example' })).map((m) => m.body)).toEqual(['Письмо 1']);
  });

  it('a letter to staff is shown to its sender only and claims nothing; without a browser a message is nobody\'s', async () => {
    await withOutboxReader(() => b, () => providers.mail.send({ to: 'Branch@Agro.example', subject: 'Написать нам', text: 'Вопрос', staff: true }));
    await withOutboxReader(() => a, () => providers.mail.send({ to: 'branch@agro.example', subject: 'Написать нам', text: 'Другой вопрос', staff: true }));
    expect((await readOutboxFor(t.db, b)).map((m) => m.body)).toContain('Вопрос');
    expect((await readOutboxFor(t.db, a, { recipient: 'branch@agro.example' })).map((m) => m.body)).toEqual(['Другой вопрос']);
    await providers.mail.send({ to: 'nobody@agro.example', subject: 'x', text: 'Без браузера' });
    expect(await readOutboxFor(t.db, a, { recipient: 'nobody@agro.example' })).toEqual([]);
    expect((await lastOutboxMessage(t.db, 'nobody@agro.example', 'email'))?.body).toBe('Без браузера');
  });
});
