import type { ErrorKey, MessageParams } from '../messages/translate';
import { add, compare, dec, div, mul, sub, type Dec } from './decimal';

/**
 * A charge formula written by a property manager ("builtArea * price + 10"),
 * parsed by a small recursive-descent parser and evaluated in exact decimals:
 * never eval. Numbers, the variables below, + - * / (also × ÷), parentheses,
 * unary minus, min(a, b) and max(a, b). Division keeps 10 decimals, half up.
 */
export const EXPRESSION_VARIABLES = [
  'builtArea', // house built-up area (㎡); a parking space's area for parking fees
  'innerArea', // house inner (usable) area
  'gardenArea', // the garden's built-up area
  'buildingArea', // the building's area, when recorded
  'unitArea', // the unit's area, when recorded
  'spaceArea', // a parking space's area
  'coefficient', // the house's coefficient (1 unless set)
  'floor', // the house's floor
  'price', // the item's unit price
  'additional', // the item's additional amount
  'months', // months in the billing cycle
  'usage', // this reading minus the last (meter items)
] as const;
export type ExpressionVariable = (typeof EXPRESSION_VARIABLES)[number];

export const EXPRESSION_MAX_LENGTH = 500;
const MAX_DEPTH = 40;

/** Why an expression was refused: a message key and its values. */
export class ExpressionError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }
}

type Token = { kind: 'num'; text: string } | { kind: 'name'; text: string } | { kind: 'op'; text: string };

function tokenize(source: string): Token[] {
  if (source.length > EXPRESSION_MAX_LENGTH) throw new ExpressionError('formulaTooLong', { max: EXPRESSION_MAX_LENGTH });
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (/[0-9.]/.test(c)) {
      const m = /^\d+(\.\d+)?/.exec(source.slice(i));
      if (!m) throw new ExpressionError('formulaSyntax', { at: i + 1 });
      tokens.push({ kind: 'num', text: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))!;
      tokens.push({ kind: 'name', text: m[0] });
      i += m[0].length;
    } else if ('+-*/(),×÷'.includes(c)) {
      tokens.push({ kind: 'op', text: c === '×' ? '*' : c === '÷' ? '/' : c });
      i += 1;
    } else {
      throw new ExpressionError('formulaSyntax', { at: i + 1 });
    }
  }
  return tokens;
}

/** The parsed form: evaluated later against a house's variables. */
export type Expr =
  | { kind: 'num'; value: Dec }
  | { kind: 'var'; name: ExpressionVariable }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr }
  | { kind: 'call'; fn: 'min' | 'max'; args: [Expr, Expr] };

/** Parses an expression; throws ExpressionError naming the problem (unknown variable, syntax and where). */
export function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  if (tokens.length === 0) throw new ExpressionError('formulaEmpty');
  let pos = 0;
  const peek = () => tokens[pos];
  const fail = (): never => {
    throw new ExpressionError('formulaSyntax', { at: pos + 1 });
  };
  const expect = (text: string) => {
    const t = peek();
    if (!t || t.kind !== 'op' || t.text !== text) fail();
    pos += 1;
  };
  const isOp = (t: Token | undefined, ...ops: string[]) => t?.kind === 'op' && ops.includes(t.text);

  const expression = (depth: number): Expr => {
    if (depth > MAX_DEPTH) throw new ExpressionError('formulaTooDeep');
    let left = term(depth);
    while (isOp(peek(), '+', '-')) {
      const op = peek()!.text as '+' | '-';
      pos += 1;
      left = { kind: 'bin', op, left, right: term(depth) };
    }
    return left;
  };
  const term = (depth: number): Expr => {
    let left = factor(depth);
    while (isOp(peek(), '*', '/')) {
      const op = peek()!.text as '*' | '/';
      pos += 1;
      left = { kind: 'bin', op, left, right: factor(depth) };
    }
    return left;
  };
  const factor = (depth: number): Expr => {
    const t = peek();
    if (!t) return fail();
    if (isOp(t, '-', '+')) {
      pos += 1;
      const arg = factor(depth + 1);
      return t.text === '-' ? { kind: 'neg', arg } : arg;
    }
    if (isOp(t, '(')) {
      pos += 1;
      const inner = expression(depth + 1);
      expect(')');
      return inner;
    }
    if (t.kind === 'num') {
      pos += 1;
      return { kind: 'num', value: dec(t.text) };
    }
    if (t.kind === 'name') {
      pos += 1;
      if (t.text === 'min' || t.text === 'max') {
        expect('(');
        const a = expression(depth + 1);
        expect(',');
        const b = expression(depth + 1);
        expect(')');
        return { kind: 'call', fn: t.text, args: [a, b] };
      }
      if (!(EXPRESSION_VARIABLES as ReadonlyArray<string>).includes(t.text))
        throw new ExpressionError('formulaUnknownVariable', { name: t.text });
      return { kind: 'var', name: t.text as ExpressionVariable };
    }
    return fail();
  };

  const tree = expression(0);
  if (pos !== tokens.length) fail();
  return tree;
}

export type Variables = Partial<Record<ExpressionVariable, Dec | string | null | undefined>>;

/** The value of a parsed expression for these variables; a variable without a value is an error naming it. */
export function evaluate(expr: Expr, variables: Variables): Dec {
  switch (expr.kind) {
    case 'num':
      return expr.value;
    case 'var': {
      const value = variables[expr.name];
      if (value === null || value === undefined || value === '')
        throw new ExpressionError('formulaVariableMissing', { name: expr.name });
      return dec(value);
    }
    case 'neg':
      return mul(evaluate(expr.arg, variables), '-1');
    case 'call': {
      const [a, b] = expr.args.map((arg) => evaluate(arg, variables)) as [Dec, Dec];
      const aFirst = expr.fn === 'min' ? compare(a, b) <= 0 : compare(a, b) >= 0;
      return aFirst ? a : b;
    }
    case 'bin': {
      const left = evaluate(expr.left, variables);
      const right = evaluate(expr.right, variables);
      if (expr.op === '+') return add(left, right);
      if (expr.op === '-') return sub(left, right);
      if (expr.op === '*') return mul(left, right);
      if (right.units === 0n) throw new ExpressionError('formulaDivideByZero');
      return div(left, right, 10, 'halfUp');
    }
  }
}

/** Parse and evaluate in one step. */
export const evaluateExpression = (source: string, variables: Variables): Dec => evaluate(parseExpression(source), variables);
