/**
 * bpmn-engine's `expressions` option: conditions and `${…}` attributes read by the domain's evaluate()
 * (a variable, its negation, a comparison with a literal), never run as code.
 */
import { evaluate, FLOW_EXPRESSION } from '@property/domain';

type Variables = Record<string, unknown>;

interface EngineContext {
  environment?: { variables?: Variables };
}

/** The `expressions` option of bpmn-engine: conditions and `${…}` attributes through evaluate(). */
export const safeExpressions = {
  isExpression: (text: unknown) => typeof text === 'string' && FLOW_EXPRESSION.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && /\$\{.+?\}/.test(text),
  resolveExpression(text: string, context?: EngineContext) {
    return evaluate(text, context?.environment?.variables ?? {});
  },
};
