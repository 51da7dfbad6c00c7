import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions, chromiumShellLaunchOptions } from './tests/e2e/support/browser.ts';

// scripts/test.mjs picks a free port and a data directory holding a database as a
// first start leaves it (tests/e2e/support/fill-data-dir.ts) for this run;
// run directly, a random port and a new folder keep parallel runs apart.
// Workers inherit these from the runner's environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'roamly-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Specs that need the whole browser, not the headless shell: the shell puts a
 * pointer over the page at load (a first `pointerover`), where a visitor's
 * pointer may be anywhere, and the first-interaction boot is about exactly that;
 * and the shell denies notifications whatever permission is granted, which
 * followers' push notifications are.
 */
const wholeBrowserSpecs = ['public-first-interaction.spec.ts', 'followers-push-notifications.spec.ts'];

/**
 * The longest spec, most of it waiting (20 s of lie-fi, then the drain): workers take
 * tests in the order of the projects, so it starts first, while the other workers keep
 * the cores busy. In its alphabetical place it started two thirds into the run and was
 * still waiting, alone, after every other test had ended (~20 s of idle cores on a
 * 2-core host). The other long waits (auth-session.spec.ts) come early alphabetically.
 */
const longWaitSpecs = ['outbox-lie-fi.spec.ts'];

/**
 * Specs about forms, routing, dates, sessions, sharing and card states, with no offline
 * step: they run with service workers blocked, as a first visit does before the worker is
 * installed. In every fresh context the worker installs and precaches the whole site (~110
 * files), a third of these specs' CPU (11 specs, 3 workers, 2 cores: 127 → 85 CPU-s, 70 →
 * 48 s; four more: 69/67 → 53/53 CPU-s). Every spec with an offline step, the outbox, the
 * dashboard's journeys and the accessibility scans keep the worker.
 */
const withoutWorkerSpecs = [
  'auth-login.spec.ts',
  'auth-register.spec.ts',
  'auth-reset-password.spec.ts',
  'auth-session.spec.ts',
  'axe-scans-report-violations.spec.ts',
  'dashboard-dialogs-on-a-phone.spec.ts',
  'dashboard-event-cancelled.spec.ts',
  'dashboard-event-cards.spec.ts',
  'dashboard-event-drafts.spec.ts',
  'dashboard-share.spec.ts',
  'listing-dates-one-format.spec.ts',
  'listing-insights.spec.ts',
  'public-download.spec.ts',
  'public-faq.spec.ts',
  'routing.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Per-run artefacts, so parallel runs never delete each other's traces.
  outputDir: `.tmp/test-results-${process.env.E2E_PORT}`,
  fullyParallel: true,
  // Three on a 2-core host: a worker waiting out a timed scenario (20 s of lie-fi, tokens
  // that expire) leaves its core idle, and the Firefox suite ends first. E2E and Firefox
  // together, same host: 221 s with 2 workers, 202 s with 3, 197 s with 4 (where the
  // slowest accessibility test took 50 s of its 150: too close under a busier CI).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright-last.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records DOM snapshots and a screencast of every action of every test, to
    // keep only the failed ones: a fifth of the suite's CPU on a 2-core host (131.7 →
    // 106.1 CPU-s for three specs). A failure still leaves its error, the page's ARIA
    // snapshot and a screenshot; `npx playwright test --trace on` records traces.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium-long-waits',
      testMatch: longWaitSpecs,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumShellLaunchOptions },
    },
    {
      name: 'chromium',
      testIgnore: [...wholeBrowserSpecs, ...longWaitSpecs, ...withoutWorkerSpecs],
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumShellLaunchOptions },
    },
    {
      name: 'chromium-without-worker',
      testMatch: withoutWorkerSpecs,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumShellLaunchOptions, serviceWorkers: 'block' },
    },
    {
      name: 'chromium-whole',
      testMatch: wholeBrowserSpecs,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ROAMLY_DIST: process.env.ROAMLY_DIST ?? 'dist',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
