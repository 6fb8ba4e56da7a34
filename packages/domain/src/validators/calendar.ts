/**
 * Whether a day exists in the calendar (no 2025-02-30, no month 13, 29 February in leap years only), from
 * year 1, as PostgreSQL takes them. JavaScript's Date would roll 2025-02-30 over to 2 March instead of refusing it.
 */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Whether a time of day is one: 00:00:00 to 23:59:59 (no 24:00, no minute or second 60). */
export function isTimeOfDay(hour: number, minute: number, second = 0): boolean {
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60;
}
