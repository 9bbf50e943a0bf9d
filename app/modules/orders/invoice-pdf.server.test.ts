import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import type { JobRunner } from '#app/.server/jobs/runner.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import type * as EntryModule from '../../../server/entry.ts';
import { testClient } from '../../../server/test-client.ts';
import { invoiceJobKey } from './invoice-job.server.ts';
import { invoiceForPrint } from './invoice.server.ts';
import { invoicePrintPath } from './invoice.rules.ts';
import { insertInvoiceOrder } from './invoice.test-fixture.server.ts';

/*
 * The invoice printed to PDF by headless Chromium through the production build (`npm test` builds
 * before Vitest runs; alone, run `npm run build` first), its text read back with `pdftotext`
 * (poppler-utils, installed by .ci/run). The app is created without a listening socket, as a
 * worker process would: the printer reaches it in-process (ADR 074). Printing does not depend on
 * the database engine, so it runs on PGlite only.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PDFTOTEXT = '/usr/bin/pdftotext';

let t: TestDatabase;
let dir: string;
let app: ReturnType<typeof EntryModule.createApp>;
let owner: { id: number; email: string };
let runner: JobRunner | undefined;

async function pdfText(pdf: Uint8Array): Promise<string> {
  const file = join(dir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

async function signedIn(email: string) {
  const client = testClient(t.services, { app });
  expect((await client.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return client;
}

const engine = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const hasPdftotext = existsSync(PDFTOTEXT);
if (!hasPdftotext) console.warn(`invoice-pdf.server.test.ts skipped: ${PDFTOTEXT} is missing — install poppler-utils (apt-get install poppler-utils; .ci/run does)`);

beforeAll(async () => {
  if (engine !== 'pglite' || !hasPdftotext) return;
  if (!existsSync(resolve(ROOT, 'build/server/index.js'))) throw new Error('No build: `npm test` builds first; alone, run `npm run build` before this test.');
  dir = await mkdtemp(join(tmpdir(), 'invoice-pdf-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
  const entry = await import(pathToFileURL(resolve(ROOT, 'build/server/index.js')).href) as typeof EntryModule;
  app = entry.createApp({ services: t.services, build: entry.serverBuild, clientDir: resolve(ROOT, 'build/client') });
  const email = 'invoice-pdf@agro.test';
  owner = { id: await createUser(t.db, { name: 'Иван Петров', email, password: 'secret1', emailVerified: true }), email };
  // The download enqueues the print and waits for it (ADR 080): the build's runner prints it, as the
  // server's or a worker's does (the build registers the invoice's job kind itself).
  expect(entry.registeredKinds()).toContain('orders.invoice-pdf');
  runner = entry.startJobRunner(t.services, { pollMs: 100 });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await t?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(engine === 'pglite' && hasPdftotext)('the invoice as a PDF', () => {
  it('is downloaded by the order\'s owner: 50 lines over pages with their header repeated, the totals, the VAT and the words', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 1, lines: 50, createdAt: new Date('2026-03-02T09:00:00Z') });
    const client = await signedIn(owner.email);
    const res = await client.get(`/cart/order/${encodeURIComponent(order.number)}/invoice.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const name = `Счёт ${order.number}.pdf`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');

    const text = await pdfText(pdf);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // Every page has the table's header and its number.
    pages.forEach((page, i) => {
      expect(page).toContain('Товары (работы, услуги)');
      expect(page).toContain(`Страница ${i + 1} из ${pages.length}`);
    });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Счёт на оплату № ${order.number} от 2 марта 2026 г.`);
    expect(flat).toContain('ООО «Агротехника»');
    expect(flat).toContain('ИНН 6732012340');
    expect(flat).toContain('КПП 673200101');
    expect(flat).toContain('044525999');
    expect(flat).toContain('30101810600000000999');
    expect(flat).toContain('40702810600000000001');
    expect(flat).toContain('Иван Петров');
    for (const line of order.lines) {
      // A row is never split: its code, name and sum are on one page.
      const page = pages.find((p) => p.includes(line.code))!;
      expect(page.replace(/\s+/g, ' ')).toContain(line.name);
      expect(page).toContain(money(line.total));
    }
    // Total of the 50 lines: Σ (i mod 3 + 1) × (1 000,00 + i × 123,45).
    expect(order.total).toBe(399_477_30);
    expect(flat).toMatch(new RegExp(`Итого: ${escape(money(order.total))}`));
    expect(flat).toMatch(new RegExp(`В том числе НДС \\(22%\\): ${escape(money(72_036_89))}`));
    expect(flat).toMatch(new RegExp(`Всего к оплате: ${escape(money(order.total))}`));
    expect(flat).toContain('Всего наименований: 50');
    expect(flat).toContain('Триста девяносто девять тысяч четыреста семьдесят семь рублей тридцать копеек');
  }, 60_000);

  it('is printed once per version, by one job: the second download reads the kept file', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 24, lines: 3, createdAt: new Date('2026-06-01T10:00:00Z'), currency: 'KZT' });
    const client = await signedIn(owner.email);
    const path = `/cart/order/${encodeURIComponent(order.number)}/invoice.pdf`;
    const print = t.services.pdf.print;
    let printed = 0;
    t.services.pdf.print = (...args) => {
      printed += 1;
      return print(...args);
    };
    try {
      // Four downloads at once: one print, four equal files.
      const firsts = await Promise.all([1, 2, 3, 4].map(async () => new Uint8Array(await (await client.get(path)).arrayBuffer())));
      expect(printed).toBe(1);
      const first = firsts[0]!;
      for (const other of firsts) expect(Buffer.compare(first, other)).toBe(0);
      const kept = (await readdir(join(dir, 'invoices'))).filter((f) => f.startsWith(`${order.id}-`));
      expect(kept).toHaveLength(1);
      const jobs = await t.db.selectFrom('job').select(['key', 'state']).where('key', 'like', `orders.invoice-pdf:${order.id}:%`).execute();
      expect(jobs).toEqual([{ key: invoiceJobKey(order.id, kept[0]!.slice(`${order.id}-`.length, -'.pdf'.length)), state: 'done' }]);
      const second = new Uint8Array(await (await client.get(path)).arrayBuffer());
      expect(printed).toBe(1);
      expect(Buffer.compare(first, second)).toBe(0);
    } finally {
      t.services.pdf.print = print;
    }
    const first = new Uint8Array(await (await client.get(path)).arrayBuffer());
    const flat = (await pdfText(first)).replace(/\s+/g, ' ');
    expect(flat).toContain('ТОО «Агротехника Казахстан»');
    expect(flat).toContain('БИН 180540012345');
    expect(flat).toContain('В том числе НДС (16%)');
    expect(flat).toContain('тенге');
  }, 60_000);

  it('is nobody else\'s: another customer gets 404, a guest is asked to sign in', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 1, lines: 1, createdAt: new Date('2026-03-02T09:00:00Z') });
    const path = `/cart/order/${encodeURIComponent(order.number)}/invoice.pdf`;
    await createUser(t.db, { name: 'Пётр', email: 'invoice-pdf-other@agro.test', password: 'secret1', emailVerified: true });
    const other = await signedIn('invoice-pdf-other@agro.test');
    const refused = await other.get(path);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe('Заказ не найден');
    const guest = await app.request(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toContain('/login');
  });

  it('has print pages nobody reaches from outside, however asked', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner.id, branchId: 1, lines: 1, createdAt: new Date('2026-03-02T09:00:00Z') });
    const outcome = await invoiceForPrint(t.services, order.number);
    if (!outcome.ok) throw new Error(outcome.code);
    const printPath = invoicePrintPath(order.number, outcome.version);
    const client = await signedIn(owner.email);
    for (const path of [printPath, `/print/invoice/${encodeURIComponent(order.number)}.data?v=${outcome.version}`, '/print', '/print/invoice/x']) {
      expect((await client.get(path)).status, path).toBe(404);
      expect((await app.request(path, { headers: { 'x-print': '1', 'print-grant': 'true' } })).status, path).toBe(404);
    }
    // The env a node server passes is its own: a request that names a grant in it is still refused.
    expect((await app.fetch(new Request(`https://shop.example${printPath}`), { printGrant: { printer: true } })).status).toBe(404);
  });
});

const amount = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** As the invoice writes it, with pdftotext's plain spaces for the group separator. */
function money(minor: number): string {
  return amount.format(minor / 100).replace(/\s/g, ' ');
}
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
