import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const START_TIMEOUT_MS = 90_000;

/**
 * ADR 014 end to end: a development server started without PUBLIC_ORIGIN on a port the system picks
 * (PORT=0) mails links to that very port, so a developer's outbox links open the shop they run.
 */
describe('a development server without PUBLIC_ORIGIN', () => {
  let child: ChildProcess;
  let origin = '';
  let dataDir = '';
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'public-origin-'));
    // The parent's test settings (NODE_ENV=test, VITEST…) must not leak into the server.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'PUBLIC_ORIGIN' && k !== 'DATABASE_URL' && k !== 'DEMO'));
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts', '--dev'], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', PGLITE_DIR: dataDir, SESSION_SECRET: 'o'.repeat(40), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    origin = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start:\n${output}`)), START_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        for (const line of output.split('\n')) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { publicOrigin?: string };
          if (entry.publicOrigin) { clearTimeout(timer); done(entry.publicOrigin); }
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
      child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`the server exited (${code}):\n${output}`)); });
    });
  }, START_TIMEOUT_MS + 5_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts the bound port into the links of its letters', async () => {
    const port = Number(new URL(origin).port);
    expect(origin).toBe(`http://127.0.0.1:${port}`);
    expect(port).toBeGreaterThan(0);

    // A browser: its cookies and CSRF token, a registration by e-mail, then its own outbox.
    const jar = new Map<string, string>();
    const call = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(origin + path, { ...init, headers, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      return res;
    };
    expect((await call('/api/csrf-token')).status).toBe(200);
    const email = `origin${Date.now()}@agro.ru`;
    const registered = await call('/api/auth/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
      body: JSON.stringify({ type: 'email', props: { name: 'Анна', email, password: 'secret1', confirm_password: 'secret1', acceptGDPR: true, acceptAds: true } }),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);

    const outbox = await (await call(`/__dev/outbox?recipient=${encodeURIComponent(email)}`)).text();
    const links = [...outbox.matchAll(/https?:\/\/[^\s"<]+\/auth\/confirm-email\?token=[\w-]+/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(origin);
  });
});
