import { entity, int, text } from '../../define';

export const topMenuEntity = entity({
  name: 'topMenu',
  table: 'blade_top_menu',
  base: '/blade-system/topmenu',
  owner: 'tenant',
  label: { zh: '顶部菜单', en: 'Top menu' },
  permission: 'topmenu',
  fields: {
    code: text({ required: '请输入顶部菜单编号', search: 'like' }),
    name: text({ required: '请输入顶部菜单名', search: 'like' }),
    source: text(),
    sort: int({ required: '请输入顶部菜单排序', validator: 'integer' }),
  },
  sort: { ascs: ['sort'] },
});
