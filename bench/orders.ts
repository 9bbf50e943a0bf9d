/**
 * The cart and order budgets on PostgreSQL without the full catalogue seed of `npm run bench`:
 * GET /api/cart of 100 lines, the delivery price (sandbox carriers) and order creation without
 * attachments, against the production build on a database of its own (the demo data).
 *
 *   npm run build && npm run bench:orders -- [--duration=10] [--warmup=2] [--buyers=6] [--port=3280]
 *
 * Creates and drops `bench_orders_<pid>` on BENCH_PG_URL's server (default postgres://postgres@127.0.0.1:5432/postgres).
 * Exits 1 when a measured request fails; budgets print PASS/FAIL.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchError } from './errors.ts';
import { isBroken, measure, type LoadOptions } from './load.ts';
import { checkDeliveryTarget, deliveryPriceTarget, fillCart, measureOrderCreation, orderableParts, ORDERS_PER_BUYER } from './order-targets.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';
import { budgets, machine, printBudgets, printBroken, printHeader, printLoad, type Target, type TargetOutcome } from './report.ts';
import { findFreePort, launchServer, waitUntilHealthy, type BenchServer } from './server.ts';
import { signedInVisitor, type Visitor } from './session.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    // Registration allows 10 e-mail flows per address per hour: the cart visitor and these buyers.
    buyers: { type: 'string', default: '6' },
    port: { type: 'string' },
  },
});
const load: LoadOptions = { connections: 1, duration: Number(values.duration), warmup: Number(values.warmup) };
const BUYERS = Number(values.buyers);
if (BUYERS > 8) throw new BenchError('--buyers: at most 8 (registration allows 10 e-mail flows per address per hour)');

let database: OwnDatabase | null = null;
let server: BenchServer | null = null;
process.on('exit', () => server?.killNow());

async function main(): Promise<number> {
  const m = machine();
  database = await createOwnDatabase('bench_orders');
  const port = values.port ? Number(values.port) : await findFreePort(3280);
  server = launchServer({ port, databaseUrl: database.url });
  await waitUntilHealthy(server);
  const origin = server.origin;

  // Candidates only: which of them can be ordered is what the cart shows (prices and stock).
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const { rows } = await pool.query<{ part_id: number }>(
    `select distinct part_id from parts_part_branch where price > 0 and quantity >= 10 order by part_id limit 100`);
  await pool.end();
  const candidates = rows.map((r) => r.part_id);
  if (candidates.length < 100) throw new BenchError(`the demo data has ${candidates.length} priced parts in stock, not 100`);

  console.log('Signing visitors in…');
  const cartVisitor = await signedInVisitor(origin, 'cart100');
  await fillCart(origin, cartVisitor, candidates);
  const buyers: Visitor[] = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await signedInVisitor(origin, `buyer${i}`));
  const { branchId, partIds } = await orderableParts(origin, buyers[0]!, candidates);

  const targets: Target[] = [
    { name: 'cart-100', path: '/api/cart', label: 'GET /api/cart, 100 lines (1 conn.)', shape: { headers: { cookie: cartVisitor.cookie, accept: 'application/json' }, connections: 1 } },
    deliveryPriceTarget(cartVisitor, branchId, partIds),
  ];
  await checkDeliveryTarget(origin, targets[1]!);
  const outcomes: TargetOutcome[] = [];
  for (const target of targets) {
    console.log(`Measuring ${target.label}…`);
    outcomes.push({ target, run: await measure(origin, target.path, load, target.shape) });
  }
  console.log(`Measuring POST /api/order/create: ${BUYERS} buyers × ${ORDERS_PER_BUYER} orders of 3 lines, the cart refilled (not timed) before each…`);
  const orders = await measureOrderCreation(origin, buyers, branchId, partIds);
  outcomes.push({ target: { name: 'order-create', path: '/api/order/create', label: 'POST /api/order/create (1 conn.)' }, run: orders });

  const verdicts = budgets(outcomes, []).filter((b) => b.note !== 'not measured');
  printHeader(m, load);
  printLoad(outcomes);
  printBudgets(verdicts);
  printBroken(outcomes);
  console.log(`\nORDERS_BENCH_RESULT ${JSON.stringify({ targets: Object.fromEntries(outcomes.flatMap((o) => ('run' in o ? [[o.target.name, o.run]] : []))), budgets: verdicts })}`);
  return outcomes.some((o) => 'run' in o && isBroken(o.run)) ? 1 : 0;
}

async function cleanUp() {
  await server?.stop().catch(() => {});
  await database?.drop().catch((e: unknown) => console.error(`could not drop ${database?.name}: ${String(e)}`));
}

main().then(
  async (code) => { await cleanUp(); process.exit(code); },
  async (error: unknown) => {
    console.error(`bench:orders failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    if (server) console.error(`--- server stderr (tail) ---\n${server.output().stderr}`);
    await cleanUp();
    process.exit(1);
  },
);
