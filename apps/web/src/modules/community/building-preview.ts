import {
  batchFloors,
  batchProblem,
  batchUnitName,
  checkInteger,
  type BatchFloor,
  type BatchShape,
  type Problem,
} from '@property/domain';

/** What the 批量新增 dialog shows under its form: nothing yet, a refusal, or the house numbers. */
export type BatchPreview =
  | { state: 'incomplete' }
  | { state: 'refused'; problem: Problem }
  | { state: 'ready'; shape: BatchShape; units: string[]; floors: BatchFloor[]; total: number };

/** The form's counts as whole numbers, or undefined while one is missing or not a whole number. */
function countOf(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return checkInteger(value) ? undefined : Number(value);
}

/**
 * The preview of a batch from the dialog's values: the same numbering and
 * the same refusals as building/batchsave, top floor first as a building is
 * drawn.
 */
export function batchPreview(values: Partial<Record<keyof BatchShape, unknown>>): BatchPreview {
  const [unitCount, floorCount, houseCount] = [values.unitCount, values.floorCount, values.houseCount].map(countOf);
  const startFloor =
    values.startFloor === undefined || values.startFloor === null || values.startFloor === '' ? 1 : countOf(values.startFloor);
  if (unitCount === undefined || floorCount === undefined || houseCount === undefined || startFloor === undefined)
    return { state: 'incomplete' };
  const shape = { unitCount, floorCount, houseCount, startFloor };
  const problem = batchProblem(shape);
  if (problem) return { state: 'refused', problem };
  return {
    state: 'ready',
    shape,
    units: Array.from({ length: unitCount }, (_, i) => batchUnitName(i + 1)),
    floors: batchFloors(shape).reverse(),
    total: unitCount * floorCount * houseCount,
  };
}
