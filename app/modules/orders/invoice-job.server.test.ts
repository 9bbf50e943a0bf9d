import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { listJobs } from '#app/.server/jobs/admin.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { claimJobs } from '#app/.server/jobs/lease.ts';
import { runDueJobs, startJobRunner, type JobRunner } from '#app/.server/jobs/runner.ts';
import { PdfError, type PdfPrinter } from '#app/.server/pdf/printer.ts';
import { signedInContext } from '#app/.server/test-context.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { testClient } from '../../../server/test-client.ts';
import * as adminLayout from '../../routes/admin.layout.tsx';
import * as adminJobs from '../../routes/admin.jobs.tsx';
import * as invoiceRoute from '../../routes/cart.order.$number.invoice.pdf.ts';
import { invoiceJobKey, invoicePdfJob } from './invoice-job.server.ts';
import { invoiceForPrint } from './invoice.server.ts';
import { INVOICE_MESSAGES, INVOICE_UNAVAILABLE } from './invoice.schema.ts';
import { insertInvoiceOrder } from './invoice.test-fixture.server.ts';
import { confirmOrderPrices } from './order-work.server.ts';

/*
 * The invoice's PDF printed by a job (ADR 080), on both engines, through the download route and the
 * runner, with a printer that records what it is asked instead of Chromium (the real print is
 * invoice-pdf.server.test.ts's): one job and one file per order version however many ask at once
 * (two runners and parallel requests: real parallelism on PostgreSQL), a repeat after a lost lease
 * writing nothing, 'Счёт готовится…' while it prints, the failure (no Chromium) answered 503 and
 * kept at /admin/jobs, where it is retried.
 */

let t: TestDatabase;
let dir: string;
let owner: { id: number; email: string };
const runners: JobRunner[] = [];

/** A printer that makes a small PDF of the path it is asked, counting, and fails while `failing` is set. */
function fakePrinter() {
  const state = { printed: [] as string[], failing: null as string | null, delayMs: 30 };
  const printer: PdfPrinter = {
    attach() {},
    async print(path: string): Promise<Uint8Array> {
      state.printed.push(path);
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.failing) throw new PdfError(state.failing);
      return new TextEncoder().encode(`%PDF-1.7 ${path}`);
    },
    async close() {},
  };
  return Object.assign(state, { printer });
}

type FakePrinter = ReturnType<typeof fakePrinter>;

function servicesWith(fake: FakePrinter, config: Partial<AppServices['config']> = {}): AppServices {
  return { ...t.services, pdf: fake.printer, config: { ...t.services.config, ...config } };
}

const build = () => fakeServerBuild({
  'routes/cart.order.$number.invoice.pdf': { path: 'cart/order/:number/invoice.pdf', module: invoiceRoute },
  admin: { path: 'admin', module: adminLayout },
  'routes/admin.jobs': { parentId: 'admin', path: 'jobs', module: adminJobs },
});

async function signedIn(services: AppServices, email: string) {
  const client = testClient(services, { app: createApp({ services, build: build() }) });
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return client;
}

const pathOf = (number: string) => `/cart/order/${encodeURIComponent(number)}/invoice.pdf`;
const jobsOf = (orderId: number) => t.db.selectFrom('job').select(['id', 'kind', 'key', 'state', 'attempts', 'last_error']).where('key', 'like', `orders.invoice-pdf:${orderId}:%`).execute();
const filesOf = async (orderId: number) => (await readdir(join(dir, 'invoices')).catch(() => [] as string[])).filter((f) => f.startsWith(`${orderId}-`));

async function newOrder(lines = 2) {
  const order = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 1, lines, createdAt: new Date('2026-03-02T09:00:00Z') });
  const invoice = await invoiceForPrint(t.services, order.number);
  if (!invoice.ok) throw new Error(invoice.code);
  return { ...order, version: invoice.version };
}

function startRunner(services: AppServices, workerId: string) {
  const runner = startJobRunner(services, { pollMs: 50, concurrency: 2, workerId });
  runners.push(runner);
  return runner;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'invoice-job-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir });
  const email = 'invoice-job@agro.test';
  owner = { id: await createUser(t.db, { name: 'Иван Петров', email, password: 'secret1', emailVerified: true }), email };
}, 120_000);

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the invoice\'s PDF, printed by a job', () => {
  it('is printed by its job at the first download, kept under the order and version, and served from the storage afterwards', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf);
    startRunner(services, 'web');
    const order = await newOrder();
    const client = await signedIn(services, owner.email);

    const res = await client.get(pathOf(order.number));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const name = `Счёт ${order.number}.pdf`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    const body = new TextDecoder().decode(await res.arrayBuffer());
    expect(body).toBe(`%PDF-1.7 /print/invoice/${encodeURIComponent(order.number)}?v=${order.version}`);
    expect(res.headers.get('content-length')).toBe(String(new TextEncoder().encode(body).byteLength));

    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ kind: 'orders.invoice-pdf', key: invoiceJobKey(order.id, order.version), state: 'done', attempts: 1 })]);
    expect(await filesOf(order.id)).toEqual([`${order.id}-${order.version}.pdf`]);

    expect((await client.get(pathOf(order.number))).status).toBe(200);
    expect(pdf.printed).toHaveLength(1);
    expect(await jobsOf(order.id)).toHaveLength(1);
  });

  it('makes one job and one file of many downloads at once, with two runners taking jobs', async () => {
    const pdf = fakePrinter();
    pdf.delayMs = 200;
    const services = servicesWith(pdf);
    startRunner(services, 'process-a');
    startRunner(services, 'process-b');
    const order = await newOrder(3);
    const clients = await Promise.all([1, 2].map(() => signedIn(services, owner.email)));
    const answers = await Promise.all(Array.from({ length: 10 }, async (_, i) => {
      const res = await clients[i % 2]!.get(pathOf(order.number));
      return { status: res.status, body: new TextDecoder().decode(await res.arrayBuffer()) };
    }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(pdf.printed).toHaveLength(1);
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
    expect(await filesOf(order.id)).toHaveLength(1);
  });

  it('answers \'Счёт готовится…\' with a refresh while no runner has printed it, then the PDF', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf, { DOCUMENT_WAIT_MS: 200 });
    const order = await newOrder();
    const client = await signedIn(services, owner.email);
    const started = performance.now();
    const res = await client.get(pathOf(order.number));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const page = await res.text();
    expect(page).toContain('<title>Счёт готовится…</title>');
    expect(page).toContain('<meta http-equiv="refresh" content="3">');
    expect(page).toContain(`Счёт к заказу №\u00a0${order.number} печатается`);
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ state: 'queued' })]);
    // A second ask while it waits is the same job.
    expect((await client.get(pathOf(order.number))).status).toBe(202);
    expect(await jobsOf(order.id)).toHaveLength(1);

    expect(await runDueJobs(services)).toMatchObject({ done: 1 });
    const ready = await client.get(pathOf(order.number));
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers 503 with the message when the job failed (no Chromium), logged; the job is kept at /admin/jobs in Russian and retried from there', async () => {
    const pdf = fakePrinter();
    pdf.failing = 'PDF не создан: Chromium не найден по пути /nonexistent/chromium';
    const services = servicesWith(pdf);
    startRunner(services, 'web');
    const order = await newOrder();
    const client = await signedIn(services, owner.email);
    const logged: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    // Three tries 1 s and 2 s apart end within the download's wait.
    const res = await client.get(pathOf(order.number));
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(INVOICE_UNAVAILABLE);
    const [job] = await jobsOf(order.id);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, last_error: pdf.failing });
    const line = logged.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.document === 'invoice' && l.order === order.number);
    expect(line).toMatchObject({ level: 'error', msg: pdf.failing, job: job!.id });
    vi.restoreAllMocks();

    // The back-office sees it with its kind's Russian name and queues it again.
    const listed = await listJobs(t.db, { state: 'failed', kind: 'orders.invoice-pdf' });
    expect(listed.jobs.find((j) => j.id === job!.id)).toMatchObject({ kindLabel: 'Счёт в PDF', lastError: pdf.failing });
    const adminEmail = 'invoice-job-admin@agro.test';
    await setRole(t.db, await createUser(t.db, { name: 'Администратор', email: adminEmail, password: 'secret1', emailVerified: true }), 'administrator');
    const admin = await signedIn(services, adminEmail);
    const screen = await admin.get('/admin/jobs.data?state=failed&kind=orders.invoice-pdf');
    expect(screen.status).toBe(200);
    const data = await screen.text();
    expect(data).toContain('Счёт в PDF');
    expect(data).toContain(invoiceJobKey(order.id, order.version));
    pdf.failing = null;
    expect((await admin.form('/admin/jobs', { id: String(job!.id) })).status).toBe(302);
    await expect.poll(async () => (await jobsOf(order.id))[0]!.state, { timeout: 10_000, interval: 50 }).toBe('done');
    expect((await client.get(pathOf(order.number))).status).toBe(200);
    expect(await filesOf(order.id)).toHaveLength(1);
  });

  it('writes the file once when a run is repeated after a lost lease, and prints nothing of a version the order no longer has', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf);
    const order = await newOrder();
    const payload = { orderId: order.id, number: order.number, version: order.version };
    await enqueueJob(t.db, invoicePdfJob, payload, { key: invoiceJobKey(order.id, order.version) });
    // A process takes it with a lease that runs out, prints, and dies before writing 'done'.
    const [claimed] = (await claimJobs(t.db, { workerId: 'killed', leases: new Map([[invoicePdfJob.kind, 1]]), limit: 10 })).filter((j) => j.key === invoiceJobKey(order.id, order.version));
    await invoicePdfJob.run(services, payload, { id: claimed!.id, kind: claimed!.kind, key: claimed!.key, attempt: 1, maxAttempts: 3 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Another takes it again when the lease ended: the file is there, nothing is printed or written.
    await runDueJobs(services);
    expect(pdf.printed).toHaveLength(1);
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ state: 'done', attempts: 2 })]);
    expect(await filesOf(order.id)).toHaveLength(1);

    // Enqueued for one version, the order changed before it ran: done without printing.
    const changing = await newOrder();
    await enqueueJob(t.db, invoicePdfJob, { orderId: changing.id, number: changing.number, version: changing.version }, { key: invoiceJobKey(changing.id, changing.version) });
    await t.db.updateTable('orders_order').set({ name: 'Иван Петрович Петров' }).where('id', '=', changing.id).execute();
    await runDueJobs(services);
    expect(await jobsOf(changing.id)).toEqual([expect.objectContaining({ state: 'done' })]);
    expect(pdf.printed).toHaveLength(1);
    expect(await filesOf(changing.id)).toEqual([]);
  });

  it('prints again a done job whose file is gone (a storage emptied or moved)', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf);
    startRunner(services, 'web');
    const order = await newOrder();
    const client = await signedIn(services, owner.email);
    expect((await client.get(pathOf(order.number))).status).toBe(200);
    await rm(join(dir, 'invoices', `${order.id}-${order.version}.pdf`));
    expect((await client.get(pathOf(order.number))).status).toBe(200);
    expect(pdf.printed).toHaveLength(2);
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
    expect(await filesOf(order.id)).toHaveLength(1);
  });

  it('is enqueued when the customer confirms the prices the branch named, before he asks for it', async () => {
    const order = await newOrder();
    await t.db.updateTable('orders_order').set({ prices_pending_confirmation: true }).where('id', '=', order.id).execute();
    expect(await confirmOrderPrices(await signedInContext(t.services, owner.id), order.number, 'Иван Петров')).toEqual({ ok: true });
    expect(await jobsOf(order.id)).toEqual([expect.objectContaining({ key: invoiceJobKey(order.id, order.version), state: 'queued' })]);
  });

  it('is its owner\'s only, and refused while a price is unknown', async () => {
    const services = servicesWith(fakePrinter());
    const order = await newOrder();
    const guest = await createApp({ services, build: build() }).request(pathOf(order.number));
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toContain('/login');
    await createUser(t.db, { name: 'Пётр', email: 'invoice-job-other@agro.test', password: 'secret1', emailVerified: true });
    const stranger = await signedIn(services, 'invoice-job-other@agro.test');
    const refused = await stranger.get(pathOf(order.number));
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe('Заказ не найден');
    const pending = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 1, lines: 1, createdAt: new Date('2026-03-02T09:00:00Z'), priceOnRequest: true });
    const client = await signedIn(services, owner.email);
    const early = await client.get(pathOf(pending.number));
    expect(early.status).toBe(409);
    expect(await early.text()).toBe(INVOICE_MESSAGES.price_pending);
    expect(await jobsOf(order.id)).toEqual([]);
    expect(await jobsOf(pending.id)).toEqual([]);
  });
});
