/**
 * A price list's whole way on PostgreSQL (issue 32 budgets, ADR 096): a 1,000,000-row CSV received,
 * read, checked, matched, staged and published by the job's own function, timed with the process's
 * peak RSS; and the storefront's read of a part's offers (the part page's statements through the
 * parts' port) timed idle and while the list is processed, its p99 compared. Exits 1 when a budget is
 * missed. Needs the production build and a PostgreSQL server: a database of its own is made (migrated and seeded with the demo
 * catalogue's 22,000 parts) and dropped at the end.
 *
 *   npm run bench:suppliers-publish -- [--rows=1000000] [--server=postgres://postgres@127.0.0.1:5432/test]
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppServices } from '../app/.server/context.ts';
import type * as EntryModule from '../server/entry.ts';

// The production build (npm run build): the seed reads the demo pages as Vite bundles them.
const entry = await import(pathToFileURL(resolve(import.meta.dirname, '..', 'build/server/index.js')).href) as typeof EntryModule;
const { connect, migrateToLatest, seed, loadConfig, fileStorage, supplierOffersForParts, processFile, registerPriceList } = entry;

const BUDGET = { seconds: 60, rssMb: 512, p99Factor: 2 };
const { values } = parseArgs({ options: {
  rows: { type: 'string', default: '1000000' },
  server: { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  probe: { type: 'string' },
  parts: { type: 'string' },
} });
const rows = Number(values.rows);

if (values.probe) {
  const db = await connect({ databaseUrl: values.server!, poolSize: 2 });
  const ids = values.parts!.split(',').map(Number);
  const times: number[] = [];
  const until = performance.now() + Number(values.probe);
  while (performance.now() < until) {
    const t0 = performance.now();
    await supplierOffersForParts(db, ids, 'RUB');
    await sql`select part_id, price, quantity from parts_part_branch where part_id = any(${ids}::int[]) and branch_id = 1`.execute(db);
    times.push(performance.now() - t0);
  }
  await db.destroy();
  const sorted = times.sort((a, b) => a - b);
  // Only the figures: a large write to the pipe could be cut by the exit.
  await new Promise((written) => process.stdout.write(JSON.stringify({ reads: sorted.length, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0 }), written));
  process.exit(0);
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: values.server });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

const name = `bench_suppliers_${process.pid}`;
const url = new URL(values.server!);
url.pathname = `/${name}`;
const dir = await mkdtemp(join(tmpdir(), 'bench-pricelists-'));
await onServer(`create database ${name}`);
const db = await connect({ databaseUrl: url.toString(), poolSize: 6 });
try {
  process.stdout.write('Migrating and seeding the demo catalogue… ');
  await migrateToLatest(db);
  await seed(db, { demo: true });
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url.toString(), PRICELISTS_DIR: dir, PUBLIC_ORIGIN: 'https://shop.example', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1' });
  const services = { db, config } as unknown as AppServices;
  const parts = await db.selectFrom('parts_part as p').innerJoin('parts_manufacturer as m', 'm.id', 'p.manufacturer_id').select(['p.id', 'p.code', 'm.name']).execute();
  console.log(`${parts.length} parts.`);
  const { id: org } = await db.insertInto('suppliers_organisation').values({ name: 'Бенчмарк', sources: ['upload'], column_template: JSON.stringify({ columns: { code: 'Артикул', brand: 'Бренд', name: 'Наименование', price: 'Цена', stock: 'Остаток' } }), auto_publish_max_change: 100 }).returning('id').executeTakeFirstOrThrow();

  // The list: a row for every part (matched), then codes nobody has (unmatched), Windows-1251, ';', decimal commas.
  const path = join(dir, 'list.csv');
  const out = createWriteStream(path);
  const encoder = new TextDecoder('windows-1251');
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(encoder.decode(Uint8Array.of(b)), b);
  const cp1251 = (text: string) => Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 128 ? ch.charCodeAt(0) : table.get(ch) ?? 0x3f)));
  let chunk = 'Артикул;Бренд;Наименование;Цена;Остаток\r\n';
  for (let i = 0; i < rows; i++) {
    const p = parts[i % parts.length]!;
    const known = i < parts.length;
    // Codes nobody has, under the brands we know (an unknown brand is a warning that would hold the list).
    chunk += known ? `${p.code};${p.name};Деталь ${i};${100 + (i % 9000)},${i % 100};${i % 40}\r\n` : `X${i}-${i % 977};${p.name};Деталь ${i};${100 + (i % 9000)},50;5\r\n`;
    if (chunk.length > 1 << 16) { if (!out.write(cp1251(chunk))) await once(out, 'drain'); chunk = ''; }
  }
  out.end(cp1251(chunk));
  await once(out, 'finish');
  const storage = fileStorage(config, 'pricelists');
  const { createReadStream } = await import('node:fs');
  const stored = await storage.put(`pricelists/${org}/bench`, createReadStream(path));
  const fileId = await registerPriceList(db, org, { source: 'upload', name: 'list.csv', storageKey: `pricelists/${org}/bench`, sizeBytes: stored.size });

  // The storefront's probe, in a process of its own as the shop's web processes are (the list is
  // processed by a job runner): a part page's offers of 10 parts, read in a loop for the time given.
  const probeIds = parts.slice(0, 10).map((p) => p.id);
  const probe = (ms: number) => new Promise<{ reads: number; p99: number }>((done, fail) => {
    execFile(process.execPath, ['--disable-warning=ExperimentalWarning', import.meta.filename, `--probe=${ms}`, `--server=${url}`, `--parts=${probeIds.join(',')}`],
      (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as { reads: number; p99: number })));
  });
  const idle = await probe(3_000);

  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 100);
  const started = performance.now();
  // The probe reads for as long as a list of this size is expected to take (ADR 096: ≈ 40 s a million rows).
  const during = probe(Math.max(3_000, Math.min(60_000, rows / 25)));
  await processFile(services, fileId);
  const seconds = (performance.now() - started) / 1000;
  const busy = await during;
  clearInterval(sampler);
  const file = await db.selectFrom('suppliers_file').select(['state', 'rows_total', 'rows_matched', 'rows_bad']).where('id', '=', fileId).executeTakeFirstOrThrow();
  const offers = await db.selectFrom('suppliers_offer').select((eb) => eb.fn.countAll<number>().as('n')).where('organisation_id', '=', org).executeTakeFirstOrThrow();
  const rssMb = Math.round(peak / 1024 / 1024);
  const factor = busy.p99 / idle.p99;
  console.log(`${rows.toLocaleString('ru-RU')} rows: ${file.state}, ${file.rows_total} read, ${file.rows_matched} matched, ${file.rows_bad} bad, ${offers.n} offers`);
  console.log(`whole way ${seconds.toFixed(1)} s (budget ${BUDGET.seconds} s), peak RSS ${rssMb} MB (budget ${BUDGET.rssMb} MB)`);
  console.log(`storefront probe p99 idle ${idle.p99.toFixed(1)} ms (${idle.reads} reads), during ${busy.p99.toFixed(1)} ms (${busy.reads} reads): ×${factor.toFixed(2)} (budget ×${BUDGET.p99Factor})`);
  const ok = file.state === 'published' && seconds <= BUDGET.seconds && rssMb <= BUDGET.rssMb && factor <= BUDGET.p99Factor;
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.destroy();
  await onServer(`drop database if exists ${name} with (force)`);
  await rm(dir, { recursive: true, force: true });
}
