import { describe, expect, it } from 'vitest';
import { evaluate, FLOW_EXPRESSION, isFlowCondition, isFlowTimer } from './flow-expressions';

describe('flow conditions', () => {
  it('reads variables, negations and comparisons with a literal; nothing else', () => {
    for (const ok of [
      '${approved}',
      '${!approved}',
      '${days > 3}',
      "${level == 'high'}",
      '${ amount>=1000.5 }',
      '${a.b != null}',
      '  ${approved}  ',
      '${_x1.y_2 <= -2}',
      '${ ! approved }',
      '${a == true}',
      '${a == false}',
      '${a == "x y"}',
    ])
      expect(isFlowCondition(ok), ok).toBe(true);
    for (const no of [
      'approved',
      '${days > x}',
      '${process.exit()}',
      '${a + b}',
      '${}',
      '${ }',
      '${days > 3} ${x}',
      'x${approved}',
      '${approved}x',
      '${1x}',
      "${a == 'x'y}",
      '${a === 1}',
    ])
      expect(isFlowCondition(no), no).toBe(false);
    expect(evaluate('${days > 3}', { days: 5 })).toBe(true);
    expect(evaluate('${days > 3}', { days: 2 })).toBe(false);
  });

  it('takes only one whole ${…}, spaces around and inside it ignored', () => {
    expect(FLOW_EXPRESSION.exec('${  a == 1  }')?.[1]).toBe('a == 1');
    expect(FLOW_EXPRESSION.test('x${a}')).toBe(false);
    expect(FLOW_EXPRESSION.test('${a}x')).toBe(false);
    expect(FLOW_EXPRESSION.test('${}')).toBe(false);
  });
});

describe('evaluate: literals', () => {
  it('a whole-expression constant is its value: numbers, true, false, null, quoted strings', () => {
    const cases: [string, unknown][] = [
      ['${0}', 0],
      ['${42}', 42],
      ['${-3}', -3],
      ['${2.25}', 2.25],
      ['${-0.75}', -0.75],
      ['${ 7 }', 7],
      ['${true}', true],
      ['${false}', false],
      ['${null}', null],
      ["${'high'}", 'high'],
      ['${"high"}', 'high'],
      ["${'a b'}", 'a b'],
      ['${"a b"}', 'a b'],
      ["${''}", ''],
      ['${""}', ''],
      ['${"it\'s"}', "it's"],
      ['${\'say "hi"\'}', 'say "hi"'],
    ];
    for (const [expression, value] of cases) expect(evaluate(expression, {}), expression).toBe(value);
  });

  it('a constant is not read from a variable of the same name', () => {
    const variables = { true: 'variable', false: 'variable', null: 'variable' };
    expect(evaluate('${true}', variables)).toBe(true);
    expect(evaluate('${false}', variables)).toBe(false);
    expect(evaluate('${null}', variables)).toBe(null);
  });

  it('true, false and null on the left of a negation or comparison are the literals, never variables', () => {
    const shadowing = { true: false, false: true, null: 'x' };
    expect(evaluate('${!true}', shadowing)).toBe(false);
    expect(evaluate('${!false}', shadowing)).toBe(true);
    expect(evaluate('${!null}', shadowing)).toBe(true);
    expect(evaluate('${true == true}', shadowing)).toBe(true);
    expect(evaluate('${false != true}', shadowing)).toBe(true);
    expect(evaluate('${null == null}', shadowing)).toBe(true);
    // Other names are variables, as before.
    expect(evaluate('${!truthy}', { truthy: true })).toBe(false);
  });

  it('what is not quite a literal is not one', () => {
    // Each is neither a literal nor a variable path: unreadable.
    for (const text of ['${1x}', '${1.}', '${.5}', '${+1}', '${1e3}', '${--1}', '${1-}', '${1.2.3}', "${'a'x}", "${x'a'}"])
      expect(evaluate(text, {}), text).toBeUndefined();
    for (const text of ['${"a"x}', '${x"a"}', '${\'a"}', "${'a'b'}", '${"a"b"}'])
      expect(evaluate(text, {}), text).toBeUndefined();
    // A name that only starts or ends like a literal is a variable.
    expect(evaluate('${x1}', { x1: 'v' })).toBe('v');
    expect(evaluate('${true1}', { true1: 'v' })).toBe('v');
    expect(evaluate('${nulls}', { nulls: 'v' })).toBe('v');
    expect(evaluate('${falsey}', { falsey: 'v' })).toBe('v');
  });

  it('a literal on the right of a comparison: each kind, each quote, empty strings, nothing around it', () => {
    expect(evaluate('${n == 12}', { n: 12 })).toBe(true);
    expect(evaluate('${n == -12}', { n: -12 })).toBe(true);
    expect(evaluate('${n == 12.25}', { n: 12.25 })).toBe(true);
    expect(evaluate('${n == 12.25}', { n: 12.2 })).toBe(false);
    expect(evaluate('${n == 12.2}', { n: 12.25 })).toBe(false);
    expect(evaluate('${b == true}', { b: true })).toBe(true);
    expect(evaluate('${b == true}', { b: 'true' })).toBe(false);
    expect(evaluate('${b == false}', { b: false })).toBe(true);
    expect(evaluate('${b == false}', { b: 0 })).toBe(false);
    expect(evaluate("${s == 'ab'}", { s: 'ab' })).toBe(true);
    expect(evaluate('${s == "ab"}', { s: 'ab' })).toBe(true);
    expect(evaluate("${s == 'ab'}", { s: 'a' })).toBe(false);
    expect(evaluate("${s == ''}", { s: '' })).toBe(true);
    expect(evaluate('${s == ""}', { s: '' })).toBe(true);
    expect(evaluate("${s != ''}", { s: '' })).toBe(false);
    expect(evaluate('${s == "a b"}', { s: 'a b' })).toBe(true);
    // No space after the operator, a space inside the string: the whole string is the literal.
    expect(evaluate("${s =='a b'}", { s: 'a b' })).toBe(true);
    expect(evaluate("${s>='a b'}", { s: 'a b' })).toBe(false);
    // Junk before or after a literal makes the right side unreadable: false, whatever the variable.
    for (const [right, s] of [
      ["'a'x", 'a'],
      ["x'a'", 'a'],
      ['"a"x', 'a'],
      ['x"a"', 'a'],
      ['1x', 1],
      ['x1', 1],
      ['truex', true],
      ['nullx', null],
    ] as const) {
      expect(evaluate(`\${s == ${right}}`, { s }), right).toBe(false);
      expect(evaluate(`\${!s != ${right}}`, { s }), right).toBe(false);
    }
  });
});

describe('evaluate: variables', () => {
  it('reads a variable, a dotted path inside it, and the engine’s environment.variables prefix', () => {
    expect(evaluate('${x}', { x: 5 })).toBe(5);
    expect(evaluate('${ x }', { x: 'five' })).toBe('five');
    expect(evaluate('${_x}', { _x: 1 })).toBe(1);
    expect(evaluate('${a.b.c}', { a: { b: { c: 'deep' } } })).toBe('deep');
    expect(evaluate('${list.length}', { list: [1, 2, 3] })).toBe(3);
    expect(evaluate('${list.0}', { list: ['first'] })).toBe('first');
    expect(evaluate('${environment.variables.x}', { x: 7 })).toBe(7);
    expect(evaluate('${environment.variables.a.b}', { a: { b: 8 } })).toBe(8);
    // Only as a prefix: elsewhere in a path it is an ordinary part.
    const nested = { a: { b: 'short', environment: { variables: { b: 'long' } } } };
    expect(evaluate('${a.environment.variables.b}', nested)).toBe('long');
    // Without its trailing dot it is a variable named environment.
    expect(evaluate('${environment.variables}', { environment: { variables: 'own' } })).toBe('own');
  });

  it('reads own properties only: nothing inherited, nothing inside a string, a number, null or undefined', () => {
    expect(evaluate('${constructor}', {})).toBeUndefined();
    expect(evaluate('${toString}', {})).toBeUndefined();
    expect(evaluate('${a.toString}', { a: {} })).toBeUndefined();
    expect(evaluate('${a.__proto__}', { a: {} })).toBeUndefined();
    expect(evaluate('${a.b}', { a: Object.create({ b: 1 }) })).toBeUndefined();
    expect(evaluate('${s.length}', { s: 'abc' })).toBeUndefined();
    expect(evaluate('${s.0}', { s: 'abc' })).toBeUndefined();
    expect(evaluate('${n.toFixed}', { n: 5 })).toBeUndefined();
    expect(evaluate('${f.name}', { f: function named() {} })).toBeUndefined();
    expect(evaluate('${a.b}', { a: null })).toBeUndefined();
    expect(evaluate('${a.b}', { a: undefined })).toBeUndefined();
    expect(evaluate('${a.b.c}', { a: { b: null } })).toBeUndefined();
    expect(evaluate('${missing}', {})).toBeUndefined();
    expect(evaluate('${missing.b}', {})).toBeUndefined();
    expect(evaluate('${a.}', { a: {} })).toBeUndefined();
    // An own property whose value is undefined or null reads as that value.
    expect(evaluate('${a}', { a: null })).toBeNull();
  });

  it('a negation is the variable’s truthiness, inverted', () => {
    expect(evaluate('${!x}', { x: 0 })).toBe(true);
    expect(evaluate('${!x}', { x: '' })).toBe(true);
    expect(evaluate('${!x}', { x: 1 })).toBe(false);
    expect(evaluate('${!x}', { x: 'yes' })).toBe(false);
    expect(evaluate('${!x}', {})).toBe(true);
    expect(evaluate('${ ! x }', { x: true })).toBe(false);
  });

  it('answers undefined for what it cannot read; text that is not one ${…} as it is', () => {
    for (const text of ['${a + b}', '${process.exit()}', '${1x}', '${ }', '${x y}', '${a => 1}'])
      expect(evaluate(text, { a: 1, b: 2, x: 3, y: 4 }), text).toBeUndefined();
    for (const text of ['approved', 'x${a}', '${a}x', 'alice,bob', '', '${a', 'a}'])
      expect(evaluate(text, { a: 1 }), text).toBe(text);
    // Spaces around the whole expression are ignored.
    expect(evaluate('  ${a}  ', { a: 1 })).toBe(1);
    expect(evaluate('\n${a}\t', { a: 1 })).toBe(1);
  });

  it('a comparison whose right side is not a literal is false, negated or not', () => {
    expect(evaluate('${x > y}', { x: 2, y: 1 })).toBe(false);
    expect(evaluate('${x == y}', { x: 1, y: 1 })).toBe(false);
    expect(evaluate('${!x == y}', { x: 1, y: 2 })).toBe(false);
    expect(evaluate('${x != y}', { x: 1, y: 2 })).toBe(false);
    // === reads as == with the right side '= 1', which is no literal.
    expect(evaluate('${a === 1}', { a: 1 })).toBe(false);
  });
});

describe('evaluate: comparisons', () => {
  it('== and != : the same value, null and undefined equal to each other only', () => {
    const eq = (text: string, variables: Record<string, unknown>) => evaluate(text, variables);
    expect(eq('${x == 5}', { x: 5 })).toBe(true);
    expect(eq('${x == 5}', { x: 3 })).toBe(false);
    expect(eq('${x == 5}', { x: 7 })).toBe(false);
    expect(eq("${x == 'a'}", { x: 'a' })).toBe(true);
    expect(eq("${x == 'a'}", { x: 'b' })).toBe(false);
    expect(eq('${x == null}', { x: null })).toBe(true);
    expect(eq('${x == null}', {})).toBe(true);
    expect(eq('${x == null}', { x: 0 })).toBe(false);
    expect(eq('${x == null}', { x: '' })).toBe(false);
    expect(eq('${x == 0}', {})).toBe(false);
    expect(eq('${x == 0}', { x: null })).toBe(false);
    expect(eq('${x == false}', { x: null })).toBe(false);
    expect(eq("${x == '5'}", { x: 5 })).toBe(false);

    expect(eq('${x != 5}', { x: 5 })).toBe(false);
    expect(eq('${x != 5}', { x: 3 })).toBe(true);
    expect(eq('${x != 5}', { x: 7 })).toBe(true);
    expect(eq("${x != 'a'}", { x: 'a' })).toBe(false);
    expect(eq("${x != 'a'}", { x: 'b' })).toBe(true);
    expect(eq('${x != null}', { x: null })).toBe(false);
    expect(eq('${x != null}', {})).toBe(false);
    expect(eq('${x != null}', { x: 0 })).toBe(true);
    expect(eq('${x != 0}', {})).toBe(true);
    expect(eq('${x != 0}', { x: null })).toBe(true);
  });

  it('a numeric string is compared as a number only against a number, and only when not blank', () => {
    expect(evaluate('${x == 5}', { x: '5' })).toBe(true);
    expect(evaluate('${x == 5}', { x: ' 5 ' })).toBe(true);
    expect(evaluate('${x != 5}', { x: '5' })).toBe(false);
    expect(evaluate('${x > 3}', { x: '5' })).toBe(true);
    expect(evaluate('${x <= 3}', { x: '5' })).toBe(false);
    expect(evaluate('${x == -1.5}', { x: '-1.5' })).toBe(true);
    // Against a string literal, no coercion: the texts are compared.
    expect(evaluate("${x == '5'}", { x: '5' })).toBe(true);
    expect(evaluate("${x == '5'}", { x: '5.0' })).toBe(false);
    expect(evaluate("${x == '05'}", { x: '5' })).toBe(false);
    // Blank text is not 0.
    expect(evaluate('${x == 0}', { x: '' })).toBe(false);
    expect(evaluate('${x == 0}', { x: '  ' })).toBe(false);
    expect(evaluate('${x != 0}', { x: '' })).toBe(true);
    expect(evaluate('${x >= 0}', { x: '' })).toBe(false);
    expect(evaluate('${x <= 0}', { x: ' ' })).toBe(false);
    // Text that is not a number is never equal to, above or below one.
    expect(evaluate('${x == 5}', { x: 'abc' })).toBe(false);
    expect(evaluate('${x != 5}', { x: 'abc' })).toBe(true);
    for (const op of ['>', '>=', '<', '<=']) expect(evaluate(`\${x ${op} 5}`, { x: 'abc' }), op).toBe(false);
  });

  it('> >= < <= at, above and below the boundary', () => {
    const at = (op: string, x: unknown) => evaluate(`\${x ${op} 3}`, { x });
    expect([at('>', 2), at('>', 3), at('>', 4)]).toEqual([false, false, true]);
    expect([at('>=', 2), at('>=', 3), at('>=', 4)]).toEqual([false, true, true]);
    expect([at('<', 2), at('<', 3), at('<', 4)]).toEqual([true, false, false]);
    expect([at('<=', 2), at('<=', 3), at('<=', 4)]).toEqual([true, true, false]);
    expect(evaluate('${x>-1}', { x: -0.5 })).toBe(true);
    expect(evaluate('${x<-1}', { x: -0.5 })).toBe(false);
  });

  it('> >= < <= only between numbers: false for anything else on either side, and for NaN', () => {
    for (const op of ['>', '>=', '<', '<=']) {
      // Each of these would compare as true in JavaScript (null, '', false as 0; true as 1).
      expect(evaluate(`\${x ${op} 0}`, { x: null }), `null ${op} 0`).toBe(false);
      expect(evaluate(`\${x ${op} 0}`, { x: '' }), `'' ${op} 0`).toBe(false);
      expect(evaluate(`\${x ${op} 0}`, { x: false }), `false ${op} 0`).toBe(false);
      expect(evaluate(`\${x ${op} 1}`, { x: true }), `true ${op} 1`).toBe(false);
      expect(evaluate(`\${x ${op} 0}`, { x: [] }), `[] ${op} 0`).toBe(false);
      expect(evaluate(`\${x ${op} 0}`, {}), `undefined ${op} 0`).toBe(false);
      expect(evaluate(`\${x ${op} 0}`, { x: Number.NaN }), `NaN ${op} 0`).toBe(false);
      // A number against a literal that is not one.
      expect(evaluate(`\${x ${op} '1'}`, { x: 1 }), `1 ${op} '1'`).toBe(false);
      expect(evaluate(`\${x ${op} null}`, { x: 0 }), `0 ${op} null`).toBe(false);
      expect(evaluate(`\${x ${op} true}`, { x: 1 }), `1 ${op} true`).toBe(false);
      expect(evaluate(`\${x ${op} false}`, { x: 0 }), `0 ${op} false`).toBe(false);
      // Strings are not ordered.
      expect(evaluate(`\${x ${op} 'b'}`, { x: 'b' }), `'b' ${op} 'b'`).toBe(false);
    }
    expect(evaluate("${x > '3'}", { x: 5 })).toBe(false);
    expect(evaluate("${x < '3'}", { x: '1' })).toBe(false);
  });

  it('a negated comparison is the comparison inverted', () => {
    expect(evaluate('${!x > 3}', { x: 5 })).toBe(false);
    expect(evaluate('${!x > 3}', { x: 2 })).toBe(true);
    expect(evaluate('${!x == null}', {})).toBe(false);
    expect(evaluate('${!x != null}', {})).toBe(true);
    expect(evaluate("${ ! x == 'a' }", { x: 'a' })).toBe(false);
  });
});

describe('flow timers', () => {
  it('takes ISO 8601 of the chosen kind, or a variable', () => {
    expect(isFlowTimer('timeDuration', 'P3D')).toBe(true);
    expect(isFlowTimer('timeDuration', 'PT2H30M')).toBe(true);
    expect(isFlowTimer('timeDuration', '${wait}')).toBe(true);
    expect(isFlowTimer('timeDuration', 'P')).toBe(false);
    expect(isFlowTimer('timeDuration', 'PT')).toBe(false);
    expect(isFlowTimer('timeDuration', '3 days')).toBe(false);
    expect(isFlowTimer('timeDate', '2030-01-01T08:00:00Z')).toBe(true);
    expect(isFlowTimer('timeDate', '2030-01-01T08:00:00+08:00')).toBe(true);
    expect(isFlowTimer('timeDate', '2030-13-01T08:00:00Z')).toBe(false);
    expect(isFlowTimer('timeDate', 'P3D')).toBe(false);
    expect(isFlowTimer('timeCycle', 'R3/PT1H')).toBe(true);
    expect(isFlowTimer('timeCycle', 'R/P1D')).toBe(true);
    expect(isFlowTimer('timeCycle', 'R2/2030-01-01T08:00:00Z/PT1H')).toBe(true);
    expect(isFlowTimer('timeCycle', 'PT1H')).toBe(false);
    expect(isFlowTimer('timeCycle', 'R3/soon')).toBe(false);
  });

  it('a variable is taken for every kind, spaces around ignored; only one whole ${…}', () => {
    for (const kind of ['timeDuration', 'timeDate', 'timeCycle'] as const) {
      expect(isFlowTimer(kind, '${wait}'), kind).toBe(true);
      expect(isFlowTimer(kind, ' ${wait} '), kind).toBe(true);
      expect(isFlowTimer(kind, 'x${wait}'), kind).toBe(false);
      expect(isFlowTimer(kind, '${wait}x'), kind).toBe(false);
    }
  });

  it('durations: each designator, several digits, fractions of seconds only, T only before a time part', () => {
    for (const ok of [
      'P1Y',
      'P12Y',
      'P1M',
      'P12M',
      'P1W',
      'P12W',
      'P1D',
      'P12D',
      'PT1H',
      'PT12H',
      'PT1M',
      'PT12M',
      'PT1S',
      'PT12S',
      'PT1.5S',
      'PT12.25S',
      'P1Y2M3W4DT5H6M7.5S',
      'P12Y34M',
      'P1Y2M',
      'P2M3W',
      'P3W4D',
      'P1DT2H',
      'PT30M',
      'PT30S',
      'PT2H30S',
      ' PT2H ',
    ])
      expect(isFlowTimer('timeDuration', ok), ok).toBe(true);
    for (const no of [
      'P',
      'PT',
      'P1DT',
      'PT1.S',
      'PT.5S',
      'PT1.5H',
      'P1.5D',
      'PxY',
      'P1',
      'P1H',
      'PT1D',
      'P1D2Y',
      'PT1S2M',
      'xP1D',
      'P1Dx',
      '1D',
      'P-1D',
      'p1d',
      'P 1D',
    ])
      expect(isFlowTimer('timeDuration', no), no).toBe(false);
  });

  it('dates: date and time, seconds and their fraction optional, zone Z or ±hh[:]mm optional; real dates only', () => {
    for (const ok of [
      '2030-01-01T08:00',
      '2030-01-01T08:00Z',
      '2030-01-01T08:00:00',
      '2030-01-01T08:00:00Z',
      '2030-01-01T08:00:00.5Z',
      '2030-01-01T08:00:00.123Z',
      '2030-01-01T08:00:00+08:00',
      '2030-01-01T08:00:00+0800',
      '2030-01-01T08:00:00-05:00',
      '2030-01-01T08:00-0500',
      ' 2030-01-01T08:00:00Z ',
    ])
      expect(isFlowTimer('timeDate', ok), ok).toBe(true);
    for (const no of [
      // The pattern, not Date.parse, refuses these (Date.parse takes each of them).
      '2030-01-01',
      '+002030-01-01T08:00:00Z',
      '2030-01-01T08:00:00z',
      'Jan 1 2030 08:00',
      // Not the pattern.
      '30-01-01T08:00:00Z',
      '2030-1-01T08:00:00Z',
      '2030-01-01 08:00:00Z',
      '2030-01-01T8:00:00Z',
      '2030-01-01T08:00:0Z',
      '2030-01-01T08:00:00.Z',
      '2030-01-01T08:00:00,5Z',
      '2030-01-01T08:00:00+08',
      '2030-01-01T08:00:00+8:00',
      '2030-01-01T08:00:00 Z',
      '2030-01-01T08:00:00Zx',
      'x2030-01-01T08:00:00Z',
      // The pattern, but not a date.
      '2030-13-01T08:00:00Z',
      '2030-00-01T08:00:00Z',
      '2030-01-32T08:00:00Z',
      '2030-01-01T25:00:00Z',
      '2030-01-01T08:60:00Z',
      '2030-01-01T08:00:60Z',
      '2030-01-01T08:00:00+24:00',
      // Days the engine's Date would roll over into the next month, and a day past the last hour.
      '2030-02-29T08:00:00Z',
      '2030-02-30T08:00:00Z',
      '2030-04-31T08:00:00Z',
      '2030-01-01T24:00:00Z',
    ])
      expect(isFlowTimer('timeDate', no), no).toBe(false);
    // The last day of February in a leap year, the last moment of a day, a seconds' fraction: real moments.
    for (const ok of ['2028-02-29T08:00:00Z', '2030-04-30T23:59:59Z', '2030-12-31T23:59:59.999+08:00'])
      expect(isFlowTimer('timeDate', ok), ok).toBe(true);
    // A cycle's start date is a real moment too.
    expect(isFlowTimer('timeCycle', 'R2/2030-02-30T08:00:00Z/PT1H')).toBe(false);
  });

  it('cycles: R with or without a count, then a duration, or a start date and a duration', () => {
    for (const ok of ['R3/PT1H', 'R/P1D', 'R10/PT30M', 'R2/2030-01-01T08:00:00Z/PT1H', 'R/2030-01-01T08:00/P1D', ' R3/PT1H '])
      expect(isFlowTimer('timeCycle', ok), ok).toBe(true);
    for (const no of [
      'R3',
      'R',
      'R3/',
      'R/',
      'PT1H',
      'X/PT1H',
      'PT1H/PT1H',
      'xR3/PT1H',
      'R3x/PT1H',
      'RR/PT1H',
      'r3/PT1H',
      'R-1/PT1H',
      'R3/soon',
      'R3/P',
      'R3/PT1H/',
      'R3/2030-01-01T08:00:00Z',
      'R3/2030-01-01T08:00:00Z/soon',
      'R3/soon/PT1H',
      'R3/PT1H/PT1H',
      'R3/2030-13-01T08:00:00Z/PT1H',
      'R3/2030-01-01/PT1H',
      'R3/ 2030-01-01T08:00:00Z/PT1H',
      'R3/+002030-01-01T08:00:00Z/PT1H',
      'R3/2030-01-01T08:00:00z/PT1H',
      'R3/xPT1H',
      'R3/PT1Hx',
      'R3/2030-01-01T08:00:00Z/PT1H/PT1H',
      'R3/2030-01-01T08:00:00Z/2030-01-02T08:00:00Z/PT1H',
    ])
      expect(isFlowTimer('timeCycle', no), no).toBe(false);
  });

  it('each kind takes only its own form', () => {
    expect(isFlowTimer('timeDuration', '2030-01-01T08:00:00Z')).toBe(false);
    expect(isFlowTimer('timeDuration', 'R3/PT1H')).toBe(false);
    expect(isFlowTimer('timeDate', 'R3/PT1H')).toBe(false);
    expect(isFlowTimer('timeCycle', '2030-01-01T08:00:00Z')).toBe(false);
  });
});
