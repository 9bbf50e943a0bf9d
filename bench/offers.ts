/**
 * The client's offer budgets (issue 30, ADR 086), on the production build with the demo content:
 * - the offer page `/offer/{hash}` (a guest with the link; personal, never cached) ≥ 0.4 × the bare
 *   page's requests/s, p99 ≤ 100 ms;
 * - a queue of 10 changes saved by `POST /offers/single-technique/set-change` p95 ≤ 50 ms (server
 *   time: one connection; the report's nearest figure above p95 is p97.5).
 * The offer comes in through 1C's exchange (the example file), as offers do.
 *
 *   npm run build && npm run bench:offers -- [--duration=10] [--connections=10] [--warmup=2] [--postgresql]
 *
 * `--postgresql` runs the server on a PostgreSQL database of the bench's own (BENCH_PG_URL's server,
 * 127.0.0.1:5432 by default), as a shop is deployed; without it, on the demo's embedded PGlite, whose
 * queries share the server's one thread with the rendering.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type LoadFigures } from './load.ts';
import { createOwnDatabase } from './pg-database.ts';
import { ROOT, findFreePort, launchServer, waitUntilHealthy } from './server.ts';
import { signedInVisitor } from './session.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, warmup: { type: 'string', default: '2' }, postgresql: { type: 'boolean', default: false } } });
const load = { duration: Number(values.duration), connections: Number(values.connections), warmup: Number(values.warmup) };
if (!existsSync(resolve(ROOT, 'build/server/index.js'))) {
  console.error('build/server/index.js is missing: run `npm run build` first');
  process.exit(2);
}

const USER = 'bench-exchange';
const PASSWORD = 'bench-exchange-password';
const port = await findFreePort(3150);
const database = values.postgresql ? await createOwnDatabase('bench_offers') : null;
const server = launchServer({ port, databaseUrl: database?.url, extraEnv: { EXCHANGE_USER: USER, EXCHANGE_PASSWORD: PASSWORD } });
let failed = false;
try {
  await waitUntilHealthy(server);
  const example = JSON.parse(readFileSync(resolve(ROOT, 'docs/examples/offer-import.json'), 'utf8')) as { offers: Array<Record<string, unknown>> };
  const imported = await fetch(`${server.origin}/api/exchange/offers`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ offers: example.offers.map((o) => ({ ...o, external_id: `bench-${String(o.external_id)}` })) }),
  });
  const { results } = await imported.json() as { results: Array<{ ok: boolean; hash: string }> };
  const hash = results[0]!.hash;
  const visitor = await signedInVisitor(server.origin, 'offers');

  const report = (label: string, r: LoadFigures) => console.log(`${label.padEnd(44)} ${r.requestsPerSec.toFixed(0).padStart(7)} req/s  p50 ${r.latencyMs.p50} ms  p97.5 ${r.latencyMs.p97_5} ms  p99 ${r.latencyMs.p99} ms  non-2xx ${r.non2xx}`);
  console.log(`Measuring /__bench/bare and /offer/${hash.slice(0, 6)}… (${load.warmup} s warm-up + ${load.duration} s, ${load.connections} connections)`);
  const bare = await measure(server.origin, '/__bench/bare', load);
  report('bare page', bare);
  const page = await measure(server.origin, `/offer/${hash}`, load);
  report('offer page (guest with the link)', page);

  // Ten changes a save, each save moving the count so that every one writes.
  const queue = (n: number) => JSON.stringify({
    queue: [
      { type: 'count', data: { productId: 'p1', value: 2 + (n % 5) } },
      { type: 'product-options', data: { key: ['productsOptions', 'p1', 'o4'], payload: { countDiff: 1 } } },
      { type: 'product-options', data: { key: ['productsOptions', 'p1', 'o4'], payload: { countDiff: -1 } } },
      { type: 'fast-delivery', data: { productId: 'p1', value: n % 2 === 0 } },
      { type: 'commissioning', data: { productId: 'p1', value: n % 2 === 1 } },
      { type: 'payment', data: { value: 'installment_calculator_leasing', initial_fee: 300_000_000 + n, term: 24 } },
      { type: 'delivery', data: { value: 'deliveryChoice', addres: `Смоленская обл., д. ${n % 50}` } },
      { type: 'use-cases', data: { value: n % 2 ? ['u1'] : ['u2'] } },
      { type: 'comment', data: { value: `Комментарий ${n}` } },
      { type: 'count', data: { productId: 'p1', value: 3 + (n % 5) } },
    ],
  });
  const save = await measure(server.origin, `/offers/single-technique/set-change?hash=${hash}`, load, {
    method: 'POST', connections: 1, vary: queue,
    headers: { cookie: visitor.cookie, 'x-csrf-token': visitor.csrfToken, 'content-type': 'application/json', accept: 'application/json' },
  });
  report('set-change, 10 changes (1 conn.)', save);

  const ratio = page.requestsPerSec / bare.requestsPerSec;
  const verdicts: Array<[string, boolean, string]> = [
    ['offer page ÷ bare ≥ 0.4', ratio >= 0.4, ratio.toFixed(2)],
    ['offer page p99 ≤ 100 ms', page.latencyMs.p99 <= 100, `${page.latencyMs.p99} ms`],
    ['10 changes saved p97.5 ≤ 50 ms', save.latencyMs.p97_5 <= 50, `${save.latencyMs.p97_5} ms`],
  ];
  for (const [name, pass, figure] of verdicts) console.log(`${pass ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
  failed = page.non2xx > 0 || save.non2xx > 0 || page.errors > 0 || save.errors > 0;
  if (failed) console.error('Some requests failed: the figures are not valid.');
} finally {
  await server.stop();
  await database?.drop();
}
process.exit(failed ? 1 : 0);
