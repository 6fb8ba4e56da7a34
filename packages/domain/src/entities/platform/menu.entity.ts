import { entity, int, long, text } from '../../define';

export const menuEntity = entity({
  name: 'menu',
  table: 'blade_menu',
  base: '/blade-system/menu',
  owner: 'platform',
  permission: 'menu',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/menu/tree', tree: true } }),
    code: text({ required: 'menuCodeRequired', search: 'like' }),
    name: text({ required: 'menuNameRequired', search: 'like' }),
    alias: text({ required: 'menuAliasRequired' }),
    path: text({ required: 'menuPathRequired' }),
    /** Icon name. */
    source: text(),
    sort: int({ required: 'menuSortRequired', validator: 'integer' }),
    category: int({ dict: 'menu_category', required: 'menuCategoryRequired' }),
    action: int({ dict: 'button_func', default: 0 }),
    /** 1 opens in the same tab, 2 in a new window. */
    isOpen: int({ dict: 'menu_open', default: 1 }),
    remark: text(),
  },
  tree: { parent: 'parentId', title: 'name' },
  sort: { ascs: ['sort'] },
});
