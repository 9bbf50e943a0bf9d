import { z } from '#app/lib/zod.ts';
import { SOCIAL_PROVIDERS, type SocialProviderId } from '../auth.constants.ts';
import { createHttpOAuthClient, DEFAULT_OAUTH_ENDPOINTS, type OAuthClient } from './oauth.providers.ts';
import { createSandboxOAuth, type SandboxOAuth } from './oauth.sandbox.ts';

/**
 * Social sign-in settings, read from the environment by this module (as providers/config.ts does for
 * SMS, calls and mail). README's table can be generated from OAUTH_SETTINGS_DOC; a test checks that
 * every variable of the schema is documented.
 */

export type OAuthMode = 'sandbox' | 'http';

/** The variables' stem per provider: OAUTH_YANDEX_CLIENT_ID, OAUTH_OK_APP_KEY, … */
export const OAUTH_ENV_PREFIX: Readonly<Record<SocialProviderId, string>> = {
  yandex: 'OAUTH_YANDEX', mailru: 'OAUTH_MAILRU', vkontakte: 'OAUTH_VKONTAKTE', ok: 'OAUTH_OK',
};

const PROVIDER_IDS = SOCIAL_PROVIDERS.map((p) => p.id);
const httpUrl = z.url({ protocol: /^https?$/ });

function providerShape(id: SocialProviderId): Record<string, z.ZodType> {
  const p = OAUTH_ENV_PREFIX[id];
  const d = DEFAULT_OAUTH_ENDPOINTS[id];
  return {
    [`${p}_CLIENT_ID`]: z.string().optional(),
    [`${p}_CLIENT_SECRET`]: z.string().optional(),
    ...(id === 'ok' ? { OAUTH_OK_APP_KEY: z.string().optional() } : {}),
    [`${p}_AUTHORIZE_URL`]: httpUrl.default(d.authorizeUrl),
    [`${p}_TOKEN_URL`]: httpUrl.default(d.tokenUrl),
    [`${p}_USERINFO_URL`]: httpUrl.default(d.userInfoUrl),
    [`${p}_SCOPE`]: z.string().default(d.scope),
  };
}

export const oauthSettings = z.object({
  OAUTH_MODE: z.enum(['sandbox', 'http']).default('sandbox'),
  ...Object.assign({}, ...PROVIDER_IDS.map(providerShape)) as Record<string, z.ZodType>,
});

/** Parsed settings: OAUTH_MODE, and every other variable as text (defaults applied, unset ones absent). */
export type OAuthSettings = { OAUTH_MODE: OAuthMode } & Readonly<Record<string, string | undefined>>;

export interface OAuthSettingDoc {
  name: string;
  /** As written in the environment; null when there is none. */
  default: string | null;
  meaning: string;
}

function providerDocs(id: SocialProviderId): OAuthSettingDoc[] {
  const p = OAUTH_ENV_PREFIX[id];
  const d = DEFAULT_OAUTH_ENDPOINTS[id];
  const label = { yandex: 'Yandex ID', mailru: 'Mail.ru', vkontakte: 'VK ID', ok: 'OK (Одноклассники)' }[id];
  const secretMeaning = id === 'vkontakte'
    ? 'VK ID: optional. The web flow is secured by PKCE and does not need the secret; when set it is sent in the token exchange.'
    : `${label}: the application's secret. Required with \`http\`.`;
  return [
    { name: `${p}_CLIENT_ID`, default: null, meaning: `${label}: the application's id (client_id). Required with \`http\`. Register the redirect URI \`{PUBLIC_ORIGIN}/auth-social/callback/${id}\`.` },
    { name: `${p}_CLIENT_SECRET`, default: null, meaning: secretMeaning },
    ...(id === 'ok' ? [{ name: 'OAUTH_OK_APP_KEY', default: null, meaning: 'OK: the public application key; signs the `users.getCurrentUser` call. Required with `http`.' }] : []),
    { name: `${p}_AUTHORIZE_URL`, default: d.authorizeUrl, meaning: `${label}: authorization endpoint (the browser is sent there).` },
    { name: `${p}_TOKEN_URL`, default: d.tokenUrl, meaning: `${label}: token endpoint (code exchange).` },
    { name: `${p}_USERINFO_URL`, default: d.userInfoUrl, meaning: `${label}: profile endpoint.` },
    { name: `${p}_SCOPE`, default: d.scope || null, meaning: id === 'yandex'
      ? 'Yandex ID: rights to ask for; unset asks for all the rights chosen when the app was registered (needs `login:info` and `login:email`).'
      : id === 'ok' ? 'OK: rights, `;`-separated. GET_EMAIL works only after OK support approves it; without it accounts are created without e-mail.'
      : `${label}: rights to ask for.` },
  ];
}

/** The variables, in the order README lists them. */
export const OAUTH_SETTINGS_DOC: readonly OAuthSettingDoc[] = [
  { name: 'OAUTH_MODE', default: 'sandbox', meaning: '`sandbox`: social sign-in goes to a local test page (`/auth-social/sandbox/authorize`) where a name and an e-mail can be entered (the sandbox vouches for neither: it never links to an existing account and creates accounts without e-mail); `http`: the real providers below, each needing its credentials (a missing one stops the start-up and is named). `sandbox` runs only in development, tests and demo mode (`DEMO=true`); otherwise the server refuses to start.' },
  ...PROVIDER_IDS.flatMap(providerDocs),
];

/** Parses the settings; an empty variable counts as unset (as in providers/config.ts). */
export function loadOAuthSettings(env: Record<string, string | undefined>): OAuthSettings {
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith('OAUTH_') && value !== undefined && value.trim() !== ''));
  const parsed = oauthSettings.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid social sign-in configuration:\n${lines.join('\n')}`);
  }
  return parsed.data as OAuthSettings;
}

/** What `http` mode cannot start without. */
export function requiredForHttp(id: SocialProviderId): string[] {
  const p = OAUTH_ENV_PREFIX[id];
  if (id === 'vkontakte') return [`${p}_CLIENT_ID`];
  if (id === 'ok') return [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`, 'OAUTH_OK_APP_KEY'];
  return [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`];
}

export interface OAuthSetup {
  mode: OAuthMode;
  /** One client per provider of spec §3 (all enabled). */
  clients: Readonly<Record<SocialProviderId, OAuthClient>>;
  /** The local provider in sandbox mode (its pages are served then); null with real providers. */
  sandbox: SandboxOAuth | null;
}

export interface CreateOAuthSetupOptions {
  env: Record<string, string | undefined>;
  nodeEnv: string;
  /** Same rule as createProviders: DEMO=true allows the sandbox in production mode. */
  demo?: boolean;
  /** For tests: per-request timeout of the HTTP clients. */
  timeoutMs?: number;
}

/**
 * Builds the clients once at start-up. Spec §3 shows all four buttons enabled, so in `http` mode a
 * provider without its credentials is not quietly hidden: the process does not start, and the error
 * names every missing variable.
 */
export function createOAuthSetup({ env, nodeEnv, demo = false, timeoutMs }: CreateOAuthSetupOptions): OAuthSetup {
  const settings = loadOAuthSettings(env);
  if (settings.OAUTH_MODE === 'sandbox') {
    if (!(demo || nodeEnv === 'development' || nodeEnv === 'test')) {
      throw new Error(`OAUTH_MODE=sandbox is refused when NODE_ENV=${nodeEnv} without DEMO=true: its test page signs anyone in with any name. Set OAUTH_MODE=http and the OAUTH_* credentials, or DEMO=true for a local demonstration (never for real use).`);
    }
    const sandbox = createSandboxOAuth();
    const clients = Object.fromEntries(PROVIDER_IDS.map((id) => [id, sandbox.client(id)])) as Record<SocialProviderId, OAuthClient>;
    return { mode: 'sandbox', clients, sandbox };
  }
  const missing = PROVIDER_IDS.flatMap((id) => requiredForHttp(id).filter((name) => !settings[name]));
  if (missing.length > 0) throw new Error(`OAUTH_MODE=http needs ${missing.join(', ')}`);
  const clients = Object.fromEntries(PROVIDER_IDS.map((id) => {
    const p = OAUTH_ENV_PREFIX[id];
    return [id, createHttpOAuthClient(id, {
      endpoints: { authorizeUrl: settings[`${p}_AUTHORIZE_URL`]!, tokenUrl: settings[`${p}_TOKEN_URL`]!, userInfoUrl: settings[`${p}_USERINFO_URL`]!, scope: settings[`${p}_SCOPE`] ?? '' },
      credentials: { clientId: settings[`${p}_CLIENT_ID`]!, clientSecret: settings[`${p}_CLIENT_SECRET`] ?? null, appKey: id === 'ok' ? settings.OAUTH_OK_APP_KEY ?? null : null },
      timeoutMs,
    })];
  })) as Record<SocialProviderId, OAuthClient>;
  return { mode: 'http', clients, sandbox: null };
}
