/**
 * What mutation testing covers: each scope names the code whose rules it
 * mutates and the focused tests that must catch every change to them.
 *
 * Every mutant runs the scope's every test (coverageAnalysis 'all'), so the
 * lists hold tests fast enough for that: the rules called directly, on the
 * seeded database where they build SQL. The HTTP tests that prove the same
 * rules end to end run in `npm test`.
 */
export const SCOPES = {
  /** Identity numbers, phones, integers, money and the small format checks (pure functions). */
  validators: {
    mutate: ['packages/domain/src/validators/*.ts', '!packages/domain/src/validators/*.test.ts'],
    tests: ['packages/domain/src/validators/*.test.ts'],
  },
  /** Who may see and do what: grants, menus and buttons, data scopes, garden scope, API scopes. */
  access: {
    mutate: ['apps/server/src/platform/security/access.ts'],
    // The decisions called directly on the seeded database; access-data-scopes and access-grants
    // prove the same rules through HTTP, too slowly to run for every mutant.
    tests: ['apps/server/test/access-decisions.test.ts'],
  },
  /** The path patterns of API scopes (a pure function). */
  paths: {
    mutate: ['apps/server/src/platform/security/path-pattern.ts'],
    tests: ['apps/server/src/platform/security/path-pattern.test.ts'],
  },
  /** List filters, sorts and paging, run on the seeded database (crud-rules proves them through HTTP). */
  filters: {
    mutate: ['apps/server/src/platform/crud/filters.ts'],
    tests: ['apps/server/test/list-filters.test.ts'],
  },
  /** Validation of submit bodies (a pure function; crud-rules proves it through HTTP). */
  validate: {
    mutate: ['apps/server/src/platform/crud/validate.ts'],
    tests: ['apps/server/src/platform/crud/validate.test.ts'],
  },
  // MONEY RULES: add the billing scope here when billing lands — bill amounts, late fees,
  // payments, refunds and wallet spends, with the API tests that pin each amount, e.g.
  // money: { mutate: ['apps/server/src/modules/billing/amounts.ts', ...], tests: ['apps/server/test/billing-*.test.ts'] },
};
