import { entity, int, text } from '../../define';

export const topMenuEntity = entity({
  name: 'topMenu',
  table: 'blade_top_menu',
  base: '/blade-system/topmenu',
  owner: 'tenant',
  permission: 'topmenu',
  fields: {
    code: text({ required: 'topMenuCodeRequired', search: 'like' }),
    name: text({ required: 'topMenuNameRequired', search: 'like' }),
    source: text(),
    sort: int({ required: 'topMenuSortRequired', validator: 'integer' }),
  },
  sort: { ascs: ['sort'] },
});
