// Builds the app and runs the production server as a child process for the benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { BenchError } from './errors.ts';
import { copyBenchTemplate } from './seed-catalog.ts';

export const ROOT = resolve(import.meta.dirname, '..');
/** The embedded database with the bench catalogue (seed-catalog.ts), copied for each server start. */
export const TEMPLATE_DIR = resolve(ROOT, 'var', `bench-${process.pid}-template`);

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
/** Only the end of the server's output is kept: enough to show why it failed, bounded in memory. */
const OUTPUT_TAIL_CHARS = 16_000;

/** `npm run build` with the terminal attached, so build errors show as usual. */
export function runBuild(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (code === 0) done();
      else fail(new BenchError(`npm run build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The first port from `start` that nobody listens on, so a running dev server is left alone. */
export async function findFreePort(start: number, attempts = 100): Promise<number> {
  for (let port = start; port < start + attempts; port++) {
    const free = await new Promise<boolean>((answer) => {
      const probe = createServer();
      probe.once('error', () => answer(false));
      probe.listen(port, HOST, () => probe.close(() => answer(true)));
    });
    if (free) return port;
  }
  throw new BenchError(`No free port in ${start}–${start + attempts - 1}`);
}

export interface BenchServer {
  origin: string;
  /** What the server printed on stdout and stderr (the tail), for failure reports. */
  output(): { stdout: string; stderr: string };
  /** True once the process has exited, e.g. after crashing mid-run. */
  exited(): boolean;
  /** Stops the server and removes its data directory. Safe to call more than once. */
  stop(): Promise<void>;
  /** Synchronous last resort for process 'exit': kill hard, remove the data directory. */
  killNow(): void;
}

export interface StartOptions {
  port: number;
  /** When set the server uses this PostgreSQL database instead of a fresh embedded one. */
  databaseUrl?: string;
  /** More server settings, e.g. PAGE_CACHE_TTL_MS=0 to measure rendering. */
  extraEnv?: Record<string, string>;
}

/**
 * Spawns the server and returns at once, so the caller holds the handle (and can stop it on
 * Ctrl-C) while it migrates and seeds; then await `waitUntilHealthy`.
 */
export function launchServer({ port, databaseUrl, extraEnv = {} }: StartOptions): BenchServer {
  // A fresh embedded database per run: the server migrates and seeds it (with the demo content), so
  // figures never depend on whatever state a developer's var/pglite is in.
  const dataDir = resolve(ROOT, 'var', `bench-${process.pid}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // Demo mode: the pages measured need the demo content (branches, catalogue, pages), which only
    // demo mode seeds; the sandbox providers it allows are never called by the benchmark.
    DEMO: 'true',
    HOST,
    PORT: String(port),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PGLITE_DIR: dataDir,
    // Request logs cost time per request and would distort the figures.
    LOG_LEVEL: 'silent',
    // Enables /__bench/bare, the yardstick page.
    BENCH_ROUTES: '1',
    // The buyers' orders name their own addresses (X-Forwarded-For, bench/session.ts): orders are
    // limited per address. Every other request has none and is taken from the socket as before.
    TRUST_PROXY: 'true',
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  if (!databaseUrl) copyBenchTemplate(TEMPLATE_DIR, dataDir);

  // process.execPath is the Node 24 that runs this script (npm puts node_modules/.bin first).
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  const keep = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    output[stream] = (output[stream] + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout!.on('data', keep('stdout'));
  child.stderr!.on('data', keep('stderr'));
  let hasExited = false;
  child.once('exit', () => { hasExited = true; });
  // Could not spawn at all: report it like a crash rather than as an unhandled 'error' event.
  child.once('error', (error) => {
    output.stderr += `\n${error.message}`;
    hasExited = true;
  });

  const removeDataDir = () => {
    if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  };
  let stopping: Promise<void> | null = null;
  const server: BenchServer = {
    origin: `http://${HOST}:${port}`,
    output: () => ({ ...output }),
    exited: () => hasExited,
    stop: () => (stopping ??= stopChild(child, () => hasExited).finally(removeDataDir)),
    killNow: () => {
      if (!hasExited) child.kill('SIGKILL');
      removeDataDir();
    },
  };

  return server;
}

/** Polls /healthz; gives up early when the process dies, so a crash is reported at once. */
export async function waitUntilHealthy(server: BenchServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exited()) throw new ServerFailure('The server exited before it became healthy', server);
    try {
      const response = await fetch(`${server.origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet (still migrating and seeding).
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new ServerFailure(`/healthz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`, server);
}

/** SIGTERM lets the server close its database cleanly; SIGKILL if it takes too long. */
async function stopChild(child: ChildProcess, hasExited: () => boolean): Promise<void> {
  if (hasExited()) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Carries the server's output so the caller can show why it failed. */
export class ServerFailure extends BenchError {
  output: { stdout: string; stderr: string };
  constructor(message: string, server: BenchServer) {
    super(message);
    this.name = 'ServerFailure';
    this.output = server.output();
  }
}
