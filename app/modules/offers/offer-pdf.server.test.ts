import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import type { JobRunner } from '#app/.server/jobs/runner.ts';
import example from '../../../docs/examples/offer-import.json';
import type * as EntryModule from '../../../server/entry.ts';
import { printableOffer } from './offer-print.server.ts';
import { fiftyLineOffer } from './offer.test-fixture.ts';
import { importOffers } from './offers.server.ts';

/*
 * An offer printed to PDF by headless Chromium through the production build (`npm test` builds
 * before Vitest runs; alone, run `npm run build` first), read back with `pdftotext` (ADR 085): a
 * spare-parts offer of fifty lines over pages with the table's header on each, its totals and VAT,
 * and a payment schedule. The budget, a 50-line PDF within a second with a warm browser, is
 * timed by `npm run bench:pdf`.
 * Printing does not depend on the database engine, so it runs on PGlite only.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PDFTOTEXT = '/usr/bin/pdftotext';

let t: TestDatabase;
let dir: string;
let app: ReturnType<typeof EntryModule.createApp>;
let runner: JobRunner | undefined;

const engine = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const hasPdftotext = existsSync(PDFTOTEXT);
if (!hasPdftotext) console.warn(`offer-pdf.server.test.ts skipped: ${PDFTOTEXT} is missing — install poppler-utils`);

async function pdfText(pdf: Uint8Array): Promise<string> {
  const file = join(dir, `read-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run(PDFTOTEXT, ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

/** The example's spare-parts offer with fifty lines and an installment paid in three parts. */
async function fiftyLines(id: string): Promise<string> {
  const [result] = await importOffers(t.services, [fiftyLineOffer(example.offers[2]!, id)]);
  if (!result?.ok) throw new Error(JSON.stringify(result));
  return result.hash;
}

beforeAll(async () => {
  if (engine !== 'pglite' || !hasPdftotext) return;
  if (!existsSync(resolve(ROOT, 'build/server/index.js'))) throw new Error('No build: `npm test` builds first; alone, run `npm run build` before this test.');
  dir = await mkdtemp(join(tmpdir(), 'offer-pdf-'));
  t = await createTestDatabase({ DOCUMENTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example' });
  const entry = await import(pathToFileURL(resolve(ROOT, 'build/server/index.js')).href) as typeof EntryModule;
  app = entry.createApp({ services: t.services, build: entry.serverBuild, clientDir: resolve(ROOT, 'build/client') });
  expect(entry.registeredKinds()).toContain('offers.offer-pdf');
  runner = entry.startJobRunner(t.services, { pollMs: 100 });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await t?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.runIf(engine === 'pglite' && hasPdftotext)('an offer as a PDF', () => {
  it('holds fifty lines over pages with the header repeated, the totals, the VAT and the payment schedule', async () => {
    const hash = await fiftyLines('pdf-fifty-1');
    // The first print launches Chromium: on a busy machine that may outlast the download's wait.
    let pdf = new Uint8Array();
    await expect.poll(async () => {
      const res = await app.request(`/offer/pdf/${hash}?format=pdf`);
      if (res.status === 200) pdf = new Uint8Array(await res.arrayBuffer());
      return res.status;
    }, { timeout: 45_000, interval: 1_000 }).toBe(200);
    const text = await pdfText(pdf);
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => expect(page).toContain(`Страница ${i + 1} из ${pages.length}`));
    // The lines' table starts on the first page and its header comes back on the next.
    expect(pages.filter((p) => p.includes('Наименование')).length).toBeGreaterThanOrEqual(2);
    const flat = text.replace(/\s+/g, ' ');
    for (let i = 1; i <= 50; i++) {
      const page = pages.find((p) => p.includes(`PN-${String(i).padStart(4, '0')}`));
      expect(page, `line ${i}`).toBeDefined();
      expect(page!.replace(/\s+/g, ' ')).toContain(`Деталь номер ${i}`);
    }
    const offer = (await printableOffer(t.services, hash))!;
    const money = (minor: number) => new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(minor / 100).replace(/\s/g, ' ');
    expect(flat).toContain(`Итого: ${money(offer.doc.total)} руб.`);
    expect(flat).toContain(`в т.ч. НДС (22%): ${money(offer.doc.vat!.amount)}`);
    expect(flat).toContain('Рассрочка: 30 000,00 руб., первый взнос 10 000,00 руб., срок 2 мес.');
    expect(flat).toMatch(/1 01\.04\.2027 33,33 10 000,00 10 000,00/);
    expect(flat).toMatch(/3 01\.06\.2027 33,34 10 000,00 —/);
    expect(flat).toMatch(/Всего 30 000,00/);
  }, 60_000);
});
