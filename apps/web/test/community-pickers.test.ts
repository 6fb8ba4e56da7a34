import { carEntity, familyEntity, gardenEntity, lesseeEntity } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../src/crud/columns';
import { gardenPickers } from '../src/modules/community/garden-pickers';

describe('pickers on a screen scoped by the header garden', () => {
  it("narrow the family, car and lessee forms' owner and house pickers to the garden", () => {
    for (const entity of [familyEntity, carEntity, lesseeEntity]) {
      const pickers = gardenPickers(entity, '42');
      expect(Object.keys(pickers).sort()).toEqual(['houseId', 'ownerId']);
      expect(pickers.houseId?.params).toEqual({ gardenId: '42' });
    }
  });

  it('leave pickers of rows without a garden (gardens themselves) as they are', () => {
    expect(gardenPickers(gardenEntity, '42')).toEqual({});
  });
});

describe('the generic family form', () => {
  it("offers no box for the resident's app account id, which the app links", () => {
    const userId = columnsOf(familyEntity, 'zh').find((c) => c.dataIndex === 'userId');
    expect(userId?.hideInForm).toBe(true);
  });
});
