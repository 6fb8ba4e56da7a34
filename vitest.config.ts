import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Where the tests run. Without DATABASE_URL every test runs on the embedded PGlite. When DATABASE_URL names
 * a PostgreSQL server (CI does), the server's API tests run there, on the database deployments use; the
 * embedded database then keeps the tests whose subject is the database itself (its migrations, its filters
 * and money columns, the job queue on it, a killed server's files) and every browser test, whose server runs
 * on it. Each API test thus runs once per run, not twice.
 */
const onPostgresServer = !!process.env.DATABASE_URL;
const EMBEDDED_OWN = ['crud-engine', 'list-filters', 'billing-flow', 'jobs', 'jobs-kill', 'schema-drift', 'operations'].map(
  (name) => `apps/server/test/${name}.test.ts`,
);

/** Every file but the browser tests' runs at a lower CPU priority (the browser's timing is the fragile one). */
const YIELD_TO_BROWSER = 'apps/server/test/yield-to-browser.ts';

const unitAndApi: TestProjectInlineConfiguration = {
  test: {
    name: 'pglite',
    include: onPostgresServer
      ? ['packages/**/*.test.ts', 'apps/server/src/**/*.test.ts', ...EMBEDDED_OWN]
      : ['packages/**/*.test.ts', 'apps/server/**/*.test.ts'],
    env: { DB_KIND: 'pglite' },
    globalSetup: ['apps/server/test/template-setup.ts'],
    setupFiles: [YIELD_TO_BROWSER],
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
    setupFiles: [YIELD_TO_BROWSER],
  },
};
const e2e: TestProjectInlineConfiguration = {
  test: {
    name: 'e2e',
    // One file running every suite (all.e2e.test.ts): one browser and one server at a time, on one worker.
    include: ['apps/web/test/e2e/all.e2e.test.ts'],
    globalSetup: ['apps/server/test/template-setup.ts', 'apps/web/test/e2e/global-setup.ts'],
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
    setupFiles: [YIELD_TO_BROWSER],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
};

/**
 * The browser tests start first (they are the longest file): from then on one worker runs them while the
 * other works through the API and unit files.
 */
class BrowserTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (spec: TestSpecification) => (spec.project.name === 'e2e' ? 0 : 1);
    return sorted.sort((a, b) => browser(a) - browser(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: the browser tests and the API tests would take turns.
    maxWorkers: 2,
    sequence: { sequencer: BrowserTestsFirst },
    projects: onPostgresServer ? [unitAndApi, web, e2e, onPostgres] : [unitAndApi, web, e2e],
    exclude: ['**/node_modules/**', '**/dist/**'],
  },
});
