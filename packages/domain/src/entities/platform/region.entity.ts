import { entity, int, text } from '../../define';

export const regionEntity = entity({
  name: 'region',
  table: 'blade_region',
  base: '/blade-system/region',
  owner: 'platform',
  label: { zh: '行政区划', en: 'Region' },
  permission: 'region',
  fields: {
    code: text({ required: '请输入区划编号', search: 'like' }),
    /** "00" for provinces. */
    parentCode: text({ required: '请选择上级区划' }),
    ancestors: text(),
    name: text({ required: '请输入区划名称', search: 'like' }),
    provinceCode: text(),
    provinceName: text(),
    cityCode: text(),
    cityName: text(),
    districtCode: text(),
    districtName: text(),
    townCode: text(),
    townName: text(),
    villageCode: text(),
    villageName: text(),
    regionLevel: int({ required: '请选择层级' }),
    sort: int({ validator: 'integer' }),
    remark: text(),
  },
  tree: { parent: 'parentCode', title: 'name' },
  unique: [{ fields: ['code'], message: '区划编号已存在' }],
  sort: { ascs: ['sort', 'code'] },
});
