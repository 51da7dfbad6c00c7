import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * API files that never touch the engine under test (pure functions, server
 * processes on PGlite or on a PostgreSQL server of their own): the
 * `api-postgres` project would only run them a second time.
 */
const sameOnEveryEngine = [
  'tests/api/api-processes-default-to-the-cores-up-to-four.test.ts',
  'tests/api/contract.test.ts',
  'tests/api/database-outage.test.ts',
  'tests/api/metrics-on-their-own-port.test.ts',
  'tests/api/migrations.test.ts',
  'tests/api/request-bodies-over-a-socket.test.ts',
  'tests/api/request-bodies-that-never-finish.test.ts',
  'tests/api/smtp-mail-delivery.test.ts',
  'tests/api/start-and-stop.test.ts',
  'tests/api/static-site.test.ts',
];

/**
 * API files whose subject is settled before or beside the database: input refused at the
 * edge, headers, image streams and renditions, the API document, process settings. What
 * SQL they reach is the statements every other file runs on both engines, so a second
 * pass proves nothing new about PostgreSQL. The fuzz table alone was a sixth of the
 * `api-postgres` project's time, and under a loaded CI host its slowest file (85 s).
 */
const settledBeforeTheDatabase = [
  'tests/api/abuse/anonymous-writes-need-json-and-same-origin.test.ts',
  'tests/api/abuse/bad-input-table.test.ts',
  'tests/api/abuse/client-ip-from-trusted-proxy.test.ts',
  'tests/api/abuse/control-characters-are-refused.test.ts',
  'tests/api/abuse/dev-mailbox-refuses-proxied-and-rebound-requests.test.ts',
  'tests/api/abuse/production-needs-a-mail-transport.test.ts',
  'tests/api/abuse/uploaded-photos-lose-their-metadata-and-keep-the-media-sandbox.test.ts',
  'tests/api/domain-errors-answer-with-their-status.test.ts',
  'tests/api/image-renditions.test.ts',
  'tests/api/image-slots-are-shared-per-address.test.ts',
  'tests/api/metrics-bind-to-loopback-by-default.test.ts',
  'tests/api/openapi-lint.test.ts',
  'tests/api/openapi.test.ts',
  'tests/api/passwords-hash-at-owasp-cost-outside-tests.test.ts',
  'tests/api/release-tree-defaults-to-production.test.ts',
  'tests/api/request-log-lines.test.ts',
  'tests/api/security-headers-keep-their-values.test.ts',
  'tests/api/slow-image-readers-are-bounded.test.ts',
];

/*
 * The server projects share one module graph per worker (isolate: false):
 * their files build every app, database and clock they use through
 * tests/api/support/test-app.ts and keep no state in modules, so re-importing
 * the server for each of ~80 files only cost time — a third of the projects'
 * CPU (284 → 193 core-seconds for server-and-build). The browser-code project
 * stays isolated — its stores and the DOM live in modules — in vm contexts.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI host,
    // where most files wait on sockets, child processes and timers, not the CPU.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-code',
          include: ['tests/{unit,component}/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file still gets a fresh context (its stores and DOM), made by the vm
          // module instead of a new worker that loads jsdom and every dependency again:
          // 125 → 54 CPU-s and 67 → 30 s for this project on a 2-core host.
          pool: 'vmThreads',
          // The browser build's entry of react-router-dom (its ES module): the vm pool's
          // loader would take the CommonJS one, which requires an ES module.
          alias: {
            'react-router-dom': fileURLToPath(new URL('node_modules/react-router-dom/dist/index.mjs', import.meta.url)),
          },
          setupFiles: ['tests/setup.ts'],
          // The outbox tests run against the real API app (tests/unit/support/outbox-real-server.ts).
          globalSetup: ['tests/api/support/migrated-templates.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-and-build',
          include: ['tests/{api,build}/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // Its files borrow in-memory databases and give them back emptied (tests/api/support/database-lender.ts).
          env: { ROAMLY_TEST_LEND_DATABASES: '1' },
          globalSetup: ['tests/api/support/migrated-templates.ts'],
        },
      },
      // CI: the API suite once more on a real PostgreSQL server (.ci/start-postgres).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                exclude: [...sameOnEveryEngine, ...settledBeforeTheDatabase],
                environment: 'node',
                // Its files borrow databases on that server and give them back emptied.
                env: { ROAMLY_TEST_ENGINE: 'postgres', ROAMLY_TEST_LEND_DATABASES: '1' },
                isolate: false,
                globalSetup: ['tests/api/support/migrated-templates.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
