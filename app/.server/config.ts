import { z } from '#app/lib/zod.ts';

/**
 * Every setting the server reads from the environment, with its default.
 * README.md lists the same table; keep them in step.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Demo mode (`npm start`): the sandbox providers and the outbox stand in for real services, every
   * page says so, and the server listens on loopback unless HOST is set. Never for real use (ADR 011).
   */
  DEMO: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** Unset: 0.0.0.0, or 127.0.0.1 in demo mode (see loadConfig). */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; when unset the embedded PGlite database in PGLITE_DIR is used. */
  DATABASE_URL: z.string().optional(),
  PGLITE_DIR: z.string().default('var/pglite'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Signs CSRF tokens. Must be set in production; development derives a fixed one. */
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * Public origin used in letters' links, sitemap.xml, OAuth redirect URIs and the Secure cookie flag.
   * Unset: the address the server listens on (server/main.ts fills it in once bound, ADR 014);
   * a production server outside demo mode refuses to start without it.
   */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, '')).optional(),
  /** Coordinates a new visitor's region is guessed from (the nearest branch). Smolensk by default. */
  DEFAULT_LAT: z.coerce.number().min(-90).max(90).default(54.7826),
  DEFAULT_LNG: z.coerce.number().min(-180).max(180).default(32.0453),
  /** Map tiles: an {z}/{x}/{y} template; the attribution is shown under the map. */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© участники OpenStreetMap'),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** How long a rendered page is reused at most, in ms (a heard change of the data drops it at once, ADR 070); 0 turns the page cache off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Log level of the structured request log: silent, info. */
  LOG_LEVEL: z.enum(['silent', 'info']).default('info'),
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (its first entry). */
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** The support address of the auth modal's SMS mode (spec §2). */
  SUPPORT_EMAIL: z.string().email().default('support@agrotechnika.example'),
  /**
   * HTTP Basic credentials 1C uses for the exchange (`/api/exchange/*`, ADR 083). Unset, the
   * exchange is refused: there is no default account.
   */
  EXCHANGE_USER: z.string().min(1).max(100).optional(),
  EXCHANGE_PASSWORD: z.string().min(12, 'EXCHANGE_PASSWORD: at least 12 characters').max(200).optional(),
  /** Address of the supplier portal shown in the user menu. */
  SUPPLIER_PORTAL_URL: z.string().default('/suppliers'),
  /**
   * Where stored files live (ADR 077): `local` (the directories below) or `s3` (an S3-compatible
   * store: the S3_* settings; each kind of file under its prefix in the bucket).
   */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Where orders' attachments are kept on the local disk: outside the web root, never served as static files. */
  ATTACHMENTS_DIR: z.string().min(1).default('var/attachments'),
  /** Where suppliers' price lists (letters' attachments, uploads) are kept on the local disk: outside the web root. */
  PRICELISTS_DIR: z.string().min(1).default('var/pricelists'),
  /**
   * The mailbox suppliers send price lists to (ADR 095): `imaps://user:password@host:993/INBOX`
   * (`imap://` for a server without TLS, loopback only in practice; the user and password
   * URL-encoded, the folder INBOX when absent). Unset, no mailbox is read.
   */
  SUPPLIERS_IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
  /** How often the suppliers' mailbox is read, in seconds. */
  SUPPLIERS_IMAP_POLL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  /** Where uploaded images and their AVIF/WebP variants are kept on the local disk (served by /media/images/…). */
  IMAGES_DIR: z.string().min(1).default('var/images'),
  /** Where applicants' CVs are kept on the local disk (ADR 092): outside the web root, downloaded by HR only. */
  APPLICATIONS_DIR: z.string().min(1).default('var/applications'),
  /** The S3-compatible store's address, e.g. https://storage.yandexcloud.net, https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Bucket in the path (`endpoint/bucket/key`: MinIO and most self-hosted stores) instead of the host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1'),
  /** Prepended to every key in the bucket (e.g. `shop/`), for a bucket shared with others. */
  S3_PREFIX: z.string().regex(/^(?:[a-z0-9][a-z0-9-]*\/)*$/).default(''),
  /** Longest wait for the store's answer, in ms. */
  S3_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Headless Chromium that prints PDFs (invoices): Debian's package by default (ADR 074). */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** How many PDFs one process prints at once; more wait their turn. */
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** Longest a PDF may take to print, in ms, before it fails. */
  PDF_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Where printed documents (invoices) are kept, by document and version: outside the web root. */
  DOCUMENTS_DIR: z.string().min(1).default('var/documents'),
  /**
   * How long a download waits for its document's print job before answering 'Счёт готовится…'
   * with a refresh (ADR 080), in ms; well under the server's 30 s request timeout.
   */
  DOCUMENT_WAIT_MS: z.coerce.number().int().min(0).max(20_000).default(8_000),
  /**
   * The server process runs the job runner (ADR 075). `false` when `npm run worker` processes do the
   * background work instead (the web processes then only enqueue).
   */
  JOBS_IN_SERVER: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  /** Jobs one runner runs at once. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
});

/** Where the server listens when HOST is unset; a demo must be opened to the network on purpose. */
export const DEFAULT_HOST = '0.0.0.0';
export const DEMO_DEFAULT_HOST = '127.0.0.1';

export type Config = Omit<z.infer<typeof schema>, 'HOST' | 'PUBLIC_ORIGIN'> & {
  HOST: string;
  /**
   * Always an origin: the configured one, or (publicOriginSet false) the listening address, first
   * from HOST and PORT, then corrected by server/main.ts to the port actually bound (PORT=0).
   */
  PUBLIC_ORIGIN: string;
  /** Whether PUBLIC_ORIGIN came from the environment (else it follows the listening address). */
  publicOriginSet: boolean;
  sessionSecret: string;
  isProduction: boolean;
  /**
   * Whether the sandboxes (SMS, calls, mail, captcha, social sign-in) and the outbox may run:
   * development, tests and demo mode. Everywhere else they refuse to start.
   */
  sandboxAllowed: boolean;
  /** A demo told to listen on a non-loopback HOST: main.ts warns in its log. */
  demoExposed: boolean;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Sandboxes are for development (tests count as development) and for an explicit demo. */
export function sandboxAllowed(nodeEnv: string, demo: boolean): boolean {
  return demo || nodeEnv === 'development' || nodeEnv === 'test';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.FILE_STORAGE === 's3') {
    const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !config[name]);
    if (missing.length) throw new Error(`Invalid configuration:\nFILE_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  const isProduction = config.NODE_ENV === 'production';
  if (isProduction && !config.SESSION_SECRET) {
    // server/main.ts provides one for the embedded database; a deployment on PostgreSQL sets its own.
    throw new Error('SESSION_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  const sessionSecret = config.SESSION_SECRET ?? 'development-only-secret-not-for-production-use';
  const HOST = config.HOST?.trim() || (config.DEMO ? DEMO_DEFAULT_HOST : DEFAULT_HOST);
  return {
    ...config,
    HOST,
    PUBLIC_ORIGIN: config.PUBLIC_ORIGIN ?? listeningOrigin(HOST, config.PORT),
    publicOriginSet: config.PUBLIC_ORIGIN !== undefined,
    sessionSecret,
    isProduction,
    sandboxAllowed: sandboxAllowed(config.NODE_ENV, config.DEMO),
    demoExposed: config.DEMO && !LOOPBACK.has(HOST),
  };
}

/**
 * The address a browser on this machine opens for a server listening on host:port: a wildcard
 * address (0.0.0.0, ::) is reached as localhost, an IPv6 address is bracketed.
 */
export function listeningOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * ADR 014: letters, OAuth redirects and the sitemap of a real installation must carry its public
 * address, which the process cannot guess behind a proxy. Production outside demo mode refuses to
 * start without PUBLIC_ORIGIN; development, tests and the demo follow the listening address.
 */
export function assertPublicOrigin(config: Pick<Config, 'publicOriginSet' | 'isProduction' | 'DEMO'>): void {
  if (config.isProduction && !config.DEMO && !config.publicOriginSet) {
    throw new Error('PUBLIC_ORIGIN (the shop\'s public address, e.g. https://shop.example) is required when NODE_ENV=production outside demo mode: links in letters and OAuth redirects are built from it');
  }
}

/**
 * Once the server is bound: an unset PUBLIC_ORIGIN becomes the address it actually listens on (the
 * bound port, which differs from PORT when PORT=0). Everything reads config.PUBLIC_ORIGIN per
 * request, and no request is served before the listen callback runs, so none sees the provisional value.
 * Returns the listening address, for the start message.
 */
export function settlePublicOrigin(config: Config, bound: { host: string; port: number }): string {
  const listening = listeningOrigin(bound.host, bound.port);
  if (!config.publicOriginSet) config.PUBLIC_ORIGIN = listening;
  return listening;
}
