import { describe, expect, it } from 'vitest';
import { createOAuthSetup, loadOAuthSettings, OAUTH_SETTINGS_DOC, oauthSettings } from './oauth.config.ts';

const credentials = {
  OAUTH_YANDEX_CLIENT_ID: 'y', OAUTH_YANDEX_CLIENT_SECRET: 'ys',
  OAUTH_MAILRU_CLIENT_ID: 'm', OAUTH_MAILRU_CLIENT_SECRET: 'ms',
  OAUTH_VKONTAKTE_CLIENT_ID: 'v',
  OAUTH_OK_CLIENT_ID: 'o', OAUTH_OK_CLIENT_SECRET: 'os', OAUTH_OK_APP_KEY: 'ok',
};

describe('social sign-in settings', () => {
  it('defaults to the sandbox and the providers\' documented endpoints', () => {
    const settings = loadOAuthSettings({ OAUTH_YANDEX_CLIENT_ID: '', UNRELATED: 'x' });
    expect(settings.OAUTH_MODE).toBe('sandbox');
    expect(settings.OAUTH_YANDEX_CLIENT_ID).toBeUndefined();
    expect(settings).toMatchObject({
      OAUTH_YANDEX_AUTHORIZE_URL: 'https://oauth.yandex.ru/authorize',
      OAUTH_MAILRU_USERINFO_URL: 'https://oauth.mail.ru/userinfo',
      OAUTH_VKONTAKTE_TOKEN_URL: 'https://id.vk.com/oauth2/auth',
      OAUTH_OK_USERINFO_URL: 'https://api.ok.ru/fb.do',
    });
    expect(() => loadOAuthSettings({ OAUTH_MODE: 'real' })).toThrow('OAUTH_MODE');
    expect(() => loadOAuthSettings({ OAUTH_OK_TOKEN_URL: 'ftp://ok.example' })).toThrow('OAUTH_OK_TOKEN_URL');
  });

  it('documents every variable once, with the defaults the schema applies', () => {
    const names = OAUTH_SETTINGS_DOC.map((d) => d.name);
    expect([...names].sort()).toEqual(Object.keys(oauthSettings.shape).sort());
    expect(new Set(names).size).toBe(names.length);
    const defaults = loadOAuthSettings({});
    for (const doc of OAUTH_SETTINGS_DOC) expect(defaults[doc.name] || null, doc.name).toBe(doc.default);
  });

  it('refuses the sandbox in production without DEMO, allows it in demo mode', () => {
    expect(() => createOAuthSetup({ env: {}, nodeEnv: 'production' })).toThrow(/OAUTH_MODE=sandbox is refused when NODE_ENV=production without DEMO=true/);
    expect(createOAuthSetup({ env: {}, nodeEnv: 'production', demo: true }).mode).toBe('sandbox');
    expect(createOAuthSetup({ env: {}, nodeEnv: 'development' }).sandbox).not.toBeNull();
  });

  it('in http mode names every missing credential and builds all four clients when complete', () => {
    expect(() => createOAuthSetup({ env: { OAUTH_MODE: 'http', OAUTH_YANDEX_CLIENT_ID: 'y' }, nodeEnv: 'production' }))
      .toThrow('OAUTH_MODE=http needs OAUTH_YANDEX_CLIENT_SECRET, OAUTH_MAILRU_CLIENT_ID, OAUTH_MAILRU_CLIENT_SECRET, OAUTH_VKONTAKTE_CLIENT_ID, OAUTH_OK_CLIENT_ID, OAUTH_OK_CLIENT_SECRET, OAUTH_OK_APP_KEY');
    const setup = createOAuthSetup({ env: { OAUTH_MODE: 'http', ...credentials }, nodeEnv: 'production' });
    expect(setup.sandbox).toBeNull();
    expect(Object.keys(setup.clients)).toEqual(['yandex', 'mailru', 'vkontakte', 'ok']);
    expect(setup.clients.vkontakte.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: 'https://shop.example/cb' }))
      .toBe('https://id.vk.com/authorize?response_type=code&client_id=v&redirect_uri=https%3A%2F%2Fshop.example%2Fcb&state=s&code_challenge=c&code_challenge_method=S256&scope=vkid.personal_info+email');
  });
});
