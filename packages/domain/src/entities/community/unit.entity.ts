import { entity, int, long, text } from '../../define';

/** A unit (单元, a stairwell) of a building. Its garden is the building's, kept by the server. */
export const unitEntity = entity({
  name: 'unit',
  table: 'property_unit',
  base: '/community-resource/unit',
  owner: 'tenant',
  permission: 'unit',
  fields: {
    gardenId: long({ readOnly: true }),
    buildingId: long({
      required: 'buildingRequired',
      options: { from: '/community-resource/building/search', label: 'buildingName' },
    }),
    unitName: text({ required: 'unitNameRequired', maxLength: 50, search: 'like' }),
    floorCount: int({ validator: 'integer', invalid: 'floorCountInvalid' }),
    sort: int({ default: 0, validator: 'integer', invalid: 'integerInvalid' }),
    remark: text({ maxLength: 500 }),
  },
  unique: [{ fields: ['buildingId', 'unitName'], message: 'unitNameTaken' }],
  indexes: [['gardenId']],
  sort: { ascs: ['sort', 'unitName'] },
});
