import { defineConfig } from 'vitest/config';

/**
 * The Firefox suite (tests/firefox): Puppeteer drives Debian's firefox-esr
 * over WebDriver BiDi against a server each file starts on the build in dist/.
 * Two files at a time: each spends most of its time waiting (20 s of lie-fi,
 * tokens left to expire, reconnects) with its browser idle; one at a time, the
 * suite outlasted the Playwright suite it runs beside (195 s against 182 s).
 */
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/firefox/support/global-server.ts'],
    maxWorkers: 2,
    // A worker's files share modules, so they share one Firefox (tests/firefox/support/journeys.ts):
    // six launches became two, ~7 CPU-s each.
    isolate: false,
    testTimeout: 90_000,
    // One retry, shown as "(retry x1)" in the report: a real browser over BiDi on a busy
    // two-core CI machine once hung a navigation for good with nothing to blame in the
    // product (the same test passes in ~12 s, and did in every run before and since).
    // A failure that repeats still fails the suite. Files open their rig (browser, proxy) in
    // beforeEach, so a retry never starts behind the first attempt's cut proxy.
    retry: 1,
    hookTimeout: 60_000,
  },
});
