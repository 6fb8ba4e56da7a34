import type { ErrorKey } from '../messages/translate';
import { isBlank, valueText } from './numbers';

/**
 * A body temperature in °C as a checkpoint writes it down: at most one decimal
 * (thermometers at gates show 36.5), within what a living person measures, so
 * a slip of the keyboard (365, 3.65) is caught where it is typed. The same rule
 * takes a garden's temperature limit.
 */
export const TEMPERATURE = /^\d{2}(\.\d)?$/;
export const TEMPERATURE_MIN = 34;
export const TEMPERATURE_MAX = 43;

export function checkTemperature(value: unknown): ErrorKey | undefined {
  if (isBlank(value)) return 'temperatureRequired';
  const text = valueText(value);
  if (!TEMPERATURE.test(text)) return 'temperatureInvalid';
  const degrees = Number(text);
  return degrees >= TEMPERATURE_MIN && degrees <= TEMPERATURE_MAX ? undefined : 'temperatureInvalid';
}
