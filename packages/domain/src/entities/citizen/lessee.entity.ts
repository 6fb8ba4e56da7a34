import { date, entity, long, money, text } from '../../define';
import { houseRef, ownerRef } from '../references';

/**
 * A lessee (租户) renting a house, with the landlord (an owner bound to the
 * house, when given), the lease period (end after start) and the monthly
 * rent, an exact decimal.
 */
export const lesseeEntity = entity({
  name: 'lessee',
  table: 'property_lessee',
  base: '/citizen-user/lessee',
  owner: 'tenant',
  permission: 'lessee',
  fields: {
    houseId: houseRef({ required: 'houseRequired' }),
    ownerId: ownerRef(),
    gardenId: long({ readOnly: true }),
    name: text({ required: 'lesseeNameRequired', maxLength: 50, search: 'like' }),
    phone: text({ required: 'phoneRequired', validator: 'mobile', maxLength: 20, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    leaseStart: date({ required: 'leaseStartRequired' }),
    leaseEnd: date({ required: 'leaseEndRequired' }),
    rent: money(),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['houseId'], ['gardenId'], ['ownerId']],
  sort: { descs: ['createTime'] },
});
