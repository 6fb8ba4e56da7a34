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
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};
const onPostgres: TestProjectInlineConfiguration = {
  test: {
    name: 'postgres',
    include: ['apps/server/test/**/*.test.ts'],
    env: { DB_KIND: 'postgres' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

export default defineConfig({
  test: {
    projects: process.env.DATABASE_URL ? [unitAndApi, onPostgres] : [unitAndApi],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
