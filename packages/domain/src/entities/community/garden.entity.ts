import { decimal, entity, int, json, text } from '../../define';

/**
 * A garden (小区, a residential community): the root of buildings, units and
 * houses, and the scope of the header's garden selector. The generic calls
 * live under /system-property/garden; /community-resource/garden repeats
 * detail, remove and submit (spec §7.4, §7.7).
 */
/** A steward (管家) in a garden's majordomoInfo needs a name: checked by the server and the stewards dialog. */
export const MAJORDOMO_NAME_REQUIRED = '请输入管家姓名';

export const gardenEntity = entity({
  name: 'garden',
  table: 'property_garden',
  base: '/system-property/garden',
  owner: 'tenant',
  label: { zh: '小区', en: 'Garden' },
  permission: 'garden',
  fields: {
    gardenName: text({ required: '请输入小区名称', maxLength: 100, search: 'like' }),
    gardenCode: text({ maxLength: 50, search: 'like' }),
    regionCode: text({ maxLength: 20, options: { from: '/blade-system/region/lazy-tree', tree: true } }),
    address: text({ maxLength: 200, search: 'like' }),
    /** 占地面积 and 建筑面积 in square metres: exact decimals, never floats (fees are computed from areas). */
    floorArea: decimal(),
    builtArea: decimal(),
    developer: text({ maxLength: 100 }),
    tel: text({ validator: 'phone' }),
    /** The garden's stewards (管家) [{ userId, name, phone }]; changed only through updateMajordomoInfo. */
    majordomoInfo: json({ readOnly: true }),
    sort: int({ default: 0, validator: 'integer', invalid: '请输入正确的整数数字!' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenName'], message: '小区名称已存在' }],
  sort: { ascs: ['sort', 'gardenName'] },
});
