import { decimal, entity, int, text } from '../../define';
import { buildingRef, gardenRef, unitRef } from '../references';

/**
 * A house (房屋): one numbered home in a unit. `name` is its number within the
 * unit ("0101": floor then position), as the owner calls sort by floor and
 * name (spec §7.6); `houseName` is the full name shown on bills and orders
 * ("1栋1单元0101"), kept by the server.
 */
export const houseEntity = entity({
  name: 'house',
  table: 'property_house',
  base: '/community-resource/unithouse',
  owner: 'tenant',
  permission: 'house',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired' }),
    buildingId: buildingRef({ required: 'buildingRequired' }),
    unitId: unitRef({ required: 'unitRequired' }),
    floor: int({ required: 'floorRequired', invalid: 'floorInvalid' }),
    name: text({ required: 'houseNumberRequired', maxLength: 20, search: 'like' }),
    houseName: text({ readOnly: true, search: 'like' }),
    /** 建筑面积 and 套内面积 in square metres, exact (property fees are area × price). */
    builtArea: decimal(),
    innerArea: decimal(),
    houseType: int({ dict: 'house_type' }),
    houseStatus: int({ dict: 'house_status' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'buildingId', 'unitId', 'name'], message: 'houseNumberTaken' }],
  // The house list is filtered by garden (header selector) and building, ordered as the default sort.
  indexes: [['gardenId', 'buildingId', 'unitId', 'floor', 'name']],
  sort: { ascs: ['buildingId', 'unitId', 'floor', 'name'] },
});
