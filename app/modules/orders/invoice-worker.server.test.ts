import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { invoiceDownload, invoiceJobKey } from './invoice-job.server.ts';
import { invoiceForPrint } from './invoice.server.ts';
import { insertInvoiceOrder } from './invoice.test-fixture.server.ts';
import { startBuilt, stopBuilt } from '../../../server/test-process.ts';

/*
 * `npm run worker` (server/worker.ts on the production build) prints invoices (ADR 080): a download
 * in this process — which runs no job runner, as a web process with JOBS_IN_SERVER=false — enqueues
 * the print, the worker's runner claims it, prints with its own Chromium through its own app
 * (no socket, ADR 074) into the shared DOCUMENTS_DIR, and the download, seeing the job done by
 * reading its row, serves the file. PostgreSQL only, as the worker is; `npm test` builds first.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PDFTOTEXT = '/usr/bin/pdftotext';
const PDFFONTS = '/usr/bin/pdffonts';
const run = promisify(execFile);
const runs = Boolean(process.env.DATABASE_URL) && existsSync(CHROMIUM);

let t: TestDatabase;
let dir = '';
let child: ChildProcess | undefined;
let kinds: string[] = [];

async function startWorker(databaseUrl: string): Promise<string[]> {
  const started = await startBuilt('server/worker.ts', {
    NODE_ENV: 'test', DEMO: 'false', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4', JOBS_CONCURRENCY: '2',
    DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example', SESSION_SECRET: 'worker-test-secret-worker-test-secret', LOG_LEVEL: 'info',
  }, (line) => (line.includes('Обработчик фоновых заданий запущен') ? (JSON.parse(line) as { kinds: string[] }).kinds : undefined));
  child = started.child;
  return started.ready;
}

beforeAll(async () => {
  if (!runs) return;
  dir = await mkdtemp(join(tmpdir(), 'worker-documents-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
  kinds = await startWorker(t.services.config.DATABASE_URL!);
}, 60_000);

afterAll(async () => {
  await stopBuilt(child);
  await t?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(runs)('npm run worker', () => {
  it('prints the invoice a download enqueued and waits for; the download serves the worker\'s file', async () => {
    expect(kinds).toContain('orders.invoice-pdf');
    const userId = await createUser(t.db, { name: 'Иван Петров', email: 'worker-invoice@agro.test', password: 'secret1', emailVerified: true });
    const order = await insertInvoiceOrder(t.db, { userId, branchId: 1, lines: 5, createdAt: new Date('2026-03-02T09:00:00Z') });
    const invoice = await invoiceForPrint(t.services, order.number);
    if (!invoice.ok) throw new Error(invoice.code);
    // The worker's Chromium starts with this first print.
    const download = await invoiceDownload(t.services, invoice, { waitMs: 20_000 });
    expect(download.status).toBe('ready');
    if (download.status !== 'ready') return;
    expect(new TextDecoder().decode(download.pdf.slice(0, 5))).toBe('%PDF-');
    expect(download.pdf.byteLength).toBeGreaterThan(10_000);
    const job = await t.db.selectFrom('job').select(['state', 'attempts', 'locked_by']).where('key', '=', invoiceJobKey(order.id, invoice.version)).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 1, locked_by: null });
    expect(await readdir(join(dir, 'invoices'))).toEqual([`${order.id}-${invoice.version}.pdf`]);
    // Printed from the worker's own pages with the build's styles and fonts: the invoice's text, set in
    // the served web font (Chromium embeds Inter as Type 3 fonts; a system fallback would be TrueType).
    if (existsSync(PDFTOTEXT)) {
      const file = join(dir, 'invoices', `${order.id}-${invoice.version}.pdf`);
      const text = (await run(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
      expect(text).toContain(`Счёт на оплату № ${order.number}`);
      expect((await run(PDFFONTS, [file])).stdout).toMatch(/Type 3/);
    }
  }, 60_000);
});
