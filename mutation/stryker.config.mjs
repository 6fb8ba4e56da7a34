// @ts-check
/**
 * One Stryker run per scope (MUTATION_SCOPE, see scopes.mjs); `npm run
 * test:mutation` runs them all through run.mjs.
 *
 * Trustworthy scores (issue 20): the Vitest runner (10.1) filters tests by
 * Vitest 5's own " > " names and fails a mutant whose file setup (beforeAll)
 * throws; run.mjs checks that known bad mutants of each scope, one of them
 * breaking a beforeAll, were killed before it reports a score.
 */
import { SCOPES } from './scopes.mjs';

const scopeName = process.env.MUTATION_SCOPE ?? '';
const scope = SCOPES[/** @type {keyof typeof SCOPES} */ (scopeName)];
if (!scope) throw new Error(`MUTATION_SCOPE must be one of ${Object.keys(SCOPES).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  mutate: scope.mutate,
  coverageAnalysis: scope.coverageAnalysis ?? 'all',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // A mutant that loops forever costs this long; scopes of pure functions set less (scopes.mjs).
  timeoutMS: scope.timeoutMS ?? 60_000,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `artifacts/mutation/${scopeName}.html` },
  jsonReporter: { fileName: `artifacts/mutation/${scopeName}.json` },
  // One folder per scope, so scopes can run side by side (MUTATION_CONCURRENCY is per scope).
  tempDirName: `.stryker-tmp-${scopeName}`,
  cleanTempDir: 'always',
  // The sandbox needs the server, the domain and the tests; not the console, its build or local data.
  ignorePatterns: ['/apps/web', '/data', '/artifacts', '/docs', '/.stryker-tmp*'],
  thresholds: { high: 95, low: 90, break: null },
};
