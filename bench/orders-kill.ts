/**
 * Durability of acknowledged orders (ADR 041, issue "Cart, delivery and orders"): on PostgreSQL,
 * runs the production build, streams order creations from several signed-in buyers, kills the
 * server with SIGKILL at random moments while orders are in flight (20 times), restarts it each
 * time, and at the end compares every acknowledged order (200 with a number) with the database.
 * A request that got no answer is sent again with the same Idempotency-Key until it is answered,
 * and must not make a second order.
 *
 *   npm run build && npm run bench:orders-kill -- [--kills=20] [--buyers=8] [--pace-ms=1500] [--port=3290]
 *
 * Creates and drops its own database `bench_orders_kill_<pid>` on BENCH_PG_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres). Prints the counts; exits 1 on any loss, duplicate,
 * order the database holds that nobody was told of, or refused order.
 *
 * Rate limits respected, not bypassed: registration allows 10 e-mail flows per address per hour, so
 * few buyers (8) make many orders each, each from his own address (X-Forwarded-For); an account may
 * place 30 orders at once (`ORDER_LIMIT_PER_ACCOUNT`), so each buyer stops at ORDER_BUDGET requests.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BenchError } from './errors.ts';
import { createOwnDatabase, type OwnDatabase } from './pg-database.ts';
import { ServerFailure, findFreePort, launchServer, waitUntilHealthy, type BenchServer } from './server.ts';
import { signedInVisitor, type Visitor } from './session.ts';
import { addToCart, orderAnswer, orderForm, pricedLines, sendOrder } from './shop-client.ts';

/** Order requests per buyer: under the account's 30 orders at once, retries included. */
const ORDER_BUDGET = 28;
/**
 * Requests kept back for sending an unanswered key again: a buyer starts no new order once only these
 * are left, so that every key he sent gets its answer within the budget.
 */
const RETRY_RESERVE = 8;
const BRANCH_ID = 1;
/** Parts each order takes (one piece each), so an order has several lines to lose. */
const PARTS_PER_ORDER = 3;

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '20' },
    buyers: { type: 'string', default: '8' },
    'pace-ms': { type: 'string', default: '1500' },
    port: { type: 'string' },
  },
});
const KILLS = Number(values.kills);
const BUYERS = Number(values.buyers);
const PACE_MS = Number(values['pace-ms']);
if (BUYERS > 9) throw new BenchError('--buyers: at most 9 (registration allows 10 e-mail flows per address per hour)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// One secret for all restarts: the buyers' sessions must survive the kills.
const SESSION_SECRET = 'orders-kill-bench-secret-0123456789abcdef0123456789';

let database: OwnDatabase | null = null;
let server: BenchServer | null = null;
let pool: pg.Pool | null = null;
process.on('exit', () => server?.killNow());

interface KeyOutcome {
  key: string;
  buyer: number;
  attempts: number;
  /** Attempts that got no answer (the server died under them). */
  unanswered: number;
  number?: string;
  repeated?: boolean;
  refused?: { status: number; text: string };
}

async function main(): Promise<number> {
  database = await createOwnDatabase('bench_orders_kill');
  const port = values.port ? Number(values.port) : await findFreePort(3290);
  const start = () => launchServer({ port, databaseUrl: database!.url, extraEnv: { SESSION_SECRET, LOG_LEVEL: 'info' } });
  server = start();
  await waitUntilHealthy(server);
  const origin = server.origin;

  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const { rows: stocked } = await pool.query<{ part_id: number }>(
    `select part_id from parts_part_branch where branch_id = $1 and price > 0 and quantity >= 1 and currency = 'RUB' order by part_id limit $2`,
    [BRANCH_ID, PARTS_PER_ORDER]);
  if (stocked.length < PARTS_PER_ORDER) throw new BenchError('the demo data has no priced parts in stock at branch 1');
  const partIds = stocked.map((r) => r.part_id);
  // Orders do not take stock, but one piece each keeps every line far from "stock short".

  console.log(`Signing ${BUYERS} buyers in…`);
  const buyers: Visitor[] = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await signedInVisitor(origin, `kill${i}`));

  let alive = true;
  let inFlight = 0;
  let restartedAt = Date.now();
  const outcomes: KeyOutcome[] = [];
  const restarts: number[] = [];

  /** Waits until the server answers again (it may be down or starting). */
  const healthy = async () => {
    for (;;) {
      try {
        const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch { /* down */ }
      await sleep(50);
    }
  };

  async function stream(b: number) {
    const visitor = buyers[b]!;
    let requests = 0;
    while (alive && requests < ORDER_BUDGET - RETRY_RESERVE) {
      await sleep(PACE_MS * (0.5 + Math.random()));
      let lines;
      try {
        await addToCart(origin, visitor, partIds);
        lines = await pricedLines(origin, visitor, BRANCH_ID);
      } catch {
        await healthy();
        continue;
      }
      if (!lines.length) continue;
      const outcome: KeyOutcome = { key: crypto.randomUUID(), buyer: b, attempts: 0, unanswered: 0 };
      outcomes.push(outcome);
      const form = orderForm(lines, BRANCH_ID);
      // The same key until an answer comes, as the order form does after a network error.
      while (requests < ORDER_BUDGET) {
        requests++;
        outcome.attempts++;
        inFlight++;
        let res: Response | null = null;
        try {
          res = await sendOrder(origin, visitor, form, outcome.key);
        } catch {
          outcome.unanswered++;
        } finally {
          inFlight--;
        }
        if (res) {
          let answer;
          try { answer = await orderAnswer(res); } catch { outcome.unanswered++; await healthy(); continue; }
          if ('number' in answer) { outcome.number = answer.number; outcome.repeated = answer.repeated; } else outcome.refused = answer;
          break;
        }
        await healthy();
      }
    }
  }

  const streams = buyers.map((_, b) => stream(b));
  let kills = 0;
  for (; kills < KILLS; kills++) {
    await sleep(1000 + Math.random() * 2000);
    // A kill while an order is being written is the case that matters; wait for one (a while).
    const until = Date.now() + 3000;
    while (inFlight === 0 && Date.now() < until) await sleep(2);
    await sleep(Math.random() * 20);
    const dying = server;
    dying.killNow();
    while (!dying.exited()) await sleep(5);
    restartedAt = Date.now();
    server = start();
    await waitUntilHealthy(server);
    restarts.push(Date.now() - restartedAt);
  }
  await sleep(1000);
  alive = false;
  await Promise.all(streams);

  // The truth is the database: every acknowledged number there once, nothing else of these buyers.
  const acknowledged = outcomes.filter((o) => o.number !== undefined);
  const numbers = new Set(acknowledged.map((o) => o.number!));
  const { rows: stored } = await pool.query<{ number: string; lines: number }>(
    `select o.number, (select count(*) from orders_line l where l.order_id = o.id)::int as lines
       from orders_order o join auth_user u on u.id = o.user_id where u.email like 'kill%@agro.ru'`);
  const storedNumbers = new Set(stored.map((r) => r.number));
  const lost = [...numbers].filter((n) => !storedNumbers.has(n));
  const unknown = stored.filter((r) => !numbers.has(r.number)).map((r) => r.number);
  // Two keys answered with one number, or one number stored twice, would be a duplicate too.
  const duplicates = acknowledged.length - numbers.size + (stored.length - storedNumbers.size);
  const incomplete = stored.filter((r) => r.lines !== PARTS_PER_ORDER).length;
  const retried = outcomes.filter((o) => o.unanswered > 0);
  const refused = outcomes.filter((o) => o.refused);
  const unresolved = outcomes.filter((o) => !o.number && !o.refused);

  const summary = {
    kills,
    buyers: BUYERS,
    orderKeys: outcomes.length,
    acknowledged: numbers.size,
    inDatabase: stored.length,
    lost: lost.length,
    duplicates,
    unacknowledgedInDatabase: unknown.length,
    incompleteOrders: incomplete,
    retriedAfterNoAnswer: retried.length,
    retriedAnsweredAsRepeat: retried.filter((o) => o.repeated).length,
    retriedAnsweredAsNew: retried.filter((o) => o.number && !o.repeated).length,
    refused: refused.length,
    unresolvedAtEnd: unresolved.length,
    restartMs: { min: Math.min(...restarts), max: Math.max(...restarts) },
  };
  console.log(`Kills: ${kills}; order keys sent: ${outcomes.length}; acknowledged: ${numbers.size}; in the database: ${stored.length}`);
  console.log(`Lost (acknowledged, not in the database): ${lost.length}${lost.length ? ` ${lost.slice(0, 10).join(', ')}` : ''}`);
  console.log(`Duplicates: ${duplicates}; in the database but never acknowledged: ${unknown.length}${unknown.length ? ` ${unknown.slice(0, 10).join(', ')}` : ''}; orders without all ${PARTS_PER_ORDER} lines: ${incomplete}`);
  console.log(`Sent again after no answer: ${retried.length} (answered as the same order: ${summary.retriedAnsweredAsRepeat}, as a new one: ${summary.retriedAnsweredAsNew})`);
  console.log(`Refused: ${refused.length}${refused.length ? ` ${JSON.stringify(refused.slice(0, 3).map((o) => o.refused))}` : ''}; unresolved at the end: ${unresolved.length}`);
  console.log(`ORDERS_KILL_RESULT ${JSON.stringify(summary)}`);
  return lost.length === 0 && duplicates === 0 && unknown.length === 0 && incomplete === 0 && refused.length === 0 && unresolved.length === 0 ? 0 : 1;
}

async function cleanUp() {
  await server?.stop().catch(() => {});
  await pool?.end().catch(() => {});
  await database?.drop().catch((e: unknown) => console.error(`could not drop ${database?.name}: ${String(e)}`));
}

main().then(
  async (code) => { await cleanUp(); process.exit(code); },
  async (error: unknown) => {
    console.error(`orders-kill failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    const output = error instanceof ServerFailure ? error.output : server?.output();
    if (output) console.error(`--- server stderr (tail) ---\n${output.stderr}\n--- server stdout (tail) ---\n${output.stdout}`);
    await cleanUp();
    process.exit(1);
  },
);
