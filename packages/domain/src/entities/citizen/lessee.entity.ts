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
  label: { zh: '租户', en: 'Lessee' },
  permission: 'lessee',
  fields: {
    houseId: houseRef({ required: '请选择房屋' }),
    ownerId: ownerRef(),
    gardenId: long({ readOnly: true }),
    name: text({ required: '请输入租户姓名', maxLength: 50, search: 'like' }),
    phone: text({ required: '手机号码不能为空', validator: 'phone', maxLength: 20, search: 'like' }),
    idCard: text({ validator: 'idCard', maxLength: 18 }),
    leaseStart: date({ required: '请选择租赁开始日期' }),
    leaseEnd: date({ required: '请选择租赁结束日期' }),
    rent: money(),
    remark: text({ maxLength: 500 }),
  },
  indexes: [['houseId'], ['gardenId'], ['ownerId']],
  sort: { descs: ['createTime'] },
});
