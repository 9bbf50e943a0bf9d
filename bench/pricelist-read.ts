/**
 * Price-list reading's budgets (issue 32, ADR 094): a 1,000,000-row CSV (Windows-1251, ';', decimal
 * commas) read, normalised and checked within 60 s under 512 MB, a 200,000-row XLSX (shared strings
 * after the sheet) within 15 s, and no slice holding the event loop over 100 ms. The files are made
 * in a temporary directory; each is read in a process of its own so its peak RSS is its own. Matching
 * and publishing are measured with the tables that hold them. Exits 1 when a budget is missed.
 *
 *   npm run bench:suppliers -- [--csv-rows=1000000] [--xlsx-rows=200000] [--keep]
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { checkPriceList } from '../app/modules/suppliers/pricelist/pricelist.server.ts';
import { windows1251, xlsxOf } from '../app/modules/suppliers/pricelist/pricelist.test-fixture.server.ts';

const BUDGETS = { csv: { seconds: 60, rssMb: 512 }, xlsx: { seconds: 15, rssMb: 512 }, eventLoopMs: 100 };
const BRANDS = ['Ростсельмаш', 'Клаас', 'John Deere', 'MANN', 'BOSCH', 'Кировец', 'Амкодор', 'Гомсельмаш', 'New Holland', 'Case'];
const STOCK = ['>10', '10+', 'много', 'есть', 'нет', '-', '5-10', '3', '0', '120'];

const { values } = parseArgs({
  options: {
    'csv-rows': { type: 'string', default: '1000000' },
    'xlsx-rows': { type: 'string', default: '200000' },
    measure: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const code = (i: number) => `${String.fromCharCode(65 + (i % 26))}${(i * 7919) % 1_000_003}-${i}`;
const price = (i: number) => 100 + ((i * 37) % 250_000);

/** In a process of its own: reads one file through and prints its figures. */
async function measure(path: string): Promise<void> {
  // The loop's longest hold: the main thread's CPU time between two ticks of a 10 ms timer (the
  // wall-clock gap is also kept: on a busy machine it adds the time the process waited for a core).
  let worst = 0;
  let worstWall = 0;
  let last = performance.now();
  let lastCpu = process.threadCpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.threadCpuUsage(lastCpu);
    worst = Math.max(worst, (cpu.user + cpu.system) / 1000);
    worstWall = Math.max(worstWall, now - last - 10);
    last = now;
    lastCpu = process.threadCpuUsage();
  }, 10);
  const started = performance.now();
  const run = await checkPriceList({ path, name: path.split('/').at(-1)! }, {
    currency: 'RUB',
    knownBrands: new Set(BRANDS),
    // The previous list's prices, as the publishing step will pass them: every 50th moved by 80 %.
    previousPrices: (key) => {
      const i = Number(key.slice(key.lastIndexOf('-') + 1, key.indexOf('\u0001')));
      return Number.isInteger(i) ? (i % 50 === 0 ? Math.round(price(i) * 100 * 1.8) : price(i) * 100) : undefined;
    },
    priceJumpPercent: 30,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const { report } = run;
  process.stdout.write(JSON.stringify({
    type: run.type, seconds, rssMb: process.resourceUsage().maxRSS / 1024, eventLoopMs: worst, eventLoopWallMs: worstWall,
    rows: report.rows, okRows: report.okRows, errorRows: report.errorRows, counts: report.counts, fileProblems: report.fileProblems,
  }));
}

async function makeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(windows1251('Прайс-лист ООО «АгроЗапчасть»\r\n\r\nАртикул;Производитель;Наименование;Цена, руб.;Остаток;Кратность;Срок\r\n'));
  const batch: string[] = [];
  for (let i = 0; i < rows; i++) {
    const rub = price(i);
    // One row in a thousand is broken: no code, a word for a price, a repeated position.
    const c = i % 1000 === 1 ? '' : i % 1000 === 12 ? code(i - 10) : code(i);
    const p = i % 1000 === 3 ? 'по запросу' : `${rub.toLocaleString('ru-RU')},${String(i % 100).padStart(2, '0')}`;
    batch.push(`${c};${BRANDS[i % BRANDS.length]};Деталь «${i}» для комбайна;${p};${STOCK[i % STOCK.length]};${1 + (i % 4)};${i % 10} дн.`);
    if (batch.length === 10_000) {
      if (!out.write(windows1251(`${batch.join('\r\n')}\r\n`))) await once(out, 'drain');
      batch.length = 0;
    }
  }
  out.write(windows1251(`${batch.join('\r\n')}\r\n`));
  out.end();
  await once(out, 'finish');
}

async function makeXlsx(path: string, rows: number): Promise<void> {
  const sheet: Array<Array<string | number>> = [['Код', 'Бренд', 'Наименование', 'Цена', 'Наличие', 'Кратность']];
  for (let i = 0; i < rows; i++) sheet.push([code(i), BRANDS[i % BRANDS.length]!, `Деталь ${i}`, price(i) + (i % 100) / 100, STOCK[i % STOCK.length]!, 1 + (i % 4)]);
  await writeFile(path, xlsxOf({ sheets: [{ name: 'Прайс', rows: sheet }], sharedStrings: 'last' }));
}

interface Figures { type: string; seconds: number; rssMb: number; eventLoopMs: number; eventLoopWallMs: number; rows: number; okRows: number; errorRows: number; counts: object; fileProblems: object[] }

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-price-list-'));
  const run = promisify(execFile);
  let over = false;
  try {
    const files: Array<[keyof typeof BUDGETS & ('csv' | 'xlsx'), string, number]> = [
      ['csv', join(dir, 'price-1251.csv'), Number(values['csv-rows'])],
      ['xlsx', join(dir, 'price.xlsx'), Number(values['xlsx-rows'])],
    ];
    for (const [kind, path, rows] of files) {
      const made = performance.now();
      await (kind === 'csv' ? makeCsv(path, rows) : makeXlsx(path, rows));
      const size = (await stat(path)).size;
      console.log(`${kind}: ${rows.toLocaleString('en')} rows, ${(size / 1024 / 1024).toFixed(1)} MB, made in ${((performance.now() - made) / 1000).toFixed(1)} s`);
      const { stdout } = await run(process.execPath, ['--disable-warning=ExperimentalWarning', process.argv[1]!, `--measure=${path}`], { maxBuffer: 1024 * 1024 });
      const f = JSON.parse(stdout) as Figures;
      const budget = BUDGETS[kind];
      const ok = f.seconds <= budget.seconds && f.rssMb <= budget.rssMb && f.eventLoopMs <= BUDGETS.eventLoopMs && f.fileProblems.length === 0;
      if (!ok) over = true;
      console.log(`  read+normalise+check ${f.seconds.toFixed(1)} s (budget ${budget.seconds} s), peak RSS ${Math.round(f.rssMb)} MB (budget ${budget.rssMb} MB), longest hold of the event loop ${Math.round(f.eventLoopMs)} ms of CPU (budget ${BUDGETS.eventLoopMs} ms; ${Math.round(f.eventLoopWallMs)} ms by the clock) ${ok ? 'ok' : 'OVER'}`);
      console.log(`  ${f.rows.toLocaleString('en')} rows: ${f.okRows.toLocaleString('en')} ok, ${f.errorRows.toLocaleString('en')} with errors; ${JSON.stringify(f.counts)}${f.fileProblems.length ? `; file: ${JSON.stringify(f.fileProblems)}` : ''}`);
    }
  } finally {
    if (values.keep) console.log(`files kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
  process.exitCode = over ? 1 : 0;
}

if (values.measure) await measure(values.measure);
else await main();
