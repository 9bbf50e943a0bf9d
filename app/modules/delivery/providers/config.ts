import { z } from '#app/lib/zod.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { sandboxAllowed } from '#app/.server/config.ts';
import {
  CDEK_API_URL, cdekCalculator, DADATA_SUGGEST_URL, dadataSuggestions, DEFAULT_DELIVERY_TIMEOUT_MS, DELLIN_API_URL, dellinCalculator,
  PEK_API_URL, pekCalculator,
} from './http.ts';
import type { DeliveryProviders } from './providers.ts';
import { createSandboxDeliveryProviders } from './sandbox.ts';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));

/**
 * The delivery providers' settings, read from the environment here (as the accounts' providers read
 * theirs in `auth/providers/config.ts`): only delivery needs them. A test checks that every key is
 * documented in DELIVERY_SETTINGS_DOC.
 */
export const deliverySettings = z.object({
  DELIVERY_PROVIDERS: z.enum(['sandbox', 'http']).default('sandbox'),
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_DELIVERY_TIMEOUT_MS),
  DADATA_SUGGEST_URL: httpUrl.default(DADATA_SUGGEST_URL),
  DADATA_API_KEY: z.string().optional(),
  CDEK_API_URL: httpUrl.default(CDEK_API_URL),
  CDEK_CLIENT_ID: z.string().optional(),
  CDEK_CLIENT_SECRET: z.string().optional(),
  DELLIN_API_URL: httpUrl.default(DELLIN_API_URL),
  DELLIN_APP_KEY: z.string().optional(),
  PEK_API_URL: httpUrl.default(PEK_API_URL),
  PEK_LOGIN: z.string().optional(),
  PEK_API_KEY: z.string().optional(),
});

export type DeliverySettings = z.infer<typeof deliverySettings>;
type SettingName = keyof typeof deliverySettings.shape;

export const DELIVERY_SETTINGS_DOC: ReadonlyArray<{ name: SettingName; default: string | null; meaning: string }> = [
  { name: 'DELIVERY_PROVIDERS', default: 'sandbox', meaning: '`sandbox`: address suggestions from a built-in address book and carrier prices from the tariffs of migration 0016, no network; `http`: DaData, СДЭК, Деловые Линии and ПЭК below. `sandbox` runs only in development, tests and demo mode (`DEMO=true`); otherwise the server refuses to start.' },
  { name: 'DELIVERY_TIMEOUT_MS', default: String(DEFAULT_DELIVERY_TIMEOUT_MS), meaning: 'How long one call to DaData or a carrier may take; a slower answer counts as a failed calculation (the cart shows the fail message).' },
  { name: 'DADATA_SUGGEST_URL', default: DADATA_SUGGEST_URL, meaning: 'DaData "suggest address" endpoint.' },
  { name: 'DADATA_API_KEY', default: null, meaning: 'DaData API key, sent as `Authorization: Token …`. Required with `http`.' },
  { name: 'CDEK_API_URL', default: CDEK_API_URL, meaning: 'СДЭК API v2 base (`/oauth/token`, `/calculator/tariff`).' },
  { name: 'CDEK_CLIENT_ID', default: null, meaning: 'СДЭК account (client_id). Required with `http`.' },
  { name: 'CDEK_CLIENT_SECRET', default: null, meaning: 'СДЭК secure password (client_secret). Required with `http`.' },
  { name: 'DELLIN_API_URL', default: DELLIN_API_URL, meaning: 'Деловые Линии API base (`/v2/calculator.json`).' },
  { name: 'DELLIN_APP_KEY', default: null, meaning: 'Деловые Линии application key (appkey). Required with `http`.' },
  { name: 'PEK_API_URL', default: PEK_API_URL, meaning: 'ПЭК API base (`/calculator/calculateprice/`).' },
  { name: 'PEK_LOGIN', default: null, meaning: 'ПЭК login for Basic authentication. Required with `http`.' },
  { name: 'PEK_API_KEY', default: null, meaning: 'ПЭК API key for Basic authentication. Required with `http`.' },
];

export function loadDeliverySettings(env: Record<string, string | undefined>): DeliverySettings {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = deliverySettings.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid delivery provider configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const REQUIRED_FOR_HTTP = ['DADATA_API_KEY', 'CDEK_CLIENT_ID', 'CDEK_CLIENT_SECRET', 'DELLIN_APP_KEY', 'PEK_LOGIN', 'PEK_API_KEY'] as const satisfies readonly SettingName[];

export interface CreateDeliveryProvidersOptions {
  env: Record<string, string | undefined>;
  nodeEnv: string;
  /** Where the sandbox carriers read their tariffs. */
  db: DB;
  demo?: boolean;
}

/**
 * Built once at start-up, beside `createProviders`: a misconfiguration stops the process. The
 * sandbox prices from invented tariffs, so a production start with it would quote every customer a
 * made-up price: refused outside development, tests and an explicit demo.
 */
export function createDeliveryProviders({ env, nodeEnv, db, demo = false }: CreateDeliveryProvidersOptions): DeliveryProviders {
  const s = loadDeliverySettings(env);
  if (s.DELIVERY_PROVIDERS === 'sandbox') {
    if (!sandboxAllowed(nodeEnv, demo)) {
      throw new Error(`DELIVERY_PROVIDERS=sandbox is refused when NODE_ENV=${nodeEnv} without DEMO=true: the sandbox quotes invented prices. `
        + 'Configure DaData and the carriers (DELIVERY_PROVIDERS=http), or set DEMO=true for a local demonstration (never for real use).');
    }
    return createSandboxDeliveryProviders(db);
  }
  const missing = REQUIRED_FOR_HTTP.filter((name) => !s[name]);
  if (missing.length > 0) throw new Error(`DELIVERY_PROVIDERS=http needs ${missing.join(', ')}`);
  const timeoutMs = s.DELIVERY_TIMEOUT_MS;
  return {
    suggestions: dadataSuggestions({ url: s.DADATA_SUGGEST_URL, token: s.DADATA_API_KEY!, timeoutMs }),
    carriers: {
      cdek: cdekCalculator({ url: s.CDEK_API_URL, clientId: s.CDEK_CLIENT_ID!, clientSecret: s.CDEK_CLIENT_SECRET!, timeoutMs }),
      dellin: dellinCalculator({ url: s.DELLIN_API_URL, appKey: s.DELLIN_APP_KEY!, timeoutMs }),
      pek: pekCalculator({ url: s.PEK_API_URL, login: s.PEK_LOGIN!, apiKey: s.PEK_API_KEY!, timeoutMs }),
    },
    sandbox: false,
  };
}
