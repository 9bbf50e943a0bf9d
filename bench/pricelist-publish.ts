/**
 * A price list's whole way on PostgreSQL (issue 32 budgets, ADR 096): a 1,000,000-row CSV and a
 * 200,000-row XLSX received, read, checked, matched, staged and published by the job's own function,
 * each timed with its process's peak RSS; and the storefront's read of a part's offers (the part
 * page's statements through the parts' port) timed idle and while the CSV is processed, its p99
 * compared. Each list is processed in a process of its own, as `npm run worker` runs the job (the
 * build loaded, a pool opened, nothing else): the peak RSS is the processing's, not that of this
 * process, which seeds the catalogue and writes the files. Exits 1 when a budget is missed. Needs the
 * production build and a PostgreSQL server: a database of its own is made (migrated and seeded with
 * the demo catalogue's 22,000 parts) and dropped at the end.
 *
 * A third case (after the CSV) is the same supplier's next full list: the CSV again with every 50th
 * price doubled, checked against the published one (the price-jump check's previous prices), its
 * whole way timed and its peak RSS taken the same way.
 *
 *   npm run bench:suppliers-publish -- [--rows=1000000] [--xlsx-rows=200000] [--second=1] [--worker-flags=--max-semi-space-size=16] [--server=postgres://postgres@127.0.0.1:5432/test]
 *   (--rows=0, --xlsx-rows=0 or --second=0 leaves that case out; --worker-flags= starts the processing with Node's defaults)
 */
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
import { xlsxOf } from '../app/modules/suppliers/pricelist/pricelist.test-fixture.server.ts';

// The production build (npm run build): the seed reads the demo pages as Vite bundles them.
const entry = await import(pathToFileURL(resolve(import.meta.dirname, '..', 'build/server/index.js')).href) as typeof EntryModule;
const { connect, migrateToLatest, seed, loadConfig, fileStorage, supplierOffersForParts, processFile, registerPriceList } = entry;

const BUDGET = { csv: { seconds: 60, rssMb: 512 }, xlsx: { seconds: 15, rssMb: 512 }, p99Factor: 2 };
const { values } = parseArgs({ options: {
  rows: { type: 'string', default: '1000000' },
  'xlsx-rows': { type: 'string', default: '200000' },
  second: { type: 'string', default: '1' },
  // Node's flags of `npm run worker` (package.json), which the processing's process is started with.
  'worker-flags': { type: 'string', default: '--max-semi-space-size=16' },
  process: { type: 'string' },
  dir: { type: 'string' },
  server: { type: 'string', default: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' },
  probe: { type: 'string' },
  parts: { type: 'string' },
} });
const rows = Number(values.rows);
const xlsxRows = Number(values['xlsx-rows']);
const second = values.second !== '0';

if (values.process) {
  // The worker's shape: the build, a pool, the job's function; the peak RSS sampled every 100 ms.
  const db = await connect({ databaseUrl: values.server!, poolSize: 6 });
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: values.server!, PRICELISTS_DIR: values.dir!, PUBLIC_ORIGIN: 'https://shop.example', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-1' });
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapPeak = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapTotal);
  }, 100);
  const started = performance.now();
  await processFile({ db, config } as unknown as AppServices, Number(values.process));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  await db.destroy();
  await new Promise((written) => process.stdout.write(JSON.stringify({ seconds, rssMb: Math.round(peak / 1048576), startMb: Math.round(before / 1048576), heapMb: Math.round(heapPeak / 1048576) }), written));
  process.exit(0);
}

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
  const parts = await db.selectFrom('parts_part as p').innerJoin('parts_manufacturer as m', 'm.id', 'p.manufacturer_id').select(['p.id', 'p.code', 'm.name']).execute();
  console.log(`${parts.length} parts.`);
  const organisation = async (name: string) => (await db.insertInto('suppliers_organisation').values({ name, sources: ['upload'], column_template: JSON.stringify({ columns: { code: 'Артикул', brand: 'Бренд', name: 'Наименование', price: 'Цена', stock: 'Остаток' } }), auto_publish_max_change: 100 }).returning('id').executeTakeFirstOrThrow()).id;
  const storage = fileStorage(config, 'pricelists');
  const { createReadStream } = await import('node:fs');
  const register = async (org: number, path: string, name: string) => {
    const stored = await storage.put(`pricelists/${org}/${name}`, createReadStream(path));
    return registerPriceList(db, org, { source: 'upload', name, storageKey: `pricelists/${org}/${name}`, sizeBytes: stored.size });
  };
  // The list's i-th row: every part once (matched), then codes nobody has (unmatched) under the
  // brands we know (an unknown brand is a warning that would hold the list).
  const rowOf = (i: number) => {
    const p = parts[i % parts.length]!;
    return i < parts.length
      ? { code: p.code, brand: p.name, name: `Деталь ${i}`, rub: 100 + (i % 9000), kop: i % 100, stock: i % 40 }
      : { code: `X${i}-${i % 977}`, brand: p.name, name: `Деталь ${i}`, rub: 100 + (i % 9000), kop: 50, stock: 5 };
  };
  // The job's processing in a process of its own (see the header), with its figures.
  type Figures = { seconds: number; rssMb: number; startMb: number; heapMb: number };
  const processed = (fileId: number) => new Promise<Figures>((done, fail) => {
    execFile(process.execPath, [...values['worker-flags']!.split(' ').filter(Boolean), '--disable-warning=ExperimentalWarning', import.meta.filename, `--process=${fileId}`, `--server=${url}`, `--dir=${dir}`],
      { maxBuffer: 1024 * 1024 }, (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as Figures)));
  });
  const outcome = async (fileId: number, org: number, shown: number, kind: 'csv' | 'xlsx', f: Figures, title = kind.toUpperCase()) => {
    const file = await db.selectFrom('suppliers_file').select(['state', 'rows_total', 'rows_matched', 'rows_bad']).where('id', '=', fileId).executeTakeFirstOrThrow();
    const offers = await db.selectFrom('suppliers_offer').select((eb) => eb.fn.countAll<number>().as('n')).where('organisation_id', '=', org).executeTakeFirstOrThrow();
    const budget = BUDGET[kind];
    console.log(`${title}, ${shown.toLocaleString('ru-RU')} rows: ${file.state}, ${file.rows_total} read, ${file.rows_matched} matched, ${file.rows_bad} bad, ${offers.n} offers`);
    console.log(`  whole way ${f.seconds.toFixed(1)} s (budget ${budget.seconds} s), peak RSS ${f.rssMb} MB (budget ${budget.rssMb} MB; ${f.startMb} MB at the start; V8 heap at most ${f.heapMb} MB)`);
    return file.state === 'published' && f.seconds <= budget.seconds && f.rssMb <= budget.rssMb;
  };
  /** The CSV of `count` rows; every `jumpEvery`-th price doubled (0: none). */
  const writeCsv = async (path: string, count: number, jumpEvery: number) => {
    const out = createWriteStream(path);
    const encoder = new TextDecoder('windows-1251');
    const table = new Map<string, number>();
    for (let b = 0; b < 256; b++) table.set(encoder.decode(Uint8Array.of(b)), b);
    const cp1251 = (text: string) => Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 128 ? ch.charCodeAt(0) : table.get(ch) ?? 0x3f)));
    let chunk = 'Артикул;Бренд;Наименование;Цена;Остаток\r\n';
    for (let i = 0; i < count; i++) {
      const r = rowOf(i);
      const rub = jumpEvery > 0 && i % jumpEvery === 0 ? r.rub * 2 : r.rub;
      chunk += `${r.code};${r.brand};${r.name};${rub},${r.kop};${r.stock}\r\n`;
      if (chunk.length > 1 << 16) { if (!out.write(cp1251(chunk))) await once(out, 'drain'); chunk = ''; }
    }
    out.end(cp1251(chunk));
    await once(out, 'finish');
  };
  let ok = true;

  if (rows > 0) {
    // Windows-1251, ';', decimal commas.
    const org = await organisation('Бенчмарк CSV');
    const path = join(dir, 'list.csv');
    await writeCsv(path, rows, 0);
    const fileId = await register(org, path, 'list.csv');

    // The storefront's probe, in a process of its own as the shop's web processes are (the list is
    // processed by a job runner): a part page's offers of 10 parts, read in a loop for the time given.
    const probeIds = parts.slice(0, 10).map((p) => p.id);
    const probe = (ms: number) => new Promise<{ reads: number; p99: number }>((done, fail) => {
      execFile(process.execPath, ['--disable-warning=ExperimentalWarning', import.meta.filename, `--probe=${ms}`, `--server=${url}`, `--parts=${probeIds.join(',')}`],
        (error, stdout) => (error ? fail(error) : done(JSON.parse(stdout) as { reads: number; p99: number })));
    });
    const idle = await probe(3_000);
    // The probe reads for as long as a list of this size is expected to take (ADR 096: ≈ 40 s a million rows).
    const during = probe(Math.max(3_000, Math.min(60_000, rows / 25)));
    const figures = await processed(fileId);
    const busy = await during;
    ok = (await outcome(fileId, org, rows, 'csv', figures)) && ok;
    const factor = busy.p99 / idle.p99;
    console.log(`  storefront probe p99 idle ${idle.p99.toFixed(1)} ms (${idle.reads} reads), during ${busy.p99.toFixed(1)} ms (${busy.reads} reads): ×${factor.toFixed(2)} (budget ×${BUDGET.p99Factor})`);
    ok = ok && factor <= BUDGET.p99Factor;

    if (second) {
      // The same supplier's next full list: compared with the one just published (2 % of its prices jump).
      const nextPath = join(dir, 'list-2.csv');
      await writeCsv(nextPath, rows, 50);
      const nextId = await register(org, nextPath, 'list-2.csv');
      ok = (await outcome(nextId, org, rows, 'csv', await processed(nextId), 'CSV, the next full list')) && ok;
    }
  }

  if (xlsxRows > 0) {
    // An organisation of its own: its first list (a second list of the first one would be compared with the CSV).
    const org = await organisation('Бенчмарк XLSX');
    const sheet: Array<Array<string | number>> = [['Артикул', 'Бренд', 'Наименование', 'Цена', 'Остаток']];
    for (let i = 0; i < xlsxRows; i++) {
      const r = rowOf(i);
      sheet.push([r.code, r.brand, r.name, r.rub + r.kop / 100, r.stock]);
    }
    const path = join(dir, 'list.xlsx');
    await writeFile(path, xlsxOf({ sheets: [{ name: 'Прайс', rows: sheet }], sharedStrings: 'last' }));
    const fileId = await register(org, path, 'list.xlsx');
    ok = (await outcome(fileId, org, xlsxRows, 'xlsx', await processed(fileId))) && ok;
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.destroy();
  await onServer(`drop database if exists ${name} with (force)`);
  await rm(dir, { recursive: true, force: true });
}
