/**
 * The PDFs' budget (issue 29's invoice, ADR 080; issue 30's offer, ADR 085): a 50-line document
 * printed within a second once the browser is warm. On the production build in this process, with
 * Debian's Chromium and a PostgreSQL database of the bench's own:
 * - a 50-line invoice printed from its print page;
 * - a 50-line spare-parts offer (with a payment schedule) printed from its print page;
 * - a 50-line offer downloaded at `/offer/pdf/{hash}?format=pdf` while it is not printed yet: the
 *   download enqueues the print job, the job runner prints and stores it, the download serves it.
 * Each is printed once to warm the browser, then timed; the bench prints the median, the fastest
 * and the slowest, and exits 1 when a median is over budget. A timing is a benchmark's business:
 * the test suite checks what the PDFs hold, on a machine that may be busy with other tests.
 *
 *   npm run build && DATABASE_URL=… npm run bench:pdf -- [--runs=7]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fiftyLineOffer } from '../app/modules/offers/offer.test-fixture.ts';
import { insertInvoiceOrder } from '../app/modules/orders/invoice.test-fixture.server.ts';
import { openDemoBench } from './demo-services.ts';
import { BenchError } from './errors.ts';

const BUDGET_MS = 1000;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 3) throw new BenchError(`--runs must be an integer of at least 3, got "${values.runs}"`);
const ROOT = resolve(import.meta.dirname, '..');

const dir = await mkdtemp(join(tmpdir(), 'bench-pdf-'));
const { entry, db, services, close } = await openDemoBench('bench:pdf', 'bench_pdf', { DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
const runner = entry.startJobRunner(services, { pollMs: 50 });
try {
  const app = entry.createApp({ services, build: entry.serverBuild, clientDir: resolve(ROOT, 'build/client') });
  const userId = await entry.createUser(db, { name: 'Замер счёта', email: 'bench-pdf@agro.test' });

  const example = JSON.parse(await readFile(resolve(ROOT, 'docs/examples/offer-import.json'), 'utf8')) as { offers: Array<Record<string, unknown> & { products: Array<Record<string, unknown>> }> };
  let offers = 0;
  const fiftyLineOfferHash = async (): Promise<string> => {
    offers += 1;
    const [result] = await entry.importOffers(services, [fiftyLineOffer(example.offers[2]!, `bench-pdf-${offers}`)]);
    if (!result?.ok) throw new Error(`the offer was not imported: ${JSON.stringify(result)}`);
    return result.hash;
  };

  const invoice = await insertInvoiceOrder(db, { userId, branchId: 1, lines: 50, createdAt: new Date('2026-03-02T09:00:00Z') });
  const printable = await entry.invoiceForPrint(services, invoice.number);
  if (!printable.ok) throw new Error(`no invoice: ${printable.code}`);
  const invoicePath = entry.invoicePrintPath(invoice.number, printable.version);

  const offerHash = await fiftyLineOfferHash();
  const offer = await entry.printableOffer(services, offerHash);
  if (!offer) throw new Error('the offer has no printable form');
  const offerPath = entry.offerPrintAreaPath(offerHash, offer.digest);

  const downloadNew = async () => {
    const hash = await fiftyLineOfferHash();
    return async () => {
      // The download waits for its job a few seconds and answers 202 if the print outlasts that: asked again, it serves it.
      for (let asked = 1; ; asked++) {
        const res = await app.request(`/offer/pdf/${hash}?format=pdf`);
        const body = new Uint8Array(await res.arrayBuffer());
        if (res.status === 200) {
          if (new TextDecoder().decode(body.slice(0, 5)) !== '%PDF-') throw new Error('the download is not a PDF');
          return;
        }
        if (res.status !== 202) throw new Error(`/offer/pdf answered ${res.status}`);
        if (asked === 5) throw new Error('/offer/pdf still answers 202 after 5 asks: is the job runner printing?');
      }
    };
  };

  const time = async (prepare: () => Promise<() => Promise<unknown>>) => {
    await (await prepare())(); // warm: the browser is up, the page's code is loaded
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const act = await prepare();
      const started = performance.now();
      await act();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = Math.round(times[Math.floor(times.length / 2)]!);
    return { medianMs: median, fastestMs: Math.round(times[0]!), slowestMs: Math.round(times.at(-1)!), withinBudget: median <= BUDGET_MS };
  };

  const results = {
    'invoice, 50 lines, printed': await time(async () => () => services.pdf.print(invoicePath)),
    'offer, 50 lines, printed': await time(async () => () => services.pdf.print(offerPath)),
    'offer, 50 lines, downloaded through its print job': await time(downloadNew),
  };
  const ok = Object.values(results).every((r) => r.withinBudget);
  console.log(JSON.stringify({ bench: 'pdf', runs: RUNS, budgetMedianMs: BUDGET_MS, results, result: ok ? 'в бюджете' : 'ВНЕ БЮДЖЕТА' }, null, 2));
  process.exitCode = ok ? 0 : 1;
} finally {
  await runner.stop();
  await services.pdf.close();
  await close();
  await rm(dir, { recursive: true, force: true });
}
