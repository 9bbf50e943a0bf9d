// The cart and order targets (issue "Cart, delivery and orders"): a cart of 100 lines, the delivery
// price from the sandbox carriers, and order creation. Shared by `npm run bench` (run.ts) and the
// PostgreSQL harness `npm run bench:orders` (orders.ts).
import { BenchError } from './errors.ts';
import type { LoadFigures } from './load.ts';
import type { Target } from './report.ts';
import type { Visitor } from './session.ts';
import { addToCart, orderAnswer, orderForm, pricedLines, sendOrder, type OrderProduct } from './shop-client.ts';

/** An account may place 30 orders at once (`ORDER_LIMIT_PER_ACCOUNT`): each buyer stays under it. */
export const ORDERS_PER_BUYER = 28;
/**
 * `delivery-price:ip` allows 120 quotes a minute from one address: the target sends fewer, as a
 * fixed count, rather than a duration whose tail would measure 429 answers.
 */
export const DELIVERY_PRICE_REQUESTS = 110;
const DELIVERY_WARMUP_REQUESTS = 5;
/** Lines per measured order: a typical parts order. */
export const LINES_PER_ORDER = 3;

/** `POST /api/cart/add` in batches of 50 (its limit per call). */
export async function fillCart(origin: string, visitor: Visitor, partIds: readonly number[]): Promise<void> {
  for (let i = 0; i < partIds.length; i += 50) await addToCart(origin, visitor, partIds.slice(i, i + 50));
}

/**
 * Parts an order can be made of, found as a buyer finds them: `candidates` put in the cart, then
 * the branch the cart shows (the visitor's own) and its priced lines in stock. The cart keeps them.
 */
export async function orderableParts(origin: string, visitor: Visitor, candidates: readonly number[]): Promise<{ branchId: number; partIds: number[] }> {
  await fillCart(origin, visitor, candidates.slice(0, 50));
  const res = await fetch(`${origin}/api/cart`, { headers: { cookie: visitor.cookie, accept: 'application/json' }, signal: AbortSignal.timeout(15_000) });
  const view = await res.json() as { currentBranchId: number | null };
  if (view.currentBranchId === null) throw new BenchError('the cart shows no branch: no orders can be measured');
  const lines = (await pricedLines(origin, visitor, view.currentBranchId)).filter((l) => l.inStock >= 10);
  if (lines.length < LINES_PER_ORDER) throw new BenchError(`only ${lines.length} priced parts in stock among the candidates`);
  return { branchId: view.currentBranchId, partIds: lines.slice(0, LINES_PER_ORDER).map((l) => l.partId) };
}

/**
 * `POST /api/delivery/get-spare-parts-delivery-price` (sandbox carriers), to an address whose
 * coordinates change each request (a new road distance each time), 1 connection: server time.
 */
export function deliveryPriceTarget(visitor: Visitor, branchId: number, partIds: readonly number[]): Target {
  return {
    name: 'delivery-price',
    path: '/api/delivery/get-spare-parts-delivery-price',
    label: 'POST …delivery-price (each new, 1 conn.)',
    shape: {
      method: 'POST',
      headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, 'content-type': 'application/json', accept: 'application/json' },
      vary: (n) => JSON.stringify({
        branch: branchId,
        // Around Moscow, a point of its own per request: 0.001° steps over a 1°×1° square.
        coords: { lat: (55 + (n % 1000) / 1000).toFixed(4), long: (37 + ((n * 7919) % 1000) / 1000).toFixed(4) },
        address: { country: 'Россия', region: 'Московская область', city: 'Москва', street: 'Тверская', house: String(1 + (n % 200)) },
        price: 25_000,
        parts: partIds.map((id, i) => ({ id, count: 1 + ((n + i) % 5) })),
        transportCompany: '',
        idTerminal: '',
      }),
      connections: 1,
      amount: DELIVERY_PRICE_REQUESTS,
      warmupAmount: DELIVERY_WARMUP_REQUESTS,
    },
  };
}

/**
 * One quote before the target: an answer with the fail flag would mean the request missed the
 * spec §5 conditions and took the short path (no carrier asked, no rate limit), measuring nothing.
 */
export async function checkDeliveryTarget(origin: string, target: Target): Promise<void> {
  const shape = target.shape!;
  const res = await fetch(origin + target.path, { method: 'POST', headers: shape.headers, body: shape.vary!(1_000_000), signal: AbortSignal.timeout(15_000) });
  const body = await res.json() as { fail?: boolean; price?: number; message?: string };
  if (!res.ok || body.fail !== false || !(Number(body.price) > 0)) {
    throw new BenchError(`the delivery price target is not priced: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
}

/**
 * Order creation without attachments, one request at a time. The cart must be refilled before each
 * order (an order takes its lines out of the cart); the refill (`cart/add` + `GET /api/cart`) is
 * not timed: each figure is the `POST /api/order/create` alone, a new Idempotency-Key each time.
 * Each buyer makes at most ORDERS_PER_BUYER orders (the rate limit), so samples = buyers × that.
 */
export async function measureOrderCreation(origin: string, buyers: readonly Visitor[], branchId: number, partIds: readonly number[], perBuyer = ORDERS_PER_BUYER): Promise<LoadFigures> {
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  // The first order of the run (connection pool, JIT) is not a sample.
  let warm = false;
  for (const buyer of buyers) {
    for (let i = 0; i < perBuyer; i++) {
      await addToCart(origin, buyer, partIds);
      const lines: OrderProduct[] = (await pricedLines(origin, buyer, branchId)).filter((l) => partIds.includes(l.partId));
      const form = orderForm(lines, branchId);
      const t0 = performance.now();
      let status: number;
      try {
        const res = await sendOrder(origin, buyer, form, crypto.randomUUID());
        const answer = await orderAnswer(res);
        status = res.status;
        if (!('number' in answer)) {
          non2xx++;
          if (non2xx <= 3) console.log(`  order answered ${answer.status}: ${answer.text}`);
        }
      } catch {
        errors++;
        continue;
      }
      const ms = performance.now() - t0;
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (!warm) { warm = true; continue; }
      if (status === 200) times.push(ms);
    }
  }
  const total = times.reduce((a, b) => a + b, 0);
  return {
    path: '/api/order/create',
    requestsPerSec: total > 0 ? times.length / (total / 1000) : 0,
    latencyMs: { p50: percentile(times, 50), p90: percentile(times, 90), p97_5: percentile(times, 97.5), p99: percentile(times, 99) },
    requests: times.length,
    non2xx,
    errors,
    timeouts: 0,
    statusCodes,
  };
}

/** Nearest-rank percentile, rounded to 0.01 ms as autocannon's figures are to 1 ms. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));
}
