// Lighthouse (mobile, default simulated throttling) against the production build, driving Debian's
// chromium offline. Prints the median of several runs per page: performance, LCP, FCP, CLS,
// accessibility, best practices and the JavaScript sent.
//
//   npm run bench:lighthouse -- [--no-build] [--runs=3] [--save=DIR] [/ /contacts /servis /login …]
//
// --save=DIR writes each run's full report (the lhr JSON) to DIR, to read the audits behind a figure
// (largest-contentful-paint-element's phases, network-requests, critical-request-chains …).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BenchError } from './errors.ts';
import { findFreePort, launchServer, runBuild, waitUntilHealthy, type BenchServer } from './server.ts';

/** Chrome showed its error page instead of the document (declared before the top-level run uses it). */
class InterstitialError extends BenchError {}

const DEFAULT_PAGES = ['/', '/contacts', '/servis', '/login'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Without the background-networking flags chromium tries to reach Google's hosts and stalls offline. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Run { performance: number; accessibility: number; bestPractices: number; lcpMs: number; fcpMs: number; tbtMs: number; cls: number; jsBytes: number }

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '3' }, save: { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new BenchError(`--runs must be a positive integer, got "${values.runs}"`);
const pages = positionals.length > 0 ? positionals : DEFAULT_PAGES;
const saveDir = values.save;
if (saveDir) mkdirSync(saveDir, { recursive: true });

if (!values['no-build']) await runBuild();
const server: BenchServer = launchServer({ port: await findFreePort(3300) });
process.on('exit', () => server.killNow());
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitUntilHealthy(server);
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const rows: { page: string; median: Run }[] = [];
  for (const page of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await auditOnceMore(`${server.origin}${page}`, chrome.port, saveDir && join(saveDir, `${reportName(page)}-${i + 1}.json`)));
    rows.push({ page, median: median(results) });
  }
  print(rows, runs);
} finally {
  await chrome?.kill();
  await server.stop();
}

/** '/' → 'home', '/catalog/traktory' → 'catalog-traktory': a file name per page. */
function reportName(page: string): string {
  return page.replace(/^\/+|\/+$/g, '').replace(/[^\w-]+/g, '-') || 'home';
}

/**
 * On a busy machine the document's request sometimes fails outright and Chrome shows its error
 * page (Lighthouse: CHROME_INTERSTITIAL_ERROR). Such a run measured nothing: it is run once more,
 * and said so.
 */
async function auditOnceMore(url: string, port: number, savePath?: string): Promise<Run> {
  try {
    return await audit(url, port, savePath);
  } catch (error) {
    if (!(error instanceof InterstitialError)) throw error;
    process.stdout.write(`Note: ${url} did not load (${error.message}); running it once more.\n`);
    return audit(url, port, savePath);
  }
}

async function audit(url: string, port: number, savePath?: string): Promise<Run> {
  const result = await lighthouse(url, {
    port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new BenchError(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (savePath) writeFileSync(savePath, JSON.stringify(lhr));
  if (lhr.runtimeError) {
    const Failure = lhr.runtimeError.code === 'CHROME_INTERSTITIAL_ERROR' ? InterstitialError : BenchError;
    throw new Failure(`${url}: ${lhr.runtimeError.message}`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

/** The run with the median performance score stands for the page, as Lighthouse's own docs advise. */
function median(results: Run[]): Run {
  return [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)]!;
}

function print(rows: { page: string; median: Run }[], count: number): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(`\nLighthouse, mobile with default throttling, median of ${count} run(s)\n\n`);
  process.stdout.write('| page | performance | LCP | FCP | TBT | CLS | accessibility | best practices | JS sent |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n');
  for (const { page, median: m } of rows) {
    process.stdout.write(`| \`${page}\` | ${m.performance} | ${s(m.lcpMs)} | ${s(m.fcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${m.accessibility} | ${m.bestPractices} | ${(m.jsBytes / 1024).toFixed(0)} KiB |\n`);
  }
}
