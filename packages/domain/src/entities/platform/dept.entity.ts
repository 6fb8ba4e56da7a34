import { entity, int, long, text } from '../../define';

export const deptEntity = entity({
  name: 'dept',
  table: 'blade_dept',
  base: '/blade-system/dept',
  owner: 'tenant',
  permission: 'dept',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/dept/tree', tree: true } }),
    /** Chain of ancestor ids ("0,12,34"), kept by the server. */
    ancestors: text({ readOnly: true }),
    deptCategory: int({ dict: 'org_category', required: 'deptCategoryRequired' }),
    deptName: text({ required: 'deptNameRequired', maxLength: 45, search: 'like' }),
    fullName: text({ required: 'deptFullNameRequired', maxLength: 100, search: 'like' }),
    sort: int({ required: 'sortRequired', validator: 'integer' }),
    remark: text(),
  },
  tree: { parent: 'parentId', title: 'deptName' },
  sort: { ascs: ['sort'] },
});
