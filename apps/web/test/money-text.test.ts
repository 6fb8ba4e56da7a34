import { describe, expect, it } from 'vitest';
import { groupedDecimal, yuan } from '../src/app/money-text';

describe('amounts as the console shows them', () => {
  it('group a decimal string by thousands without going through a float', () => {
    expect(groupedDecimal('36000.00')).toBe('36,000.00');
    expect(groupedDecimal('1234567890123456.78')).toBe('1,234,567,890,123,456.78');
    expect(groupedDecimal('999')).toBe('999');
    expect(groupedDecimal('1000')).toBe('1,000');
    expect(groupedDecimal('-1200.5')).toBe('-1,200.5');
    expect(groupedDecimal('0.0001')).toBe('0.0001');
  });

  it('put the yuan sign before the grouped amount; no amount is a dash', () => {
    expect(yuan('177295.12')).toBe('¥177,295.12');
    expect(yuan(90)).toBe('¥90');
    expect(yuan('-12.00')).toBe('¥-12.00');
    expect(yuan(null)).toBe('-');
    expect(yuan('')).toBe('-');
  });
});
