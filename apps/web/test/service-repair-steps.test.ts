import { describe, expect, it } from 'vitest';
import { stepsFor } from '../src/modules/service/repair-steps';

/** The repair drawer offers exactly the steps the server would take from the caller (docs/api-conventions.md, Repairs). */
const ALL = new Set(['repair_send', 'repair_edit', 'repair_add']);
const row = (status: number, extra: Record<string, unknown> = {}) => ({ id: '1', status, workerId: '7', ...extra });

describe('repair steps in the drawer', () => {
  it('follow the state machine for staff holding every button', () => {
    expect(stepsFor(row(0), ALL, '1')).toEqual(['send', 'close', 'note']);
    expect(stepsFor(row(1), ALL, '1')).toEqual(['accept', 'reject', 'note']);
    expect(stepsFor(row(2), ALL, '1')).toEqual(['start', 'note']);
    expect(stepsFor(row(3), ALL, '1')).toEqual(['send', 'close', 'note']);
    expect(stepsFor(row(4), ALL, '1')).toEqual(['finish', 'note']);
    expect(stepsFor(row(5, { finishTime: '2026-11-24 10:00:00' }), ALL, '1')).toEqual(['close', 'note', 'rate']);
    expect(stepsFor(row(6, { finishTime: '2026-11-24 10:00:00' }), ALL, '1')).toEqual(['rate']);
    // Closed without the work being done: nothing to rate.
    expect(stepsFor(row(6), ALL, '1')).toEqual([]);
  });

  it('give the assigned worker their own steps without buttons, and nobody else', () => {
    const none = new Set<string>();
    expect(stepsFor(row(1), none, '7')).toEqual(['accept', 'reject']);
    expect(stepsFor(row(4), none, '7')).toEqual(['finish']);
    expect(stepsFor(row(5), none, '7')).toEqual([]);
    expect(stepsFor(row(1), none, '8')).toEqual([]);
    expect(stepsFor(row(0), new Set(['repair_edit']), '8')).toEqual(['close']);
  });
});
