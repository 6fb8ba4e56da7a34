import { entity, int, long, text } from '../../define';

export const roleEntity = entity({
  name: 'role',
  table: 'blade_role',
  base: '/blade-system/role',
  owner: 'tenant',
  label: { zh: '角色', en: 'Role' },
  permission: 'role',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/role/tree', tree: true } }),
    roleName: text({ required: '请输入角色名称', search: 'like' }),
    sort: int({ required: '请输入角色排序', validator: 'integer' }),
    roleAlias: text({ required: '请输入角色别名', search: 'like' }),
  },
  tree: { parent: 'parentId', title: 'roleName' },
  sort: { ascs: ['sort'] },
});
