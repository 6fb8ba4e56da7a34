/**
 * Known bad mutants per scope: each removes a rule outright, so the scope's
 * tests must kill it. run.mjs fails when one survives or goes missing — the
 * check that the runner really sees failing tests (issue 20: a runner that
 * filters tests by the wrong name, or counts a failing beforeAll as a pass,
 * reports survivors as kills or kills as survivors).
 * `code` is the exact source text the mutant replaces; `replacement` what it
 * puts there; `line` text on the mutant's line, where `code` occurs twice.
 */
export const CANARIES = {
  validators: [
    {
      file: 'validators/phone.ts',
      mutator: 'Regex',
      code: '/^0\\d{2,3}-?\\d{7,8}$/',
      replacement: '/^0\\d{2,3}-?\\d{7,8}/',
      why: 'the landline pattern without its end anchor accepts trailing junk',
    },
  ],
  secrets: [
    {
      file: 'security/sealed-secrets.ts',
      mutator: 'ConditionalExpression',
      code: 'seal.isCurrent(value)',
      replacement: 'true',
      why: 'each start takes every stored value for sealed already: plain ones stay plain',
    },
  ],
  access: [
    {
      file: 'security/access.ts',
      mutator: 'ConditionalExpression',
      code: 'auth.deptIds.length === 0',
      replacement: 'true',
      why: "nobody has departments below theirs: the tests' own setup (beforeAll) fails, which must not count as survived",
      setup: true,
    },
    {
      file: 'security/access.ts',
      mutator: 'StringLiteral',
      code: '`${permission}_${action}`',
      replacement: '``',
      why: 'no button grants a write',
    },
    {
      file: 'security/access.ts',
      mutator: 'ConditionalExpression',
      code: 'r.type === 1',
      replacement: 'false',
      why: 'the "all rows" data scope no longer shows all rows',
    },
    {
      file: 'security/access.ts',
      mutator: 'ConditionalExpression',
      code: 'grants.admin',
      replacement: 'false',
      line: 'if (grants.admin) return;',
      why: 'the administrator no longer passes API scopes',
    },
  ],
  filters: [
    {
      file: 'crud/filters.ts',
      mutator: 'ConditionalExpression',
      code: "query.size === undefined || query.size === ''",
      replacement: 'false',
      why: "a list without a size fails: the tests' own setup (beforeAll) fails, which must not count as survived",
      setup: true,
    },
    {
      file: 'crud/filters.ts',
      mutator: 'ConditionalExpression',
      code: "operator === 'likeleft'",
      replacement: 'false',
      // The same comparison marks a text search (line 82); this is the one that builds the pattern.
      line: 'const pattern',
      why: 'likeleft no longer means "ends with"',
    },
    {
      file: 'crud/filters.ts',
      mutator: 'StringLiteral',
      // The source text `\\${c}` (an escaped backslash, then the character).
      code: '`\\\\${c}`',
      replacement: '``',
      why: "LIKE's wildcards in a value are no longer escaped",
    },
  ],
  validate: [
    {
      file: 'crud/validate.ts',
      mutator: 'ConditionalExpression',
      code: "typeof typed === 'string' && typed.length > (def.maxLength ?? MAX_TEXT)",
      replacement: 'false',
      why: 'maxLength is no longer checked',
    },
  ],
  paths: [
    {
      file: 'security/path-pattern.ts',
      mutator: 'StringLiteral',
      code: '`^${body}$`',
      replacement: '``',
      why: 'every pattern matches every path',
    },
  ],
  money: [
    {
      file: 'money/decimal.ts',
      mutator: 'EqualityOperator',
      code: 'r * 2n >= d',
      replacement: 'r * 2n > d',
      why: 'half up no longer rounds an exact half up (2.345 → 2.34)',
    },
    {
      file: 'money/late-fee.ts',
      mutator: 'MethodExpression',
      code: 'Math.max(0, daysBetween(dueDate, onDate) - Math.max(0, graceDays))',
      replacement: 'Math.min(0, daysBetween(dueDate, onDate) - Math.max(0, graceDays))',
      why: 'no late fee is ever charged',
    },
  ],
  'money-moves': [
    {
      file: 'billing/payments.ts',
      mutator: 'ConditionalExpression',
      code: 'Money.compare(amount, refundable) > 0',
      replacement: 'false',
      why: 'a refund above what was paid (with its late fee) is allowed',
    },
    {
      file: 'billing/payments.ts',
      mutator: 'ConditionalExpression',
      code: 'state === BILL_STATUS.paid',
      replacement: 'false',
      why: 'a paid bill is paid again',
    },
    {
      file: 'billing/payments.ts',
      mutator: 'ConditionalExpression',
      code: 'Money.compare(amount, owed) > 0',
      replacement: 'false',
      why: 'a reduction above what is owed is allowed',
    },
    {
      file: 'billing/bills.ts',
      mutator: 'ConditionalExpression',
      code: "Money.compare(text, '0') <= 0",
      replacement: 'false',
      why: 'a refund, reduction or top-up of 0.00 is accepted',
    },
    {
      file: 'billing/prepaid.ts',
      mutator: 'ConditionalExpression',
      code: '!TOP_UP_PAY_TYPES.includes(payType)',
      replacement: 'false',
      why: 'a top-up paid from a balance or online is accepted',
    },
    {
      file: 'billing/auto-deduct.ts',
      mutator: 'CallExpression',
      code: 'stopped.add(waiting.account_id);',
      replacement: ';',
      why: 'an account short of its oldest waiting bill goes on to pay newer ones',
    },
    {
      file: 'billing/auto-deduct.ts',
      mutator: 'ConditionalExpression',
      code: 'Number(account.is_deleted) === 0',
      replacement: 'true',
      why: 'an account removed while the bills were read still pays them',
    },
    {
      file: 'club/wallet.ts',
      mutator: 'ConditionalExpression',
      code: 'Number(wallet.status) !== OPEN_CLOSE.open',
      replacement: 'false',
      why: 'a closed wallet still pays',
    },
    {
      file: 'club/wallet.ts',
      mutator: 'MethodExpression',
      code: 'Money.min(String(lot.remaining_amount), due)',
      replacement: 'Money.max(String(lot.remaining_amount), due)',
      why: 'a sale takes whole lots, more than it costs',
    },
  ],
};
