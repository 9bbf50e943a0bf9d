import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

const desktop = { viewport: { width: 1280, height: 800 } };
const mobile = { ...devices['Pixel 5'], viewport: { width: 375, height: 812 }, browserName: 'chromium' as const };

/**
 * Journeys run against the production build on an embedded database of their own, in Debian's
 * Chromium (never a browser downloaded by Playwright), at 1280 px and 375 px. The server runs with
 * NODE_ENV=test, the only mode with the test clock (POST /__test/clock, server/test-clock.ts), and
 * DEMO=true, which seeds the demo content (branches, catalogue, pages) the journeys walk through.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three browsers on the two cores: a journey spends part of its time waiting (the server, a 5 s
  // notification, a debounce), and the third fills those waits — 376 s against 430 s (ADR 110).
  workers: 3,
  // No retries, in CI either: a journey that passes only on its second try is a defect to see.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace of every journey (DOM snapshots at each action, a screencast) cost about a
    // fifth of the suite's CPU to keep the few of failed ones. A failure keeps its screenshot; a
    // failure to study step by step is run again with PW_TRACE=1 (ADR 090).
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'ru-RU',
    launchOptions: {
      // Debian's Chromium headless shell (chromium-headless-shell): the same Blink and V8 without
      // the browser's window machinery, for a quarter to a third of the full browser's CPU on the
      // same journeys (ADR 110). E2E_CHROMIUM_PATH names another (/usr/bin/chromium: the full one).
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Which journeys run at which width:
  // - untagged: both widths. A journey checks what the visitor sees and does, and the layouts differ.
  // - @desktop / @mobile in the title (or, for a whole file, ignored by the other project): that
  //   layout only, because only it has what the journey checks.
  // - @server-logic: the journey checks what the server does (accounts, codes and letters, redirects,
  //   403/404, sitemap, what a filter or a serial number selects), and its steps at 375 px would only
  //   reach the same answers through another menu. It runs once, at 1280 px. Anything whose
  //   placement, visibility, scrolling or focus differs at 375 px stays untagged.
  // Journeys tagged @server-clock move the server's clock forward; they run after every other
  // journey has finished, so no other journey sees the server's time jump (a lock or a window
  // ending early under it).
  projects: [
    { name: 'desktop', grepInvert: /@mobile|@server-clock/, testIgnore: /mobile-menu\.spec\.ts/, use: desktop },
    { name: 'mobile', grepInvert: /@desktop|@server-logic|@server-clock/, use: mobile },
    { name: 'desktop-server-clock', grep: /@server-clock/, grepInvert: /@mobile/, testIgnore: /mobile-menu\.spec\.ts/, dependencies: ['desktop', 'mobile'], use: desktop },
    { name: 'mobile-server-clock', grep: /@server-clock/, grepInvert: /@desktop|@server-logic/, dependencies: ['desktop', 'mobile'], use: mobile },
  ],
  webServer: {
    command: 'node tests/e2e/start-server.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      // The journeys drive what `npm start` ships: the demo, whose sandboxes and outbox they read.
      DEMO: 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
      PGLITE_DIR: `var/e2e-${PORT}`,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      // Each journey sends its own X-Forwarded-For (tests/e2e/fixtures.ts), so per-address limits
      // count one journey, not the whole suite coming from 127.0.0.1.
      TRUST_PROXY: 'true',
      // 1C's exchange, through which offer-print.spec.ts sends the offers it opens (ADR 083).
      EXCHANGE_USER: 'e2e-exchange',
      EXCHANGE_PASSWORD: 'e2e-exchange-secret',
      // Tiles would be fetched from the internet; the journeys check markers, not imagery.
      MAP_TILE_URL: `http://127.0.0.1:${PORT}/tiles/{z}/{x}/{y}.png`,
    },
  },
});
