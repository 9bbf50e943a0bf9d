// Turns the figures into the printed report, the budget verdicts and the BENCH_RESULT line.
import { cpus, arch, platform } from 'node:os';
import type { PageJs } from './bundle-size.ts';
import { isBroken, type LoadFigures, type RequestShape } from './load.ts';

/** 1 KB = 1000 bytes, as in Vite's build output, so the two can be compared. */
const KB = 1000;

export interface Machine {
  cpus: number;
  model: string;
  node: string;
  platform: string;
  date: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpus: list.length,
    model: list[0]?.model.trim() ?? 'unknown',
    node: process.version,
    platform: `${platform()} ${arch()}`,
    date: new Date().toISOString(),
  };
}

export interface Target {
  name: string;
  path: string;
  /** Shown instead of the path when one path is measured twice. */
  label?: string;
  /** Method, body and extra headers (a signed-in visitor's cookie), when not a guest's page view. */
  shape?: RequestShape;
}

/** A measured target, or one skipped because the page does not exist (yet). */
export type TargetOutcome = { target: Target; run: LoadFigures } | { target: Target; skipped: string };

export interface Budget {
  name: string;
  value: number | null;
  comparison: '≥' | '≤';
  limit: number;
  unit: string;
  pass: boolean;
  /** Why the figure cannot be trusted or is absent. */
  note?: string;
}

/** Figures a budget reads; a broken run fails its budgets whatever its speed. */
export function budgets(outcomes: TargetOutcome[], js: PageJs[]): Budget[] {
  const run = (name: string) => {
    const outcome = outcomes.find((o) => o.target.name === name);
    return outcome && 'run' in outcome ? outcome.run : null;
  };
  const home = run('home');
  const areaTree = run('area-tree');
  const bare = run('bare');
  const homeJs = js.find((page) => page.path === '/');
  // Pages from the page cache (ADR 068, 070), guests' and signed-in visitors' alike: at least the
  // bare page's rate, p99 ≤ 50 ms. A signed-in visitor's first render (the cache off): ≥ 0.3 × bare.
  const ratioToBare = (r: LoadFigures | null) => (r && bare ? r.requestsPerSec / bare.requestsPerSec : undefined);
  const cached = (name: string, label: string) => {
    const r = run(name);
    return [
      verdict(`${label} (cached) ÷ bare`, r, ratioToBare(r), '≥', 1.0, '×'),
      atMost(`${label} (cached) p99`, r, r?.latencyMs.p99, 50, 'ms'),
    ];
  };
  const firstRender = (name: string, label: string) => {
    const r = run(name);
    return verdict(`${label} signed in, first render ÷ bare`, r, ratioToBare(r), '≥', 0.3, '×');
  };
  const sidebar = run('sidebar-filters');
  const sidebarFresh = run('sidebar-filters-fresh');
  const search = run('search');
  // Parts budgets (issue: spare parts).
  const partsFilters = run('parts-filters');
  const partLookup = run('part-lookup');
  // Cart budget (issue 10): p95 ≤ 15 ms asked; the report's nearest figure above it is p97.5.
  const cart100 = run('cart-100');
  // The same issue: delivery price (sandbox) p95 ≤ 30 ms, order creation without attachments p95 ≤ 150 ms.
  const deliveryPrice = run('delivery-price');
  const orderCreate = run('order-create');
  const heaviestCatalogueJs = Math.max(...js.filter((page) => page.catalogue).map((page) => page.gzipBytes));
  return [
    atLeast('home', home, home?.requestsPerSec, 700, 'req/s'),
    atMost('home p99', home, home?.latencyMs.p99, 30, 'ms'),
    atLeast('area tree', areaTree, areaTree?.requestsPerSec, 4000, 'req/s'),
    atMost('home JS gzipped', null, homeJs ? homeJs.gzipBytes / KB : undefined, 125, 'KB'),
    ...cached('category', 'category, guest'),
    ...cached('model', 'model, guest'),
    ...cached('category-signed-in', 'category, signed in'),
    ...cached('model-signed-in', 'model, signed in'),
    ...cached('parts-line-signed-in', 'parts line, signed in'),
    firstRender('category-signed-in-uncached', 'category'),
    firstRender('model-signed-in-uncached', 'model'),
    firstRender('parts-line-signed-in-uncached', 'parts line'),
    atMost('sidebar filters p97.5 (server time)', sidebar, sidebar?.latencyMs.p97_5, 25, 'ms'),
    atMost('sidebar, new states p97.5 (server time)', sidebarFresh, sidebarFresh?.latencyMs.p97_5, 25, 'ms'),
    atMost('search as you type p97.5 (server time)', search, search?.latencyMs.p97_5, 20, 'ms'),
    atMost('parts filters p97.5 (server time)', partsFilters, partsFilters?.latencyMs.p97_5, 30, 'ms'),
    atMost('part-number lookup p97.5 (server time)', partLookup, partLookup?.latencyMs.p97_5, 5, 'ms'),
    atMost('cart of 100 lines p97.5 (server time)', cart100, cart100?.latencyMs.p97_5, 15, 'ms'),
    atMost('delivery price p97.5 (server time)', deliveryPrice, deliveryPrice?.latencyMs.p97_5, 30, 'ms'),
    atMost('order creation p97.5 (server time)', orderCreate, orderCreate?.latencyMs.p97_5, 150, 'ms'),
    atMost('catalogue page JS gzipped', null, Number.isFinite(heaviestCatalogueJs) ? heaviestCatalogueJs / KB : undefined, 150, 'KB'),
  ];
}

function atLeast(name: string, run: LoadFigures | null, value: number | undefined, limit: number, unit: string): Budget {
  return verdict(name, run, value, '≥', limit, unit);
}

function atMost(name: string, run: LoadFigures | null, value: number | undefined, limit: number, unit: string): Budget {
  return verdict(name, run, value, '≤', limit, unit);
}

function verdict(name: string, run: LoadFigures | null, value: number | undefined, comparison: Budget['comparison'], limit: number, unit: string): Budget {
  const budget = { name, comparison, limit, unit };
  if (value === undefined) return { ...budget, value: null, pass: false, note: 'not measured' };
  if (run && isBroken(run)) return { ...budget, value, pass: false, note: 'run had failed requests' };
  return { ...budget, value, pass: comparison === '≥' ? value >= limit : value <= limit };
}

// ---------------------------------------------------------------------------------------------
// Printing

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

export function printHeader(m: Machine, load: { connections: number; duration: number; warmup: number }): void {
  console.log('');
  console.log(`Benchmark ${m.date}`);
  console.log(`Machine: ${m.cpus} × ${m.model}, Node ${m.node}, ${m.platform}`);
  console.log(`Load: ${load.connections} connections, ${load.duration} s per target after a ${load.warmup} s warm-up`);
}

export function printLoad(outcomes: TargetOutcome[]): void {
  console.log('');
  console.log('Throughput and latency');
  console.log(`  ${'path'.padEnd(36)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p90 ms', 9)}${pad('p97.5 ms', 10)}${pad('p99 ms', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}`);
  for (const outcome of outcomes) {
    const path = (outcome.target.label ?? outcome.target.path).padEnd(36);
    if ('skipped' in outcome) {
      console.log(`  ${path}  skipped: ${outcome.skipped}`);
      continue;
    }
    const { run } = outcome;
    const row = `${pad(round(run.requestsPerSec), 10)}${pad(run.latencyMs.p50, 9)}${pad(run.latencyMs.p90, 9)}${pad(run.latencyMs.p97_5, 10)}${pad(run.latencyMs.p99, 9)}${pad(run.non2xx, 9)}${pad(run.errors, 8)}`;
    console.log(`  ${path}${row}${isBroken(run) ? '   <-- FAILED REQUESTS' : ''}`);
  }
}

/** How the home page compares with a page that does no work: the machine-independent figure. */
export function homeToBareRatio(outcomes: TargetOutcome[]): number | null {
  const rate = (name: string) => {
    const outcome = outcomes.find((o) => o.target.name === name);
    return outcome && 'run' in outcome && !isBroken(outcome.run) ? outcome.run.requestsPerSec : null;
  };
  const home = rate('home');
  const bare = rate('bare');
  return home !== null && bare !== null && bare > 0 ? round(home / bare, 3) : null;
}

export function printRatio(ratio: number | null): void {
  console.log('');
  if (ratio === null) console.log('Home ÷ bare req/s: n/a (the bare page was skipped or a run failed)');
  else console.log(`Home ÷ bare req/s: ${ratio} (the home page serves ${Math.round(ratio * 100)}% of the yardstick's rate)`);
}

export function printJs(pages: PageJs[]): void {
  console.log('');
  console.log('JavaScript loaded per page (gzip level 9, static imports only, 1 KB = 1000 bytes)');
  for (const page of pages) {
    console.log(`  ${page.path.padEnd(12)}${pad(page.files.length, 4)} files ${pad(kb(page.gzipBytes), 10)}`);
    for (const url of page.missing) console.log(`    ! not found in build/client: ${url}`);
  }

  // Largest files over all pages, with the pages that load each.
  const byFile = new Map<string, { gzipBytes: number; bytes: number; pages: string[] }>();
  for (const page of pages) {
    for (const file of page.files) {
      const entry = byFile.get(file.file) ?? { gzipBytes: file.gzipBytes, bytes: file.bytes, pages: [] };
      entry.pages.push(page.path);
      byFile.set(file.file, entry);
    }
  }
  const largest = [...byFile].sort(([, a], [, b]) => b.gzipBytes - a.gzipBytes).slice(0, 5);
  console.log('  Largest files (gzipped / raw):');
  for (const [file, { gzipBytes, bytes, pages: loadedBy }] of largest) {
    console.log(`  ${pad(kb(gzipBytes), 10)} / ${pad(kb(bytes), 9)}  ${file}  (${loadedBy.join(', ')})`);
  }
}

export function printBudgets(list: Budget[]): void {
  console.log('');
  console.log('Budgets (informational: they do not change the exit code)');
  for (const b of list) {
    const figure = b.value === null ? 'n/a' : `${round(b.value)} ${b.unit}`;
    const note = b.note ? `  (${b.note})` : '';
    console.log(`  ${b.pass ? 'PASS' : 'FAIL'}  ${`${b.name} ${b.comparison} ${b.limit} ${b.unit}  `.padEnd(50)}${figure}${note}`);
  }
}

/** A banner that cannot be missed: figures of a failing page say nothing about its speed. */
export function printBroken(outcomes: TargetOutcome[]): void {
  const broken = outcomes.flatMap((o) => ('run' in o && isBroken(o.run) ? [o.run] : []));
  if (broken.length === 0) return;
  const line = '!'.repeat(78);
  console.log('');
  console.log(line);
  console.log('!! FAILED REQUESTS: these figures measure failures, not the pages. Exit code 1.');
  for (const run of broken) {
    const codes = Object.entries(run.statusCodes).map(([code, count]) => `${code}×${count}`).join(' ');
    console.log(`!!   ${run.path}: non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}; statuses: ${codes || 'none'}`);
  }
  console.log(line);
}

export interface BenchResult {
  ok: boolean;
  machine: Machine;
  load: { connections: number; duration: number; warmup: number };
  targets: Record<string, LoadFigures | { path: string; skipped: string }>;
  homeToBareRatio: number | null;
  js: Record<string, { files: number; gzipBytes: number; gzipKB: number }>;
  budgets: Budget[];
}

export function result(input: Omit<BenchResult, 'targets' | 'js'> & { outcomes: TargetOutcome[]; pages: PageJs[] }): BenchResult {
  const { outcomes, pages, ...rest } = input;
  const targets: BenchResult['targets'] = {};
  for (const outcome of outcomes) {
    targets[outcome.target.name] = 'run' in outcome
      ? { ...outcome.run, requestsPerSec: round(outcome.run.requestsPerSec) }
      : { path: outcome.target.path, skipped: outcome.skipped };
  }
  const js: BenchResult['js'] = {};
  for (const page of pages) js[page.path] = { files: page.files.length, gzipBytes: page.gzipBytes, gzipKB: round(page.gzipBytes / KB) };
  return { ...rest, targets, js };
}

/** One line, prefixed, so scripts and notes can grep it out of the log. */
export function printResult(value: BenchResult): void {
  console.log('');
  console.log(`BENCH_RESULT ${JSON.stringify(value)}`);
}
