import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppServices } from '#app/.server/context.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { runDueJobs, startJobRunner, type JobRunner } from '#app/.server/jobs/runner.ts';
import { PdfError, type PdfPrinter } from '#app/.server/pdf/printer.ts';
import example from '../../../docs/examples/offer-import.json';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import * as offerSlidesRoute from '../../routes/offer-slides.tsx';
import * as offerPdfRoute from '../../routes/offer.pdf.$hash.tsx';
import * as printLayout from '../../routes/print.tsx';
import * as printOfferRoute from '../../routes/print.offer.$hash.tsx';
import { offerPdfJob, offerPdfJobKey, offerPdfKey } from './offer-pdf-job.server.ts';
import { OFFER_PRINT_MESSAGES } from './offer-print.rules.ts';
import { CLIENT_OFFER_MESSAGES } from './offer-view.schema.ts';
import { printableOffer, printableOfferById } from './offer-print.server.ts';
import { importOffers } from './offers.server.ts';

/*
 * The offer's print page, PDF and slides (ADR 085) on both engines, through the whole HTTP app with
 * the real route modules and a printer that records what it is asked instead of Chromium (the real
 * print is the journey's, tests/e2e/offer-print.spec.ts): the document of the current version with
 * the VAT of the branch's country, an unknown hash 404 everywhere, the personal headers, the PDF
 * printed by a job keyed by the offer's version (a new version is a new file), 'Предложение
 * готовится…' and the 503, the print area closed to outsiders, and GET changing no offer.
 */

let t: TestDatabase;
let dir: string;
const runners: JobRunner[] = [];

function fakePrinter() {
  const state = { printed: [] as string[], failing: null as string | null };
  const printer: PdfPrinter = {
    attach() {},
    async print(path: string): Promise<Uint8Array> {
      state.printed.push(path);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (state.failing) throw new PdfError(state.failing);
      return new TextEncoder().encode(`%PDF-1.7 ${path}`);
    },
    async close() {},
  };
  return Object.assign(state, { printer });
}

const servicesWith = (fake: ReturnType<typeof fakePrinter>, config: Partial<AppServices['config']> = {}): AppServices =>
  ({ ...t.services, pdf: fake.printer, config: { ...t.services.config, ...config } });

const build = () => fakeServerBuild({
  'routes/offer.pdf.$hash': { path: 'offer/pdf/:hash', module: offerPdfRoute },
  'routes/offer-slides': { path: 'offer-slides', module: offerSlidesRoute },
  'routes/print': { path: 'print', module: printLayout },
  'routes/print.offer.$hash': { parentId: 'routes/print', path: 'offer/:hash', module: printOfferRoute },
});

const appOf = (services: AppServices) => createApp({ services, build: build() });

/** Imports the example's offer `i` under an id of the test's own (optionally changed) and answers its hash. */
let imported = 0;
async function importExample(i: number, change: (raw: Record<string, unknown>) => void = () => {}, externalId = `print-test-${++imported}`) {
  const raw = { ...structuredClone(example.offers[i]!), external_id: externalId } as Record<string, unknown>;
  change(raw);
  const [result] = await importOffers(t.services, [raw]);
  if (!result?.ok) throw new Error(JSON.stringify(result));
  return { hash: result.hash, externalId, version: result.version };
}

const offerRow = (hash: string) => t.db.selectFrom('offers_offer').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
const versionCount = async () => Number((await t.db.selectFrom('offers_version').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const jobsOf = (offerId: number) => t.db.selectFrom('job').select(['key', 'state', 'attempts', 'last_error']).where('key', 'like', `offers.offer-pdf:${offerId}:%`).orderBy('id').execute();
const filesOf = async (offerId: number) => (await readdir(join(dir, 'offers')).catch(() => [] as string[])).filter((f) => f.startsWith(`${offerId}-`)).sort();

function expectPersonal(res: Response) {
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'offer-print-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
}, 120_000);

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('printableOffer', () => {
  it('reads every demo variant by its hash with its current version\'s lines, the branch and the VAT of its country', async () => {
    const demo = await t.db.selectFrom('offers_offer').select(['id', 'hash', 'variant']).where('external_id', 'like', 'demo-1C-%').orderBy('id').execute();
    expect(demo.map((d) => d.variant).sort()).toEqual(['engineer', 'multi-technique', 'single-technique', 'spare-parts']);
    for (const { id, hash, variant } of demo) {
      const offer = await printableOffer(t.services, hash);
      expect(offer, variant).toMatchObject({ offerId: id, hash, version: 1, doc: { variant } });
      expect(offer!.digest).toMatch(/^[0-9a-f]{16}$/);
      expect(offer!.doc.lines.length).toBeGreaterThan(0);
      expect((await printableOfferById(t.services, id))!.digest).toBe(offer!.digest);
    }
    const single = await printableOffer(t.services, demo.find((d) => d.variant === 'single-technique')!.hash);
    expect(single!.doc.lines[0]!.name).toBe('Трактор Кировец К-742М Стандарт');
    expect(single!.doc.branch).toMatchObject({ name: 'Смоленск' });
    // Russia from 2026: 22 %; Kazakhstan (the engineer's offer, in tenge, from Astana): 16 %.
    expect(single!.doc.vat?.rate).toBe(22);
    const engineer = await printableOffer(t.services, demo.find((d) => d.variant === 'engineer')!.hash);
    expect(engineer!.doc).toMatchObject({ currency: 'KZT', vat: { rate: 16 } });
  });

  it('finds nothing for an unknown or malformed hash, without asking the database about the malformed', async () => {
    expect(await printableOffer(t.services, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    for (const bad of ['', 'short', 'a\u0000bcdefghijklmnopqrstuvwxyz', 'x'.repeat(65), "'; drop table offers_offer; --"]) {
      expect(await printableOffer(t.services, bad)).toBeNull();
    }
  });
});

describe('/offer/pdf/{hash} and /offer-slides/', () => {
  it('answers the offer\'s page and slides with personal headers (its data holds the lines), and 404 in Russian for an unknown hash', async () => {
    const { hash } = await importExample(2);
    const app = appOf(t.services);
    const page = await app.request(`/offer/pdf/${hash}`);
    expect(page.status).toBe(200);
    expectPersonal(page);
    const data = await (await app.request(`/offer/pdf/${hash}.data`)).text();
    for (const name of ['Фильтр масляный', 'Фильтр топливный тонкой очистки', 'Ремень привода вентилятора']) expect(data).toContain(name);

    const slides = await app.request(`/offer-slides/?hash=${hash}`);
    expect(slides.status).toBe(200);
    expectPersonal(slides);
    expect(await (await app.request(`/offer-slides.data?hash=${hash}`)).text()).toContain('RE533910');

    for (const path of ['/offer/pdf/AAAAAAAAAAAAAAAAAAAAAA', '/offer/pdf/nope', '/offer-slides/?hash=AAAAAAAAAAAAAAAAAAAAAA', '/offer-slides/', `/offer-slides/?hash=${hash}x`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expectPersonal(res);
    }
    const pdf = await app.request('/offer/pdf/AAAAAAAAAAAAAAAAAAAAAA?format=pdf');
    expect(pdf.status).toBe(404);
    expectPersonal(pdf);
    expect(await pdf.text()).toBe(OFFER_PRINT_MESSAGES.notFound);
  });

  it('says 410 on a link the offer had before it was sent again, never where it went', async () => {
    const { hash } = await importExample(1);
    const { id } = await offerRow(hash);
    const old = 'OLDoldOLDoldOLDoldOLD1';
    await t.db.insertInto('offers_old_hash').values({ hash: old, offer_id: id }).execute();
    const app = appOf(t.services);
    for (const path of [`/offer/pdf/${old}`, `/offer-slides/?hash=${old}`, `/offer/pdf/${old}?format=pdf`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(410);
      expectPersonal(res);
      expect(await res.text(), path).not.toContain(hash);
    }
    expect(await (await app.request(`/offer/pdf/${old}?format=pdf`)).text()).toBe(CLIENT_OFFER_MESSAGES.replaced);
  });

  it('changes nothing when read: no version, no state, no update time, whatever is asked', async () => {
    const { hash } = await importExample(0);
    const before = await offerRow(hash);
    const versions = await versionCount();
    // No runner: the PDF's job is queued (its own table), the answer is 'готовится' after a short wait.
    const app = appOf(servicesWith(fakePrinter(), { DOCUMENT_WAIT_MS: 100 }));
    for (const path of [`/offer/pdf/${hash}`, `/offer/pdf/${hash}.data`, `/offer-slides/?hash=${hash}`, `/offer/pdf/${hash}?format=pdf`]) await app.request(path);
    expect(await offerRow(hash)).toEqual(before);
    expect(await versionCount()).toBe(versions);
  });

  it('keeps the print area to the app\'s printer: the offer\'s print page is 404 to anyone else', async () => {
    const { hash } = await importExample(1);
    const offer = (await printableOffer(t.services, hash))!;
    const app = appOf(t.services);
    for (const path of [`/print/offer/${hash}?v=${offer.digest}`, `/print/offer/${hash}.data?v=${offer.digest}`]) {
      expect((await app.request(path, { headers: { 'x-print': '1' } })).status, path).toBe(404);
    }
  });
});

describe('the offer\'s PDF, printed by a job per version', () => {
  it('is printed at the first download from the print area, kept under the offer, version and digest, then served from the storage', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf);
    runners.push(startJobRunner(services, { pollMs: 50, concurrency: 2, workerId: 'web' }));
    const { hash } = await importExample(0);
    const offer = (await printableOffer(services, hash))!;
    const app = appOf(services);

    const res = await app.request(`/offer/pdf/${hash}?format=pdf`);
    expect(res.status).toBe(200);
    expectPersonal(res);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const name = 'КП КФХ «Колос», версия 1.pdf';
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(await res.text()).toBe(`%PDF-1.7 /print/offer/${hash}?v=${offer.digest}`);
    expect(offerPdfJobKey(offer)).toBe(`offers.offer-pdf:${offer.offerId}:1-${offer.digest}`);
    expect(offerPdfKey(offer)).toBe(`offers/${offer.offerId}-1-${offer.digest}.pdf`);
    expect(await jobsOf(offer.offerId)).toEqual([expect.objectContaining({ key: offerPdfJobKey(offer), state: 'done', attempts: 1 })]);
    expect(await filesOf(offer.offerId)).toEqual([`${offer.offerId}-1-${offer.digest}.pdf`]);

    expect((await app.request(`/offer/pdf/${hash}?format=pdf`)).status).toBe(200);
    expect(pdf.printed.filter((p) => p.includes(hash))).toHaveLength(1);
  });

  it('prints a new file for a new version of the offer, keeping the old one', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf);
    runners.push(startJobRunner(services, { pollMs: 50, concurrency: 2, workerId: 'web' }));
    const first = await importExample(1);
    const app = appOf(services);
    expect((await app.request(`/offer/pdf/${first.hash}?format=pdf`)).status).toBe(200);
    const v1 = (await printableOffer(services, first.hash))!;

    // 1C sends the offer again with another count: version 2, the same link.
    const second = await importExample(1, (raw) => { ((raw.products as Array<{ prices: { count: number } }>)[1]!.prices.count) = 3; }, first.externalId);
    expect(second).toMatchObject({ hash: first.hash, version: 2 });
    const v2 = (await printableOffer(services, first.hash))!;
    expect(v2.version).toBe(2);
    expect(offerPdfJobKey(v2)).not.toBe(offerPdfJobKey(v1));
    expect(offerPdfJobKey(v2)).toContain(`:${v2.offerId}:2-`);

    const res = await app.request(`/offer/pdf/${first.hash}?format=pdf`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`%PDF-1.7 /print/offer/${first.hash}?v=${v2.digest}`);
    expect(pdf.printed.filter((p) => p.includes(first.hash))).toHaveLength(2);
    expect(await filesOf(v1.offerId)).toEqual([`${v1.offerId}-1-${v1.digest}.pdf`, `${v1.offerId}-2-${v2.digest}.pdf`].sort());
    expect((await jobsOf(v1.offerId)).map((j) => j.key)).toEqual([offerPdfJobKey(v1), offerPdfJobKey(v2)]);

    // A job enqueued for version 1 and run after version 2 came prints nothing.
    await t.db.deleteFrom('job').where('key', '=', offerPdfJobKey(v1)).execute();
    await rm(join(dir, offerPdfKey(v1)));
    await offerPdfJob.run(services, { offerId: v1.offerId, version: 1, digest: v1.digest }, { id: 0, kind: offerPdfJob.kind, key: offerPdfJobKey(v1), attempt: 1, maxAttempts: 3 });
    expect(pdf.printed.filter((p) => p.includes(first.hash))).toHaveLength(2);
    expect(await filesOf(v1.offerId)).toEqual([`${v1.offerId}-2-${v2.digest}.pdf`]);
  });

  it('answers \'Предложение готовится…\' while no runner has printed it, then the PDF', async () => {
    const pdf = fakePrinter();
    const services = servicesWith(pdf, { DOCUMENT_WAIT_MS: 200 });
    const { hash } = await importExample(3);
    const app = appOf(services);
    const res = await app.request(`/offer/pdf/${hash}?format=pdf`);
    expect(res.status).toBe(202);
    expectPersonal(res);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Предложение готовится…</title>');
    expect(await runDueJobs(services)).toMatchObject({ done: 1 });
    const ready = await app.request(`/offer/pdf/${hash}?format=pdf`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers 503 with the message when the job failed (no Chromium), logged as one line', async () => {
    const pdf = fakePrinter();
    pdf.failing = 'PDF не создан: Chromium не найден по пути /nonexistent/chromium';
    const services = servicesWith(pdf);
    runners.push(startJobRunner(services, { pollMs: 50, concurrency: 2, workerId: 'web' }));
    const { hash } = await importExample(2);
    const offer = (await printableOffer(services, hash))!;
    const logged: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const res = await appOf(services).request(`/offer/pdf/${hash}?format=pdf`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(OFFER_PRINT_MESSAGES.unavailable);
    expect(await jobsOf(offer.offerId)).toEqual([expect.objectContaining({ state: 'failed', attempts: 3, last_error: pdf.failing })]);
    const line = logged.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.document === 'offer' && l.offer === offer.offerId);
    expect(line).toMatchObject({ level: 'error', msg: pdf.failing, version: 1 });
  });
});
