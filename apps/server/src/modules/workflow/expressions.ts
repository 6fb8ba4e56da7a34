/**
 * Conditions and assignments of uploaded processes, evaluated without running
 * their text as code: `${name}`, `${!name}`, `${name <op> literal}` with
 * ==, !=, >, >=, <, <= and a number, string ('…' or "…"), true, false or null
 * literal. `name` is a process variable (a dotted path reads inside it; the
 * engine's own `environment.variables.x` is taken too). Anything else is
 * false — a process with a condition we cannot read takes its default flow.
 * bpmn-engine's own JavaScript conditions are switched off (see runtime.ts):
 * whoever may deploy must not run code on the server.
 */
const WHOLE = /^\$\{\s*(.+?)\s*\}$/;
const COMPARISON = /^(!?)\s*([A-Za-z_][\w.]*)\s*(?:(==|!=|>=|<=|>|<)\s*(.+))?$/;

type Variables = Record<string, unknown>;

function literal(text: string): { value: unknown } | undefined {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return { value: Number(t) };
  if (t === 'true') return { value: true };
  if (t === 'false') return { value: false };
  if (t === 'null') return { value: null };
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(t);
  if (quoted) return { value: quoted[1] ?? quoted[2] };
  return undefined;
}

function read(variables: Variables, path: string): unknown {
  const parts = path.replace(/^environment\.variables\./, '').split('.');
  let value: unknown = variables;
  for (const part of parts) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Variables)[part];
  }
  return value;
}

function compare(left: unknown, op: string, right: unknown): boolean {
  const l = typeof right === 'number' && typeof left === 'string' && left.trim() !== '' ? Number(left) : left;
  switch (op) {
    case '==':
      return l === right || (l == null && right == null);
    case '!=':
      return !(l === right || (l == null && right == null));
    default:
      if (typeof l !== 'number' || typeof right !== 'number' || Number.isNaN(l)) return false;
      return op === '>' ? l > right : op === '>=' ? l >= right : op === '<' ? l < right : l <= right;
  }
}

/** The value of one expression against the variables (undefined when it is not one we read). */
export function evaluate(expression: string, variables: Variables): unknown {
  const whole = WHOLE.exec(expression.trim());
  if (!whole) return expression;
  const constant = literal(whole[1]!);
  if (constant) return constant.value;
  const m = COMPARISON.exec(whole[1]!);
  if (!m) return undefined;
  const [, not, path, op, right] = m;
  const value = read(variables, path!);
  if (!op) return not ? !value : value;
  const rightValue = literal(right!);
  if (!rightValue) return false;
  const result = compare(value, op, rightValue.value);
  return not ? !result : result;
}

interface EngineContext {
  environment?: { variables?: Variables };
}

/** The `expressions` option of bpmn-engine: conditions and `${…}` attributes through evaluate(). */
export const safeExpressions = {
  isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && /\$\{.+?\}/.test(text),
  resolveExpression(text: string, context?: EngineContext) {
    return evaluate(text, context?.environment?.variables ?? {});
  },
};
