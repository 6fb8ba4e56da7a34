import { CLUB_PRODUCT_TYPE, type ConsumeLine, type ValidityTag } from '@property/domain';

/** Hours of a hall line: its half-hours × 0.5 (spec §5), written without floating point ("1.5"). */
export const hoursOf = (num: number): string => `${Math.floor(num / 2)}${num % 2 ? '.5' : ''}`;

export const isHall = (line: Pick<ConsumeLine, 'type'>) => line.type === CLUB_PRODUCT_TYPE.hall;

/** The antd tag colour of each validity tag (spec §4: info, danger, warning, success). */
export const TAG_COLOURS: Record<ValidityTag, string> = {
  none: 'default',
  expired: 'error',
  danger: 'error',
  warning: 'warning',
  success: 'success',
};
