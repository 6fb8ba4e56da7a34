import { defineConfig } from 'vitest/config';
import { SCOPES } from './scopes.mjs';

/**
 * The tests of one mutation scope (MUTATION_SCOPE), on the embedded PGlite or,
 * when run.mjs was given DATABASE_URL, on that PostgreSQL server (DB_KIND).
 * No template globalSetup: run.mjs seeds the template from the unmutated code
 * before Stryker starts (PC_TEMPLATE_DIR, or the run's template database), so
 * a mutant can never leak into the seeded data that later mutants start from.
 */
const scope = SCOPES[process.env.MUTATION_SCOPE as keyof typeof SCOPES];
if (!scope) throw new Error('MUTATION_SCOPE is not set');
if (!process.env.PC_TEMPLATE_DIR) throw new Error('PC_TEMPLATE_DIR is not set: run mutation testing through run.mjs');

export default defineConfig({
  test: {
    include: scope.tests,
    env: { DB_KIND: process.env.DB_KIND ?? 'pglite' },
    // The server's modules load once per run rather than once per file (each run has a new worker).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
