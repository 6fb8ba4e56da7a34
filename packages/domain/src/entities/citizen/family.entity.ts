import { entity, int, long, text } from '../../define';
import { houseRef, OWNER_HOUSES, ownerRef } from '../references';

/**
 * A family member (家属) of an owner, living in one of the owner's houses
 * (the server checks the owner is bound to it). userId links the member's
 * residents' app account when they have one (family-remove-by-userId).
 */
export const familyEntity = entity({
  name: 'family',
  table: 'property_family',
  base: '/citizen-user/family',
  owner: 'tenant',
  permission: 'family',
  fields: {
    ownerId: ownerRef({ required: 'ownerRequired' }),
    houseId: houseRef({ required: 'houseRequired' }, OWNER_HOUSES),
    gardenId: long({ readOnly: true }),
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    sex: int({ dict: 'sex' }),
    phone: text({ validator: 'mobile', maxLength: 20, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    relation: int({ required: 'relationRequired', dict: 'relation_type' }),
    userId: long(),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['ownerId'], ['houseId'], ['gardenId'], ['userId']],
  sort: { descs: ['createTime'] },
});
