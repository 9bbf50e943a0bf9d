// Benchmark of the production build: throughput and latency of key pages under load, and the
// JavaScript each page makes the browser download.
//
//   npm run bench -- [--no-build] [--duration=10] [--connections=10] [--warmup=2] [--port=3100]
//                    [--database-url=postgres://…]
//
// Exits 1 when the build, the server or any measured request fails; budgets only print PASS/FAIL.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BenchError } from './errors.ts';
import { createFileReader, pageJs, type PageJs } from './bundle-size.ts';
import { isBroken, measure, probeStatus, type LoadOptions } from './load.ts';
import {
  budgets, homeToBareRatio, machine, printBroken, printBudgets, printHeader, printJs, printLoad,
  printRatio, printResult, result, type Target, type TargetOutcome,
} from './report.ts';
import { ROOT, ServerFailure, TEMPLATE_DIR, findFreePort, launchServer, runBuild, waitUntilHealthy, type BenchServer } from './server.ts';
import { prepareBenchDatabase, removeBenchTemplate, type BenchParts } from './seed-catalog.ts';
import { asYouTypeQueries } from './search-queries.ts';
import { signedInVisitor, type Visitor } from './session.ts';
import { checkDeliveryTarget, deliveryPriceTarget, fillCart, measureOrderCreation, orderableParts, ORDERS_PER_BUYER } from './order-targets.ts';

const TARGETS: Target[] = [
  { name: 'home', path: '/' },
  { name: 'contacts', path: '/contacts' },
  { name: 'area-tree', path: '/api/current-area/area-tree' },
  // A page that renders 50 list items and loads no data: the yardstick of what this machine
  // can do with React Router alone, so the home figure can be read as a ratio.
  { name: 'bare', path: '/__bench/bare' },
];
/**
 * The same pages with the page cache off: what rendering costs when a page is not in the cache
 * (first visitor of a region within the TTL, or a page with a personal query).
 */
const UNCACHED_TARGETS: Target[] = [
  { name: 'home-uncached', path: '/', label: '/ (page cache off)' },
  { name: 'contacts-uncached', path: '/contacts', label: '/contacts (page cache off)' },
];
/** Pages whose JavaScript is weighed; the catalogue's pages are added once their paths are known. */
const JS_PAGES = ['/', '/contacts'];
/** The largest category (all its subcategories' models), the worst case of a category page. */
const CATEGORY_PATH = '/catalog/traktory';
const FIRST_PORT = 3100;

interface Options {
  build: boolean;
  load: LoadOptions;
  port?: number;
  databaseUrl?: string;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-build': { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      port: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  return {
    build: !values['no-build'],
    load: {
      duration: positiveNumber('duration', values.duration),
      connections: positiveNumber('connections', values.connections),
      warmup: positiveNumber('warmup', values.warmup, { allowZero: true }),
    },
    port: values.port === undefined ? undefined : positiveNumber('port', values.port),
    databaseUrl: values['database-url'],
  };
}

function positiveNumber(name: string, raw: string, { allowZero = false } = {}): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new BenchError(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${raw}"`);
  }
  return value;
}

// The server must never outlive the benchmark: stop it on Ctrl-C / SIGTERM, and as a last resort
// kill it synchronously when the process exits for any other reason.
let server: BenchServer | null = null;
let interrupted = false;

function onSignal(signal: NodeJS.Signals) {
  if (interrupted) {
    server?.killNow();
    process.exit(130);
  }
  interrupted = true;
  console.error(`\n${signal}: stopping the server…`);
  void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('exit', () => {
  server?.killNow();
  removeBenchTemplate(TEMPLATE_DIR);
});

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const m = machine(); // dated when the run starts
  if (options.build) await runBuild();
  if (!existsSync(resolve(ROOT, 'build/server/index.js'))) {
    throw new BenchError('build/server/index.js is missing: run without --no-build or run `npm run build` first');
  }

  // The catalogue at a real dealer's scale (10,000 models), before the server starts.
  // …and the parts catalogue at 1,000,000 parts.
  const parts = await prepareBenchDatabase(ROOT, { databaseUrl: options.databaseUrl, templateDir: TEMPLATE_DIR });

  const port = options.port ?? await findFreePort(FIRST_PORT);
  console.log(`Starting the production server on port ${port}…`);
  const running = server = launchServer({ port, databaseUrl: options.databaseUrl });
  await waitUntilHealthy(running);

  const outcomes: TargetOutcome[] = [];
  const catalogue = await catalogueTargets(running, parts);
  for (const target of [...TARGETS, ...catalogue.targets]) {
    outcomes.push(await measureTarget(running, target, options.load));
  }
  outcomes.push(await orderCreation(running, catalogue.orders));
  const pages = await weighPages(running, catalogue.pages);
  await running.stop();

  console.log('Starting the server again with the page cache off…');
  const uncached = server = launchServer({ port, databaseUrl: options.databaseUrl, extraEnv: { PAGE_CACHE_TTL_MS: '0' } });
  await waitUntilHealthy(uncached);
  // A signed-in visitor's first render of each page (ADR 068: a miss renders with his class's audience).
  const visitor = await signedInVisitor(uncached.origin);
  const firstRenders: Target[] = [
    { name: 'category-signed-in-uncached', path: CATEGORY_PATH, label: `${CATEGORY_PATH} (signed in, page cache off)` },
    { name: 'model-signed-in-uncached', path: catalogue.pages[1]!, label: 'model page (signed in, page cache off)' },
    { name: 'parts-line-signed-in-uncached', path: parts.linePath, label: 'parts line page (signed in, page cache off)' },
  ].map((target) => ({ ...target, shape: { headers: { cookie: visitor.cookie } } }));
  for (const target of [...UNCACHED_TARGETS, ...firstRenders]) {
    outcomes.push(await measureTarget(uncached, target, options.load));
  }
  await uncached.stop();

  const ratio = homeToBareRatio(outcomes);
  const verdicts = budgets(outcomes, pages);
  const ok = !outcomes.some((o) => 'run' in o && isBroken(o.run));

  printHeader(m, options.load);
  printLoad(outcomes);
  printRatio(ratio);
  printJs(pages);
  printBudgets(verdicts);
  printBroken(outcomes);
  printResult(result({ ok, machine: m, load: options.load, outcomes, pages, homeToBareRatio: ratio, budgets: verdicts }));
  return ok ? 0 : 1;
}

async function measureTarget(running: BenchServer, target: Target, load: LoadOptions): Promise<TargetOutcome> {
  // The yardstick route is optional (enabled by BENCH_ROUTES=1 once the app has it): a 404 means
  // it is not there yet, which is a note, not a failure. Every other target is measured as is,
  // so a missing page shows up as failed requests.
  if (target.name === 'bare' && await probeStatus(running.origin, target.path) === 404) {
    console.log(`Note: ${target.path} answers 404 (route not added yet): skipping it and the home ÷ bare ratio.`);
    return { target, skipped: '404, route not present' };
  }
  if (target.name === 'delivery-price') await checkDeliveryTarget(running.origin, target);
  console.log(`Measuring ${target.label ?? target.path} (${load.warmup} s warm-up + ${load.duration} s)…`);
  const run = await measure(running.origin, target.path, load, target.shape);
  // A crashed server makes every request an error; say so instead of printing zeros.
  if (running.exited()) throw new ServerFailure(`The server exited while ${target.path} was measured`, running);
  return { target, run };
}

async function weighPages(running: BenchServer, cataloguePages: string[]): Promise<PageJs[]> {
  const clientDir = resolve(ROOT, 'build/client');
  const read = createFileReader(clientDir);
  const pages: PageJs[] = [];
  for (const path of [...JS_PAGES, ...cataloguePages]) {
    const response = await fetch(running.origin + path, { signal: AbortSignal.timeout(10_000) });
    const html = await response.text();
    if (!response.ok) console.log(`Note: ${path} answered ${response.status}; weighing the JavaScript of that response.`);
    pages.push({ ...pageJs(path, html, clientDir, read), catalogue: cataloguePages.includes(path) });
  }
  return pages;
}

/**
 * The catalogue's targets: a category and a model page for guests and for a signed-in visitor (both
 * from the page cache, ADR 068), the sidebar filters and search as you type. The model is the
 * first one the sitemap of pages lists (ADR 040).
 */
async function catalogueTargets(running: BenchServer, parts: BenchParts): Promise<{ targets: Target[]; pages: string[]; orders: OrderSetup }> {
  const sitemap = await (await fetch(`${running.origin}/sitemaps/pages.xml`, { signal: AbortSignal.timeout(10_000) })).text();
  const modelPath = [...sitemap.matchAll(/<loc>[^<]*?(\/catalog\/[^/<]+\/[^/<]+\/[^/<]+)<\/loc>/g)][0]?.[1];
  if (!modelPath) throw new BenchError('the sitemap lists no model page');
  console.log('Signing a visitor in for the signed-in pages…');
  const visitor = await signedInVisitor(running.origin);
  const signedIn = { headers: { cookie: visitor.cookie } };
  const api = { method: 'POST' as const, headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, 'content-type': 'application/json', accept: 'application/json' } };
  const fresh = {
    ...api, headers: { ...api.headers, 'content-type': 'application/x-www-form-urlencoded' },
    vary: (n: number) => `categoryId=1&specificationsFrom%5B%5D=1-${(60 + n / 1000).toFixed(3)}`,
  };
  // Each request a query of its own, as visitors type them (bench/search-queries.ts).
  const queries = asYouTypeQueries();
  const searchPath = `/api/search?q=${encodeURIComponent(queries[0]!)}`;
  const search = { headers: { accept: 'application/json' }, varyPath: (n: number) => `/api/search?q=${encodeURIComponent(queries[n % queries.length]!)}` };
  // The parts side (issue: spare parts): the line with the most positions, a part number each request.
  const partsSearch = { headers: { accept: 'application/json' }, varyPath: (n: number) => `/api/parts/search?q=${encodeURIComponent(parts.queries[n % parts.queries.length]!)}` };
  const partsFilters = { ...api, body: JSON.stringify({ section: 'parts', modelLineId: parts.lineId }) };
  // Issue 10: GET /api/cart of a cart of 100 lines (budget p95 ≤ 15 ms, ADR 038), another visitor's.
  const cart = await cartOfHundred(running.origin, parts.queries);
  const orders = await orderSetup(running.origin, cart.partIds);
  return {
    orders,
    pages: [CATEGORY_PATH, modelPath, parts.linePath],
    targets: [
      { name: 'category', path: CATEGORY_PATH, label: `${CATEGORY_PATH} (guest)` },
      { name: 'model', path: modelPath, label: 'model page (guest)' },
      { name: 'category-signed-in', path: CATEGORY_PATH, label: `${CATEGORY_PATH} (signed in)`, shape: signedIn },
      { name: 'model-signed-in', path: modelPath, label: 'model page (signed in)', shape: signedIn },
      // The API's budgets are server time: one request at a time (1 connection); the same calls at
      // the run's connections show what they sustain.
      { name: 'sidebar-filters', path: '/filter/get-sidebar-filters', label: 'POST /filter/get-sidebar-filters (1 conn.)', shape: { ...api, body: JSON.stringify({ categoryId: 1 }), connections: 1 } },
      // Every request a filter state of its own (a power range 'from' that changes each time): the
      // sidebar's kept states never answer, as for visitors who each filter differently.
      { name: 'sidebar-filters-fresh', path: '/filter/get-sidebar-filters', label: 'POST …sidebar-filters (each new, 1 conn.)', shape: { ...fresh, connections: 1 } },
      { name: 'sidebar-filters-fresh-load', path: '/filter/get-sidebar-filters', label: 'POST …sidebar-filters (each new)', shape: fresh },
      { name: 'search', path: searchPath, label: 'GET /api/search (each new, 1 conn.)', shape: { ...search, connections: 1 } },
      { name: 'search-load', path: searchPath, label: 'GET /api/search (each new)', shape: search },
      { name: 'parts-line-signed-in', path: parts.linePath, label: 'parts line page (signed in)', shape: signedIn },
      { name: 'parts-filters', path: '/filter/get-sidebar-filters', label: 'POST …sidebar-filters, parts (1 conn.)', shape: { ...partsFilters, connections: 1 } },
      { name: 'part-lookup', path: '/api/parts/search', label: 'GET /api/parts/search (each new, 1 conn.)', shape: { ...partsSearch, connections: 1 } },
      { name: 'cart-100', path: '/api/cart', label: 'GET /api/cart, 100 lines (1 conn.)', shape: { headers: { cookie: cart.visitor.cookie, accept: 'application/json' }, connections: 1 } },
      // Issue 10: the delivery price (sandbox carriers) p95 ≤ 30 ms; a fixed count under its rate limit.
      deliveryPriceTarget(cart.visitor, orders.branchId, orders.partIds),
    ],
  };
}

/**
 * A signed-in visitor whose cart holds 100 parts, found as visitors find them: by the part numbers
 * the parts target types (`/api/parts/search`), 50 per `POST /api/cart/add`.
 */
async function cartOfHundred(origin: string, queries: readonly string[]): Promise<{ visitor: Visitor; partIds: number[] }> {
  const visitor = await signedInVisitor(origin);
  const ids = new Set<number>();
  for (const q of queries) {
    if (ids.size >= 100) break;
    const res = await fetch(`${origin}/api/parts/search?q=${encodeURIComponent(q)}`, { headers: { cookie: visitor.cookie, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    const body = await res.json() as { hits?: Array<{ id: number }> };
    for (const hit of body.hits ?? []) if (ids.size < 100) ids.add(hit.id);
  }
  if (ids.size < 100) throw new BenchError(`the part searches found ${ids.size} parts, not 100, for the cart target`);
  const partIds = [...ids];
  await fillCart(origin, visitor, partIds);
  return { visitor, partIds };
}

/**
 * Issue 10: order creation without attachments, p95 ≤ 150 ms. Registration allows 10 e-mail flows
 * per address per hour (2 are the catalogue's and the cart's visitors), and an owner 30 order
 * requests in 10 minutes: ORDER_BUYERS buyers × ORDERS_PER_BUYER orders.
 */
const ORDER_BUYERS = 6;
interface OrderSetup { buyers: Visitor[]; branchId: number; partIds: number[] }

async function orderSetup(origin: string, candidates: readonly number[]): Promise<OrderSetup> {
  const buyers: Visitor[] = [];
  for (let i = 0; i < ORDER_BUYERS; i++) buyers.push(await signedInVisitor(origin, `buyer${i}`));
  return { buyers, ...await orderableParts(origin, buyers[0]!, candidates) };
}

async function orderCreation(running: BenchServer, setup: OrderSetup): Promise<TargetOutcome> {
  const target: Target = { name: 'order-create', path: '/api/order/create', label: 'POST /api/order/create (1 conn.)' };
  console.log(`Measuring ${target.label}: ${setup.buyers.length} buyers × ${ORDERS_PER_BUYER} orders, the cart refilled (not timed) before each…`);
  const run = await measureOrderCreation(running.origin, setup.buyers, setup.branchId, setup.partIds);
  if (running.exited()) throw new ServerFailure('The server exited while orders were created', running);
  return { target, run };
}

main().then(
  async (code) => {
    await server?.stop();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(`\nBenchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof ServerFailure) {
      console.error(`--- server stderr (tail) ---\n${error.output.stderr || '(empty)'}`);
      console.error(`--- server stdout (tail) ---\n${error.output.stdout || '(empty)'}`);
    } else if (error instanceof Error && !(error instanceof BenchError) && !isArgumentError(error)) {
      console.error(error.stack);
    }
    await server?.stop();
    process.exit(1);
  },
);

/** parseArgs rejects unknown or malformed options with a clear message; the stack adds nothing. */
function isArgumentError(error: Error): boolean {
  return 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS');
}
