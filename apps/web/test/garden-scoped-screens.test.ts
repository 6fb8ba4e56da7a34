import { gardenEntity, readsAsReference } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { isGardenScreen } from '../src/app/scoped-screen';
import { SCREENS } from '../src/app/screens';

/**
 * Every screen scoped by the header garden (gardenScreen) shows the garden picker to whoever holds its menu alone:
 * the garden list must answer them (a reference read, packages/domain reference-reads.ts). Without it the picker
 * stayed empty for a holder of 逾期账单 or 收费统计 alone, and the screen summed every garden.
 */
describe('screens scoped by the header garden', () => {
  const scoped = Object.entries(SCREENS).filter(([, screen]) => isGardenScreen(screen));

  it('are marked where they are registered (bills, statistics, the dashboard, houses, repairs…)', () => {
    const codes = scoped.map(([code]) => code);
    expect(codes).toEqual(
      expect.arrayContaining(['paymentbill', 'billoverdue', 'billstatistics', 'dashboard', 'house', 'repair']),
    );
    expect(codes).not.toContain('garden');
  });

  it('let the holder of their menu alone read the garden list', () => {
    const unreadable = scoped.map(([code]) => code).filter((code) => !readsAsReference(gardenEntity, (menu) => menu === code));
    expect(unreadable).toEqual([]);
  });
});
