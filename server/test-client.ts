import { createApp } from './app.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { Role } from '#app/modules/auth/capabilities.rules.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';

/**
 * Drives the HTTP app without a port, like a browser: keeps cookies between calls and echoes the
 * CSRF token it was given, unless a test asks it not to. `app`: another build of the app (the
 * production bundle, for tests of rendered pages).
 */
export function testClient(services: AppServices, options: { app?: { request: ReturnType<typeof createApp>['request'] } | undefined } = {}) {
  const app = options.app ?? createApp({ services });
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(method: string, path: string, options: { json?: unknown; body?: string; contentType?: string; csrf?: string | false; headers?: Record<string, string> } = {}) {
    if (!cookies.has('XSRF-TOKEN')) remember(await app.request('/api/csrf-token', { headers: { cookie: cookieHeader() } }));
    const headers: Record<string, string> = { ...options.headers, cookie: cookieHeader() };
    const csrf = options.csrf === undefined ? decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '') : options.csrf;
    if (csrf !== false) headers['x-csrf-token'] = csrf;
    let body = options.body;
    if (options.json !== undefined) { body = JSON.stringify(options.json); headers['content-type'] = 'application/json'; }
    if (options.contentType) headers['content-type'] = options.contentType;
    const response = await app.request(path, { method, headers, body });
    remember(response);
    return response;
  }
  return {
    app,
    cookies,
    get: (path: string) => request('GET', path),
    /** `headers`: e.g. X-Forwarded-For, to come from an address of the test's own (with TRUST_PROXY). */
    post: (path: string, json?: unknown, options: { csrf?: string | false; body?: string; contentType?: string; headers?: Record<string, string> } = {}) => request('POST', path, { json, ...options }),
    /** A form post as a browser sends it: application/x-www-form-urlencoded, keys like props[phone]. */
    form: (path: string, fields: Record<string, string>, options: { csrf?: string | false } = {}) =>
      request('POST', path, { body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded', ...options }),
  };
}

/**
 * A browser signed in as a new account with a confirmed e-mail (password 'secret1'), holding `role`
 * when given, on `app` (the test's build) or the app of `services`. Throws when the sign-in fails.
 */
export async function signedInClient(services: AppServices, account: { email: string; name?: string; role?: Role; app?: { request: ReturnType<typeof createApp>['request'] } }) {
  const id = await createUser(services.db, { name: account.name ?? 'Покупатель', email: account.email, password: 'secret1', emailVerified: true });
  if (account.role) await setRole(services.db, id, account.role);
  const client = testClient(services, { app: account.app });
  const res = await client.post('/api/auth/authorize', { type: 'email', props: { email: account.email, password: 'secret1' } });
  if (res.status !== 200) throw new Error(`Sign-in of ${account.email} answered ${res.status}`);
  return { id, client };
}
