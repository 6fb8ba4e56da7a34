import { describe, expect, it } from 'vitest';
import { evaluate, isFlowCondition, isFlowTimer } from './flow-expressions';

describe('flow conditions', () => {
  it('reads variables, negations and comparisons with a literal; nothing else', () => {
    for (const ok of [
      '${approved}',
      '${!approved}',
      '${days > 3}',
      "${level == 'high'}",
      '${ amount>=1000.5 }',
      '${a.b != null}',
    ])
      expect(isFlowCondition(ok), ok).toBe(true);
    for (const no of ['approved', '${days > x}', '${process.exit()}', '${a + b}', '${}', '${days > 3} ${x}'])
      expect(isFlowCondition(no), no).toBe(false);
    expect(evaluate('${days > 3}', { days: 5 })).toBe(true);
    expect(evaluate('${days > 3}', { days: 2 })).toBe(false);
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
});
