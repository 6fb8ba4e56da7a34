import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Every test runs on the embedded PGlite; the server's API tests run a second
 * time on the PostgreSQL server when DATABASE_URL names one (CI does).
 */
const unitAndApi: TestProjectInlineConfiguration = {
  test: {
    name: 'pglite',
    include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts'],
    env: { DB_KIND: 'pglite' },
    globalSetup: ['apps/server/test/template-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};
const web: TestProjectInlineConfiguration = {
  test: {
    name: 'web',
    include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'],
    exclude: ['apps/web/test/e2e/**'],
    environment: 'jsdom',
  },
};
const e2e: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    include: ['apps/web/test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['apps/server/test/template-setup.ts', 'apps/web/test/e2e/global-setup.ts'],
    // One browser and one server at a time: steadier on two cores.
    fileParallelism: false,
    // A busy CI machine can take seconds to re-render: polls wait up to the locators' own timeout.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // A browser on a loaded two-core machine now and then misses a moment; one retry (shown as such in the report).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
};
const onPostgres: TestProjectInlineConfiguration = {
  test: {
    name: 'postgres',
    include: ['apps/server/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/postgres-setup.ts'],
    env: { DB_KIND: 'postgres' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  test: {
    projects: process.env.DATABASE_URL ? [unitAndApi, web, e2e, onPostgres] : [unitAndApi, web, e2e],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
