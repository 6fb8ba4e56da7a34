import { entity, int, long, text } from '../../define';

/** A unit (单元, a stairwell) of a building. Its garden is the building's, kept by the server. */
export const unitEntity = entity({
  name: 'unit',
  table: 'property_unit',
  base: '/community-resource/unit',
  owner: 'tenant',
  label: { zh: '单元', en: 'Unit' },
  permission: 'unit',
  fields: {
    gardenId: long({ readOnly: true }),
    buildingId: long({ required: '请选择楼栋', options: { from: '/community-resource/building/search', label: 'buildingName' } }),
    unitName: text({ required: '请输入单元名称', maxLength: 50, search: 'like' }),
    floorCount: int({ validator: 'integer', invalid: '楼层数请输入正确的整数数字' }),
    sort: int({ default: 0, validator: 'integer', invalid: '请输入正确的整数数字!' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['buildingId', 'unitName'], message: '该楼栋下单元名称已存在' }],
  indexes: [['gardenId']],
  sort: { ascs: ['sort', 'unitName'] },
});
