import { date, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/**
 * An owner (业主): a person holding one or more houses. Bindings to houses
 * are ownerships; families, lessees and cars hang below the owner. The phone
 * identifies the owner within a tenant (wallets look owners up by phone).
 * gardenId is the garden of the owner's first bound house unless chosen, so
 * the header garden selector narrows the owner list.
 */
export const ownerEntity = entity({
  name: 'owner',
  table: 'property_owner',
  base: '/owner',
  owner: 'tenant',
  permission: 'owner',
  fields: {
    name: text({ required: 'ownerNameRequired', maxLength: 50, search: 'like' }),
    sex: int({ dict: 'sex' }),
    phone: text({ required: 'phoneRequired', validator: 'mobile', maxLength: 20, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18, search: 'like' }),
    gardenId: gardenRef(),
    birthday: date(),
    workUnit: text({ maxLength: 100 }),
    /** The owner's residents' app account (citizen_user), when they have one. */
    userId: long(),
    ownerType: int({ dict: 'owner_type', default: 1 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['phone'], message: 'ownerPhoneTaken' }],
  indexes: [['gardenId'], ['userId']],
  sort: { descs: ['createTime'] },
});
