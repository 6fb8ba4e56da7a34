import type { Problem } from '../../messages/translate';

/**
 * The numbering of building/batchsave, shared by the server (which saves the
 * houses) and the console's 批量新增 dialog (which previews them), so the
 * preview shows exactly the numbers that will be saved.
 */

/** The shape of a batch: `unitCount` units of `floorCount` floors from `startFloor`, `houseCount` houses a floor. */
export interface BatchShape {
  unitCount: number;
  floorCount: number;
  houseCount: number;
  startFloor: number;
}

/** Limits of one batch call; a whole estate is several calls. */
export const BATCH_LIMITS = { units: 50, floors: 200, perFloor: 50, houses: 10_000 } as const;

/** House numbers of a floor: floor then position, each at least two digits ("0101", "1804"). */
export function houseNumber(floor: number, position: number, floorDigits: number): string {
  return `${String(floor).padStart(floorDigits, '0')}${String(position).padStart(2, '0')}`;
}

/** The last floor of a batch. */
export const lastFloorOf = (shape: Pick<BatchShape, 'floorCount' | 'startFloor'>) => shape.startFloor + shape.floorCount - 1;

/** Floor digits of a batch: two, or more when the top floor needs them (floor 100 gives "10001"). */
export const floorDigitsOf = (shape: Pick<BatchShape, 'floorCount' | 'startFloor'>) =>
  Math.max(2, String(lastFloorOf(shape)).length);

/** Why a batch of whole numbers cannot be saved (the server's message), or undefined when it can. */
export function batchProblem(shape: BatchShape): Problem | undefined {
  const { unitCount, floorCount, houseCount, startFloor } = shape;
  if (unitCount < 1 || floorCount < 1 || houseCount < 1) return { key: 'batchAtLeastOne' };
  if (unitCount > BATCH_LIMITS.units || floorCount > BATCH_LIMITS.floors || houseCount > BATCH_LIMITS.perFloor)
    return { key: 'batchTooLarge', params: { units: BATCH_LIMITS.units, floors: BATCH_LIMITS.floors } };
  if (startFloor < 1) return { key: 'batchStartFloor' };
  if (unitCount * floorCount * houseCount > BATCH_LIMITS.houses)
    return { key: 'batchTooManyHouses', params: { houses: BATCH_LIMITS.houses } };
  return undefined;
}

/** One floor of a unit: its number and its house numbers, position 1 first. */
export interface BatchFloor {
  floor: number;
  houses: string[];
}

/** Every unit of a batch is numbered alike: the floors of one unit, lowest first. */
export function batchFloors(shape: BatchShape): BatchFloor[] {
  const digits = floorDigitsOf(shape);
  const floors: BatchFloor[] = [];
  for (let floor = shape.startFloor; floor <= lastFloorOf(shape); floor++) {
    const houses: string[] = [];
    for (let position = 1; position <= shape.houseCount; position++) houses.push(houseNumber(floor, position, digits));
    floors.push({ floor, houses });
  }
  return floors;
}
