import type { PickerNode } from '@property/domain';
import { describe, expect, it } from 'vitest';
import type { GardenRecord } from '../src/app/answers';
import { gardenOptions } from '../src/app/garden';
import { asGrantNodes } from '../src/modules/system/GrantTree';

/** The console reads answers typed from the contract, nulls included: what it makes of the nulls the contract allows. */
describe('answers with the nulls the contract allows', () => {
  it('grant trees: a node without a title shows its name, one with neither shows nothing; children kept', () => {
    const tree: PickerNode[] = [
      {
        id: '1',
        parentId: null,
        title: '系统管理',
        key: '1',
        value: '1',
        children: [
          { id: '2', parentId: '1', title: null, name: '用户管理', key: '2', value: '2' },
          { id: '3', parentId: '1', title: null, name: null, key: '3', value: '3' },
        ],
      },
    ];
    expect(asGrantNodes(tree)).toEqual([
      {
        key: '1',
        title: '系统管理',
        children: [
          { key: '2', title: '用户管理' },
          { key: '3', title: '' },
        ],
      },
    ]);
  });

  it("the header's gardens: every row of the list, by id, a garden without a name shown without one", () => {
    const row = (id: string, gardenName: string | null) => ({ id, gardenName }) as GardenRecord;
    expect(gardenOptions([row('7', '阳光花园'), row('8', null)])).toEqual([
      { gardenId: '7', gardenName: '阳光花园' },
      { gardenId: '8', gardenName: '' },
    ]);
  });
});
