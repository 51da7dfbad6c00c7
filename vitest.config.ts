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
  'tests/api/lent-test-databases-come-back-empty.test.ts',
  'tests/api/metrics-on-their-own-port.test.ts',
  'tests/api/migrations.test.ts',
  'tests/api/request-bodies-over-a-socket.test.ts',
  'tests/api/request-bodies-that-never-finish.test.ts',
  'tests/api/smtp-mail-delivery.test.ts',
  'tests/api/start-and-stop.test.ts',
  'tests/api/static-site.test.ts',
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
          // Its files borrow in-memory databases and give them back emptied (tests/api/support/pglite-lender.ts).
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
                exclude: sameOnEveryEngine,
                environment: 'node',
                env: { ROAMLY_TEST_ENGINE: 'postgres' },
                isolate: false,
                globalSetup: ['tests/api/support/migrated-templates.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
