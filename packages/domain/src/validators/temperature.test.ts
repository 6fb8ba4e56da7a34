import { describe, expect, it } from 'vitest';
import { checkTemperature } from './temperature';

describe('checkTemperature', () => {
  it('takes a temperature of a living person with at most one decimal', () => {
    for (const value of ['34', '34.0', '36.5', '37.3', '42.9', '43', '43.0', 36.5, ' 37.1 ']) {
      expect(checkTemperature(value), String(value)).toBeUndefined();
    }
  });

  it('refuses a blank as required and anything else as invalid', () => {
    expect(checkTemperature('')).toBe('temperatureRequired');
    expect(checkTemperature(null)).toBe('temperatureRequired');
    for (const value of ['33.9', '43.1', '99', '10', '36.55', '365', '3.65', 'abc', '-37', [36.5]]) {
      expect(checkTemperature(value), String(value)).toBe('temperatureInvalid');
    }
  });
});
