import { defineConfig } from 'vitest/config';

// One Vitest run over every package: unit tests and API tests (Fastify's app.inject).
// Browser flows live in e2e/ and run under Playwright, not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'seal',
          root: 'packages/seal',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // The extraction tests run hundreds of extractions per case; on 2 cores shared with the
          // corpus run, a case went past vitest's 5 s default (extract-identical's first class).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // PostgreSQL for the storage tests: YINZHANG_TEST_DATABASE_URL, or a throwaway cluster.
          globalSetup: ['test/pg-global-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'pdf',
          root: 'packages/pdf',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Renders with pdftoppm and checks with qpdf; the 1000-page cases take a few seconds.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cli',
          root: 'packages/cli',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // The tests run the bundle in dist/: built once here when a source is newer.
          globalSetup: ['test/build-global-setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
