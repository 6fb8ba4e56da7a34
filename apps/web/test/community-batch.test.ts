import { batchFloors, floorDigitsOf, houseNumber, translate, type Locale } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { batchPreview } from '../src/modules/community/building-preview';

/** The 批量新增 preview: the numbers building/batchsave will save, and the same refusals. */
describe('building batch preview', () => {
  it('waits for units, floors and houses per floor', () => {
    expect(batchPreview({})).toEqual({ state: 'incomplete' });
    expect(batchPreview({ unitCount: 2, floorCount: 18 })).toEqual({ state: 'incomplete' });
    expect(batchPreview({ unitCount: 2, floorCount: 18, houseCount: '' })).toEqual({ state: 'incomplete' });
    expect(batchPreview({ unitCount: 2, floorCount: 1.5, houseCount: 4 })).toEqual({ state: 'incomplete' });
  });

  it('numbers floor then position, 0101 to 1804, top floor first', () => {
    const preview = batchPreview({ unitCount: 2, floorCount: 18, houseCount: 4 });
    expect(preview.state).toBe('ready');
    if (preview.state !== 'ready') return;
    expect(preview.total).toBe(144);
    expect(preview.units).toEqual(['1单元', '2单元']);
    expect(preview.floors).toHaveLength(18);
    expect(preview.floors[0]).toEqual({ floor: 18, houses: ['1801', '1802', '1803', '1804'] });
    expect(preview.floors.at(-1)).toEqual({ floor: 1, houses: ['0101', '0102', '0103', '0104'] });
    expect(preview.shape).toEqual({ unitCount: 2, floorCount: 18, houseCount: 4, startFloor: 1 });
  });

  it('starts at the given floor and widens the floor part past floor 99', () => {
    const preview = batchPreview({ unitCount: 1, floorCount: 3, houseCount: 12, startFloor: 98 });
    if (preview.state !== 'ready') throw new Error(preview.state);
    expect(preview.floors.map((f) => f.floor)).toEqual([100, 99, 98]);
    expect(preview.floors[0]!.houses.slice(0, 2)).toEqual(['10001', '10002']);
    expect(preview.floors[2]!.houses.at(-1)).toBe('09812');
    expect(floorDigitsOf({ startFloor: 98, floorCount: 3 })).toBe(3);
    expect(houseNumber(5, 3, 2)).toBe('0503');
  });

  it("refuses what the server refuses, with the server's messages", () => {
    const refused = (values: Record<string, unknown>, locale: Locale = 'zh') => {
      const preview = batchPreview(values);
      return preview.state === 'refused' ? translate(locale, preview.problem.key, preview.problem.params) : preview.state;
    };
    expect(refused({ unitCount: 0, floorCount: 1, houseCount: 1 })).toBe('单元数、楼层数和每层户数都至少为1');
    expect(refused({ unitCount: 51, floorCount: 1, houseCount: 1 })).toBe('单元数和每层户数最多50,楼层数最多200');
    expect(refused({ unitCount: 1, floorCount: 201, houseCount: 1 })).toBe('单元数和每层户数最多50,楼层数最多200');
    expect(refused({ unitCount: 1, floorCount: 1, houseCount: 1, startFloor: 0 })).toBe('起始楼层至少为1');
    expect(refused({ unitCount: 50, floorCount: 200, houseCount: 50 })).toBe('单次最多生成10000户');
    expect(refused({ unitCount: 50, floorCount: 200, houseCount: 1 })).toBe('ready');
    expect(refused({ unitCount: 51, floorCount: 1, houseCount: 1 }, 'en')).toBe(
      'At most 50 units and houses per floor, and 200 floors',
    );
  });

  it('gives every floor of a unit once, lowest first, as the server saves them', () => {
    const floors = batchFloors({ unitCount: 1, floorCount: 2, houseCount: 2, startFloor: 1 });
    expect(floors).toEqual([
      { floor: 1, houses: ['0101', '0102'] },
      { floor: 2, houses: ['0201', '0202'] },
    ]);
  });
});
