// A signed-in visitor for the benchmark, made through the shop's own API as a browser would: an
// e-mail registration, the confirmation link from the sandbox outbox (demo mode), a sign-in. No
// back door: the benchmark server runs the same code as production.
import { BenchError } from './errors.ts';

/** Cookies as a browser keeps them for one origin. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface Visitor {
  /** The Cookie header of the signed-in session. */
  cookie: string;
  /** The CSRF token of that session, for POST endpoints. */
  csrfToken: string;
  /**
   * The buyer's own network address, sent as X-Forwarded-For with his orders (the bench server
   * trusts the proxy header): orders are limited per address, and a run's buyers stand for
   * customers in different places, not one office.
   */
  ip: string;
}

let visitors = 0;

/** `label` tells the accounts of one run apart (two made in the same millisecond would clash). */
export async function signedInVisitor(origin: string, label = 'bench'): Promise<Visitor> {
  const jar = new Jar();
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(origin + path, { ...init, redirect: 'manual', headers: { ...init.headers as Record<string, string>, cookie: jar.header() }, signal: AbortSignal.timeout(15_000) });
    jar.take(response);
    return response;
  };
  const token = async () => ((await (await call('/api/csrf-token')).json()) as { token: string }).token;
  const email = `${label}-${Date.now()}-${process.pid}-${visitors++}@agro.ru`;
  const password = 'bench-secret-12';
  const json = async (path: string, body: unknown) => call(path, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-csrf-token': await token() },
  });
  const registered = await json('/api/auth/registration', { type: 'email', props: { name: 'Бенч Бенчев', email, password, confirm_password: password, acceptGDPR: true, acceptAds: true } });
  if (!registered.ok) throw new BenchError(`registration failed: ${registered.status} ${await registered.text()}`);
  const outbox = await (await call(`/__dev/outbox?recipient=${encodeURIComponent(email)}`)).text();
  const link = /https?:\/\/[^\s<>"'«»&]+(?:&amp;[^\s<>"'«»&]+)*/.exec(outbox.slice(outbox.indexOf('outbox-body')))?.[0]?.replaceAll('&amp;', '&');
  if (!link) throw new BenchError('no confirmation link in the outbox');
  const url = new URL(link);
  const page = await (await call(url.pathname + url.search)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
  await call(url.pathname + url.search, { method: 'POST', body: new URLSearchParams({ _csrf: field('_csrf'), token: field('token') }) });
  const signedIn = await json('/api/auth/authorize', { type: 'email', props: { email, password } });
  if (!signedIn.ok) throw new BenchError(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  return { cookie: jar.header(), csrfToken: await token(), ip: `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${visitors % 250 + 1}` };
}
