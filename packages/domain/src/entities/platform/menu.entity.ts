import { entity, int, long, text } from '../../define';

export const menuEntity = entity({
  name: 'menu',
  table: 'blade_menu',
  base: '/blade-system/menu',
  owner: 'platform',
  label: { zh: '菜单', en: 'Menu' },
  permission: 'menu',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/menu/tree', tree: true } }),
    code: text({ required: '请输入菜单编号', search: 'like' }),
    name: text({ required: '请输入菜单名称', search: 'like' }),
    alias: text({ required: '请输入菜单别名' }),
    path: text({ required: '请输入菜单路径' }),
    /** Icon name. */
    source: text(),
    sort: int({ required: '请输入菜单排序', validator: 'integer' }),
    category: int({ dict: 'menu_category', required: '请选择菜单类型' }),
    action: int({ dict: 'button_func', default: 0 }),
    /** 1 opens in the same tab, 2 in a new window. */
    isOpen: int({ dict: 'menu_open', default: 1 }),
    remark: text(),
  },
  tree: { parent: 'parentId', title: 'name' },
  sort: { ascs: ['sort'] },
});
