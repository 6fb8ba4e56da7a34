import { entity, int, text } from '../../define';

export const regionEntity = entity({
  name: 'region',
  table: 'blade_region',
  base: '/blade-system/region',
  owner: 'platform',
  permission: 'region',
  fields: {
    code: text({ required: 'regionCodeRequired', search: 'like' }),
    /** "00" for provinces. */
    parentCode: text({ required: 'regionParentRequired' }),
    ancestors: text(),
    name: text({ required: 'regionNameRequired', search: 'like' }),
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
    regionLevel: int({ required: 'regionLevelRequired' }),
    sort: int({ validator: 'integer' }),
    remark: text(),
  },
  tree: { parent: 'parentCode', title: 'name' },
  unique: [{ fields: ['code'], message: 'regionCodeTaken' }],
  sort: { ascs: ['sort', 'code'] },
});
