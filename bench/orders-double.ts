/**
 * "100 concurrent double-submitted orders create exactly 100 orders" (issue "Cart, delivery and
 * orders", ADR 041), against the production build on PostgreSQL: each of 100 orders is sent twice
 * at the same moment with the same Idempotency-Key, all 200 requests at once; then the orders are
 * counted in the database.
 *
 *   npm run build && npm run bench:orders-double -- [--port=3270]
 *
 * Creates and drops `bench_orders_double_<pid>` on BENCH_PG_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Exits 1 unless the database holds exactly 100 orders
 * and both requests of each pair answered 200 with the same number.
 *
 * Rate limits respected: an account may place 30 orders at once and an address 60
 * (`ORDER_LIMIT_PER_ACCOUNT`, `ORDER_LIMIT_PER_ADDRESS`; a repeat of a key gives its tokens back), so
 * the 100 orders come from 8 buyers (12 or 13 orders, 24 or 26 requests each), each from his own
 * address (X-Forwarded-For, bench/session.ts); registration allows 10 e-mail flows per address per
 * hour, and 8 are used.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchError } from './errors.ts';
import { fillCart } from './order-targets.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';
import { findFreePort, launchServer, waitUntilHealthy, type BenchServer } from './server.ts';
import { signedInVisitor, type Visitor } from './session.ts';
import { orderAnswer, orderForm, pricedLines, sendOrder, type OrderAnswer } from './shop-client.ts';

const ORDERS = 100;
const BUYERS = 8;
const BRANCH_ID = 1;

const { values } = parseArgs({ options: { port: { type: 'string' } } });
let database: OwnDatabase | null = null;
let server: BenchServer | null = null;
process.on('exit', () => server?.killNow());

async function main(): Promise<number> {
  database = await createOwnDatabase('bench_orders_double');
  const port = values.port ? Number(values.port) : await findFreePort(3270);
  server = launchServer({ port, databaseUrl: database.url });
  await waitUntilHealthy(server);
  const origin = server.origin;

  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const { rows } = await pool.query<{ part_id: number }>(
    `select part_id from parts_part_branch where branch_id = $1 and price > 0 and quantity >= 1 and currency = 'RUB' order by part_id limit $2`,
    [BRANCH_ID, Math.ceil(ORDERS / BUYERS)]);
  const perBuyer = Math.ceil(ORDERS / BUYERS);
  if (rows.length < perBuyer) throw new BenchError(`the demo data has ${rows.length} priced parts at branch ${BRANCH_ID}, not ${perBuyer}`);

  // Each order is one cart line of its own: two different orders never compete for a line, so the
  // only way to get more or fewer than 100 is the idempotency itself.
  console.log(`Signing ${BUYERS} buyers in and filling their carts…`);
  const pairs: Array<{ visitor: Visitor; form: FormData; key: string }> = [];
  for (let b = 0; b < BUYERS; b++) {
    const visitor = await signedInVisitor(origin, `double${b}`);
    const count = Math.floor(ORDERS / BUYERS) + (b < ORDERS % BUYERS ? 1 : 0);
    await fillCart(origin, visitor, rows.slice(0, count).map((r) => r.part_id));
    const lines = await pricedLines(origin, visitor, BRANCH_ID);
    if (lines.length !== count) throw new BenchError(`buyer ${b}: ${lines.length} priced lines, not ${count}`);
    for (const line of lines) pairs.push({ visitor, form: orderForm([line], BRANCH_ID), key: crypto.randomUUID() });
  }

  console.log(`Sending ${pairs.length} orders twice each, all ${pairs.length * 2} requests at once…`);
  const t0 = performance.now();
  const send = async (p: (typeof pairs)[number]) => orderAnswer(await sendOrder(origin, p.visitor, p.form, p.key)).catch((e: unknown) => ({ status: 0, text: String(e) }));
  const answers = await Promise.all(pairs.map((p) => Promise.all([send(p), send(p)])));
  const elapsed = Math.round(performance.now() - t0);

  const ok = (a: OrderAnswer | { status: number; text: string }): a is OrderAnswer => 'number' in a;
  const bothAnswered = answers.filter(([a, b]) => ok(a) && ok(b));
  const sameNumber = bothAnswered.filter(([a, b]) => (a as OrderAnswer).number === (b as OrderAnswer).number);
  const oneRepeat = sameNumber.filter(([a, b]) => (a as OrderAnswer).repeated !== (b as OrderAnswer).repeated);
  const failures = answers.flat().filter((a) => !ok(a));
  const { rows: [stored] } = await pool.query<{ orders: number; keys: number }>(
    `select (select count(*) from orders_order)::int as orders, (select count(*) from orders_idempotency)::int as keys`);
  await pool.end();

  const summary = {
    orders: pairs.length, requests: pairs.length * 2, elapsedMs: elapsed,
    pairsBoth200: bothAnswered.length, pairsSameNumber: sameNumber.length, pairsOneNewOneRepeat: oneRepeat.length,
    failedRequests: failures.length, ordersInDatabase: stored!.orders, keysInDatabase: stored!.keys,
  };
  console.log(`Pairs answered 200 twice: ${bothAnswered.length}/${pairs.length}; with the same number: ${sameNumber.length}; one new and one repeat: ${oneRepeat.length}`);
  if (failures.length) console.log(`Failed requests: ${failures.length}, e.g. ${JSON.stringify(failures.slice(0, 3))}`);
  console.log(`Orders in the database: ${stored!.orders} (expected ${ORDERS}); idempotency keys: ${stored!.keys}; ${summary.requests} requests in ${elapsed} ms`);
  console.log(`ORDERS_DOUBLE_RESULT ${JSON.stringify(summary)}`);
  return stored!.orders === ORDERS && sameNumber.length === ORDERS && oneRepeat.length === ORDERS && failures.length === 0 ? 0 : 1;
}

async function cleanUp() {
  await server?.stop().catch(() => {});
  await database?.drop().catch((e: unknown) => console.error(`could not drop ${database?.name}: ${String(e)}`));
}

main().then(
  async (code) => { await cleanUp(); process.exit(code); },
  async (error: unknown) => {
    console.error(`bench:orders-double failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    if (server) console.error(`--- server stderr (tail) ---\n${server.output().stderr}`);
    await cleanUp();
    process.exit(1);
  },
);
