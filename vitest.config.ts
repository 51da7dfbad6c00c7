import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-code',
          include: ['tests/{unit,component}/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-and-build',
          include: ['tests/{api,build}/**/*.test.ts'],
          environment: 'node',
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
                environment: 'node',
                env: { ROAMLY_TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
