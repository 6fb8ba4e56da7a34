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
  permission: 'garden',
  routes: ['remove'],
  fields: {
    userId: long({ required: 'staffRequired', options: { from: '/blade-system/user/page', label: 'realName' } }),
    gardenId: gardenRef({ required: 'gardenRequired' }),
  },
  unique: [{ fields: ['userId', 'gardenId'], message: 'staffGardenTaken' }],
  indexes: [['gardenId']],
  sort: { descs: ['createTime'] },
});
