import { entity, int, text } from '../../define';

export const postEntity = entity({
  name: 'post',
  table: 'blade_post',
  base: '/blade-system/post',
  owner: 'tenant',
  label: { zh: '岗位', en: 'Post' },
  permission: 'post',
  fields: {
    category: int({ dict: 'post_category', required: '请选择岗位类型' }),
    postCode: text({ required: '请输入岗位编号', search: 'like' }),
    postName: text({ required: '请输入岗位名称', search: 'like' }),
    sort: int({ validator: 'integer' }),
    remark: text(),
  },
  unique: [{ fields: ['postCode'], message: '岗位编号已存在' }],
  sort: { ascs: ['sort'] },
});
