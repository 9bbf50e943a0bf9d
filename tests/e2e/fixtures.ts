import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Smolensk region: the guessed region of a new visitor (its branch is the head office). */
export const SMOLENSK_AREA_ID = 4067;

/**
 * Confirms the visitor's region through the API (as «Да» in the tooltip does), so the non-modal
 * region tooltip, covered by region.spec.ts, does not cover the header in the other journeys.
 */
export async function confirmRegion(page: Page, areaId = SMOLENSK_AREA_ID): Promise<void> {
  const tokenResponse = await page.request.get('/api/csrf-token');
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await page.request.post('/api/current-area/set-location', {
    headers: { 'X-CSRF-Token': token },
    data: { areaId },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Moves the server's clock forward (POST /__test/clock, only on a server started with NODE_ENV=test),
 * so a server-side lock or expiry passes without waiting in real time. Journeys that call it are
 * tagged @server-clock: they run after all others (playwright.config.ts), which never see time jump.
 */
export async function advanceServerClock(page: Page, ms: number): Promise<void> {
  const tokenResponse = await page.request.get('/api/csrf-token');
  const { token } = (await tokenResponse.json()) as { token: string };
  const response = await page.request.post('/__test/clock', { headers: { 'X-CSRF-Token': token }, data: { advanceMs: ms } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Scrolls the window and resolves once the page has handled the scroll event and rendered the next
 * two frames: a check that something did NOT change then means it, without a fixed sleep.
 */
export async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => new Promise<void>((done) => {
    if (window.scrollY === top) return done();
    window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => done())), { once: true });
    window.scrollTo(0, top);
  }), y);
}

/**
 * Resolves once the page is hydrated (React has attached itself to the header) and has finished
 * loading what it loads after hydration (lazy parts such as the region tooltip): a check that
 * something does NOT appear is meaningful only then.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const header = document.querySelector('header');
    return !!header && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

/**
 * `page` with the region already confirmed. Each journey comes from an address of its own
 * (X-Forwarded-For, read because the journeys' server runs with TRUST_PROXY=true), as real visitors
 * do: the per-address limits on registration, sign-in and resets then count one journey's requests,
 * not the whole suite's, which all come from 127.0.0.1.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = [...`${testInfo.project.name}/${testInfo.testId}`].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}` });
  },
  page: async ({ page }, use) => {
    await confirmRegion(page);
    // Pages load their scripts after the first paint (docs/decisions/019): a journey that opens a
    // page acts on it once it is hydrated, as a visitor does who clicks after the first moment.
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    }) as Page['goto'];
    page.reload = (async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await hydrated(page);
      return response;
    }) as Page['reload'];
    await use(page);
  },
});

/** Resolves once React has attached itself to the document and, where there is one, the header. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('rr-hydrate')) return true; // not one of the app's pages
    const attached = (node: object | null) => !!node && Object.keys(node).some((key) => key.startsWith('__react'));
    const header = document.querySelector('header');
    return attached(document) && (!header || attached(header));
  });
}

export { expect };

/**
 * A picture for people to look at, written to the journey's output folder when the run is asked
 * for pictures (`E2E_SCREENSHOTS=1 npx playwright test …`). A picture checks nothing, and the
 * suite's full-page pictures were about a sixth of its browsers' work, so other runs take none;
 * a failed journey still keeps the picture of its failure (playwright.config.ts).
 */
export async function look(target: Page | Locator, testInfo: TestInfo, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = testInfo.outputPath(file);
  await ('goto' in target ? target.screenshot({ path, fullPage: options.fullPage }) : target.screenshot({ path }));
}

/** The whole page's picture (see `look`), named after the step and the width's project. */
export function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  return look(page, testInfo, `${name}-${testInfo.project.name}.png`, { fullPage });
}

/** Sums the page's layout shifts (CLS without user input) into window.__cls from the first paint on; read it with `layoutShift`. */
export async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the page started (see recordLayoutShift). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/**
 * Waits until this tab has Inter's files and every font the page uses is in. A tab's first page
 * fetches Inter after its first paint and keeps its fallback font; later pages of the tab use Inter
 * from the start (app/layout/web-fonts.ts): `document.fonts.ready` alone may come before.
 */
export async function interLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => sessionStorage.getItem('web-fonts') !== null);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * The server's answer to the next change of a mark (comparison or favourites). The buttons and the
 * counters change at once and the request follows; a journey that then reads the marks from the
 * server (a reload, a request of its own, a sign-in) waits for this first, as a page may be asked
 * for while the change is still on its way.
 */
export async function markWritten(page: Page): Promise<void> {
  const response = await page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/catalog\/(?:compare|bookmarks)\/(?:add|remove)$/.test(new URL(r.url()).pathname));
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * How far an element's text sticks out of its content box (padding excluded), in pixels: 0 when
 * the text stays inside. For labels that must not spill out of their buttons.
 */
export function textOverflow(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    return Math.max(0, Math.round(left - text.left), Math.round(text.right - right));
  });
}

/** Whether `inner`'s box lies inside `outer`'s (a control inside its card, say), to the pixel. */
export async function liesWithin(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
}
