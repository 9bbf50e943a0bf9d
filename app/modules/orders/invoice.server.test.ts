import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '#app/.server/clock.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs } from '#app/.server/jobs/runner.ts';
import { createPdfPrinter } from '#app/.server/pdf/printer.ts';
import { signedInContext, testContext } from '#app/.server/test-context.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { invoiceDownload, invoiceJobKey } from './invoice-job.server.ts';
import { invoiceForPrint, ownInvoice } from './invoice.server.ts';
import { insertInvoiceOrder } from './invoice.test-fixture.server.ts';

/** Demo branches (regions/data): 1 Смоленск (Россия), 24 Астана (Казахстан). */
const RUSSIA = 1;
const KAZAKHSTAN = 24;

let t: TestDatabase;
let dir: string;
let owner: number;
let stranger: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'invoices-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir });
  owner = await createUser(t.db, { name: 'Иван Петров', email: 'invoice-owner@agro.test', password: 'secret1' });
  stranger = await createUser(t.db, { name: 'Пётр Сидоров', email: 'invoice-stranger@agro.test', password: 'secret1' });
}, 60_000);
afterAll(async () => {
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('the invoice of an order', () => {
  it('is its owner\'s only: another customer and a guest do not find it', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 2, createdAt: new Date('2026-03-02T09:00:00Z') });
    expect((await ownInvoice(await signedInContext(t.services, owner), order.number)).ok).toBe(true);
    expect(await ownInvoice(await signedInContext(t.services, stranger), order.number)).toEqual({ ok: false, code: 'not_found' });
    expect(await ownInvoice(testContext(t.services), order.number)).toEqual({ ok: false, code: 'not_found' });
    expect(await ownInvoice(await signedInContext(t.services, owner), 'АГ-2099-нет')).toEqual({ ok: false, code: 'not_found' });
  });

  it('holds the branch\'s requisites, the buyer, the lines, the total with its VAT and the total in words', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 3, createdAt: new Date('2026-03-02T09:00:00Z'), delivery: { method: 'calc', price: 500_00 } });
    const outcome = await ownInvoice(await signedInContext(t.services, owner), order.number);
    if (!outcome.ok) throw new Error(outcome.code);
    const { invoice } = outcome;
    expect(invoice.seller).toMatchObject({ countryCode: 'RU', legalName: 'ООО «Агротехника»', inn: '6732012340', kpp: '673200101', bik: '044525999', corrAccount: '30101810600000000999', settlementAccount: '40702810600000000001' });
    expect(invoice.buyer).toEqual({ name: 'Иван Петров', phone: '+7 (912) 469-37-64', email: 'ivan@agro.test' });
    expect(invoice.dayLabel).toBe('2 марта 2026 г.');
    // Three parts (1 000,00 × 1; 1 123,45 × 2; 1 246,90 × 3) and the delivery as the fourth line.
    expect(invoice.lines.map((l) => [l.position, l.code, l.count, l.price, l.total])).toEqual([
      [1, 'INV-001', 1, 1_000_00, 1_000_00], [2, 'INV-002', 2, 1_123_45, 2_246_90], [3, 'INV-003', 3, 1_246_90, 3_740_70],
      [4, '', 1, 500_00, 500_00],
    ]);
    expect(invoice.lines[3]!.name).toBe('Доставка по адресу');
    expect(invoice.total).toBe(7_487_60);
    expect(invoice.vatRate).toBe(22);
    expect(invoice.vatAmount).toBe(1_350_22); // 7 487,60 × 22 / 122 = 1 350,22
    expect(invoice.totalInWords).toBe('Семь тысяч четыреста восемьдесят семь рублей шестьдесят копеек');
  });

  it('takes the VAT rate in force on the order\'s day in its country', async () => {
    const rate = async (branchId: number, createdAt: string, currency: 'RUB' | 'KZT' = 'RUB') => {
      const order = await insertInvoiceOrder(t.db, { userId: owner, branchId, lines: 1, createdAt: new Date(createdAt), currency });
      const outcome = await invoiceForPrint(t.services, order.number);
      if (!outcome.ok) throw new Error(outcome.code);
      return [outcome.invoice.vatRate, outcome.invoice.day];
    };
    expect(await rate(RUSSIA, '2025-12-31T20:59:59Z')).toEqual([20, '2025-12-31']); // 23:59:59 in Moscow
    expect(await rate(RUSSIA, '2025-12-31T21:00:00Z')).toEqual([22, '2026-01-01']); // midnight in Moscow
    expect(await rate(KAZAKHSTAN, '2026-06-01T10:00:00Z', 'KZT')).toEqual([16, '2026-06-01']);
    expect(await rate(KAZAKHSTAN, '2025-12-31T19:30:00Z', 'KZT')).toEqual([16, '2026-01-01']); // 00:30 in Almaty
  });

  it('is in tenge with the partnership\'s БИН and IBAN for a Kazakh branch', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner, branchId: KAZAKHSTAN, lines: 1, createdAt: new Date('2026-06-01T10:00:00Z'), currency: 'KZT' });
    const outcome = await invoiceForPrint(t.services, order.number);
    if (!outcome.ok) throw new Error(outcome.code);
    expect(outcome.invoice.seller).toMatchObject({ countryCode: 'KZ', legalName: 'ТОО «Агротехника Казахстан»', bin: '180540012345', inn: null, kpp: null, bik: 'DEMOKZKA' });
    expect(outcome.invoice.seller.settlementAccount).toMatch(/^KZ[0-9]{18}$/);
    expect(outcome.invoice.totalInWords).toBe('Одна тысяча тенге ноль тиынов');
    expect(outcome.invoice.vatAmount).toBe(137_93); // 1 000,00 × 16 / 116
  });

  it('is not issued while a price is unknown, without requisites, or in a currency invoices are not issued in', async () => {
    const at = new Date('2026-03-02T09:00:00Z');
    const pending = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 1, createdAt: at, priceOnRequest: true });
    expect(await invoiceForPrint(t.services, pending.number)).toEqual({ ok: false, code: 'price_pending' });
    const carrier = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 1, createdAt: at, delivery: { method: 'calc', price: 0, failed: true } });
    expect(await invoiceForPrint(t.services, carrier.number)).toEqual({ ok: false, code: 'price_pending' });
    const dollars = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 1, createdAt: at, currency: 'USD' });
    expect(await invoiceForPrint(t.services, dollars.number)).toEqual({ ok: false, code: 'currency' });
    const early = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 1, createdAt: new Date('2018-06-01T09:00:00Z') });
    expect(await invoiceForPrint(t.services, early.number)).toEqual({ ok: false, code: 'no_vat_rate' });

    const bare = await insertInvoiceOrder(t.db, { userId: owner, branchId: 2, lines: 1, createdAt: at });
    await t.db.updateTable('region_branch').set({ settlement_account: null }).where('id', '=', 2).execute();
    try {
      expect(await invoiceForPrint(t.services, bare.number)).toEqual({ ok: false, code: 'no_requisites' });
    } finally {
      await t.db.updateTable('region_branch').set({ settlement_account: '40702810600000000002' }).where('id', '=', 2).execute();
    }
  });

  it('has a new version when what it prints changes', async () => {
    const order = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 2, createdAt: new Date('2026-03-02T09:00:00Z') });
    const before = await invoiceForPrint(t.services, order.number);
    expect((await invoiceForPrint(t.services, order.number) as { version: string }).version).toBe((before as { version: string }).version);
    await t.db.updateTable('orders_order').set({ name: 'Иван Петрович Петров' }).where('id', '=', order.id).execute();
    const after = await invoiceForPrint(t.services, order.number);
    expect((after as { version: string }).version).not.toBe((before as { version: string }).version);
  });
});

describe('the invoice\'s print job without Chromium', () => {
  it('fails its three tries with a clear message, keeps nothing, and the download answers the failure', async () => {
    const pdf = createPdfPrinter({ ...t.services.config, CHROMIUM_PATH: '/nonexistent/chromium' });
    pdf.attach(async () => new Response('never asked', { status: 500 }));
    const services = { ...t.services, pdf };
    const order = await insertInvoiceOrder(t.db, { userId: owner, branchId: RUSSIA, lines: 1, createdAt: new Date('2026-03-02T09:00:00Z') });
    const invoice = await invoiceForPrint(services, order.number);
    if (!invoice.ok) throw new Error(invoice.code);
    try {
      // No runner: the download enqueues and answers at once that it is being prepared.
      expect(await invoiceDownload(services, invoice, { waitMs: 0 })).toMatchObject({ status: 'pending', number: order.number });
      // The tries 1 s and 2 s apart (the clock moved on instead of waited for).
      expect(await runDueJobs(services)).toMatchObject({ retry: 1 });
      advanceClock(1_000);
      expect(await runDueJobs(services)).toMatchObject({ retry: 1 });
      advanceClock(2_000);
      expect(await runDueJobs(services)).toMatchObject({ failed: 1 });
    } finally {
      resetClock();
      await pdf.close();
    }
    const message = 'PDF не создан: Chromium не найден по пути /nonexistent/chromium. Установите пакет chromium (apt-get install chromium) или укажите путь в CHROMIUM_PATH';
    const job = await t.db.selectFrom('job').select(['state', 'attempts', 'last_error']).where('key', '=', invoiceJobKey(order.id, invoice.version)).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'failed', attempts: 3, last_error: message });
    expect(await readdir(join(dir, 'invoices')).catch(() => [])).not.toContain(`${order.id}-${invoice.version}.pdf`);
    expect(await invoiceDownload(services, invoice, { waitMs: 0 })).toMatchObject({ status: 'failed', error: message });
  });
});
