import { entity, int, long, text } from '../../define';

export const roleEntity = entity({
  name: 'role',
  table: 'blade_role',
  base: '/blade-system/role',
  owner: 'tenant',
  permission: 'role',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/role/tree', tree: true } }),
    roleName: text({ required: 'roleNameRequired', search: 'like' }),
    sort: int({ required: 'roleSortRequired', validator: 'integer' }),
    roleAlias: text({ required: 'roleAliasRequired', search: 'like' }),
  },
  tree: { parent: 'parentId', title: 'roleName' },
  sort: { ascs: ['sort'] },
});
