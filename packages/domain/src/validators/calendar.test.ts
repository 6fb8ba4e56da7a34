import { describe, expect, it } from 'vitest';
import { isCalendarDay, isTimeOfDay } from './calendar';

describe('a day of the calendar', () => {
  it('has a month from 1 to 12 and a day from 1 to the last of its month', () => {
    const last = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    last.forEach((days, i) => {
      expect(isCalendarDay(2025, i + 1, 1), `2025-${i + 1}-01`).toBe(true);
      expect(isCalendarDay(2025, i + 1, days), `2025-${i + 1}-${days}`).toBe(true);
      expect(isCalendarDay(2025, i + 1, days + 1), `2025-${i + 1}-${days + 1}`).toBe(false);
      expect(isCalendarDay(2025, i + 1, 0), `2025-${i + 1}-00`).toBe(false);
    });
    expect(isCalendarDay(2025, 0, 1)).toBe(false);
    expect(isCalendarDay(2025, 13, 1)).toBe(false);
  });

  it('has 29 February in leap years only: every fourth year, not the hundredth unless the four-hundredth', () => {
    for (const year of [2024, 2028, 2000, 1600, 4]) expect(isCalendarDay(year, 2, 29), String(year)).toBe(true);
    for (const year of [2025, 2026, 2027, 1900, 2100, 1700]) expect(isCalendarDay(year, 2, 29), String(year)).toBe(false);
    expect(isCalendarDay(2024, 2, 30)).toBe(false);
  });

  it('starts at year 1', () => {
    expect(isCalendarDay(1, 1, 1)).toBe(true);
    expect(isCalendarDay(0, 1, 1)).toBe(false);
    expect(isCalendarDay(-1, 1, 1)).toBe(false);
  });
});

describe('a time of day', () => {
  it('runs from 00:00:00 to 23:59:59', () => {
    expect(isTimeOfDay(0, 0, 0)).toBe(true);
    expect(isTimeOfDay(23, 59, 59)).toBe(true);
    expect(isTimeOfDay(12, 30)).toBe(true);
    expect(isTimeOfDay(24, 0, 0)).toBe(false);
    expect(isTimeOfDay(23, 60, 0)).toBe(false);
    expect(isTimeOfDay(23, 59, 60)).toBe(false);
    expect(isTimeOfDay(-1, 0, 0)).toBe(false);
    expect(isTimeOfDay(0, -1, 0)).toBe(false);
    expect(isTimeOfDay(0, 0, -1)).toBe(false);
  });
});
