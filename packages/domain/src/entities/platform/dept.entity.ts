import { entity, int, long, text } from '../../define';

export const deptEntity = entity({
  name: 'dept',
  table: 'blade_dept',
  base: '/blade-system/dept',
  owner: 'tenant',
  label: { zh: '机构', en: 'Department' },
  permission: 'dept',
  fields: {
    parentId: long({ default: 0, options: { from: '/blade-system/dept/tree', tree: true } }),
    /** Chain of ancestor ids ("0,12,34"), kept by the server. */
    ancestors: text({ readOnly: true }),
    deptCategory: int({ dict: 'org_category', required: '请选择机构类型' }),
    deptName: text({ required: '请输入机构名称', maxLength: 45, search: 'like' }),
    fullName: text({ required: '请输入机构全称', maxLength: 100, search: 'like' }),
    sort: int({ required: '请输入排序', validator: 'integer' }),
    remark: text(),
  },
  tree: { parent: 'parentId', title: 'deptName' },
  sort: { ascs: ['sort'] },
});
