import { date, entity, int, long, text } from '../../define';
import { houseRef, ownerRef } from '../references';

/**
 * An ownership (产权): one owner bound to one house. Garden, building and
 * unit are copied from the house by the server, so lists narrow by garden
 * without joins. An owner is bound to a house at most once.
 */
export const ownershipEntity = entity({
  name: 'ownership',
  table: 'property_ownership',
  base: '/citizen-user/ownership',
  owner: 'tenant',
  permission: 'ownership',
  fields: {
    ownerId: ownerRef({ required: 'ownerRequired' }),
    houseId: houseRef({ required: 'houseRequired' }),
    gardenId: long({ readOnly: true }),
    buildingId: long({ readOnly: true }),
    unitId: long({ readOnly: true }),
    ownerType: int({ dict: 'owner_type', default: 1 }),
    checkInTime: date(),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['ownerId', 'houseId'], message: 'ownerHouseTaken' }],
  indexes: [['ownerId'], ['houseId'], ['gardenId']],
  sort: { descs: ['createTime'] },
});
