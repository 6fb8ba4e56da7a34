import { decimal, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/** A building (楼栋) of a garden; its units and houses hang below it. */
export const buildingEntity = entity({
  name: 'building',
  table: 'property_building',
  base: '/community-resource/building',
  owner: 'tenant',
  permission: 'building',
  fields: {
    gardenId: gardenRef({ required: 'gardenRequired' }),
    buildingName: text({ required: 'buildingNameRequired', maxLength: 50, search: 'like' }),
    buildingType: int({ dict: 'building_type' }),
    floorCount: int({ validator: 'integer', invalid: 'floorCountInvalid' }),
    builtArea: decimal(),
    sort: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'buildingName'], message: 'buildingNameTaken' }],
  sort: { ascs: ['sort', 'buildingName'] },
});

/**
 * The form of building/batchsave: a building with `unitCount` units of
 * `floorCount` floors and `houseCount` houses a floor, numbered floor then
 * position ("0101" … "1804"). Not a table: the server validates the body
 * with it and the screen draws the dialog from it.
 */
export const buildingBatchForm = entity({
  name: 'buildingBatch',
  table: 'property_building',
  base: '/community-resource/building',
  owner: 'tenant',
  permission: 'building',
  fields: {
    gardenId: long({ required: 'gardenRequired' }),
    /** An existing building to add units and houses to; otherwise buildingName names a new (or existing) one. */
    buildingId: long(),
    buildingName: text({ maxLength: 50 }),
    buildingType: int({ dict: 'building_type' }),
    unitCount: int({ required: 'unitCountRequired', validator: 'integer', invalid: 'unitCountInvalid' }),
    floorCount: int({ required: 'floorCountRequired', validator: 'integer', invalid: 'floorCountInvalid' }),
    houseCount: int({ required: 'houseCountRequired', validator: 'integer', invalid: 'houseCountInvalid' }),
    startFloor: int({ default: 1, validator: 'integer', invalid: 'startFloorInvalid' }),
    builtArea: decimal(),
    innerArea: decimal(),
    houseType: int({ dict: 'house_type' }),
    houseStatus: int({ dict: 'house_status' }),
  },
});
