import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser.ts';

// scripts/test.mjs picks a free port and a fresh data directory for this run.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
