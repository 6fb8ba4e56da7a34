import { entity, int, text } from '../../define';
import { gardenRef } from '../references';

/**
 * A parking lot (停车场) of a garden. `spaceCount` is kept by the server: the
 * number of live spaces in the lot, refreshed whenever a space is added,
 * moved or removed, so the list shows it without counting on every read.
 */
export const parkingEntity = entity({
  name: 'parking',
  table: 'property_parking',
  base: '/system-property/parking',
  owner: 'tenant',
  label: { zh: '停车场', en: 'Parking lot' },
  permission: 'parking',
  fields: {
    gardenId: gardenRef({ required: '请选择小区' }),
    name: text({ required: '请输入停车场名称', maxLength: 50, search: 'like' }),
    parkingType: int({ dict: 'parking_type' }),
    spaceCount: int({ readOnly: true, default: 0 }),
    address: text({ maxLength: 200 }),
    sort: int({ default: 0, validator: 'integer', invalid: '请输入正确的整数数字!' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'name'], message: '该小区下停车场名称已存在' }],
  sort: { ascs: ['sort', 'name'] },
});
