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
  /**
   * Where object storage may connect: the internal ranges and the connector that refuses them (a tenant's
   * administrator types the endpoint). resources-storage proves the same through HTTP against an S3 server.
   */
  addresses: {
    mutate: ['apps/server/src/platform/storage/public-addresses.ts'],
    tests: ['apps/server/test/public-addresses.test.ts'],
  },
  /**
   * Stored credentials' seal: sealing and opening (AES-GCM), keys current and previous, which fields a save
   * seals and what each start seals again. sealed-secrets proves the same through HTTP with an S3 server.
   */
  secrets: {
    mutate: ['apps/server/src/platform/security/sealed-secrets.ts'],
    tests: ['apps/server/test/sealed-secrets-rules.test.ts'],
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
  /**
   * Money: exact decimals and their rounding, charge formulas, vacant discounts, late fees after
   * grace and cap, expressions, capital amounts (pure functions; the amounts every bill, payment
   * and refund is made of). The billing API tests (billing-flow, billing-seed against the
   * generator) prove the same amounts through HTTP and SQL, too slowly to run for every mutant.
   */
  money: {
    mutate: ['packages/domain/src/money/*.ts', '!packages/domain/src/money/*.test.ts', '!packages/domain/src/money/index.ts'],
    tests: ['packages/domain/src/money/*.test.ts'],
    // The tests take well under a second: a mutant that makes the expression parser or a division loop is cut at 5 s, not 60.
    timeoutMS: 5_000,
  },
  /**
   * The money moves: paying, refunding, reducing and closing bills (payments.ts, with the bills' owed
   * amounts, late fees, locks and receipts of bills.ts), pre-paid balances (prepaid.ts: opening, top-ups,
   * every balance move), the automatic deduction of flagged items' bills from those balances
   * (auto-deduct.ts) and the club wallet's recharges, sales and write-offs (club/wallet.ts).
   * money-moves.test.ts calls the modules' functions on the seeded database with hand-computed amounts;
   * billing-flow, billing-prepaid, billing-autodeduct and club prove the same moves through HTTP, too
   * slowly for every mutant.
   */
  'money-moves': {
    mutate: [
      'apps/server/src/modules/billing/payments.ts',
      'apps/server/src/modules/billing/bills.ts',
      'apps/server/src/modules/billing/prepaid.ts',
      'apps/server/src/modules/billing/auto-deduct.ts',
      'apps/server/src/modules/club/wallet.ts',
    ],
    tests: ['apps/server/test/money-moves.test.ts'],
    // Each mutant runs only the tests that reach its code (a wallet mutant not the refunds): the scope's
    // 900-odd mutants at 5 s or more a full run would take well over an hour (the first run, on PGlite:
    // 83 minutes; on PostgreSQL at concurrency 2: 28). A test left out can only make a killed mutant look
    // survived, never the other way round; the canaries prove kills are seen.
    coverageAnalysis: 'perTest',
  },
};
