import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createProviders, loadProviderSettings, PROVIDER_SETTINGS_DOC, providerSettings } from './config.ts';
import { lastOutboxMessage, SANDBOX_CAPTCHA_TOKEN } from './sandbox.ts';

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); });
afterAll(async () => { await t?.destroy(); });

const httpEnv = {
  AUTH_PROVIDERS: 'http',
  SMS_API_URL: 'https://sms.example/send',
  SMS_API_KEY: 'sms-key',
  FLASHCALL_API_URL: 'https://calls.example/flash',
  FLASHCALL_API_KEY: 'call-key',
  SMTP_HOST: 'smtp.example',
  CAPTCHA_SERVER_KEY: 'server-key',
  CAPTCHA_SITE_KEY: 'site-key',
};

describe('provider settings', () => {
  it('defaults to the sandbox, port 587 with STARTTLS, the shop sender and Yandex validate URL', () => {
    expect(loadProviderSettings({})).toEqual({
      AUTH_PROVIDERS: 'sandbox',
      SMTP_PORT: 587,
      SMTP_SECURE: false,
      MAIL_FROM: 'Агротехника <no-reply@agrotechnika.example>',
      CAPTCHA_VALIDATE_URL: 'https://smartcaptcha.yandexcloud.net/validate',
    });
  });

  it('treats empty variables as unset and rejects malformed ones', () => {
    expect(loadProviderSettings({ SMTP_PORT: '', SMS_API_URL: ' ' }).SMTP_PORT).toBe(587);
    expect(loadProviderSettings({ SMTP_SECURE: 'true', SMTP_PORT: '465' })).toMatchObject({ SMTP_SECURE: true, SMTP_PORT: 465 });
    expect(() => loadProviderSettings({ AUTH_PROVIDERS: 'real' })).toThrow('AUTH_PROVIDERS');
    expect(() => loadProviderSettings({ SMS_API_URL: 'ftp://sms.example' })).toThrow('SMS_API_URL');
  });

  it('documents every variable once, with the defaults the schema applies', () => {
    expect(PROVIDER_SETTINGS_DOC.map((d) => d.name).sort()).toEqual(Object.keys(providerSettings.shape).sort());
    const defaults = loadProviderSettings({}) as Record<string, unknown>;
    for (const doc of PROVIDER_SETTINGS_DOC) {
      expect(doc.meaning, doc.name).not.toBe('');
      expect(doc.default === null ? undefined : String(doc.default), doc.name).toBe(defaults[doc.name] === undefined ? undefined : String(defaults[doc.name]));
    }
  });
});

describe('createProviders', () => {
  it('gives the sandbox in development and tests, writing to the outbox', async () => {
    for (const nodeEnv of ['development', 'test']) {
      const providers = createProviders({ env: {}, nodeEnv, db: t.db });
      expect(await providers.captcha.verify(SANDBOX_CAPTCHA_TOKEN, null)).toBe(true);
    }
    await createProviders({ env: {}, nodeEnv: 'test', db: t.db }).sms.send('79001112233', 'Код 7777');
    expect((await lastOutboxMessage(t.db, '79001112233', 'sms'))?.body).toBe('Код 7777');
  });

  it('allows the sandbox in production only in demo mode (DEMO=true)', () => {
    expect(createProviders({ env: {}, nodeEnv: 'production', db: t.db, demo: true }).sandbox).toBe(true);
  });

  it('refuses the sandbox in production without DEMO, whether chosen or by default, naming the setting', () => {
    expect(() => createProviders({ env: {}, nodeEnv: 'production', db: t.db })).toThrow(/AUTH_PROVIDERS=sandbox is refused when NODE_ENV=production without DEMO=true/);
    expect(() => createProviders({ env: { AUTH_PROVIDERS: 'sandbox' }, nodeEnv: 'production', db: t.db, demo: false })).toThrow(/refused/);
  });

  it('needs every http setting and names the missing ones', () => {
    expect(() => createProviders({ env: { AUTH_PROVIDERS: 'http' }, nodeEnv: 'production', db: t.db })).toThrow(
      'AUTH_PROVIDERS=http needs SMS_API_URL, SMS_API_KEY, FLASHCALL_API_URL, FLASHCALL_API_KEY, SMTP_HOST, CAPTCHA_SERVER_KEY, CAPTCHA_SITE_KEY',
    );
    expect(() => createProviders({ env: { ...httpEnv, SMS_API_KEY: '' }, nodeEnv: 'production', db: t.db })).toThrow(/needs SMS_API_KEY$/);
    expect(() => createProviders({ env: { ...httpEnv, SMTP_USER: 'mailer' }, nodeEnv: 'production', db: t.db })).toThrow(/needs SMTP_PASSWORD$/);
  });

  it('builds the http adapters without contacting anyone', () => {
    const providers = createProviders({ env: { ...httpEnv, SMTP_USER: 'mailer', SMTP_PASSWORD: 'secret' }, nodeEnv: 'production', db: t.db });
    expect(Object.keys(providers).sort()).toEqual(['call', 'captcha', 'captchaSiteKey', 'mail', 'sandbox', 'sms']);
    expect(providers.sandbox).toBe(false);
    expect(providers.captchaSiteKey).toBe(httpEnv.CAPTCHA_SITE_KEY);
  });
});
