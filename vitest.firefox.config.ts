import { defineConfig } from 'vitest/config';

/**
 * The Firefox suite (tests/firefox): Puppeteer drives Debian's firefox-esr
 * over WebDriver BiDi against a server each file starts on the build in dist/.
 * One file at a time: each runs a browser and a server, and the machine has two cores.
 */
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/firefox/support/global-server.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
