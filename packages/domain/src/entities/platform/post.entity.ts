import { entity, int, text } from '../../define';

export const postEntity = entity({
  name: 'post',
  table: 'blade_post',
  base: '/blade-system/post',
  owner: 'tenant',
  permission: 'post',
  fields: {
    category: int({ dict: 'post_category', required: 'postCategoryRequired' }),
    postCode: text({ required: 'postCodeRequired', search: 'like' }),
    postName: text({ required: 'postNameRequired', search: 'like' }),
    sort: int({ validator: 'integer' }),
    remark: text(),
  },
  unique: [{ fields: ['postCode'], message: 'postCodeTaken' }],
  sort: { ascs: ['sort'] },
});
