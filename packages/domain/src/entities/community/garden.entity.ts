import { decimal, entity, int, json, text } from '../../define';
import type { ErrorKey } from '../../messages/translate';

/**
 * A garden (小区, a residential community): the root of buildings, units and
 * houses, and the scope of the header's garden selector. The generic calls
 * live under /system-property/garden; /community-resource/garden repeats
 * detail, remove and submit (spec §7.4, §7.7).
 */
/** A steward (管家) in a garden's majordomoInfo needs a name: checked by the server and the stewards dialog. */
export const MAJORDOMO_NAME_REQUIRED: ErrorKey = 'majordomoNameRequired';

export const gardenEntity = entity({
  name: 'garden',
  table: 'property_garden',
  base: '/system-property/garden',
  owner: 'tenant',
  permission: 'garden',
  fields: {
    gardenName: text({ required: 'gardenNameRequired', maxLength: 100, search: 'like' }),
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
    sort: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['gardenName'], message: 'gardenNameTaken' }],
  sort: { ascs: ['sort', 'gardenName'] },
});
