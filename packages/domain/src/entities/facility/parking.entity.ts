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
  permission: 'parking',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired' }),
    name: text({ required: 'parkingNameRequired', maxLength: 50, search: 'like' }),
    parkingType: int({ dict: 'parking_type' }),
    spaceCount: int({ readOnly: true, default: 0 }),
    address: text({ maxLength: 200 }),
    sort: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'name'], message: 'parkingNameTaken' }],
  sort: { ascs: ['sort', 'name'] },
});
