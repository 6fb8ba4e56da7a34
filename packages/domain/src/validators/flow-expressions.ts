import { isCalendarDay, isTimeOfDay } from './calendar';

/**
 * Conditions and assignments of processes (the server's engine and the designer's properties panel), evaluated without running
 * their text as code: `${name}`, `${!name}`, `${name <op> literal}` with
 * ==, !=, >, >=, <, <= and a number, string ('…' or "…"), true, false or null
 * literal. `name` is a process variable (a dotted path reads inside it; the
 * engine's own `environment.variables.x` is taken too). Anything else is
 * false — a process with a condition we cannot read takes its default flow.
 * bpmn-engine's own JavaScript conditions are switched off (apps/server's workflow runtime.ts):
 * whoever may deploy must not run code on the server.
 */
/** One whole `${…}` expression (the text inside is group 1). */
export const FLOW_EXPRESSION = /^\$\{\s*(.+?)\s*\}$/;
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
  const whole = FLOW_EXPRESSION.exec(expression.trim());
  if (!whole) return expression;
  const constant = literal(whole[1]!);
  if (constant) return constant.value;
  const m = COMPARISON.exec(whole[1]!);
  if (!m) return undefined;
  const [, not, path, op, right] = m;
  // true, false and null are the literals, never variables of those names: `${!true}` is false.
  const value = (literal(path!) ?? { value: read(variables, path!) }).value;
  if (!op) return not ? !value : value;
  const rightValue = literal(right!);
  if (!rightValue) return false;
  const result = compare(value, op, rightValue.value);
  return not ? !result : result;
}

/**
 * Whether the engine reads `text` as a condition (a variable, its negation, or a comparison with a literal),
 * rather than taking the flow's default: what the designer lets one type.
 */
export function isFlowCondition(text: string): boolean {
  const whole = FLOW_EXPRESSION.exec(text.trim());
  if (!whole) return false;
  const m = COMPARISON.exec(whole[1]!);
  return !!m && (!m[3] || literal(m[4]!) !== undefined);
}

const DURATION = /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;
/** A moment that exists: a real day and time of day (the engine's Date would roll 2030-02-30 over to March). */
function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  return isCalendarDay(year!, month!, day!) && isTimeOfDay(hour!, minute!, second) && !Number.isNaN(Date.parse(text));
}

/** The timer kinds of a BPMN timer event, as the engine reads them (ISO 8601). */
export type FlowTimerKind = 'timeDuration' | 'timeDate' | 'timeCycle';

/** Whether a timer's text is ISO 8601 of its kind (PT2H; 2030-01-01T08:00:00Z; R3/PT1H) or a `${variable}`. */
export function isFlowTimer(kind: FlowTimerKind, text: string): boolean {
  const value = text.trim();
  if (FLOW_EXPRESSION.test(value)) return true;
  if (kind === 'timeDuration') return DURATION.test(value);
  if (kind === 'timeDate') return isDateTime(value);
  const [repeat, ...rest] = value.split('/');
  if (!/^R\d*$/.test(repeat!) || rest.length === 0 || rest.length > 2) return false;
  return rest.length === 1 ? DURATION.test(rest[0]!) : isDateTime(rest[0]!) && DURATION.test(rest[1]!);
}
