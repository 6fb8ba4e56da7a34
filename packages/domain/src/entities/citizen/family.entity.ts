import { entity, int, long, text } from '../../define';
import { houseRef, ownerRef } from '../references';

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
  label: { zh: '家属', en: 'Family member' },
  permission: 'family',
  fields: {
    ownerId: ownerRef({ required: '请选择业主' }),
    houseId: houseRef({ required: '请选择房屋' }),
    gardenId: long({ readOnly: true }),
    name: text({ required: '请输入姓名', maxLength: 50, search: 'like' }),
    sex: int({ dict: 'sex' }),
    phone: text({ validator: 'phone', maxLength: 20, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    relation: int({ required: '请选择与业主关系', dict: 'relation_type' }),
    userId: long(),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['ownerId'], ['houseId'], ['gardenId'], ['userId']],
  sort: { descs: ['createTime'] },
});
