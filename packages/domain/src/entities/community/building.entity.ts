import { decimal, entity, int, long, text } from '../../define';
import { gardenRef } from '../references';

/** A building (楼栋) of a garden; its units and houses hang below it. */
export const buildingEntity = entity({
  name: 'building',
  table: 'property_building',
  base: '/community-resource/building',
  owner: 'tenant',
  label: { zh: '楼栋', en: 'Building' },
  permission: 'building',
  fields: {
    gardenId: gardenRef({ required: '请选择小区' }),
    buildingName: text({ required: '请输入楼栋名称', maxLength: 50, search: 'like' }),
    buildingType: int({ dict: 'building_type' }),
    floorCount: int({ validator: 'integer', invalid: '楼层数请输入正确的整数数字' }),
    builtArea: decimal(),
    sort: int({ default: 0, validator: 'integer', invalid: '请输入正确的整数数字!' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenId', 'buildingName'], message: '该小区下楼栋名称已存在' }],
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
  label: { zh: '批量新增楼栋', en: 'Add buildings in batch' },
  permission: 'building',
  fields: {
    gardenId: long({ required: '请选择小区' }),
    /** An existing building to add units and houses to; otherwise buildingName names a new (or existing) one. */
    buildingId: long(),
    buildingName: text({ maxLength: 50 }),
    buildingType: int({ dict: 'building_type' }),
    unitCount: int({ required: '请输入单元数', validator: 'integer', invalid: '单元数请输入正确的整数数字' }),
    floorCount: int({ required: '请输入楼层数', validator: 'integer', invalid: '楼层数请输入正确的整数数字' }),
    houseCount: int({ required: '请输入每层户数', validator: 'integer', invalid: '每层户数请输入正确的整数数字' }),
    startFloor: int({ default: 1, validator: 'integer', invalid: '起始楼层请输入正确的整数数字' }),
    builtArea: decimal(),
    innerArea: decimal(),
    houseType: int({ dict: 'house_type' }),
    houseStatus: int({ dict: 'house_status' }),
  },
});
