import { entity, long } from '../../define';
import { gardenRef } from '../references';

/**
 * Which staff serve which garden (pgarden, spec §7.7: list-page, submitAll,
 * remove). submitAll replaces a user's whole set of gardens at once.
 */
export const gardenUserEntity = entity({
  name: 'gardenUser',
  table: 'property_garden_user',
  base: '/system-property/pgarden',
  owner: 'tenant',
  label: { zh: '小区人员', en: 'Garden staff' },
  permission: 'garden',
  routes: ['remove'],
  fields: {
    userId: long({ required: '请选择人员', options: { from: '/blade-system/user/page', label: 'realName' } }),
    gardenId: gardenRef({ required: '请选择小区' }),
  },
  unique: [{ fields: ['userId', 'gardenId'], message: '该人员已关联此小区' }],
  indexes: [['gardenId']],
  sort: { descs: ['createTime'] },
});
