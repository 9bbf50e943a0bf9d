/**
 * The parts line page's drawing budget (ADR 032): a click on a callout, a pointer over a row and the
 * zoom button are on screen within 100 ms at 4× CPU slowdown. On the production build with the
 * demo's first line, in Debian's Chromium headless shell at 1280 px: each action timed from the
 * event to the second animation frame after it (the new highlight or scale painted), after a
 * warm-up, 15 times; the median against 100 ms; exit 1 when one is over.
 *
 *   npm run build && npm run bench:drawing -- [--runs=15] [--rate=4]
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { BenchError } from './errors.ts';
import { findFreePort, launchServer, waitUntilHealthy } from './server.ts';

const BUDGET_MS = 100;
const LINE = '/zapchasti/kirovets/kirovets-k-7m';
const CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, rate: { type: 'string', default: '4' } } });
const RUNS = Number(values.runs);
const RATE = Number(values.rate);
if (!Number.isInteger(RUNS) || RUNS < 3) throw new BenchError(`--runs must be an integer of at least 3, got "${values.runs}"`);
if (!(RATE >= 1)) throw new BenchError(`--rate must be a CPU slowdown of at least 1, got "${values.rate}"`);

const server = launchServer({ port: await findFreePort(3340) });
process.on('exit', () => server.killNow());
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  await waitUntilHealthy(server);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.origin}${LINE}`);
  // The drawing's buttons are enabled once the page is hydrated.
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Вписать' && !b.disabled));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  // Each run alternates between two targets (callouts 7 and 4, rows 4 and 7, in and out), so every
  // event changes what is on screen.
  const toPaint = (act: string, i: number) => page.evaluate(([what, odd]) => new Promise<number>((done) => {
    const start = performance.now();
    if (what === 'callout') document.querySelector(`[data-testid="callout-${odd ? 4 : 7}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    else if (what === 'row') document.querySelector(`tr[data-callout="${odd ? 7 : 4}"] td`)!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    else (document.querySelector(`button[aria-label="${odd ? 'Уменьшить' : 'Увеличить'}"]`) as HTMLButtonElement).click();
    requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - start)));
  }), [act, i % 2 === 1] as const);
  const results: Record<string, { medianMs: number; fastestMs: number; slowestMs: number; withinBudget: boolean }> = {};
  for (const act of ['callout', 'row', 'zoom']) {
    await toPaint(act, 0);
    await toPaint(act, 1);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await toPaint(act, i));
    times.sort((a, b) => a - b);
    const median = Math.round(times[Math.floor(times.length / 2)]!);
    results[act] = { medianMs: median, fastestMs: Math.round(times[0]!), slowestMs: Math.round(times.at(-1)!), withinBudget: median <= BUDGET_MS };
  }
  const ok = Object.values(results).every((r) => r.withinBudget);
  console.log(JSON.stringify({ bench: 'drawing', page: LINE, cpuSlowdown: RATE, runs: RUNS, budgetMedianMs: BUDGET_MS, results, result: ok ? 'в бюджете' : 'ВНЕ БЮДЖЕТА' }, null, 2));
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
