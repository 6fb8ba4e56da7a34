import { entity, text } from '../../define';

export const paramEntity = entity({
  name: 'param',
  table: 'blade_param',
  base: '/blade-system/param',
  owner: 'platform',
  permission: 'param',
  fields: {
    paramName: text({ required: 'paramNameRequired', search: 'like' }),
    paramKey: text({ required: 'paramKeyRequired', search: 'like' }),
    paramValue: text({ required: 'paramValueRequired' }),
    remark: text(),
  },
  unique: [{ fields: ['paramKey'], message: 'paramKeyTaken' }],
  sort: { descs: ['createTime'] },
});
