import * as Money from '../../money/decimal';
import { ABNORMAL, HEALTH_CODE } from './epidemic.entity';

/** What the abnormal rule reads of a person: the measured temperature and the health code (either may be absent). */
export interface HealthFacts {
  temperature?: string | number | null;
  healthCode?: string | number | null;
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * Whether a person is abnormal by a garden's limit: a temperature over the
 * limit (exact decimals: 37.3 at a limit of 37.3 is normal), or a health code
 * that is set and not green. Nothing measured is nothing abnormal.
 */
export function isAbnormal(facts: HealthFacts, limit: string): boolean {
  const over = isSet(facts.temperature) && Money.compare(String(facts.temperature).trim(), limit) > 0;
  const notGreen = isSet(facts.healthCode) && Number(facts.healthCode) !== HEALTH_CODE.green;
  return over || notGreen;
}

/** The stored mark of isAbnormal. */
export const abnormalMark = (facts: HealthFacts, limit: string) =>
  isAbnormal(facts, limit) ? ABNORMAL.abnormal : ABNORMAL.normal;
