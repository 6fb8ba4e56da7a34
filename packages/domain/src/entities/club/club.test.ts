import { describe, expect, it } from 'vitest';
import { validityTagOf } from './answers';
import { clubLineAmount } from './lines';

describe('validity tags (spec §4)', () => {
  it('tags no date, 0 or less, up to 7, up to 30 and beyond', () => {
    expect([null, -3, 0, 1, 7, 8, 30, 31, 365].map(validityTagOf)).toEqual([
      'none',
      'expired',
      'expired',
      'danger',
      'danger',
      'warning',
      'warning',
      'success',
      'success',
    ]);
  });
});

describe('club line amounts', () => {
  it('charges goods by the piece and a hall by the half-hour, exactly', () => {
    expect(clubLineAmount('12.00', 3, 'goods')).toBe('36.00');
    expect(clubLineAmount('60.00', 3, 'hall')).toBe('90.00');
    expect(clubLineAmount('45', 1, 'hall')).toBe('22.50');
    expect(clubLineAmount('0.10', 3, 'goods')).toBe('0.30');
  });
});
