#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, vitest (unit, component, API, build), the
 * Playwright end-to-end suite in Debian Chromium and the Puppeteer suite in
 * Debian Firefox ESR (tests/firefox), then one closing line
 * `N passed, N failed` summing every runner (typecheck and lint count as one
 * check each). Exits non-zero when anything failed. First the builds (app and
 * server, at once); then vitest, using every core, with the Firefox suite
 * (mostly waiting) and, at a lower priority, typecheck, lint and format beside
 * it; then the Playwright suite.
 *
 * Flags: --only=typecheck,lint,vitest,e2e,firefox to run a subset (vitest, e2e
 * and firefox build first).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice(7).split(',')) : null;
const wanted = (step) => !only || only.has(step);
const bin = (name) => join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const summary = [];
// Wall time of each phase, printed with the summary (CI's budget is minutes: keep it visible).
const times = [];
let phaseStarted = Date.now();
function endPhase(name) {
  times.push(`${name} ${Math.round((Date.now() - phaseStarted) / 1000)} s`);
  phaseStarted = Date.now();
}
// Names of failed tests, printed again just above the closing line so a CI log
// that keeps only its tail still says what failed.
const failures = [];

function vitestFailures(results, runner) {
  for (const file of results.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failures.push(`${runner}: ${file.name.replace(root, '')} > ${test.fullName}`);
}

function playwrightFailures(suites, runner) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') failures.push(`${runner}: ${spec.file} > ${spec.title}`);
    playwrightFailures(suite.suites, runner);
  }
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * Runs one check in the background, its output held back and printed whole when it ends.
 * `priority` is its nice value: a check niced to 10 takes the cores only when nothing
 * else wants them.
 */
function checkInBackground(name, command, args, priority = 0) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    if (priority && child.pid) setPriority(child.pid, priority);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) =>
      resolve({ name, ok: code === 0, output: Buffer.concat(output).toString(), ms: Date.now() - started }),
    );
  });
}

/** Starts checks that need nothing from each other at once; resolves with their results in the order listed. */
function checksTogether(checks, priority = 0) {
  return Promise.all(checks.map(([name, command, args]) => checkInBackground(name, command, args, priority)));
}

/** Prints the checks' logs and summary lines, in the order they were listed, and counts them. */
function reportChecks(done) {
  for (const { name, ok, output, ms } of done) {
    console.log(`\n▶ ${name} (${Math.round(ms / 1000)} s)`);
    if (output) process.stdout.write(output);
    if (ok) passed++;
    else failed++;
    summary.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// The build test, every server a test starts and the e2e server use these builds.
const needsBuild = wanted('vitest') || wanted('e2e') || wanted('firefox');
reportChecks(
  await checksTogether(
    [
      needsBuild && [
        'build',
        process.execPath,
        [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      ],
      // The server bundle: tests/build/server-build.test.ts tests this output, and every server
      // a test starts runs it (a fifth of tsx's start-up CPU; scripts/server-entry.mjs).
      needsBuild && [
        'server build',
        process.execPath,
        [
          join(root, 'node_modules/vite/bin/vite.js'),
          'build',
          '--config',
          'vite.server.config.ts',
          '--logLevel',
          'warn',
        ],
      ],
    ].filter(Boolean),
  ),
);
endPhase('builds');

// The Firefox suite spends most of its three minutes waiting (20 s of lie-fi, tokens
// that expire, reconnects) with its cores idle: it runs beside vitest, whose own waits
// (servers starting, sockets, timers) leave about a third of two cores unused, and not
// beside Playwright, whose three workers keep both cores busy. Its output is held in
// `firefoxLog` and printed whole at the end.
const firefoxLog = join(tmp, `firefox-${process.pid}.log`);
let firefox = null;
if (wanted('firefox')) {
  console.log(`\n▶ Firefox (Puppeteer over WebDriver BiDi, Debian firefox-esr), in the background: ${firefoxLog}`);
  firefox = firefoxSuite(firefoxLog);
}

// Typecheck, lint and format need nothing from the tests, nor the tests from them: they run
// beside vitest, niced, on the cycles its waits leave idle (templates made at its start,
// processes starting and stopping, timers) — about 45 of its ~280 core-seconds on a 2-core
// host, where before they had a phase of their own (~35 s).
const checksStarted = Date.now();
const checks = checksTogether(
  [
    // TypeScript 7's native compiler: the same verdicts as 6's in a third of the CPU (decision 023).
    wanted('typecheck') && [
      'typecheck',
      process.execPath,
      [join(root, 'node_modules/typescript-native/bin/tsc'), '-b', '--pretty', 'false'],
    ],
    wanted('lint') && ['lint', bin('eslint'), ['.', '--max-warnings=0']],
    wanted('lint') && ['format', bin('prettier'), ['--check', '--log-level=warn', '.']],
  ].filter(Boolean),
  10,
);

if (wanted('vitest')) {
  console.log('\n▶ vitest (unit, component, API, build)');
  const report = join(tmp, `vitest-results-${process.pid}.json`);
  rmSync(report, { force: true });
  const status = await runAsync(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests + (status !== 0 && results.numFailedTests === 0 ? 1 : 0);
    summary.push(`vitest: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
    vitestFailures(results, 'vitest');
  } else {
    failed++;
    summary.push('vitest: did not produce a report (FAILED)');
  }
}
const checked = await checks;
reportChecks(checked);
if (checked.length > 0) times.push(`typecheck, lint and format ${Math.round((Date.now() - checksStarted) / 1000)} s`);
endPhase(wanted('vitest') ? 'vitest (checks beside it)' : 'checks');

/** Like `run`, without blocking the event loop (another runner's output keeps flowing meanwhile). */
function runAsync(command, args, env = {}, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio, env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function e2eSuite() {
  if (run(process.execPath, [join(root, 'scripts/ensure-browser.mjs')]) !== 0) {
    failed++;
    return 'e2e: no browser (FAILED)';
  }
  const report = join(tmp, `playwright-results-${process.pid}.json`);
  rmSync(report, { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'roamly-e2e-'));
  // A database as a first start leaves it: the first test need not wait ~10 s for one
  // (a first start itself is tested by tests/build/server-build.test.ts).
  if (run(process.execPath, ['--import', 'tsx', join(root, 'tests/e2e/support/fill-data-dir.ts'), dataDir]) !== 0) {
    failed++;
    return 'e2e: no database for the server (FAILED)';
  }
  const status = await runAsync(bin('playwright'), ['test'], {
    E2E_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(report)) {
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
    playwrightFailures(suites, 'e2e');
    const ok = stats.expected + stats.flaky;
    const bad = stats.unexpected;
    passed += ok;
    failed += bad + (status !== 0 && bad === 0 ? 1 : 0);
    return `e2e: ${ok} passed, ${bad} failed, ${stats.skipped} skipped`;
  } else {
    failed++;
    return 'e2e: did not produce a report (FAILED)';
  }
}

/** The Firefox suite, its output written to `log` (printed whole when both browser suites are done). */
async function firefoxSuite(log) {
  if (run(process.execPath, [join(root, 'scripts/ensure-firefox.mjs')]) !== 0) {
    failed++;
    return 'firefox: no browser (FAILED)';
  }
  const report = join(tmp, `firefox-results-${process.pid}.json`);
  rmSync(report, { force: true });
  const out = openSync(log, 'w');
  const status = await runAsync(
    bin('vitest'),
    [
      'run',
      '--config',
      'vitest.firefox.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { PUPPETEER_SKIP_DOWNLOAD: '1', FORCE_COLOR: '1' },
    ['ignore', out, out],
  );
  closeSync(out);
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests + (status !== 0 && results.numFailedTests === 0 ? 1 : 0);
    vitestFailures(results, 'firefox');
    return `firefox: ${results.numPassedTests} passed, ${results.numFailedTests} failed`;
  } else {
    failed++;
    return 'firefox: did not produce a report (FAILED)';
  }
}

if (wanted('e2e')) console.log('\n▶ end-to-end (Playwright, Debian Chromium)');
const browserSuites = [wanted('e2e') && e2eSuite(), firefox].filter(Boolean);
// Each suite's line in a fixed order, whichever ends first.
summary.push(...(await Promise.all(browserSuites)));
if (wanted('firefox')) {
  console.log('\n▶ Firefox (Puppeteer over WebDriver BiDi, Debian firefox-esr): its output');
  if (existsSync(firefoxLog)) process.stdout.write(readFileSync(firefoxLog));
}
if (browserSuites.length > 0) endPhase(['e2e', 'firefox'].filter(wanted).join(' and '));

if (failures.length > 0) console.log(`\nFailed:\n  ${failures.join('\n  ')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`times: ${times.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
