import { date, entity, int, long, text } from '../../define';
import { houseRef } from '../references';

/*
 * The residents' app (§7.5 /citizen-user), in the simplest model that answers
 * its calls:
 * - user: the app account, one per phone number (tel) in a tenant;
 * - info: the account's personal profile (real name, id number...), at most
 *   one per user, read by userId;
 * - buildinfo: the houses an account lives in and as what (owner, family,
 *   lessee); /citizen-user/building answers the same rows under the name the
 *   app's building screens use.
 * Owners and family members point at their account through userId.
 */

export const citizenUserEntity = entity({
  name: 'citizenUser',
  table: 'citizen_user',
  base: '/citizen-user/user',
  owner: 'tenant',
  permission: 'resident',
  fields: {
    name: text({ required: 'nameRequired', maxLength: 50, search: 'like' }),
    tel: text({ required: 'phoneRequired', validator: 'mobile', maxLength: 20, search: 'like' }),
    avatar: text({ maxLength: 500 }),
    sex: int({ dict: 'sex' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['tel'], message: 'citizenPhoneTaken' }],
  sort: { descs: ['createTime'] },
});

export const citizenInfoEntity = entity({
  name: 'citizenInfo',
  table: 'citizen_user_info',
  base: '/citizen-user/info',
  owner: 'tenant',
  permission: 'resident',
  fields: {
    userId: long({ required: 'citizenUserRequired', options: { from: '/citizen-user/user/list', label: 'name' } }),
    realName: text({ maxLength: 50, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    birthday: date(),
    workUnit: text({ maxLength: 100 }),
    address: text({ maxLength: 200 }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['userId'], message: 'citizenInfoTaken' }],
  sort: { descs: ['createTime'] },
});

export const citizenHouseEntity = entity({
  name: 'citizenHouse',
  table: 'citizen_user_house',
  base: '/citizen-user/buildinfo',
  owner: 'tenant',
  permission: 'resident',
  fields: {
    userId: long({ required: 'citizenUserRequired', options: { from: '/citizen-user/user/list', label: 'name' } }),
    houseId: houseRef({ required: 'houseRequired' }),
    gardenId: long({ readOnly: true }),
    buildingId: long({ readOnly: true }),
    unitId: long({ readOnly: true }),
    ownerType: int({ required: 'residentTypeRequired', dict: 'owner_type' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['userId', 'houseId'], message: 'citizenHouseTaken' }],
  indexes: [['userId'], ['houseId'], ['gardenId']],
  sort: { descs: ['createTime'] },
});
